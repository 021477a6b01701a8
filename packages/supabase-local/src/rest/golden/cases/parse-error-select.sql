-- GET /rest/v1/posts?select=id,

-- error 400 PGRST100: "failed to parse select parameter (id,)" (line 1, column 1)
-- details: "unexpected end of input expecting field name"
