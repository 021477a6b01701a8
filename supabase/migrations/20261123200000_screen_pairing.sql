-- Screens as paired devices. A kiosk browser with no login asks the screen-pairing
-- function for a short code and shows it; an admin enters the code on the Equipment
-- page with a venue, a name and an orientation (pair_screen); the kiosk, polling the
-- function, then receives the credentials of a login of its own (one per screen, made
-- by the function with the service role, never the venue's login). A screen's login
-- reads its venue's playlist and slide images, reports its own heartbeat and reads its
-- own device (my_screen); nothing else: current_customer_id() stays null for it.

-- The device a screen login belongs to ----------------------------------------------
alter table public.equipment_status
  add column screen_user_id uuid
    constraint equipment_status_screen_user_id_fkey references auth.users (id) on delete set null,
  add column orientation text not null default 'landscape'
    constraint equipment_status_orientation_is_landscape_or_portrait
    check (orientation in ('landscape', 'portrait')),
  add column paired_at timestamptz;

alter table public.equipment_status
  add constraint equipment_status_screen_user_id_key unique (screen_user_id);

comment on column public.equipment_status.screen_user_id is
  'The login of the paired screen playing on this device (auth.users id), set by the screen-pairing function; null when no screen is paired.';
comment on column public.equipment_status.orientation is
  'How the screen is mounted: landscape or portrait.';
comment on column public.equipment_status.paired_at is
  'When the paired screen received its login; null when no screen is paired.';

-- The admins' view of devices gains the pairing (columns added at the end, so
-- create or replace keeps every existing column, its grants and its comment).
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
  e.screen_user_id is not null as paired
from public.equipment_status e
left join public.customers c on c.id = e.customer_id;

-- Pairing codes ---------------------------------------------------------------------
create table public.screen_pairings (
  id uuid primary key default gen_random_uuid(),
  code text not null
    constraint screen_pairings_code_key unique
    constraint screen_pairings_code_is_six_unambiguous_characters
    check (code ~ '^[A-HJ-NP-Z2-9]{6}$'),
  secret_hash text not null,
  requested_ip text,
  expires_at timestamptz not null,
  device_id uuid references public.equipment_status (id) on delete cascade,
  claimed_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.screen_pairings is
  'Pairing codes shown by kiosks without a login: the code, the hash of the secret the kiosk polls with, and the device an admin paired it to (claimed). Read and written by the screen-pairing function (service role) and pair_screen / revoke_screen only.';
comment on column public.screen_pairings.secret_hash is
  'SHA-256 (hex) of the secret only the kiosk that asked for the code knows.';
comment on column public.screen_pairings.requested_ip is
  'The client address that asked for the code (first X-Forwarded-For entry), for the per-network limit.';
comment on column public.screen_pairings.device_id is
  'The device an admin paired this code to; null until claimed.';

create index screen_pairings_requested_ip_created_at_idx on public.screen_pairings (requested_ip, created_at desc);
create index screen_pairings_expires_at_idx on public.screen_pairings (expires_at);
create index screen_pairings_device_id_idx on public.screen_pairings (device_id) where device_id is not null;

-- No policies: only the service role and the security definer functions below use it.
alter table public.screen_pairings enable row level security;
revoke all on public.screen_pairings from anon, authenticated;

-- A screen's login is never a venue's login: linking one to a venue would make it
-- current_customer_id() and open the venue's row and files to the screen.
create or replace function public.refuse_screen_login_as_venue_login()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is not null and (
    exists (select 1 from public.equipment_status e where e.screen_user_id = new.user_id)
    or exists (select 1 from auth.users u where u.id = new.user_id and u.raw_app_meta_data ? 'screen_device_id')
  ) then
    raise exception 'A screen''s login cannot be linked to a venue.'
      using errcode = '23514', hint = 'Link the venue to a customer login.';
  end if;
  return new;
end
$$;

comment on function public.refuse_screen_login_as_venue_login() is
  'Trigger function on customers: a paired screen''s login is never linked to a venue.';

create trigger customers_refuse_screen_login
  before insert or update of user_id on public.customers
  for each row execute function public.refuse_screen_login_as_venue_login();

-- Whose venue the signed-in login looks at --------------------------------------------
-- A venue's own login, or a paired screen of an active device of that venue.
create or replace function public.viewer_customer_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    public.current_customer_id(),
    (select e.customer_id from public.equipment_status e where e.screen_user_id = auth.uid() and e.is_active)
  )
$$;

comment on function public.viewer_customer_id() is
  'The venue whose screens the signed-in login plays: its own venue (current_customer_id()), or the venue of the active device it is the paired screen of; else null.';

-- The paired screen's own device, or null for any other login.
create or replace function public.my_screen()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', e.id,
    'device_name', e.device_name,
    'orientation', e.orientation,
    'customer_id', e.customer_id,
    'customer_name', c.name
  )
  from public.equipment_status e
  left join public.customers c on c.id = e.customer_id
  where e.screen_user_id = auth.uid()
$$;

comment on function public.my_screen() is
  'For a paired screen''s login: its device {id, device_name, orientation, customer_id, customer_name}; null for any other caller.';

revoke execute on function public.my_screen() from public, anon;
grant execute on function public.my_screen() to authenticated;

-- What plays now: a paired screen reads its venue's playlist --------------------------
-- Unchanged from 20261123100000_player_playlist.sql but for the caller's own venue,
-- which is now viewer_customer_id() (a venue's login or a screen of the venue).
--   p_customer_id null: the caller's own venue;
--   p_customer_id given: admins any venue, others only their own (42501 otherwise).
create or replace function public.player_playlist(p_customer_id uuid default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_own uuid := public.viewer_customer_id();
  v_customer public.customers;
  v_today date;
  v_slides jsonb;
begin
  if p_customer_id is not null and p_customer_id is distinct from v_own and not public.is_admin() then
    raise exception 'Only admins can read another venue''s playlist.'
      using errcode = '42501';
  end if;

  select * into v_customer from public.customers c where c.id = coalesce(p_customer_id, v_own);
  if not found then
    return jsonb_build_object('version', '', 'customer', null, 'today', null, 'slides', '[]'::jsonb);
  end if;

  v_today := (now() at time zone v_customer.time_zone)::date;

  select coalesce(
           jsonb_agg(
             jsonb_build_object(
               'id', i.id,
               'campaign_id', i.campaign_id,
               'content_type', i.content_type,
               'slide_type', i.slide_type,
               'title', i.title,
               'content', i.content,
               'image_url', i.image_url,
               'display_order', i.display_order,
               'duration', i.duration,
               'priority', i.priority,
               'is_active', i.is_active,
               'settings', i.settings,
               'updated_at', i.updated_at,
               'campaign_start_date', c.start_date,
               'campaign_end_date', c.end_date
             )
             order by i.display_order, c.created_at, c.id, i.id
           ),
           '[]'::jsonb
         )
    into v_slides
  from public.campaigns c
  join public.campaign_items i on i.campaign_id = c.id
  where c.customer_id = v_customer.id
    and c.status = 'active'
    and (c.start_date is null or c.start_date <= v_today)
    and (c.end_date is null or c.end_date >= v_today)
    and i.is_active;

  return jsonb_build_object(
    'version', md5(v_slides::text),
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name, 'time_zone', v_customer.time_zone),
    'today', v_today,
    'slides', v_slides
  );
end
$$;

comment on function public.player_playlist(uuid) is
  'What plays now at a venue: the ordered active slides of its live campaigns (status active, today in the venue''s time zone within the dates) and a version string. The caller''s own venue is its venue login''s or its paired screen''s.';

-- Slide images: a paired screen signs its venue's ------------------------------------
-- (customer-files keeps current_customer_id(): a screen never reads the venue's files.)
create or replace function public.is_own_slide_image(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.campaign_items ci
    join public.campaigns c on c.id = ci.campaign_id
    where c.customer_id = public.viewer_customer_id()
      and ci.image_url in (object_name, 'slides/' || object_name, regexp_replace(object_name, '^slides/', ''))
  )
$$;

comment on function public.is_own_slide_image(text) is
  'True when the ad-images object is used by a slide of the campaigns of the signed-in venue, or of the venue of the signed-in paired screen.';

-- Heartbeat: a paired screen reports for its own device ------------------------------
-- Records a heartbeat and returns the device id.
--  * A paired screen's login (a device has screen_user_id = auth.uid()): always its own
--    device; another p_device_id is refused (42501); p_device_name is ignored (a screen
--    never creates or renames a device); the campaign must be its venue's.
--  * A venue's login, as before: p_device_id given: the device must be the venue's
--    (42501 otherwise); no id: the venue's device named p_device_name is used, or created.
-- Sets status 'online', last_heartbeat now(); last_content_update when the reported
-- campaign or playlist version differs from the last heartbeat's. A venue's heartbeat
-- also sets is_active; a screen's leaves it as the admin set it.
-- A device silent for 3 intervals (3 minutes) counts as offline; readers derive that.
create or replace function public.player_heartbeat(
  p_device_id uuid default null,
  p_device_name text default null,
  p_campaign_id uuid default null,
  p_content_version text default null
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
  v_name text := nullif(btrim(coalesce(p_device_name, '')), '');
  v_location text;
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
  end if;

  if p_campaign_id is not null and not exists (
    select 1 from public.campaigns c where c.id = p_campaign_id and c.customer_id = v_customer_id
  ) then
    raise exception 'Campaign % is not one of your campaigns.', p_campaign_id
      using errcode = '42501';
  end if;

  if v_screen then
    null;
  elsif p_device_id is not null then
    select * into v_device from public.equipment_status e where e.id = p_device_id for update;
    if not found or v_device.customer_id is distinct from v_customer_id then
      raise exception 'Device % is not one of your devices.', p_device_id
        using errcode = '42501';
    end if;
  else
    if v_name is null then
      raise exception 'A device id or a device name is required.'
        using errcode = '22023';
    end if;
    if length(v_name) > 100 then
      raise exception 'A device name can have at most 100 characters.'
        using errcode = '22023';
    end if;
    select * into v_device
    from public.equipment_status e
    where e.customer_id = v_customer_id and e.device_name = v_name
    order by e.created_at
    limit 1
    for update;
    if not found then
      select c.location into v_location from public.customers c where c.id = v_customer_id;
      insert into public.equipment_status (customer_id, device_name, location, status, is_active)
      values (v_customer_id, v_name, v_location, 'online', true)
      returning * into v_device;
    end if;
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
      content_version = p_content_version
  where e.id = v_device.id;

  return v_device.id;
end
$$;

comment on function public.player_heartbeat(uuid, text, uuid, text) is
  'A player reports it is playing: marks its device online with a fresh heartbeat and the campaign it plays. A paired screen reports for its own device only; a venue''s login for its own devices, found or created by name when no id is given (42501 otherwise).';

-- Pairing and unpairing, by admins ---------------------------------------------------
-- Pairs the kiosk showing p_code: to the existing device p_device_id (moved to the
-- venue, renamed, reoriented), or to a new device of the venue (at the venue's
-- location, offline until its first heartbeat). The kiosk's next poll of the
-- screen-pairing function gives it its login. Returns the device id.
create or replace function public.pair_screen(
  p_code text,
  p_customer_id uuid,
  p_device_name text,
  p_orientation text default 'landscape',
  p_device_id uuid default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(regexp_replace(coalesce(p_code, ''), '[[:space:]-]', '', 'g'));
  v_name text := btrim(coalesce(p_device_name, ''));
  v_location text;
  v_pairing public.screen_pairings;
  v_device_id uuid;
begin
  if not public.is_admin() then
    raise exception 'Only admins can pair screens.'
      using errcode = '42501';
  end if;

  if length(v_name) not between 1 and 100 then
    raise exception 'A screen name is required (at most 100 characters).'
      using errcode = '22023';
  end if;
  if p_orientation is null or p_orientation not in ('landscape', 'portrait') then
    raise exception 'The orientation must be landscape or portrait.'
      using errcode = '22023';
  end if;

  select c.location into v_location from public.customers c where c.id = p_customer_id;
  if not found then
    raise exception 'This venue does not exist.'
      using errcode = '23503';
  end if;

  select * into v_pairing
  from public.screen_pairings p
  where p.code = v_code and p.claimed_at is null and p.expires_at > now()
  for update;
  if not found then
    raise exception 'This pairing code is not valid or has expired.'
      using errcode = 'P0002';
  end if;

  if p_device_id is not null then
    update public.equipment_status e
    set customer_id = p_customer_id,
        device_name = v_name,
        orientation = p_orientation
    where e.id = p_device_id
    returning e.id into v_device_id;
    if v_device_id is null then
      raise exception 'This screen does not exist.'
        using errcode = 'P0002';
    end if;
  else
    insert into public.equipment_status (customer_id, device_name, location, status, is_active, orientation)
    values (p_customer_id, v_name, v_location, 'offline', true, p_orientation)
    returning id into v_device_id;
  end if;

  update public.screen_pairings p
  set device_id = v_device_id,
      claimed_at = now()
  where p.id = v_pairing.id;

  return v_device_id;
end
$$;

comment on function public.pair_screen(text, uuid, text, text, uuid) is
  'Admins: pairs the kiosk showing a pairing code to a new device of a venue, or to an existing device (p_device_id). The kiosk then gets its login from the screen-pairing function. Returns the device id.';

revoke all on function public.pair_screen(text, uuid, text, text, uuid) from public, anon;
grant execute on function public.pair_screen(text, uuid, text, text, uuid) to authenticated;

-- Unpairs a device: its screen's login reads nothing from now on (its playlist is
-- empty, its heartbeat refused), and codes paired to it are void.
create or replace function public.revoke_screen(p_device_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can unpair screens.'
      using errcode = '42501';
  end if;

  update public.equipment_status e
  set screen_user_id = null,
      paired_at = null
  where e.id = p_device_id;
  if not found then
    raise exception 'This screen does not exist.'
      using errcode = 'P0002';
  end if;

  delete from public.screen_pairings p where p.device_id = p_device_id;
end
$$;

comment on function public.revoke_screen(uuid) is
  'Admins: unpairs a device; its screen''s login no longer reads anything and codes paired to it are void.';

revoke all on function public.revoke_screen(uuid) from public, anon;
grant execute on function public.revoke_screen(uuid) to authenticated;

-- For the screen-pairing function (service role only) --------------------------------
-- A new pairing code, unless the network asked for p_ip_limit codes in the last
-- p_ip_window_seconds (PT429, HTTP 429). Pairings that expired more than a day ago are
-- removed. A code already in use fails with 23505 (the function draws another).
-- The lock on the address makes the count and the insert one step for that address.
create or replace function public.create_screen_pairing(
  p_code text,
  p_secret_hash text,
  p_requested_ip text,
  p_expires_in_seconds integer,
  p_ip_limit integer,
  p_ip_window_seconds integer
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_pairing public.screen_pairings;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('screen_pairings:' || coalesce(p_requested_ip, ''), 0));

  delete from public.screen_pairings p where p.expires_at < now() - interval '1 day';

  if (
    select count(*)
    from public.screen_pairings p
    where p.requested_ip is not distinct from p_requested_ip
      and p.created_at > now() - make_interval(secs => p_ip_window_seconds)
  ) >= p_ip_limit then
    raise exception 'Too many pairing codes were requested from this network.'
      using errcode = 'PT429';
  end if;

  insert into public.screen_pairings (code, secret_hash, requested_ip, expires_at)
  values (p_code, p_secret_hash, p_requested_ip, now() + make_interval(secs => p_expires_in_seconds))
  returning * into v_pairing;

  return jsonb_build_object('pairing_id', v_pairing.id, 'code', v_pairing.code, 'expires_at', v_pairing.expires_at);
end
$$;

comment on function public.create_screen_pairing(text, text, text, integer, integer, integer) is
  'screen-pairing function only: records a new pairing code for a kiosk, at most p_ip_limit per address in p_ip_window_seconds (PT429 beyond).';

revoke all on function public.create_screen_pairing(text, text, text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.create_screen_pairing(text, text, text, integer, integer, integer) to service_role;

-- Gives the device of a claimed pairing the screen login p_user_id and uses the pairing
-- up, in one step: of two polls at once only one gets the device. Returns
-- {device_id, previous_user_id} (the login the device had, which the caller deletes),
-- or null when the pairing is gone, not claimed, or the secret does not match.
create or replace function public.finish_screen_pairing(p_pairing_id uuid, p_secret_hash text, p_user_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_device_id uuid;
  v_previous uuid;
begin
  delete from public.screen_pairings p
  where p.id = p_pairing_id
    and p.secret_hash = p_secret_hash
    and p.claimed_at is not null
    and p.device_id is not null
  returning p.device_id into v_device_id;
  if v_device_id is null then
    return null;
  end if;

  select e.screen_user_id into v_previous from public.equipment_status e where e.id = v_device_id for update;

  update public.equipment_status e
  set screen_user_id = p_user_id,
      paired_at = now()
  where e.id = v_device_id;

  return jsonb_build_object('device_id', v_device_id, 'previous_user_id', v_previous);
end
$$;

comment on function public.finish_screen_pairing(uuid, text, uuid) is
  'screen-pairing function only: gives the device of a claimed pairing its new screen login and deletes the pairing; returns the device and its previous login, or null.';

revoke all on function public.finish_screen_pairing(uuid, text, uuid) from public, anon, authenticated;
grant execute on function public.finish_screen_pairing(uuid, text, uuid) to service_role;
