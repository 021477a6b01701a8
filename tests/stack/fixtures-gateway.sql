-- A slow function for the statement-timeout tests (gateway-hardening.test.ts),
-- applied only in test stacks.
create or replace function public.test_sleep(seconds float)
returns float
language plpgsql
volatile
as $$
begin
  perform pg_sleep(seconds);
  return seconds;
end;
$$;

grant execute on function public.test_sleep(float) to anon, authenticated, service_role;
