-- GET /rest/v1/posts?select=id&limit=-1

-- error 400 PGRST100: "failed to parse limit parameter (-1)"
-- details: "expecting a non-negative integer"
