-- Equipment status as admins see it: the stored status, overridden by the heartbeat.
-- Players send a heartbeat every 60 seconds; a device whose last heartbeat is older
-- than 3 intervals (3 minutes) counts as offline whatever its stored status says.
-- This is the one place that rule lives: the view below and the counts read it.

-- The live status of a device: 'offline' when its last heartbeat is older than
-- 3 minutes, otherwise its stored status. Devices that never sent one keep theirs.
-- No SET clause, so the planner inlines it into the view and the counts (it reads
-- no tables and uses only pg_catalog's now(), so the search path cannot change it).
create or replace function public.equipment_live_status(p_status text, p_last_heartbeat timestamptz)
returns text
language sql
stable
as $$
  select case
    when p_last_heartbeat is not null and p_last_heartbeat < pg_catalog.now() - interval '3 minutes' then 'offline'
    else p_status
  end
$$;

comment on function public.equipment_live_status(text, timestamptz) is
  'Status of a device as shown to admins: offline when its last heartbeat is older than 3 minutes (3 heartbeat intervals), else the stored status.';

-- Each device with its live status and its customer's name, location and phone.
-- security_invoker: the caller's row level security on both tables applies.
create view public.equipment_status_live
with (security_invoker = true)
as
select
  e.id,
  e.customer_id,
  e.device_name,
  e.location,
  e.status,
  public.equipment_live_status(e.status, e.last_heartbeat) as live_status,
  (e.last_heartbeat is not null and e.last_heartbeat < now() - interval '3 minutes') as heartbeat_stale,
  e.is_active,
  e.last_heartbeat,
  e.last_content_update,
  e.created_at,
  e.updated_at,
  c.name as customer_name,
  c.location as customer_location,
  c.contact_phone as customer_contact_phone
from public.equipment_status e
left join public.customers c on c.id = e.customer_id;

comment on view public.equipment_status_live is
  'Devices with their live status (offline after 3 minutes without a heartbeat) and their customer''s name, location and phone.';

grant select on public.equipment_status_live to authenticated;

-- How many of the devices the caller may see are online, idle, offline or in error, by live status.
create or replace function public.equipment_live_counts()
returns table (online bigint, idle bigint, offline bigint, error bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select
    count(*) filter (where s = 'online'),
    count(*) filter (where s = 'idle'),
    count(*) filter (where s = 'offline'),
    count(*) filter (where s = 'error')
  from (
    select public.equipment_live_status(e.status, e.last_heartbeat) as s
    from public.equipment_status e
  ) live
$$;

comment on function public.equipment_live_counts() is
  'Counts of the devices the caller may see by live status (online, idle, offline, error).';

revoke all on function public.equipment_live_counts() from public, anon;
grant execute on function public.equipment_live_counts() to authenticated;
