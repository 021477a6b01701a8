-- GET /rest/v1/posts?select=id,readers(name)

-- error 400 PGRST200: Could not find a relationship between 'posts' and 'readers' in the schema cache
-- details: "Searched for a foreign key relationship between 'posts' and 'readers' in the schema 'public', but no matches were found."
