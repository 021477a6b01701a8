-- GET /rest/v1/posts?select=id,comment(body)

-- error 400 PGRST200: Could not find a relationship between 'posts' and 'comment' in the schema cache
-- details: "Searched for a foreign key relationship between 'posts' and 'comment' in the schema 'public', but no matches were found."
-- hint: Perhaps you meant 'comments' instead of 'comment'.
