-- Screens report what they play and how they are set up, and no heartbeat invents a device.
--  * A venue's kiosk on /slides names one of the venue's devices (chosen once on that
--    browser, or added by name through add_my_screen); player_heartbeat no longer finds or
--    creates a device by a generated name.
--  * Each heartbeat reports the campaign and slide on screen, the app version, the screen's
--    resolution and, since wall screens never show error text, a line of diagnostics; the
--    Equipment page shows them.
--  * Ghost devices made by the old heartbeat (one per browser) can be merged into the
--    device they really were (merge_devices) or deleted.

alter table public.equipment_status
  add column current_slide_id uuid
    constraint equipment_status_current_slide_id_fkey references public.campaign_items (id) on delete set null,
  add column app_version text,
  add column resolution text,
  add column diagnostics text;

comment on column public.equipment_status.current_slide_id is 'The slide on screen at the last heartbeat.';
comment on column public.equipment_status.app_version is 'The player build that sent the last heartbeat.';
comment on column public.equipment_status.resolution is 'The screen size the player saw at the last heartbeat, for example 1920x1080.';
comment on column public.equipment_status.diagnostics is
  'What went wrong on the screen lately (for example dynamic content out of reach), reported instead of being shown; null when all is well.';

create index equipment_status_current_slide_id_idx on public.equipment_status (current_slide_id);

-- The Equipment page's read, with what plays now (names read under the caller's policies).
create or replace view public.equipment_status_live
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
  c.contact_phone as customer_contact_phone,
  e.orientation,
  e.paired_at,
  e.screen_user_id is not null as paired,
  e.current_campaign_id,
  p.name as current_campaign_name,
  e.current_slide_id,
  i.title as current_slide_title,
  e.app_version,
  e.resolution,
  e.diagnostics
from public.equipment_status e
left join public.customers c on c.id = e.customer_id
left join public.campaigns p on p.id = e.current_campaign_id
left join public.campaign_items i on i.id = e.current_slide_id;

-- A venue names a new screen of its own (the /slides "Add a new screen") ----------------
create or replace function public.add_my_screen(p_device_name text, p_orientation text default 'landscape')
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_customer_id uuid := public.current_customer_id();
  v_name text := btrim(coalesce(p_device_name, ''));
  v_id uuid;
begin
  if v_customer_id is null then
    raise exception 'Only a venue''s own login can add a screen here.'
      using errcode = '42501';
  end if;
  if exists (
    select 1 from public.equipment_status e where e.customer_id = v_customer_id and lower(e.device_name) = lower(v_name)
  ) then
    raise exception 'You already have a screen named "%". Choose it from the list instead.', v_name
      using errcode = '23505', table = 'equipment_status', column = 'device_name', schema = 'public';
  end if;
  insert into public.equipment_status (customer_id, device_name, location, orientation, status, is_active)
  select v_customer_id, v_name, c.location, coalesce(p_orientation, 'landscape'), 'offline', true
  from public.customers c
  where c.id = v_customer_id
  returning id into v_id;
  return v_id;
end
$$;

comment on function public.add_my_screen(text, text) is
  'For a venue''s own login: adds a named screen (device) of the venue, at its location, and returns its id. 23505 when the venue already has a screen of that name (any case); the device name and orientation rules apply (23514).';

revoke execute on function public.add_my_screen(text, text) from public, anon;
grant execute on function public.add_my_screen(text, text) to authenticated;

-- Where merged devices went: a kiosk still naming a merged device (it chose it before the
-- merge) reports for the device it was merged into and learns that device's id from the
-- heartbeat's answer, so it never has to be asked again. Read only by the functions here.
create table public.merged_devices (
  from_id uuid primary key,
  into_id uuid not null
    constraint merged_devices_into_id_fkey references public.equipment_status (id) on delete cascade,
  merged_at timestamptz not null default now()
);

comment on table public.merged_devices is
  'Devices merged into another (merge_devices): player_heartbeat follows a merged device''s id to the device it became.';

create index merged_devices_into_id_idx on public.merged_devices (into_id);

alter table public.merged_devices enable row level security;

-- The heartbeat --------------------------------------------------------------------
--  * A paired screen's login: always its own device (another p_device_id: 42501).
--  * A venue's login: p_device_id is required (22023) and must be the venue's (42501);
--    a merged device's id stands for the device it was merged into.
-- Returns the id of the device reported for (the kiosk keeps it).
-- The campaign must be the venue's and the slide that campaign's (42501). Sets status
-- 'online', last_heartbeat now(), last_content_update when the campaign or playlist
-- version changed; stores the slide, app version, resolution and diagnostics (cut to
-- 100, 20 and 500 characters: a report never fails for its length). A venue's heartbeat
-- also sets is_active; a screen's leaves it as the admin set it.
drop function public.player_heartbeat(uuid, text, uuid, text);

create function public.player_heartbeat(
  p_device_id uuid default null,
  p_campaign_id uuid default null,
  p_slide_id uuid default null,
  p_content_version text default null,
  p_app_version text default null,
  p_resolution text default null,
  p_diagnostics text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_customer_id uuid;
  v_device public.equipment_status;
  v_screen boolean := false;
begin
  if auth.uid() is not null then
    select * into v_device from public.equipment_status e where e.screen_user_id = auth.uid() for update;
    v_screen := found;
  end if;

  if v_screen then
    if p_device_id is not null and p_device_id is distinct from v_device.id then
      raise exception 'Device % is not this screen''s device.', p_device_id
        using errcode = '42501';
    end if;
    v_customer_id := v_device.customer_id;
  else
    v_customer_id := public.current_customer_id();
    if v_customer_id is null then
      raise exception 'Only a signed-in customer''s player can report a heartbeat.'
        using errcode = '42501';
    end if;
    if p_device_id is null then
      raise exception 'A device id is required: choose which screen this is.'
        using errcode = '22023';
    end if;
    select * into v_device
    from public.equipment_status e
    where e.id = coalesce((select m.into_id from public.merged_devices m where m.from_id = p_device_id), p_device_id)
    for update;
    if not found or v_device.customer_id is distinct from v_customer_id then
      raise exception 'Device % is not one of your devices.', p_device_id
        using errcode = '42501';
    end if;
  end if;

  if p_campaign_id is not null and not exists (
    select 1 from public.campaigns c where c.id = p_campaign_id and c.customer_id = v_customer_id
  ) then
    raise exception 'Campaign % is not one of your campaigns.', p_campaign_id
      using errcode = '42501';
  end if;
  if p_slide_id is not null and not exists (
    select 1 from public.campaign_items i where i.id = p_slide_id and i.campaign_id = p_campaign_id
  ) then
    raise exception 'Slide % is not a slide of the campaign on screen.', p_slide_id
      using errcode = '42501';
  end if;

  update public.equipment_status e
  set status = 'online',
      is_active = e.is_active or not v_screen,
      last_heartbeat = now(),
      last_content_update = case
        when e.last_content_update is null
          or e.current_campaign_id is distinct from p_campaign_id
          or e.content_version is distinct from p_content_version
        then now()
        else e.last_content_update
      end,
      current_campaign_id = p_campaign_id,
      current_slide_id = p_slide_id,
      content_version = p_content_version,
      app_version = left(nullif(btrim(p_app_version), ''), 100),
      resolution = left(nullif(btrim(p_resolution), ''), 20),
      diagnostics = left(nullif(btrim(p_diagnostics), ''), 500)
  where e.id = v_device.id;

  return v_device.id;
end
$$;

comment on function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text) is
  'A player reports it is playing: marks its device online with a fresh heartbeat, the campaign and slide on screen, its app version, resolution and diagnostics. A paired screen reports for its own device; a venue''s login for one of its devices, named by id (never created here).';

revoke all on function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text) from public, anon;
grant execute on function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text) to authenticated;

-- Merging a ghost device into the one it really was (admins) ------------------------------
create or replace function public.merge_devices(p_from uuid, p_into uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_from public.equipment_status;
  v_into public.equipment_status;
begin
  if not public.is_admin() then
    raise exception 'Only admins can merge devices.'
      using errcode = '42501';
  end if;
  if p_from = p_into then
    raise exception 'A device cannot be merged into itself.'
      using errcode = '22023';
  end if;
  select * into v_from from public.equipment_status e where e.id = p_from for update;
  if not found then
    raise exception 'The device to merge does not exist.' using errcode = 'P0002';
  end if;
  select * into v_into from public.equipment_status e where e.id = p_into for update;
  if not found then
    raise exception 'The device to merge into does not exist.' using errcode = 'P0002';
  end if;
  if v_from.customer_id is distinct from v_into.customer_id then
    raise exception 'Only devices of the same venue can be merged.'
      using errcode = '23514', table = 'equipment_status', column = 'customer_id', schema = 'public';
  end if;
  if v_from.screen_user_id is not null then
    raise exception '"%" is a paired screen: revoke it before merging it into another device.', v_from.device_name
      using errcode = '23514', table = 'equipment_status', column = 'screen_user_id', schema = 'public';
  end if;

  -- The campaigns that chose the ghost now choose the device it is merged into.
  insert into public.campaign_screens (campaign_id, device_id)
  select s.campaign_id, p_into from public.campaign_screens s where s.device_id = p_from
  on conflict do nothing;

  -- The kept device keeps the latest report of the two.
  if v_from.last_heartbeat is not null and (v_into.last_heartbeat is null or v_from.last_heartbeat > v_into.last_heartbeat) then
    update public.equipment_status e
    set last_heartbeat = v_from.last_heartbeat,
        status = v_from.status,
        last_content_update = v_from.last_content_update,
        current_campaign_id = v_from.current_campaign_id,
        current_slide_id = v_from.current_slide_id,
        content_version = v_from.content_version,
        app_version = v_from.app_version,
        resolution = v_from.resolution,
        diagnostics = v_from.diagnostics
    where e.id = p_into;
  end if;

  -- Kiosks still naming the merged device (or one merged into it before) now report here.
  update public.merged_devices m set into_id = p_into where m.into_id = p_from;
  insert into public.merged_devices (from_id, into_id) values (p_from, p_into)
  on conflict (from_id) do update set into_id = excluded.into_id, merged_at = now();

  delete from public.equipment_status e where e.id = p_from;
end
$$;

comment on function public.merge_devices(uuid, uuid) is
  'Admins: merges a device (an unpaired ghost) into another device of the same venue: its chosen campaigns and, if newer, its last report move over, then it is deleted; a kiosk still naming it reports for the device it was merged into.';

revoke execute on function public.merge_devices(uuid, uuid) from public, anon;
grant execute on function public.merge_devices(uuid, uuid) to authenticated;
