-- PATCH /rest/v1/posts
-- body: {"published":false}

-- error 400 21000: UPDATE requires a WHERE clause
