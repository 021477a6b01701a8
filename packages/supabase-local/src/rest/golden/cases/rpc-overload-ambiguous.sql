-- POST /rest/v1/rpc/pick
-- body: {"a":1}

-- error 300 PGRST203: Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)
-- hint: Try renaming the parameters or the function itself in the database so function overloading can be resolved
