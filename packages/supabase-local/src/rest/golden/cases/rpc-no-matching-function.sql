-- GET /rest/v1/rpc/add_numbers?c=1

-- error 404 PGRST202: Could not find the function public.add_numbers(c) in the schema cache
-- details: "Searched for the function public.add_numbers with parameter c, but no matches were found in the schema cache."
