-- POST /rest/v1/tags
-- body: {"nope":1}

-- error 400 PGRST204: Could not find the 'nope' column of 'tags' in the schema cache
