-- The alerts centre and bulk actions.
--
-- Alerts: an alert can be acknowledged (who, when, a note) before it is resolved; the centre
-- reads one page of alerts with its filters and the total (alerts_page), and acknowledges or
-- resolves many at once (acknowledge_alerts, resolve_alerts).
--
-- Bulk actions: each is one call that changes every row it names or none: screens (move to a
-- venue, orientation, revoke, delete; team_can('screens')), campaigns (pause or resume,
-- delete, retarget; team_can('content')). Each answers what it changed; a rule broken for one
-- row fails the whole call with a message naming that row.

-- Alert types: one list for the whole network (src/entities/alert/alert-types.ts mirrors it).
alter table public.system_alerts drop constraint system_alerts_alert_type_is_known;
alter table public.system_alerts add constraint system_alerts_alert_type_is_known
  check (alert_type in ('offline', 'wifi_lost', 'back_online', 'maintenance', 'other', 'under_delivery',
                        'plays_refused', 'clock_skew', 'storage_low', 'player_restarting',
                        'screenshot_failed', 'venue_report'));

alter table public.system_alerts
  add column acknowledged_at timestamptz,
  add column acknowledged_by uuid references public.users (id) on delete set null,
  add column acknowledge_note text;
alter table public.system_alerts add constraint system_alerts_acknowledge_note_at_most_500_characters
  check (char_length(acknowledge_note) <= 500);
comment on column public.system_alerts.acknowledged_at is
  'When a team member acknowledged the alert (seen, being dealt with); null: not acknowledged. An acknowledged alert stays unresolved until it is resolved.';
comment on column public.system_alerts.acknowledged_by is
  'The team member who acknowledged the alert.';
comment on column public.system_alerts.acknowledge_note is
  'What the team member who acknowledged the alert wrote (for example who is on the way); null: nothing.';
comment on table public.system_alerts is
  'Alerts about the network''s screens, venues and campaigns (offline, wifi lost, back online, maintenance, under-delivery, refused plays, device health, reports from venues); the team acknowledges them (acknowledge_alerts) and resolves them (resolve_alerts).';

create index system_alerts_type_created_at_idx on public.system_alerts (alert_type, created_at desc);

-- One page of the alerts centre --------------------------------------------------------------

create or replace function public.alerts_page(
  p_state text default 'unresolved',
  p_types text[] default null,
  p_severities text[] default null,
  p_customer_id uuid default null,
  p_device_id uuid default null,
  p_since_hours integer default null,
  p_search text default null,
  p_limit integer default 25,
  p_offset integer default 0
)
returns table (
  id uuid,
  alert_type text,
  severity text,
  message text,
  created_at timestamptz,
  resolved boolean,
  resolved_at timestamptz,
  acknowledged_at timestamptz,
  acknowledged_by_email text,
  acknowledge_note text,
  customer_id uuid,
  venue_name text,
  device_id uuid,
  device_name text,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pattern text;
begin
  if not public.team_can('read') then
    raise exception 'Only the team can read alerts.' using errcode = '42501';
  end if;
  if p_state not in ('unresolved', 'open', 'acknowledged', 'resolved', 'all') then
    raise exception 'The state is unresolved, open, acknowledged, resolved or all.' using errcode = '22023';
  end if;
  if p_limit is null or p_limit not between 1 and 200 then
    raise exception 'A page has 1 to 200 alerts.' using errcode = '22023';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception 'The offset cannot be negative.' using errcode = '22023';
  end if;
  if nullif(btrim(p_search), '') is not null then
    v_pattern := '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  end if;

  return query
  select a.id, a.alert_type, a.severity, a.message, a.created_at, a.resolved, a.resolved_at,
         a.acknowledged_at, u.email, a.acknowledge_note,
         coalesce(a.customer_id, e.customer_id), v.name, a.device_id, e.device_name,
         count(*) over ()
  from public.system_alerts a
  left join public.equipment_status e on e.id = a.device_id
  left join public.customers v on v.id = coalesce(a.customer_id, e.customer_id)
  left join public.users u on u.id = a.acknowledged_by
  where case p_state
          when 'unresolved' then not a.resolved
          when 'open' then not a.resolved and a.acknowledged_at is null
          when 'acknowledged' then not a.resolved and a.acknowledged_at is not null
          when 'resolved' then a.resolved
          else true
        end
    and (p_types is null or cardinality(p_types) = 0 or a.alert_type = any (p_types))
    and (p_severities is null or cardinality(p_severities) = 0 or a.severity = any (p_severities))
    and (p_customer_id is null or coalesce(a.customer_id, e.customer_id) = p_customer_id)
    and (p_device_id is null or a.device_id = p_device_id)
    and (p_since_hours is null or a.created_at >= now() - make_interval(hours => p_since_hours))
    and (v_pattern is null
         or a.message ilike v_pattern
         or v.name ilike v_pattern
         or e.device_name ilike v_pattern)
  order by a.created_at desc, a.id
  limit p_limit offset p_offset;
end
$$;
comment on function public.alerts_page(text, text[], text[], uuid, uuid, integer, text, integer, integer) is
  'The alerts centre: one page (p_limit from p_offset) of alerts, newest first, each with its venue, screen and who acknowledged it, and total_count, the number of alerts matching. Filters: p_state (unresolved: open and acknowledged; open: neither acknowledged nor resolved; acknowledged: acknowledged, not resolved; resolved; all), types, severities, venue, screen, the last p_since_hours hours, and p_search in the message, venue name or screen name. Every team role may read.';
revoke all on function public.alerts_page(text, text[], text[], uuid, uuid, integer, text, integer, integer) from public;
grant execute on function public.alerts_page(text, text[], text[], uuid, uuid, integer, text, integer, integer) to authenticated;

-- Alerts named by id, all of them there or a failure: the ids, without repeats.
create or replace function private.known_alert_ids(p_ids uuid[])
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := array(select distinct i from unnest(coalesce(p_ids, '{}')) i where i is not null);
  v_missing integer;
begin
  if cardinality(v_ids) = 0 then
    raise exception 'Choose at least one alert.' using errcode = '22023';
  end if;
  select count(*) into v_missing from unnest(v_ids) i where not exists (select 1 from public.system_alerts a where a.id = i);
  if v_missing > 0 then
    raise exception '% of the chosen alerts no longer exist; nothing was changed.', v_missing using errcode = 'P0002';
  end if;
  return v_ids;
end
$$;
revoke all on function private.known_alert_ids(uuid[]) from public;

create or replace function public.acknowledge_alerts(p_ids uuid[], p_note text default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[];
  v_note text := nullif(btrim(p_note), '');
  v_changed integer;
begin
  if not public.team_can('screens') then
    raise exception 'Only admins and operators can acknowledge alerts.' using errcode = '42501';
  end if;
  if char_length(v_note) > 500 then
    raise exception 'A note is at most 500 characters.' using errcode = '22023';
  end if;
  v_ids := private.known_alert_ids(p_ids);
  update public.system_alerts a
  set acknowledged_at = now(),
      acknowledged_by = auth.uid(),
      acknowledge_note = v_note
  where a.id = any (v_ids)
    and not a.resolved
    and a.acknowledged_at is null;
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;
comment on function public.acknowledge_alerts(uuid[], text) is
  'Admins and operators: acknowledges the alerts named (now, by the caller, with the note), all of them or none (an id that names no alert fails the call). Resolved and already acknowledged alerts are left as they are. Returns how many changed.';
revoke all on function public.acknowledge_alerts(uuid[], text) from public;
grant execute on function public.acknowledge_alerts(uuid[], text) to authenticated;

create or replace function public.resolve_alerts(p_ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[];
  v_changed integer;
begin
  if not public.team_can('screens') then
    raise exception 'Only admins and operators can resolve alerts.' using errcode = '42501';
  end if;
  v_ids := private.known_alert_ids(p_ids);
  update public.system_alerts a
  set resolved = true
  where a.id = any (v_ids)
    and not a.resolved;
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;
comment on function public.resolve_alerts(uuid[]) is
  'Admins and operators: resolves the alerts named, all of them or none (an id that names no alert fails the call). Returns how many changed (already resolved ones do not count).';
revoke all on function public.resolve_alerts(uuid[]) from public;
grant execute on function public.resolve_alerts(uuid[]) to authenticated;

-- Bulk actions on screens ------------------------------------------------------------------

-- Screens named by id, all of them there or a failure: the ids, without repeats.
create or replace function private.known_device_ids(p_ids uuid[])
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := array(select distinct i from unnest(coalesce(p_ids, '{}')) i where i is not null);
  v_missing integer;
begin
  if not public.team_can('screens') then
    raise exception 'Only admins and operators can change screens.' using errcode = '42501';
  end if;
  if cardinality(v_ids) = 0 then
    raise exception 'Choose at least one screen.' using errcode = '22023';
  end if;
  select count(*) into v_missing from unnest(v_ids) i where not exists (select 1 from public.equipment_status e where e.id = i);
  if v_missing > 0 then
    raise exception '% of the chosen screens no longer exist; nothing was changed.', v_missing using errcode = 'P0002';
  end if;
  return v_ids;
end
$$;
revoke all on function private.known_device_ids(uuid[]) from public;

create or replace function public.bulk_move_screens(p_device_ids uuid[], p_customer_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := private.known_device_ids(p_device_ids);
  v_changed integer;
begin
  if p_customer_id is null or not exists (select 1 from public.customers c where c.id = p_customer_id) then
    raise exception 'Choose the venue to move the screens to.' using errcode = '23503';
  end if;
  update public.equipment_status e
  set customer_id = p_customer_id
  where e.id = any (v_ids)
    and e.customer_id is distinct from p_customer_id;
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;
comment on function public.bulk_move_screens(uuid[], uuid) is
  'Admins and operators: moves the screens named to a venue, all of them or none (an unknown id, or a move that overbooks a screen at commit, PT409, fails the call). Returns how many moved (those already there do not count).';
revoke all on function public.bulk_move_screens(uuid[], uuid) from public;
grant execute on function public.bulk_move_screens(uuid[], uuid) to authenticated;

create or replace function public.bulk_set_orientation(p_device_ids uuid[], p_orientation text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := private.known_device_ids(p_device_ids);
  v_changed integer;
begin
  if p_orientation is null or p_orientation not in ('landscape', 'portrait') then
    raise exception 'A screen is landscape or portrait.' using errcode = '22023';
  end if;
  update public.equipment_status e
  set orientation = p_orientation
  where e.id = any (v_ids)
    and e.orientation <> p_orientation;
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;
comment on function public.bulk_set_orientation(uuid[], text) is
  'Admins and operators: sets the orientation (landscape or portrait) of the screens named, all of them or none. Returns how many changed.';
revoke all on function public.bulk_set_orientation(uuid[], text) from public;
grant execute on function public.bulk_set_orientation(uuid[], text) to authenticated;

create or replace function public.bulk_revoke_screens(p_device_ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := private.known_device_ids(p_device_ids);
  v_changed integer;
begin
  -- What revoke_screen does for one: off the air, its login dropped (by trigger), its codes
  -- void, its open offline alert closed.
  select count(*) into v_changed
  from public.equipment_status e
  where e.id = any (v_ids) and e.revoked_at is null;

  update public.equipment_status e
  set screen_user_id = null,
      paired_at = null,
      revoked_at = coalesce(e.revoked_at, now()),
      status = 'offline',
      current_campaign_id = null,
      current_slide_id = null,
      diagnostics = null
  where e.id = any (v_ids);

  delete from public.screen_pairings p where p.device_id = any (v_ids);

  update public.system_alerts a
  set ended_at = now(),
      resolved = true
  where a.device_id = any (v_ids)
    and a.alert_type = 'offline'
    and a.ended_at is null;
  return v_changed;
end
$$;
comment on function public.bulk_revoke_screens(uuid[]) is
  'Admins and operators: revokes the screens named as revoke_screen does one (login deleted, codes void, offline with nothing playing, open offline alert closed), all of them or none (an unknown id fails the call). Returns how many were newly revoked.';
revoke all on function public.bulk_revoke_screens(uuid[]) from public;
grant execute on function public.bulk_revoke_screens(uuid[]) to authenticated;

create or replace function public.bulk_delete_screens(p_device_ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := private.known_device_ids(p_device_ids);
  v_changed integer;
begin
  delete from public.equipment_status e where e.id = any (v_ids);
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;
comment on function public.bulk_delete_screens(uuid[]) is
  'Admins and operators: deletes the screens named (a paired screen''s login goes with it), all of them or none (an unknown id fails the call). Returns how many were deleted.';
revoke all on function public.bulk_delete_screens(uuid[]) from public;
grant execute on function public.bulk_delete_screens(uuid[]) to authenticated;

-- Bulk actions on campaigns ----------------------------------------------------------------

-- Campaigns named by id, all of them there or a failure: the ids, without repeats.
create or replace function private.known_campaign_ids(p_ids uuid[])
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := array(select distinct i from unnest(coalesce(p_ids, '{}')) i where i is not null);
  v_missing integer;
begin
  if not public.team_can('content') then
    raise exception 'Only admins, operators and sales can change campaigns.' using errcode = '42501';
  end if;
  if cardinality(v_ids) = 0 then
    raise exception 'Choose at least one campaign.' using errcode = '22023';
  end if;
  select count(*) into v_missing from unnest(v_ids) i where not exists (select 1 from public.campaigns c where c.id = i);
  if v_missing > 0 then
    raise exception '% of the chosen campaigns no longer exist; nothing was changed.', v_missing using errcode = 'P0002';
  end if;
  return v_ids;
end
$$;
revoke all on function private.known_campaign_ids(uuid[]) from public;

-- The booking checks that would run at commit, run now, so an overbooking names its campaign.
create or replace function private.check_bookings_now(p_campaign_name text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  set constraints private.loop_booking_checks_at_commit immediate;
  set constraints private.loop_booking_checks_at_commit deferred;
exception
  when others then
    declare
      v_state text;
      v_message text;
      v_detail text;
      v_hint text;
    begin
      get stacked diagnostics v_state = returned_sqlstate, v_message = message_text,
                              v_detail = pg_exception_detail, v_hint = pg_exception_hint;
      raise exception 'Campaign "%": %', p_campaign_name, v_message
        using errcode = v_state, detail = coalesce(v_detail, ''), hint = coalesce(v_hint, '');
    end;
end
$$;
revoke all on function private.check_bookings_now(text) from public;

create or replace function public.bulk_set_campaign_status(p_campaign_ids uuid[], p_status text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := private.known_campaign_ids(p_campaign_ids);
  v_campaign record;
  v_today date;
  v_status text;
  v_active integer := 0;
  v_scheduled integer := 0;
  v_paused integer := 0;
  v_unchanged integer := 0;
begin
  if p_status is null or p_status not in ('paused', 'active') then
    raise exception 'Campaigns are paused (paused) or resumed (active).' using errcode = '22023';
  end if;
  for v_campaign in
    select c.id, c.name, c.status, c.start_date, c.end_date, v.time_zone
    from public.campaigns c
    left join public.customers v on v.id = c.customer_id
    where c.id = any (v_ids)
    order by c.name, c.id
  loop
    v_today := (now() at time zone coalesce(v_campaign.time_zone, 'UTC'))::date;
    if v_campaign.status = 'completed' or v_campaign.end_date < v_today then
      raise exception 'Campaign "%" has ended; it cannot be %.', v_campaign.name,
        case p_status when 'paused' then 'paused' else 'resumed' end
        using errcode = '23514';
    end if;
    -- Resumed: active, or scheduled when its first day is still to come.
    v_status := case
      when p_status = 'paused' then 'paused'
      when v_campaign.start_date > v_today then 'scheduled'
      else 'active'
    end;
    if p_status = 'active' and v_campaign.status in ('active', 'scheduled') then
      v_status := v_campaign.status;
    end if;
    if v_status = v_campaign.status then
      v_unchanged := v_unchanged + 1;
      continue;
    end if;
    update public.campaigns c set status = v_status where c.id = v_campaign.id;
    perform private.check_bookings_now(v_campaign.name);
    case v_status
      when 'active' then v_active := v_active + 1;
      when 'scheduled' then v_scheduled := v_scheduled + 1;
      else v_paused := v_paused + 1;
    end case;
  end loop;
  return jsonb_build_object(
    'changed', v_active + v_scheduled + v_paused,
    'active', v_active,
    'scheduled', v_scheduled,
    'paused', v_paused,
    'unchanged', v_unchanged
  );
end
$$;
comment on function public.bulk_set_campaign_status(uuid[], text) is
  'Admins, operators and sales: pauses (p_status paused) or resumes (active) the campaigns named, all of them or none. A resumed campaign whose first day is still to come is scheduled; an ended campaign (completed, or past its end date) cannot be paused or resumed, and a resumed network campaign that would overbook a screen is refused (PT409), each failing the whole call with a message naming the campaign. Returns {changed, active, scheduled, paused, unchanged}.';
revoke all on function public.bulk_set_campaign_status(uuid[], text) from public;
grant execute on function public.bulk_set_campaign_status(uuid[], text) to authenticated;

create or replace function public.bulk_delete_campaigns(p_campaign_ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := private.known_campaign_ids(p_campaign_ids);
  v_campaign record;
  v_changed integer := 0;
begin
  for v_campaign in select c.id, c.name from public.campaigns c where c.id = any (v_ids) order by c.name, c.id loop
    begin
      delete from public.campaigns c where c.id = v_campaign.id;
    exception
      when foreign_key_violation or restrict_violation then
        raise exception 'Campaign "%" cannot be deleted: %', v_campaign.name, sqlerrm using errcode = '23503';
    end;
    v_changed := v_changed + 1;
  end loop;
  return v_changed;
end
$$;
comment on function public.bulk_delete_campaigns(uuid[]) is
  'Admins, operators and sales: deletes the campaigns named (with their slides, windows, screens and targets), all of them or none. Returns how many were deleted.';
revoke all on function public.bulk_delete_campaigns(uuid[]) from public;
grant execute on function public.bulk_delete_campaigns(uuid[]) to authenticated;

create or replace function public.bulk_retarget_campaigns(p_campaign_ids uuid[], p_targets jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := private.known_campaign_ids(p_campaign_ids);
  v_campaign record;
  v_changed integer := 0;
begin
  if p_targets is null or jsonb_typeof(p_targets) <> 'array' or jsonb_array_length(p_targets) = 0 then
    raise exception 'Choose at least one venue, group or screen.'
      using errcode = '23514', table = 'campaign_targets', column = 'campaign_id', schema = 'public';
  end if;
  for v_campaign in
    select c.id, c.name, c.customer_id from public.campaigns c where c.id = any (v_ids) order by c.name, c.id
  loop
    if v_campaign.customer_id is not null then
      raise exception 'Campaign "%" is a venue''s own campaign: only network campaigns have targets.', v_campaign.name
        using errcode = '23514';
    end if;
    update public.campaigns c set plays_on = 'targets' where c.id = v_campaign.id and c.plays_on <> 'targets';
    delete from public.campaign_targets t where t.campaign_id = v_campaign.id;
    begin
      insert into public.campaign_targets (campaign_id, customer_id, group_id, device_id)
      select distinct v_campaign.id, (t ->> 'customer_id')::uuid, (t ->> 'group_id')::uuid, (t ->> 'device_id')::uuid
      from jsonb_array_elements(p_targets) t;
    exception
      when check_violation then
        raise exception 'Each target is one venue, one group or one screen.'
          using errcode = '23514', table = 'campaign_targets', column = 'campaign_id', schema = 'public';
      when invalid_text_representation then
        raise exception 'A target names a venue, group or screen by its id.'
          using errcode = '22023', table = 'campaign_targets', schema = 'public';
      when foreign_key_violation then
        raise exception 'A target names a venue, group or screen that does not exist.'
          using errcode = '23503', table = 'campaign_targets', schema = 'public';
    end;
    perform private.check_bookings_now(v_campaign.name);
    v_changed := v_changed + 1;
  end loop;
  return v_changed;
end
$$;
comment on function public.bulk_retarget_campaigns(uuid[], jsonb) is
  'Admins, operators and sales: replaces the targets of the network campaigns named with p_targets ([{customer_id | group_id | device_id}]), all of them or none. A venue''s own campaign, or a campaign the new targets would overbook (PT409), fails the whole call with a message naming it. Returns how many were retargeted.';
revoke all on function public.bulk_retarget_campaigns(uuid[], jsonb) from public;
grant execute on function public.bulk_retarget_campaigns(uuid[], jsonb) to authenticated;
