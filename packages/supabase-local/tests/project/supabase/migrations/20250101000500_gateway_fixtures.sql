-- A slow function for the statement-timeout tests (gateway-hardening.test.ts).
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

-- What PostgREST tells the database about the request's client (gateway-client-address.test.ts).
create or replace function public.test_request_forwarding()
returns jsonb
language sql
stable
as $$
  select jsonb_build_object(
    'x-forwarded-for', current_setting('request.headers', true)::jsonb ->> 'x-forwarded-for',
    'x-real-ip', current_setting('request.headers', true)::jsonb ->> 'x-real-ip',
    'cf-connecting-ip', current_setting('request.headers', true)::jsonb ->> 'cf-connecting-ip'
  );
$$;

grant execute on function public.test_request_forwarding() to anon, authenticated, service_role;
