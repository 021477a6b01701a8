-- POST /rest/v1/tags?on_conflict=nope
-- Prefer: resolution=merge-duplicates
-- body: {"name":"news"}

-- error 400 PGRST204: Could not find the 'nope' column of 'tags' in the schema cache
