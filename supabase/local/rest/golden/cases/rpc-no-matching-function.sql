-- GET /rest/v1/rpc/add_numbers?c=1

-- error 400 PGRST100: "failed to parse filter (1)" (line 1, column 1)
-- details: "unexpected \"1\" expecting \"not\" or operator (eq, gt, ...)"
