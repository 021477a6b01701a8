-- Screens whose status tells the truth.
--  * Revoking a screen (revoke_screen) takes its device off the air in the same transaction:
--    revoked_at is set, its stored status becomes offline and what it was playing is
--    cleared. From then on no heartbeat and no plays are taken for it: not from its old
--    login's token (that login is deleted), not from a heartbeat already on its way (it waits
--    for the revoke's row lock, then finds no device), not from a venue's /slides naming it,
--    until an admin pairs it again (pair_screen clears revoked_at). A revoked screen raises
--    no offline alert and counts no outage in uptime; an offline alert it had open is closed
--    at the revoke (nobody expects it to report any more), so it never comes back as
--    "back online". Paired again, it is watched once its kiosk has its login, its silence
--    counted from then (not from the heartbeat it sent before the revoke).
--  * Merging devices (merge_devices) no longer copies the merged device's last report onto
--    the kept one: the kept device keeps its own status, heartbeat and alerts, and comes
--    online only when it reports itself (or a kiosk still naming the merged device reports
--    for it). The merged device's history follows it: its plays move to the kept device
--    (only device_id changes; recorded_device_id keeps the id they were recorded for), its
--    hourly and daily sums are added to the kept device's (the same hour or day summed,
--    never doubled), and its alerts move over, an open silence closed at the merge.

-- Revoked -------------------------------------------------------------------------------------
alter table public.equipment_status
  add column revoked_at timestamptz;

comment on column public.equipment_status.revoked_at is
  'When an admin revoked the screen (revoke_screen); null when it is not revoked. A revoked device is offline, holds no screen login, and takes no heartbeat or plays until it is paired again (pair_screen clears it).';

alter table public.equipment_status
  add constraint equipment_status_revoked_screen_is_offline
    check (revoked_at is null or status = 'offline'),
  add constraint equipment_status_revoked_screen_holds_no_login
    check (revoked_at is null or screen_user_id is null);

comment on column public.system_alerts.ended_at is
  'Offline alerts: when the silence ended: the first heartbeat after it, or when the screen stopped being watched (revoked, or merged into another device).';

-- The Equipment page's read gains revoked_at (added at the end, so create or replace keeps
-- every existing column, its grants and its comment). live_status stays online, idle,
-- offline or error: a revoked screen is offline (and counted so); the page says Revoked.
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
  e.diagnostics,
  e.revoked_at
from public.equipment_status e
left join public.customers c on c.id = e.customer_id
left join public.campaigns p on p.id = e.current_campaign_id
left join public.campaign_items i on i.id = e.current_slide_id;

-- Unpairs a device and takes it off the air at once: its screen's login is deleted (see
-- 20261123310000_screen_login_follows_device.sql), codes paired to it are void, it is offline
-- and plays nothing, and its open offline alert is closed. Revoking again keeps the first
-- revoke's time.
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
      paired_at = null,
      revoked_at = coalesce(e.revoked_at, now()),
      status = 'offline',
      current_campaign_id = null,
      current_slide_id = null,
      diagnostics = null
  where e.id = p_device_id;
  if not found then
    raise exception 'This screen does not exist.'
      using errcode = 'P0002';
  end if;

  delete from public.screen_pairings p where p.device_id = p_device_id;

  update public.system_alerts a
  set ended_at = now(),
      resolved = true
  where a.device_id = p_device_id
    and a.alert_type = 'offline'
    and a.ended_at is null;
end
$$;

comment on function public.revoke_screen(uuid) is
  'Admins: unpairs a device and takes it off the air in one step: its screen''s login is deleted (signing in and renewing fail), codes paired to it are void, it is marked revoked and offline with nothing playing, no heartbeat or plays are taken for it until it is paired again, and its open offline alert is closed.';

-- Pairing again clears the revoke (otherwise unchanged from 20261123200000_screen_pairing.sql).
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
        orientation = p_orientation,
        revoked_at = null
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
  'Admins: pairs the kiosk showing a pairing code to a new device of a venue, or to an existing device (p_device_id; a revoked one is no longer revoked). The kiosk then gets its login from the screen-pairing function. Returns the device id.';

-- The heartbeat refuses a revoked device (otherwise unchanged from
-- 20261123400000_screen_identity.sql). A paired screen's device is never revoked (a revoke
-- takes its login); a venue's login naming a revoked device, directly or as a device merged
-- into it, is refused (42501). A heartbeat that reached the row before the revoke holds its
-- lock, and the revoke, waiting for it, then sets the device offline; one that reaches it
-- after finds no device for its login, or a revoked one.
create or replace function public.player_heartbeat(
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

  if v_device.revoked_at is not null then
    raise exception 'Screen % was revoked: it reports again once an admin pairs it again.', v_device.id
      using errcode = '42501';
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
  'A player reports it is playing: marks its device online with a fresh heartbeat, the campaign and slide on screen, its app version, resolution and diagnostics. A paired screen reports for its own device; a venue''s login for one of its devices, named by id (never created here). A revoked device takes no heartbeat (42501).';

-- The device a player reports plays for: as before (20261125100100_proof_of_play.sql), and
-- never a revoked one (42501: the batch is refused, the player drops it).
create or replace function public.player_device(p_device_id uuid)
returns public.equipment_status
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_device public.equipment_status;
  v_customer_id uuid;
begin
  if auth.uid() is not null then
    select * into v_device from public.equipment_status e where e.screen_user_id = auth.uid();
    if found then
      if p_device_id is not null and p_device_id is distinct from v_device.id then
        raise exception 'Device % is not this screen''s device.', p_device_id using errcode = '42501';
      end if;
      return v_device;
    end if;
  end if;
  v_customer_id := public.current_customer_id();
  if v_customer_id is null then
    raise exception 'Only a venue''s screen can report what it played.' using errcode = '42501';
  end if;
  if p_device_id is null then
    raise exception 'A device id is required: choose which screen this is.' using errcode = '22023';
  end if;
  select * into v_device
  from public.equipment_status e
  where e.id = coalesce((select m.into_id from public.merged_devices m where m.from_id = p_device_id), p_device_id);
  if not found or v_device.customer_id is distinct from v_customer_id then
    raise exception 'Device % is not one of your devices.', p_device_id using errcode = '42501';
  end if;
  if v_device.revoked_at is not null then
    raise exception 'Screen % was revoked: its plays are not counted until an admin pairs it again.', v_device.id
      using errcode = '42501';
  end if;
  return v_device;
end
$$;

revoke all on function public.player_device(uuid) from public, anon, authenticated;

-- Alerts: a revoked screen is not watched (otherwise unchanged from
-- 20261125100000_offline_alerts.sql).
create or replace function public.check_screen_heartbeats()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_settings public.alert_settings;
  v_email_state text;
  v_back integer;
  v_raised integer;
  v_escalated integer;
  v_requested boolean;
begin
  select * into v_settings from public.alert_settings s where s.id;
  v_email_state := case
    when coalesce(v_settings.email_enabled, false) and exists (
      select 1 from public.alert_recipients r join public.users u on u.id = r.user_id where u.role = 'admin'
    ) then 'pending'
    else 'skipped'
  end;

  -- Heartbeats came back: the silence ends, its alert is resolved, and a back-online
  -- alert says so (once per silence, even when an admin resolved the offline alert first).
  with back as (
    update public.system_alerts a
    set ended_at = e.last_heartbeat,
        resolved = true
    from public.equipment_status e
    where a.alert_type = 'offline'
      and a.ended_at is null
      and a.device_id = e.id
      and e.last_heartbeat > a.silent_since
    returning a.device_id, a.customer_id, a.silent_since, e.last_heartbeat, e.device_name
  ),
  added as (
    insert into public.system_alerts (
      customer_id, device_id, alert_type, severity, message, resolved, silent_since, ended_at, email_state
    )
    select
      b.customer_id, b.device_id, 'back_online', 'low',
      format('%s%s is back online after %s offline.',
        b.device_name, coalesce(' at ' || c.name, ''), public.describe_duration(b.last_heartbeat - b.silent_since)),
      true, b.silent_since, b.last_heartbeat, v_email_state
    from back b
    left join public.customers c on c.id = b.customer_id
    on conflict do nothing
    returning 1
  )
  select count(*) into v_back from added;

  -- Screens silent past the threshold: one offline alert per silence. A revoked screen is
  -- not expected to report; a screen paired (again) is expected once its kiosk has collected
  -- its login (no pairing of it waits), counting from then, not from the heartbeat it last
  -- sent before.
  with added as (
    insert into public.system_alerts (
      customer_id, device_id, alert_type, severity, message, silent_since, email_state
    )
    select
      e.customer_id, e.id, 'offline', public.offline_severity(now() - e.last_heartbeat),
      format('%s%s is offline: no heartbeat for %s.',
        e.device_name, coalesce(' at ' || c.name, ''), public.describe_duration(now() - e.last_heartbeat)),
      e.last_heartbeat, v_email_state
    from public.equipment_status e
    left join public.customers c on c.id = e.customer_id
    where e.is_active
      and e.revoked_at is null
      and e.customer_id is not null
      and e.last_heartbeat is not null
      and greatest(e.last_heartbeat, e.paired_at) < now() - make_interval(mins => v_settings.offline_after_minutes)
      and not exists (select 1 from public.screen_pairings p where p.device_id = e.id)
    on conflict do nothing
    returning 1
  )
  select count(*) into v_raised from added;

  -- A silence that goes on past an hour becomes high severity (the same alert).
  with raised as (
    update public.system_alerts a
    set severity = 'high',
        message = format('%s%s is offline: no heartbeat for %s.',
          e.device_name, coalesce(' at ' || c.name, ''), public.describe_duration(now() - a.silent_since))
    from public.equipment_status e
    left join public.customers c on c.id = e.customer_id
    where a.alert_type = 'offline'
      and a.ended_at is null
      and not a.resolved
      and a.severity <> 'high'
      and a.device_id = e.id
      and public.offline_severity(now() - a.silent_since) = 'high'
    returning 1
  )
  select count(*) into v_escalated from raised;

  v_requested := public.request_alert_emails();

  return jsonb_build_object(
    'raised', v_raised,
    'escalated', v_escalated,
    'back_online', v_back,
    'emails_requested', v_requested
  );
end
$$;

comment on function public.check_screen_heartbeats() is
  'Every minute (pg_cron): raises an offline alert for each active, unrevoked screen silent past alert_settings.offline_after_minutes (one per silence; a screen paired again counts from its pairing, once its kiosk has its login), escalates long silences, resolves the alert and adds a back-online alert when heartbeats return, then asks for the e-mails.';

-- Uptime: a revoked screen is not looked at, so its time off the air is no outage
-- (otherwise unchanged from 20261125100200_network_figures.sql).
create or replace function public.sample_screen_uptime()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_minute timestamptz := date_trunc('minute', now());
  v_count integer;
begin
  insert into public.device_uptime_days as u (day, device_id, observed_minutes, online_minutes, last_sample)
  select (v_minute at time zone 'UTC')::date, e.id, 1,
         case when e.last_heartbeat >= now() - interval '3 minutes' then 1 else 0 end,
         v_minute
  from public.equipment_status e
  where e.is_active and e.revoked_at is null and e.customer_id is not null and e.last_heartbeat is not null
  on conflict (day, device_id) do update
    set observed_minutes = u.observed_minutes + 1,
        online_minutes = u.online_minutes + excluded.online_minutes,
        last_sample = excluded.last_sample
    where u.last_sample < excluded.last_sample;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

comment on function public.sample_screen_uptime() is
  'Every minute (pg_cron): adds one observed minute per active, unrevoked screen of a venue, and one online minute if it reported in the last 3 minutes.';

-- Merging -------------------------------------------------------------------------------------
alter table public.plays
  add column recorded_device_id uuid;

comment on column public.plays.recorded_device_id is
  'The device the play was recorded for, when merge_devices has since moved it to device_id (the device that one really was); null when device_id is the device it was recorded for.';

-- Folds a device (an unpaired ghost, such as one of the per-browser devices older players
-- made) into the device it really is, in one transaction:
--  * the campaigns that chose it choose the kept device;
--  * the kept device's own row is not touched: its status, heartbeat, what it plays and its
--    alerts stay as they are (the merged device's last report is not the kept device's);
--  * its plays move to the kept device: only device_id changes (recorded_device_id keeps the
--    id they were recorded for), so ids, times, seconds and what played stay, and a play sent
--    again later under the old id (record_plays follows merged_devices) is still a duplicate
--    of its (id, started_at);
--  * its hourly and daily sums are added to the kept device's rows of the same hour or day,
--    campaign, slide and ad (or become the kept device's rows), never doubled;
--  * its alerts move to the kept device, an open offline alert closed at the merge (ended and
--    resolved: the merged device is no longer watched, and the kept device did not come back);
--    one that would repeat a silence the kept device already has an alert for stays behind,
--    its device link cleared with the delete;
--  * kiosks still naming it report for the kept device (merged_devices); then it is deleted.
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

  -- Proof of play follows the device.
  update public.plays p
  set device_id = p_into,
      recorded_device_id = coalesce(p.recorded_device_id, p.device_id)
  where p.device_id = p_from;

  with moved as (
    delete from public.play_hours h where h.device_id = p_from
    returning h.*
  )
  insert into public.play_hours as h (hour, device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id, plays, seconds)
  select m.hour, p_into, m.customer_id, m.campaign_id, m.slide_id, m.ad_id, m.advertiser_id, m.plays, m.seconds
  from moved m
  on conflict (hour, device_id, campaign_id, slide_id, ad_id) do update
    set plays = h.plays + excluded.plays,
        seconds = h.seconds + excluded.seconds,
        advertiser_id = coalesce(h.advertiser_id, excluded.advertiser_id);

  with moved as (
    delete from public.play_days d where d.device_id = p_from
    returning d.*
  )
  insert into public.play_days as d (day, device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id, plays, seconds)
  select m.day, p_into, m.customer_id, m.campaign_id, m.slide_id, m.ad_id, m.advertiser_id, m.plays, m.seconds
  from moved m
  on conflict (day, device_id, campaign_id, slide_id, ad_id) do update
    set plays = d.plays + excluded.plays,
        seconds = d.seconds + excluded.seconds,
        advertiser_id = coalesce(d.advertiser_id, excluded.advertiser_id);

  -- Its alerts: an open silence ends here, then the history moves to the kept device.
  update public.system_alerts a
  set ended_at = now(),
      resolved = true
  where a.device_id = p_from
    and a.alert_type = 'offline'
    and a.ended_at is null;

  update public.system_alerts a
  set device_id = p_into
  where a.device_id = p_from
    and not exists (
      select 1 from public.system_alerts k
      where k.device_id = p_into and k.alert_type = a.alert_type and k.silent_since = a.silent_since
    );

  -- Kiosks still naming the merged device (or one merged into it before) now report here.
  update public.merged_devices m set into_id = p_into where m.into_id = p_from;
  insert into public.merged_devices (from_id, into_id) values (p_from, p_into)
  on conflict (from_id) do update set into_id = excluded.into_id, merged_at = now();

  delete from public.equipment_status e where e.id = p_from;
end
$$;

comment on function public.merge_devices(uuid, uuid) is
  'Admins: merges a device (an unpaired ghost) into another device of the same venue: its chosen campaigns, its plays and their sums (added to the kept device''s) and its alerts (closed) move over, then it is deleted; the kept device keeps its own status, heartbeat and alerts; a kiosk still naming the merged device reports for the kept one.';
