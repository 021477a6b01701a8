-- GET /rest/v1/posts
-- Accept: text/html, application/xml;q=0.9

-- error 406 PGRST107: None of these media types are available: text/html, application/xml
