-- GET /rest/v1/postz

-- error 404 PGRST205: Could not find the table 'public.postz' in the schema cache
-- hint: Perhaps you meant the table 'public.posts'
