-- GET /rest/v1/readers

-- error 404 PGRST205: Could not find the table 'public.readers' in the schema cache
