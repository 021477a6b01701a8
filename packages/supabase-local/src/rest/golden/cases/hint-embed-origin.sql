-- GET /rest/v1/tags?select=id,foo(id)

-- error 400 PGRST200: Could not find a relationship between 'tags' and 'foo' in the schema cache
-- details: "Searched for a foreign key relationship between 'tags' and 'foo' in the schema 'public', but no matches were found."
