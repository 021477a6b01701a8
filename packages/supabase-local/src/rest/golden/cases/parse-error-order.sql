-- GET /rest/v1/posts?order=id.sideways

-- error 400 PGRST100: "failed to parse order (id.sideways)" (line 1, column 1)
-- details: "unexpected \"sideways\" expecting \"asc\", \"desc\", \"nullsfirst\" or \"nullslast\""
