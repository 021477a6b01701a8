-- A venue sees its screens, reports a problem, and a wall never shows a sentence.
--  * venue_screens(): the signed-in venue's own screens for its home page: name, place, live
--    status as the Equipment page computes it (equipment_live_status), last heartbeat, and the
--    campaign and slide each reported playing (named even when they belong to a network
--    campaign: the venue sees them on its own wall). Nothing else of the device, of other
--    venues, or of money.
--  * report_screen_problem(device, message): a venue raises a 'venue_report' alert for the
--    operator about one of its own screens (or in general), at most 10 an hour.
--  * Fallback images: a wall with nothing on air plays the venue's chosen fallback image
--    (customers.fallback_image_path) or else the network's default
--    (network_settings.fallback_image_path), both images in the ad-images bucket;
--    player_playlist() returns which one, so a screen keeps it like any slide's image.

-- Alert types ---------------------------------------------------------------------------------
-- The full list, so the result is the same whichever migration adding types runs last.
alter table public.system_alerts drop constraint system_alerts_alert_type_is_known;
alter table public.system_alerts add constraint system_alerts_alert_type_is_known
  check (alert_type in (
    'offline', 'wifi_lost', 'back_online', 'maintenance', 'other', 'under_delivery', 'plays_refused',
    'clock_skew', 'storage_low', 'player_restarting', 'screenshot_failed', 'venue_report'
  ));

create index system_alerts_venue_reports_idx on public.system_alerts (customer_id, created_at desc)
  where alert_type = 'venue_report';

-- Fallback images -----------------------------------------------------------------------------
alter table public.network_settings
  add column fallback_image_path text,
  add constraint network_settings_fallback_image_path_is_a_path
    check (fallback_image_path is null or (fallback_image_path ~ '^[^/\s][^\s]*$' and char_length(fallback_image_path) <= 500));
comment on column public.network_settings.fallback_image_path is
  'The network''s default fallback: an image in the ad-images bucket that a wall with nothing on air plays when its venue chose none; null for none (the wall shows a calm branded screen).';

alter table public.customers
  add column fallback_image_path text,
  add constraint customers_fallback_image_path_is_a_path
    check (fallback_image_path is null or (fallback_image_path ~ '^[^/\s][^\s]*$' and char_length(fallback_image_path) <= 500));
comment on column public.customers.fallback_image_path is
  'The venue''s own fallback: an image in the ad-images bucket its walls play when nothing is on air; null to play the network''s default.';

-- The fallback a venue's walls play: its own, else the network's; null for none.
create or replace function private.venue_fallback(p_customer_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when c.fallback_image_path is not null
      then jsonb_build_object('image_path', c.fallback_image_path, 'source', 'venue')
    when s.fallback_image_path is not null
      then jsonb_build_object('image_path', s.fallback_image_path, 'source', 'network')
  end
  from (select p_customer_id as id) v
  left join public.customers c on c.id = v.id
  left join public.network_settings s on s.id
$$;
comment on function private.venue_fallback(uuid) is
  'The fallback image a venue''s walls play when nothing is on air: {image_path, source: venue} when the venue chose one, else {image_path, source: network} from network_settings, else null.';

-- A venue's walls (and its paired screens) may sign the fallback image they play.
create or replace function public.is_own_fallback_image(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.viewer_customer_id() is not null
    and (private.venue_fallback(public.viewer_customer_id()) ->> 'image_path') = object_name
$$;
comment on function public.is_own_fallback_image(text) is
  'True when the ad-images object is the fallback image the signed-in venue''s walls play (its own, else the network''s), for the venue or one of its paired screens.';

create policy "Venues and their screens can read their fallback image"
  on storage.objects for select to authenticated
  using (bucket_id = 'ad-images' and public.is_own_fallback_image(name));

-- The playlist carries the fallback (otherwise unchanged from 20261128000400_playlist_push.sql
-- and later): a change of it changes the version, so a screen fetches and keeps the new image.
create or replace function public.player_playlist(
  p_customer_id uuid default null,
  p_device_id uuid default null,
  p_at timestamptz default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_own uuid := public.viewer_customer_id();
  v_screen_device uuid;
  v_customer public.customers;
  v_at timestamptz := coalesce(p_at, now());
  v_today date;
  v_slides jsonb;
  v_spots jsonb;
  v_loop integer;
  v_fallback jsonb;
begin
  if p_customer_id is not null and p_customer_id is distinct from v_own and not public.team_can('read') then
    raise exception 'Only admins can read another venue''s playlist.'
      using errcode = '42501';
  end if;

  if auth.uid() is not null then
    select e.id into v_screen_device from public.equipment_status e where e.screen_user_id = auth.uid();
  end if;
  v_screen_device := coalesce(v_screen_device, p_device_id);

  select * into v_customer from public.customers c where c.id = coalesce(p_customer_id, v_own);
  if not found then
    return jsonb_build_object('version', '', 'customer', null, 'today', null, 'now', v_at, 'slides', '[]'::jsonb,
                              'loop_seconds', null, 'spots', '[]'::jsonb, 'fallback', null);
  end if;

  v_today := (v_at at time zone v_customer.time_zone)::date;
  if v_screen_device is not null then
    select e.loop_seconds into v_loop
    from public.equipment_status e
    where e.id = v_screen_device and e.customer_id = v_customer.id;
  end if;

  with live as (
    select c.*, public.campaign_windows_json(c.id) as windows
    from public.campaigns c
    where c.customer_id = v_customer.id
      and c.status in ('active', 'scheduled')
      and (c.start_date is null or c.start_date <= v_today + 7)
      and (c.end_date is null or c.end_date >= v_today)
      and (
        v_screen_device is null
        or c.plays_on = 'all'
        or exists (select 1 from public.campaign_screens s where s.campaign_id = c.id and s.device_id = v_screen_device)
      )
  )
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
               'media_kind', i.media_kind,
               'display_order', i.display_order,
               'duration', i.duration,
               'priority', i.priority,
               'is_active', i.is_active,
               'settings', i.settings,
               'updated_at', i.updated_at,
               'campaign_start_date', c.start_date,
               'campaign_end_date', c.end_date,
               'campaign_status', c.status,
               'campaign_priority', c.priority,
               'campaign_windows', c.windows,
               'on_air', public.campaign_plays_at(c.status, c.start_date, c.end_date, c.windows, v_customer.time_zone, v_at)
             )
             order by c.priority desc, i.display_order, c.created_at, c.id, i.id
           ),
           '[]'::jsonb
         )
    into v_slides
  from live c
  join public.campaign_items i on i.campaign_id = c.id
  where i.is_active;

  select coalesce(jsonb_agg(n.spot order by n.spot ->> 'campaign_id'), '[]'::jsonb)
    into v_spots
  from private.network_spots(v_customer.id, v_screen_device, v_at) n;

  v_fallback := private.venue_fallback(v_customer.id);

  -- The version names what the lists hold, not when they were read (on_air changes with the clock).
  return jsonb_build_object(
    'version', md5(
      coalesce((select jsonb_agg(s - 'on_air') from jsonb_array_elements(v_slides) s), '[]'::jsonb)::text
      || coalesce((select jsonb_agg(s - 'on_air') from jsonb_array_elements(v_spots) s), '[]'::jsonb)::text
      || coalesce(v_loop::text, '')
      || coalesce(v_fallback::text, '')
    ),
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name, 'time_zone', v_customer.time_zone),
    'today', v_today,
    'now', v_at,
    'slides', v_slides,
    'loop_seconds', v_loop,
    'spots', v_spots,
    'fallback', v_fallback
  );
end
$$;

comment on function public.player_playlist(uuid, uuid, timestamptz) is
  'What plays at a venue: slides, its own active slides that can play today or within the next 7 days (status active or scheduled, not ended), in loop order (campaign priority, then display order), each with its campaign''s status, dates, windows, priority and on_air (whether it plays at p_at, now by default, by campaign_plays_at()); loop_seconds, the screen''s loop length (read for a screen: a paired screen''s own device, or p_device_id); spots, the network campaigns booked on that screen (or on any of the venue''s screens, with device_ids), each with spots_per_loop, spot_seconds, its schedule, on_air and its slides; and fallback, the image the wall plays when nothing is on air ({image_path, source: venue or network}, or null). Read for a screen, venue campaigns on chosen screens count only if that screen is one of them.';

-- A venue's own screens -----------------------------------------------------------------------
create or replace function public.venue_screens()
returns table (
  id uuid,
  device_name text,
  location text,
  orientation text,
  live_status text,
  revoked boolean,
  last_heartbeat timestamptz,
  current_campaign_name text,
  current_slide_title text
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    e.id,
    e.device_name,
    e.location,
    e.orientation,
    public.equipment_live_status(e.status, e.last_heartbeat),
    e.revoked_at is not null,
    e.last_heartbeat,
    p.name,
    i.title
  from public.equipment_status e
  left join public.campaigns p on p.id = e.current_campaign_id
  left join public.campaign_items i on i.id = e.current_slide_id
  where e.customer_id = public.current_customer_id()
    and e.is_active
  order by e.device_name, e.id
$$;
comment on function public.venue_screens() is
  'The signed-in venue''s own screens (switched on) for its home page: name, place, orientation, live status as the Equipment page computes it (offline after 3 minutes without a heartbeat), whether it is revoked, its last heartbeat, and the campaign and slide it reported playing (a network campaign''s too: it plays on the venue''s wall). Empty for anyone who is not a venue.';
revoke all on function public.venue_screens() from public, anon;
grant execute on function public.venue_screens() to authenticated;

-- Reporting a problem -------------------------------------------------------------------------
create or replace function public.report_screen_problem(p_device_id uuid, p_message text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_device_name text;
  v_text text := btrim(coalesce(p_message, ''));
  v_recent integer;
  v_id uuid;
begin
  -- One report at a time per venue, so the hourly count cannot be overrun by racing calls.
  select * into v_customer from public.customers c where c.id = public.current_customer_id() for update;
  if not found then
    raise exception 'Only a venue can report a problem with its screens.'
      using errcode = '42501';
  end if;

  if char_length(v_text) not between 1 and 500 then
    raise exception 'Say what is wrong in 1 to 500 characters.'
      using errcode = '22023';
  end if;

  if p_device_id is not null then
    select e.device_name into v_device_name
    from public.equipment_status e
    where e.id = p_device_id and e.customer_id = v_customer.id;
    if not found then
      raise exception 'This screen is not one of yours.'
        using errcode = '42501';
    end if;
  end if;

  select count(*) into v_recent
  from public.system_alerts a
  where a.customer_id = v_customer.id
    and a.alert_type = 'venue_report'
    and a.created_at > now() - interval '1 hour';
  if v_recent >= 10 then
    raise exception 'You have reported 10 problems in the last hour. Please try again later, or call us if it is urgent.'
      using errcode = 'PT429';
  end if;

  insert into public.system_alerts (customer_id, device_id, alert_type, severity, message)
  values (
    v_customer.id,
    p_device_id,
    'venue_report',
    'medium',
    left(
      v_customer.name || ' reports a problem'
        || coalesce(' with ' || v_device_name, '') || ': ' || v_text,
      1000
    )
  )
  returning id into v_id;
  return v_id;
end
$$;
comment on function public.report_screen_problem(uuid, text) is
  'Venues: raises a venue_report alert for the operator about one of the venue''s own screens (p_device_id) or about its screens in general (null), with the venue''s words (1 to 500 characters). At most 10 reports an hour per venue (PT429 beyond). Returns the alert''s id.';
revoke all on function public.report_screen_problem(uuid, text) from public, anon;
grant execute on function public.report_screen_problem(uuid, text) to authenticated;
