-- Request counters that edge functions share through the service role: every
-- function instance sees the same counts, so a limit holds however many run.

create table public.function_rate_limits (
  key text primary key,
  window_started_at timestamptz not null default now(),
  hits integer not null default 0
    constraint function_rate_limits_hits_not_negative check (hits >= 0)
);

comment on table public.function_rate_limits is
  'Requests counted per key (for example a function name and a lower-cased e-mail) in the current window; read and written by edge functions with the service role only.';

-- No policies: only the service role (which bypasses RLS) reads or writes it.
alter table public.function_rate_limits enable row level security;
revoke all on public.function_rate_limits from anon, authenticated;

-- Counts one request for p_key and says whether it is within p_limit requests
-- in a window of p_window_seconds (the window starts at the key's first request
-- and restarts once it has passed). One statement, so concurrent calls count correctly.
create or replace function public.consume_rate_limit(p_key text, p_limit integer, p_window_seconds integer)
returns boolean
language sql
set search_path = ''
as $$
  insert into public.function_rate_limits as r (key, window_started_at, hits)
  values (p_key, now(), 1)
  on conflict (key) do update set
    hits = case
      when r.window_started_at <= now() - make_interval(secs => p_window_seconds) then 1
      else r.hits + 1
    end,
    window_started_at = case
      when r.window_started_at <= now() - make_interval(secs => p_window_seconds) then now()
      else r.window_started_at
    end
  returning hits <= p_limit;
$$;

comment on function public.consume_rate_limit(text, integer, integer) is
  'Counts a request for a key and returns true while the key has made at most p_limit requests in its current window of p_window_seconds.';

revoke execute on function public.consume_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.consume_rate_limit(text, integer, integer) to service_role;
