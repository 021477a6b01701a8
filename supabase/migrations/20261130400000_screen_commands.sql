-- Remote commands for screens, with acknowledgement, and the health each screen reports.
--
-- An admin or operator (team_can('screens')) asks one or many screens to reload, resync (drop
-- their caches and read everything again), identify themselves (name and venue large on the
-- wall for 10 s) or take a screenshot: public.issue_screen_commands() writes one row of
-- public.screen_commands per screen, all or none. Each insert is broadcast by the database on the
-- screen's private topic 'screen:<device_id>' (authorised by a policy on realtime.messages, as
-- the venue topics are); a screen also reads its queued commands (public.my_screen_commands())
-- when it (re)connects and at its poll, so what was asked while it was offline runs when it
-- returns. A command not run within a day expires (on the screen's read, and by the upkeep job).
-- The screen answers through public.ack_screen_command(), moving the status forward only:
-- queued → delivered → done | failed. A screenshot is a JPEG the screen uploads to the private
-- bucket 'screenshots' at '<device_id>/<command_id>.jpg'.
--
-- Device health: each heartbeat also carries the player's figures (memory, storage, cached
-- media, uptime, network, screen size and rotation, a boot id per page start), kept in
-- equipment_status.device_health; the heartbeat raises clock_skew, storage_low and
-- player_restarting alerts (once per device per day) and resolves the first two once healthy.

-- The screen a login plays on ------------------------------------------------------------------

create function public.current_screen_device_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select e.id from public.equipment_status e where auth.uid() is not null and e.screen_user_id = auth.uid()
$$;
comment on function public.current_screen_device_id() is
  'For a paired screen''s login: the id of the device it plays on; null for any other caller.';
revoke all on function public.current_screen_device_id() from public;
grant execute on function public.current_screen_device_id() to authenticated, service_role;

-- Commands --------------------------------------------------------------------------------------

create table public.screen_commands (
  id uuid primary key default gen_random_uuid(),
  device_id uuid not null references public.equipment_status (id) on delete cascade,
  command text not null
    constraint screen_commands_command_is_known check (command in ('reload', 'resync', 'identify', 'screenshot')),
  issued_by uuid default auth.uid() references auth.users (id) on delete set null,
  issued_at timestamptz not null default now(),
  status text not null default 'queued'
    constraint screen_commands_status_is_known check (status in ('queued', 'delivered', 'done', 'failed', 'expired')),
  result jsonb,
  delivered_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz not null default now() + interval '1 day',
  constraint screen_commands_result_is_small check (result is null or octet_length(result::text) <= 2000)
);
comment on table public.screen_commands is
  'Commands sent to screens (reload, resync, identify, screenshot) and how each went: queued when issued, delivered when the screen received it, then done or failed with a result (a screenshot''s storage path, or the reason it failed); expired when the screen did not take it within a day.';
comment on column public.screen_commands.issued_by is 'The team member who issued the command (auth.uid()).';
comment on column public.screen_commands.result is
  'What the screen reported: {"path": "<device_id>/<id>.jpg"} for a screenshot, {"error": "..."} when it failed.';
comment on column public.screen_commands.expires_at is 'A command still queued or delivered at this time is expired (a day after it was issued).';

create index screen_commands_device_id_issued_at_idx on public.screen_commands (device_id, issued_at desc);
create index screen_commands_open_idx on public.screen_commands (expires_at) where status in ('queued', 'delivered');
create index screen_commands_issued_by_idx on public.screen_commands (issued_by);

alter table public.screen_commands enable row level security;

create policy "Team members can read screen commands" on public.screen_commands
  for select to authenticated
  using ((select public.team_can('read')));
create policy "Screens can read their own commands" on public.screen_commands
  for select to authenticated
  using (device_id = (select public.current_screen_device_id()));
create policy "Admins and operators can issue screen commands" on public.screen_commands
  for insert to authenticated
  with check ((select public.team_can('screens')));

-- Nobody updates or deletes commands directly: screens answer through ack_screen_command().
revoke update, delete, truncate on public.screen_commands from anon, authenticated;
revoke insert on public.screen_commands from anon;

/** A new command starts queued, now, by its issuer, for a screen that is not revoked. */
create function private.check_new_screen_command()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_device public.equipment_status;
begin
  select * into v_device from public.equipment_status e where e.id = new.device_id;
  if found and v_device.revoked_at is not null then
    raise exception 'Screen "%" was revoked: pair it again before sending it commands.', v_device.device_name
      using errcode = '22023';
  end if;
  new.status := 'queued';
  new.issued_at := now();
  new.expires_at := now() + interval '1 day';
  new.issued_by := coalesce(auth.uid(), new.issued_by);
  new.result := null;
  new.delivered_at := null;
  new.finished_at := null;
  return new;
end
$$;
revoke all on function private.check_new_screen_command() from public;

create trigger screen_commands_check_new
  before insert on public.screen_commands
  for each row execute function private.check_new_screen_command();

/** Each new command is broadcast on its screen's private topic (a playing screen runs it at once). */
create function private.send_screen_command()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('id', new.id, 'command', new.command, 'issued_at', new.issued_at, 'expires_at', new.expires_at),
    'command',
    'screen:' || new.device_id::text,
    true
  );
  return null;
end
$$;
revoke all on function private.send_screen_command() from public;

create trigger screen_commands_send
  after insert on public.screen_commands
  for each row execute function private.send_screen_command();

create policy "Screens hear their own device's commands" on realtime.messages
  for select to authenticated
  using (
    extension = 'broadcast'
    and (select realtime.topic()) = 'screen:' || (select public.current_screen_device_id())::text
  );

alter publication supabase_realtime add table public.screen_commands;

create function public.issue_screen_commands(p_device_ids uuid[], p_command text)
returns setof public.screen_commands
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[];
  v_missing uuid;
begin
  if not public.team_can('screens') then
    raise exception 'Only admins and operators can send commands to screens.' using errcode = '42501';
  end if;
  if p_command is null or p_command not in ('reload', 'resync', 'identify', 'screenshot') then
    raise exception 'Unknown command %: choose reload, resync, identify or screenshot.', coalesce(p_command, 'null')
      using errcode = '22023';
  end if;
  select array_agg(distinct d) into v_ids from unnest(coalesce(p_device_ids, '{}')) d where d is not null;
  if v_ids is null then
    raise exception 'Choose at least one screen.' using errcode = '22023';
  end if;
  select d into v_missing from unnest(v_ids) d
  where not exists (select 1 from public.equipment_status e where e.id = d) limit 1;
  if v_missing is not null then
    raise exception 'Screen % does not exist.', v_missing using errcode = 'P0002';
  end if;
  -- The insert's trigger refuses a revoked screen, which undoes the whole call.
  return query
  insert into public.screen_commands (device_id, command, issued_by)
  select d, p_command, auth.uid()
  from unnest(v_ids) d
  order by d
  returning *;
end
$$;
comment on function public.issue_screen_commands(uuid[], text) is
  'Admins and operators: sends one command (reload, resync, identify or screenshot) to each of the screens named, all or none (a revoked screen refuses the whole call); returns the queued commands.';
revoke all on function public.issue_screen_commands(uuid[], text) from public;
grant execute on function public.issue_screen_commands(uuid[], text) to authenticated, service_role;

/** Marks expired the commands still queued or delivered past their expiry; returns how many. */
create function private.expire_screen_commands(p_device_id uuid default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.screen_commands c
  set status = 'expired', finished_at = c.expires_at
  where c.status in ('queued', 'delivered')
    and c.expires_at <= now()
    and (p_device_id is null or c.device_id = p_device_id);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
revoke all on function private.expire_screen_commands(uuid) from public;

create function public.my_screen_commands()
returns setof public.screen_commands
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_device uuid := public.current_screen_device_id();
begin
  if v_device is null then
    raise exception 'Only a paired screen can read its commands.' using errcode = '42501';
  end if;
  perform private.expire_screen_commands(v_device);
  return query
  select * from public.screen_commands c
  where c.device_id = v_device and c.status = 'queued'
  order by c.issued_at, c.id;
end
$$;
comment on function public.my_screen_commands() is
  'For a paired screen''s login: its queued commands, oldest first (those past their day are marked expired first).';
revoke all on function public.my_screen_commands() from public;
grant execute on function public.my_screen_commands() to authenticated, service_role;

create function public.ack_screen_command(p_id uuid, p_status text, p_result jsonb default null)
returns public.screen_commands
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_device uuid := public.current_screen_device_id();
  v_command public.screen_commands;
begin
  if v_device is null then
    raise exception 'Only a paired screen can answer its commands.' using errcode = '42501';
  end if;
  select * into v_command from public.screen_commands c where c.id = p_id for update;
  if not found or v_command.device_id is distinct from v_device then
    raise exception 'Command % is not one of this screen''s commands.', p_id using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('delivered', 'done', 'failed') then
    raise exception 'A screen answers delivered, done or failed, not %.', coalesce(p_status, 'null')
      using errcode = '22023';
  end if;
  if p_result is not null and octet_length(p_result::text) > 2000 then
    raise exception 'A command''s result is at most 2000 bytes.' using errcode = '22023';
  end if;
  if v_command.status in ('queued', 'delivered') and v_command.expires_at <= now() then
    update public.screen_commands c set status = 'expired', finished_at = c.expires_at
    where c.id = p_id returning * into v_command;
    return v_command;
  end if;
  -- The same answer twice (a message and a read both ran it) changes nothing.
  if v_command.status = p_status then
    return v_command;
  end if;
  if not (
    (v_command.status = 'queued' and p_status in ('delivered', 'done', 'failed'))
    or (v_command.status = 'delivered' and p_status in ('done', 'failed'))
  ) then
    raise exception 'Command % is % already: its status only moves forward.', p_id, v_command.status
      using errcode = '22023';
  end if;
  if p_status = 'done' and v_command.command = 'screenshot'
    and coalesce(p_result ->> 'path', '') not like v_device::text || '/%' then
    raise exception 'A screenshot''s result names its path in this screen''s folder.' using errcode = '22023';
  end if;

  update public.screen_commands c
  set status = p_status,
      result = coalesce(p_result, c.result),
      delivered_at = coalesce(c.delivered_at, now()),
      finished_at = case when p_status in ('done', 'failed') then now() else null end
  where c.id = p_id
  returning * into v_command;

  if p_status = 'failed' and v_command.command = 'screenshot' then
    insert into public.system_alerts (alert_type, severity, message, customer_id, device_id, alert_day)
    select 'screenshot_failed', 'low',
           format('%s at %s could not take a screenshot: %s', e.device_name, coalesce(c.name, 'its venue'),
                  left(coalesce(p_result ->> 'error', 'no reason given'), 200)),
           e.customer_id, e.id, (now() at time zone coalesce(c.time_zone, 'UTC'))::date
    from public.equipment_status e
    left join public.customers c on c.id = e.customer_id
    where e.id = v_device
    on conflict do nothing;
  end if;
  return v_command;
end
$$;
comment on function public.ack_screen_command(uuid, text, jsonb) is
  'For a paired screen''s login: answers one of its own commands, moving its status forward only (queued → delivered → done or failed) with a result; a failed screenshot raises a screenshot_failed alert (once per device per day). An expired command stays expired.';
revoke all on function public.ack_screen_command(uuid, text, jsonb) from public;
grant execute on function public.ack_screen_command(uuid, text, jsonb) to authenticated, service_role;

-- Screenshots -----------------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('screenshots', 'screenshots', false, 5242880, '{image/jpeg}');

create policy "Screens can upload screenshots to their own folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'screenshots'
    and (storage.foldername(name))[1] = (select public.current_screen_device_id())::text
  );
create policy "Screens can read their own screenshots" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'screenshots'
    and (storage.foldername(name))[1] = (select public.current_screen_device_id())::text
  );
create policy "Team members can read screenshots" on storage.objects
  for select to authenticated
  using (bucket_id = 'screenshots' and (select public.team_can('read')));

-- Device health ---------------------------------------------------------------------------------

alter table public.equipment_status add column device_health jsonb;
comment on column public.equipment_status.device_health is
  'The player''s figures at its last heartbeat that sent them: heap_used and heap_limit, storage_used and storage_quota (bytes), cached_media_count and cached_media_bytes, uptime_s, network_type, screen_width, screen_height, rotation, and restarts_last_hour (page starts counted by the server); written by player_heartbeat only.';

-- Equipment reads devices through equipment_status_live: it gains the clock offset and the health.
create or replace view public.equipment_status_live
with (security_invoker = true) as
select e.id,
       e.customer_id,
       e.device_name,
       e.location,
       e.status,
       public.equipment_live_status(e.status, e.last_heartbeat) as live_status,
       ((e.last_heartbeat is not null) and (e.last_heartbeat < (now() - interval '3 minutes'))) as heartbeat_stale,
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
       (e.screen_user_id is not null) as paired,
       e.current_campaign_id,
       p.name as current_campaign_name,
       e.current_slide_id,
       i.title as current_slide_title,
       e.app_version,
       e.resolution,
       e.diagnostics,
       e.revoked_at,
       e.loop_seconds,
       e.clock_offset_ms,
       e.device_health
from public.equipment_status e
left join public.customers c on c.id = e.customer_id
left join public.campaigns p on p.id = e.current_campaign_id
left join public.campaign_items i on i.id = e.current_slide_id;

/** Each page start of a player (its boot id), kept a day to count restarts. */
create table private.player_boots (
  device_id uuid not null references public.equipment_status (id) on delete cascade,
  boot_id text not null,
  started_at timestamptz not null default now(),
  primary key (device_id, boot_id)
);
comment on table private.player_boots is
  'Page starts of each player (the boot id its heartbeats carry), kept a day: more than 5 within an hour raise a player_restarting alert.';
create index player_boots_device_id_started_at_idx on private.player_boots (device_id, started_at);

alter table public.system_alerts drop constraint system_alerts_alert_type_is_known;
alter table public.system_alerts add constraint system_alerts_alert_type_is_known
  check (alert_type in ('offline', 'wifi_lost', 'back_online', 'maintenance', 'other', 'under_delivery', 'plays_refused',
                        'clock_skew', 'storage_low', 'player_restarting', 'screenshot_failed'));
create unique index system_alerts_one_device_health_per_day on public.system_alerts (device_id, alert_type, alert_day)
  where alert_type in ('clock_skew', 'storage_low', 'player_restarting', 'screenshot_failed');
comment on column public.system_alerts.alert_day is
  'The day an under_delivery, plays_refused, clock_skew, storage_low, player_restarting or screenshot_failed alert is about (one of each per device, or campaign, per day).';

/** The player's clock is off by more than this (milliseconds): a clock_skew alert. */
create function private.clock_skew_alert_ms() returns integer language sql immutable as $$ select 30000 $$;
/** Free storage under this share of the quota: a storage_low alert. */
create function private.storage_low_share() returns numeric language sql immutable as $$ select 0.10 $$;
/** More page starts than this within an hour: a player_restarting alert. */
create function private.restart_alert_count() returns integer language sql immutable as $$ select 5 $$;

/** The figures a heartbeat may carry, each of its kind; anything else is dropped. */
create function private.clean_device_health(p_health jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(k.key, p_health -> k.key), '{}'::jsonb)
  from jsonb_object_keys(case when jsonb_typeof(p_health) = 'object' then p_health else '{}'::jsonb end) k (key)
  where (k.key in ('heap_used', 'heap_limit', 'storage_used', 'storage_quota', 'cached_media_count',
                   'cached_media_bytes', 'uptime_s', 'screen_width', 'screen_height', 'rotation')
         and jsonb_typeof(p_health -> k.key) = 'number')
     or (k.key = 'network_type' and jsonb_typeof(p_health -> k.key) = 'string'
         and char_length(p_health ->> k.key) <= 20)
$$;

/**
 * The health alerts of one device after a heartbeat: raised once per device per day (the venue's
 * day), clock_skew and storage_low resolved once the figure is healthy again.
 */
create function private.check_device_health(p_device_id uuid, p_offset_ms integer, p_health jsonb, p_restarts integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_device public.equipment_status;
  v_venue text;
  v_day date;
  v_quota numeric := (p_health ->> 'storage_quota')::numeric;
  v_used numeric := (p_health ->> 'storage_used')::numeric;
  v_skewed boolean;
  v_low boolean;
begin
  select * into v_device from public.equipment_status e where e.id = p_device_id;
  select c.name, (now() at time zone coalesce(c.time_zone, 'UTC'))::date into v_venue, v_day
  from public.customers c where c.id = v_device.customer_id;
  v_day := coalesce(v_day, (now() at time zone 'UTC')::date);
  v_venue := coalesce(v_venue, 'its venue');

  if p_offset_ms is not null then
    v_skewed := abs(p_offset_ms) > private.clock_skew_alert_ms();
    if v_skewed then
      insert into public.system_alerts (alert_type, severity, message, customer_id, device_id, alert_day)
      values ('clock_skew', 'medium',
              format('%s at %s: its clock is %s s %s the server''s; dayparts play at the wrong time.',
                     v_device.device_name, v_venue, round(abs(p_offset_ms) / 1000.0),
                     case when p_offset_ms > 0 then 'ahead of' else 'behind' end),
              v_device.customer_id, v_device.id, v_day)
      on conflict do nothing;
    else
      update public.system_alerts a set resolved = true
      where a.device_id = p_device_id and a.alert_type = 'clock_skew' and not a.resolved;
    end if;
  end if;

  if v_quota > 0 and v_used is not null then
    v_low := (v_quota - v_used) < v_quota * private.storage_low_share();
    if v_low then
      insert into public.system_alerts (alert_type, severity, message, customer_id, device_id, alert_day)
      values ('storage_low', 'medium',
              format('%s at %s: storage almost full (%s %% free).', v_device.device_name, v_venue,
                     round(greatest(0, v_quota - v_used) * 100 / v_quota)),
              v_device.customer_id, v_device.id, v_day)
      on conflict do nothing;
    else
      update public.system_alerts a set resolved = true
      where a.device_id = p_device_id and a.alert_type = 'storage_low' and not a.resolved;
    end if;
  end if;

  if p_restarts > private.restart_alert_count() then
    insert into public.system_alerts (alert_type, severity, message, customer_id, device_id, alert_day)
    values ('player_restarting', 'high',
            format('%s at %s: the player restarted %s times in the last hour.', v_device.device_name, v_venue, p_restarts),
            v_device.customer_id, v_device.id, v_day)
    on conflict do nothing;
  end if;
end
$$;
revoke all on function private.check_device_health(uuid, integer, jsonb, integer) from public;

drop function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text, timestamptz);

create function public.player_heartbeat(
  p_device_id uuid default null,
  p_campaign_id uuid default null,
  p_slide_id uuid default null,
  p_content_version text default null,
  p_app_version text default null,
  p_resolution text default null,
  p_diagnostics text default null,
  p_device_time timestamptz default null,
  p_health jsonb default null,
  p_boot_id text default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer_id uuid;
  v_device public.equipment_status;
  v_screen boolean := false;
  v_offset integer;
  v_health jsonb;
  v_restarts integer;
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

  -- The device's clock against ours (the call's own latency is part of it: a second or less).
  -- Past a day apart it is no clock but a wrong date: kept at a day, so every play of it is judged off.
  if p_device_time is not null then
    v_offset := greatest(-86400000, least(86400000,
      round(extract(epoch from (p_device_time - statement_timestamp())) * 1000)))::integer;
  end if;

  -- Page starts: each boot id counts once; those of the last hour say how often it restarted.
  if nullif(btrim(p_boot_id), '') is not null then
    delete from private.player_boots b where b.device_id = v_device.id and b.started_at < now() - interval '1 day';
    insert into private.player_boots (device_id, boot_id) values (v_device.id, left(btrim(p_boot_id), 64))
    on conflict do nothing;
    select count(*) into v_restarts from private.player_boots b
    where b.device_id = v_device.id and b.started_at > now() - interval '1 hour';
  end if;
  if p_health is not null then
    v_health := private.clean_device_health(p_health)
      || case when v_restarts is null then '{}'::jsonb
              else jsonb_build_object('restarts_last_hour', greatest(v_restarts - 1, 0)) end;
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
      diagnostics = left(nullif(btrim(p_diagnostics), ''), 500),
      clock_offset_ms = coalesce(v_offset, e.clock_offset_ms),
      device_health = coalesce(v_health, e.device_health)
  where e.id = v_device.id;

  perform private.check_device_health(v_device.id, v_offset, coalesce(v_health, '{}'::jsonb),
                                      greatest(coalesce(v_restarts, 0) - 1, 0));

  return v_device.id;
end
$$;
comment on function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text, timestamptz, jsonb, text) is
  'A player reports it is playing: marks its device online with a fresh heartbeat, the campaign and slide on screen, its app version, resolution and diagnostics, (p_device_time, the device''s clock) how far its clock is off ours (clock_offset_ms), and (p_health, p_boot_id) its health figures and page start (device_health). Raises clock_skew, storage_low and player_restarting alerts. A paired screen reports for its own device; a venue''s login for one of its devices, named by id (never created here). A revoked device takes no heartbeat (42501).';
revoke all on function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text, timestamptz, jsonb, text) from public;
grant execute on function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text, timestamptz, jsonb, text)
  to anon, authenticated, service_role;

-- Upkeep: commands not taken within a day expire ------------------------------------------------

create or replace function public.run_network_upkeep()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'campaigns', public.advance_campaign_statuses(),
    'partitions', public.maintain_play_partitions(),
    'rollups_pruned', public.prune_play_rollups(),
    'figures_day', public.take_daily_figures(),
    'under_delivery', public.check_campaign_delivery(),
    'advertiser_totals', public.refresh_advertiser_totals(),
    'commands_expired', private.expire_screen_commands()
  );
end
$$;
comment on function public.run_network_upkeep() is
  'The network-upkeep job (hourly): campaign statuses, play partitions and retention, roll-up retention, today''s daily figures, under-delivery alerts, advertisers'' totals spent, screen commands expired after a day.';
