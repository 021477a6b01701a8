-- GET /rest/v1/posts?select=id&nope=eq.1

-- error 400 42703: column posts.nope does not exist
