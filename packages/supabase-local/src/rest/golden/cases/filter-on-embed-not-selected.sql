-- GET /rest/v1/posts?select=id&comments.id=eq.1

-- error 400 PGRST108: 'comments' is not an embedded resource in this request
-- hint: Verify that 'comments' is included in the 'select' query parameter.
