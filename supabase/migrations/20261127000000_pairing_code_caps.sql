-- Pairing codes a caller cannot hoard.
--
-- The per-address limit (p_ip_limit codes per p_ip_window_seconds) now keys on an address
-- the caller cannot choose: the screen-pairing function passes the address the platform
-- saw (CF-Connecting-IP on a hosted project, X-Real-IP behind the API gateway), never a
-- client's X-Forwarded-For. On top of it, a cap for the whole network: at most
-- p_waiting_limit codes may wait (unused, unexpired) at once, so that no caller, whatever
-- number of addresses it has, can hold thousands of codes. Both refusals are PT429 (HTTP
-- 429); the hint says which ('address' or 'waiting').

drop function if exists public.create_screen_pairing(text, text, text, integer, integer, integer);

create function public.create_screen_pairing(
  p_code text,
  p_secret_hash text,
  p_requested_ip text,
  p_expires_in_seconds integer,
  p_ip_limit integer,
  p_ip_window_seconds integer,
  p_waiting_limit integer default 500
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_pairing public.screen_pairings;
begin
  -- One start at a time for the whole network: the two counts and the insert are one step.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('screen_pairings', 0));

  delete from public.screen_pairings p where p.expires_at < now() - interval '1 day';

  if (
    select count(*)
    from public.screen_pairings p
    where p.requested_ip is not distinct from p_requested_ip
      and p.created_at > now() - make_interval(secs => p_ip_window_seconds)
  ) >= p_ip_limit then
    raise exception 'Too many pairing codes were requested from this network.'
      using errcode = 'PT429', hint = 'address';
  end if;

  if (
    select count(*)
    from public.screen_pairings p
    where p.claimed_at is null
      and p.expires_at > now()
  ) >= p_waiting_limit then
    raise exception 'Too many pairing codes are waiting to be used.'
      using errcode = 'PT429', hint = 'waiting';
  end if;

  insert into public.screen_pairings (code, secret_hash, requested_ip, expires_at)
  values (p_code, p_secret_hash, p_requested_ip, now() + make_interval(secs => p_expires_in_seconds))
  returning * into v_pairing;

  return jsonb_build_object('pairing_id', v_pairing.id, 'code', v_pairing.code, 'expires_at', v_pairing.expires_at);
end
$$;

comment on function public.create_screen_pairing(text, text, text, integer, integer, integer, integer) is
  'screen-pairing function only: records a new pairing code for a kiosk, at most p_ip_limit per client address in p_ip_window_seconds and at most p_waiting_limit unused codes waiting across the network (PT429 beyond, hint address or waiting).';

revoke all on function public.create_screen_pairing(text, text, text, integer, integer, integer, integer)
  from public, anon, authenticated;
grant execute on function public.create_screen_pairing(text, text, text, integer, integer, integer, integer)
  to service_role;

comment on column public.screen_pairings.requested_ip is
  'The client address that asked for the code, as the platform saw it (CF-Connecting-IP or X-Real-IP, never a client''s X-Forwarded-For), for the per-address limit.';

create index if not exists screen_pairings_waiting_idx on public.screen_pairings (expires_at) where claimed_at is null;
