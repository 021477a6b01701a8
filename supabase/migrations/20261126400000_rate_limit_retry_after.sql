-- How long a key over its limit must wait: the seconds left in its current window, so a
-- refused caller can be told when to try again (Retry-After).

create or replace function public.rate_limit_retry_after(p_key text, p_window_seconds integer)
returns integer
language sql
stable
set search_path = ''
as $$
  select greatest(
    1,
    ceil(extract(epoch from (r.window_started_at + make_interval(secs => p_window_seconds) - now())))::integer
  )
  from public.function_rate_limits as r
  where r.key = p_key;
$$;

comment on function public.rate_limit_retry_after(text, integer) is
  'Seconds until the window of p_key (of p_window_seconds) restarts: how long a caller over its limit must wait; null for a key never counted.';

revoke execute on function public.rate_limit_retry_after(text, integer) from public, anon, authenticated;
grant execute on function public.rate_limit_retry_after(text, integer) to service_role;
