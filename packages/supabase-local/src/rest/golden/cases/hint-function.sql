-- GET /rest/v1/rpc/add_number?a=1

-- error 404 PGRST202: Could not find the function public.add_number(a) in the schema cache
-- details: "Searched for the function public.add_number with parameter a, but no matches were found in the schema cache."
-- hint: Perhaps you meant to call the function public.add_numbers
