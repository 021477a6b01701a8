-- POST /rest/v1/rpc/add_numbers
-- body: {"a":1,"bb":2}

-- error 404 PGRST202: Could not find the function public.add_numbers(a, bb) in the schema cache
-- details: "Searched for the function public.add_numbers with parameters a, bb or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache."
-- hint: Perhaps you meant to call the function public.add_numbers(a, b)
