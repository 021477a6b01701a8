-- GET /rest/v1/posts?select=id,comments(id)&comments=eq.1

-- error 400 PGRST100: "failed to parse filter (eq.1)"
-- details: "Only is.null or not.is.null filters are allowed on embedded resources"
