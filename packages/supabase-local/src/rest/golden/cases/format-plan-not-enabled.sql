-- GET /rest/v1/posts
-- Accept: application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose

-- error 406 PGRST107: None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose
