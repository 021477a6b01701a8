-- GET /rest/v1/posts?select=id&views=foo.1

-- error 400 PGRST100: "failed to parse filter (foo.1)" (line 1, column 1)
-- details: "unexpected \"f\" expecting \"not\" or operator (eq, gt, ...)"
