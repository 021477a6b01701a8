-- GET /rest/v1/posts?or=(id.eq.1

-- error 400 PGRST100: "failed to parse logic tree ((id.eq.1)" (line 1, column 1)
-- details: "unexpected end of input expecting \"(\""
