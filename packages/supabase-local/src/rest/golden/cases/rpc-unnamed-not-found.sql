-- POST /rest/v1/rpc/add_numbers
-- Content-Type: text/xml
-- body: "<a/>"

-- error 404 PGRST202: Could not find the function public.add_numbers in the schema cache
-- details: "Searched for the function public.add_numbers with a single unnamed xml parameter, but no matches were found in the schema cache."
