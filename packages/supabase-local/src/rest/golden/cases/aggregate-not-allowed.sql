-- GET /rest/v1/posts?select=views.sum()

-- error 400 PGRST123: Use of aggregate functions is not allowed
