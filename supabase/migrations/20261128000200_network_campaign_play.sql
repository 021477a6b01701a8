-- Selling the network (3/3): saving a network campaign, asking whether it fits, what a
-- screen plays (its loop and the spots booked in it), and delivery against the schedule.

-- Saving ---------------------------------------------------------------------------------
-- The campaign form saves in one call, as before, now also for a network campaign: its
-- advertiser (p_customer_id null), its spots per loop, and where it plays (p_plays_on
-- 'targets' with p_targets, or 'network'). The booking check runs when the call commits.

drop function if exists public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb);

create function public.save_campaign(
  p_name text,
  p_customer_id uuid,
  p_status text,
  p_start_date date default null,
  p_end_date date default null,
  p_plays_on text default 'all',
  p_screen_ids uuid[] default '{}',
  p_id uuid default null,
  p_priority integer default null,
  p_windows jsonb default null,
  p_advertiser_id uuid default null,
  p_spots_per_loop integer default null,
  p_targets jsonb default null
)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  v_screens uuid[] := coalesce(p_screen_ids, '{}');
  v_window jsonb;
  v_position bigint;
  v_network boolean := p_customer_id is null;
begin
  if p_plays_on = 'chosen' and cardinality(v_screens) = 0 then
    raise exception 'Choose at least one screen, or play on all screens.'
      using errcode = '23514', table = 'campaign_screens', column = 'device_id', schema = 'public';
  end if;
  if v_network and p_advertiser_id is null then
    raise exception 'A network campaign needs an advertiser (or a venue, for a venue''s own campaign).'
      using errcode = '23514', table = 'campaigns', column = 'advertiser_id', schema = 'public';
  end if;
  if v_network and coalesce(p_plays_on, '') not in ('targets', 'network') then
    raise exception 'A network campaign plays on its targets or on the whole network.'
      using errcode = '23514', table = 'campaigns', column = 'plays_on', schema = 'public';
  end if;
  if p_targets is not null and jsonb_typeof(p_targets) <> 'array' then
    raise exception 'Targets must be a JSON array.' using errcode = '22023';
  end if;
  if v_network and p_plays_on = 'targets' and coalesce(jsonb_array_length(p_targets), 0) = 0 then
    raise exception 'Choose at least one venue, group or screen, or play on the whole network.'
      using errcode = '23514', table = 'campaign_targets', column = 'campaign_id', schema = 'public';
  end if;
  if p_windows is not null and jsonb_typeof(p_windows) <> 'array' then
    raise exception 'Schedule windows must be a JSON array.' using errcode = '22023';
  end if;
  if p_windows is not null and jsonb_array_length(p_windows) > 14 then
    raise exception 'A campaign has at most 14 schedule windows.'
      using errcode = '23514', table = 'campaign_windows', column = 'days', schema = 'public';
  end if;

  if p_id is null then
    insert into public.campaigns (name, customer_id, advertiser_id, status, start_date, end_date, plays_on, priority, spots_per_loop)
    values (p_name, p_customer_id, case when v_network then p_advertiser_id end, p_status, p_start_date, p_end_date,
            p_plays_on, coalesce(p_priority, 1), coalesce(p_spots_per_loop, 1))
    returning id into v_id;
  else
    update public.campaigns
       set name = p_name, customer_id = p_customer_id, advertiser_id = case when v_network then p_advertiser_id end,
           status = p_status, start_date = p_start_date, end_date = p_end_date, plays_on = p_plays_on,
           priority = coalesce(p_priority, priority), spots_per_loop = coalesce(p_spots_per_loop, spots_per_loop)
     where id = p_id
    returning id into v_id;
    if v_id is null then
      raise exception 'Campaign not found.' using errcode = 'P0002';
    end if;
  end if;

  if p_plays_on = 'chosen' then
    delete from public.campaign_screens where campaign_id = v_id and device_id <> all (v_screens);
    insert into public.campaign_screens (campaign_id, device_id)
    select v_id, d from unnest(v_screens) as d
    on conflict do nothing;
  else
    delete from public.campaign_screens where campaign_id = v_id;
  end if;

  -- Targets: a list replaces them; a venue campaign, or one on the whole network, has none.
  if not v_network or p_plays_on = 'network' then
    delete from public.campaign_targets where campaign_id = v_id;
  elsif p_targets is not null then
    delete from public.campaign_targets where campaign_id = v_id;
    begin
      insert into public.campaign_targets (campaign_id, customer_id, group_id, device_id)
      select distinct v_id, (t ->> 'customer_id')::uuid, (t ->> 'group_id')::uuid, (t ->> 'device_id')::uuid
      from jsonb_array_elements(p_targets) t;
    exception
      when check_violation then
        raise exception 'Each target is one venue, one group or one screen.'
          using errcode = '23514', table = 'campaign_targets', column = 'campaign_id', schema = 'public';
      when invalid_text_representation then
        raise exception 'A target names a venue, group or screen by its id.'
          using errcode = '22023', table = 'campaign_targets', schema = 'public';
    end;
  end if;

  -- Windows: null leaves them as they are; a list replaces them (empty: all day).
  if p_windows is not null then
    delete from public.campaign_windows where campaign_id = v_id;
    for v_window, v_position in select e.value, e.ordinality from jsonb_array_elements(p_windows) with ordinality e loop
      begin
        insert into public.campaign_windows (campaign_id, days, start_time, end_time)
        values (
          v_id,
          (select coalesce(array_agg(d::smallint order by d::smallint), '{}') from jsonb_array_elements_text(v_window -> 'days') d),
          (v_window ->> 'start')::time,
          (v_window ->> 'end')::time
        );
      exception
        when invalid_text_representation or invalid_datetime_format or datetime_field_overflow or not_null_violation then
          raise exception 'Window % is not a valid schedule window: give days 1 to 7 and times like 07:00.', v_position
            using errcode = '23514', table = 'campaign_windows', column = 'start_time', schema = 'public';
        when check_violation then
          raise exception 'Window %: %', v_position,
            case
              when sqlerrm like '%start_differs_from_end%' then 'the start and the end are the same time.'
              when sqlerrm like '%days_are_weekdays%' then 'choose at least one day.'
              else 'a window cannot start at 24:00; start it at 00:00 instead.'
            end
            using errcode = '23514', table = 'campaign_windows', schema = 'public';
      end;
    end loop;
  end if;

  return v_id;
end
$$;

comment on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb, uuid, integer, jsonb) is
  'Saves the campaign form in one transaction: a new campaign (p_id null) or an existing one, with its priority (null keeps it) and schedule windows (null keeps them; [] plays all day). A venue''s campaign (p_customer_id) plays on ''all'' its screens or the ''chosen'' ones (p_screen_ids). A network campaign (p_customer_id null) has an advertiser, spots_per_loop (null keeps it) and plays on ''targets'' (p_targets: [{customer_id | group_id | device_id}], null keeps them) or the whole ''network''; at commit, a booking that overbooks a screen is refused (PT409). Returns the campaign id. Runs as the caller: only admins may write.';

revoke all on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb, uuid, integer, jsonb) from public, anon;
grant execute on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb, uuid, integer, jsonb) to authenticated;

-- Whether it fits, before saving ------------------------------------------------------------
-- The form asks with what it would save: the save is made, checked at once, and undone.

create or replace function public.check_campaign_booking(
  p_name text,
  p_status text,
  p_advertiser_id uuid,
  p_spots_per_loop integer,
  p_plays_on text,
  p_targets jsonb default '[]',
  p_start_date date default null,
  p_end_date date default null,
  p_windows jsonb default null,
  p_id uuid default null,
  p_slide_seconds integer default null
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_answer jsonb;
  v_id uuid;
  v_message text;
  v_detail text;
begin
  if not public.is_admin() then
    raise exception 'Only admins can book airtime.' using errcode = '42501';
  end if;
  begin
    v_id := public.save_campaign(
      p_name => coalesce(nullif(btrim(p_name), ''), 'Booking check'),
      p_customer_id => null,
      p_status => p_status,
      p_start_date => p_start_date,
      p_end_date => p_end_date,
      p_plays_on => p_plays_on,
      p_id => p_id,
      p_windows => coalesce(p_windows, '[]'::jsonb),
      p_advertiser_id => p_advertiser_id,
      p_spots_per_loop => p_spots_per_loop,
      p_targets => coalesce(p_targets, '[]'::jsonb)
    );
    -- A campaign being made has no slides yet: the form says how long its spot will be.
    if p_slide_seconds is not null then
      delete from public.campaign_items where campaign_id = v_id;
      insert into public.campaign_items (campaign_id, title, display_order, duration)
      values (v_id, 'Spot', 1, p_slide_seconds);
    end if;
    set constraints private.loop_booking_checks_at_commit immediate;
    raise exception using errcode = 'PT200', message = 'fits';
  exception
    when sqlstate 'PT200' then
      v_answer := jsonb_build_object('fits', true);
    when sqlstate 'PT409' then
      get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail;
      v_answer := jsonb_build_object('fits', false, 'message', v_message) || coalesce(v_detail::jsonb, '{}'::jsonb);
  end;
  return v_answer;
end
$$;

comment on function public.check_campaign_booking(text, text, uuid, integer, text, jsonb, date, date, jsonb, uuid, integer) is
  'Admins: whether a network campaign as the form would save it fits every screen it targets: {fits: true}, or {fits: false, message, device_id, day, time, booked_seconds, loop_seconds} for the first overbooked moment. Saves nothing. p_slide_seconds stands for the slides of a campaign that has none yet.';

revoke all on function public.check_campaign_booking(text, text, uuid, integer, text, jsonb, date, date, jsonb, uuid, integer) from public, anon;
grant execute on function public.check_campaign_booking(text, text, uuid, integer, text, jsonb, date, date, jsonb, uuid, integer) to authenticated;

-- What a screen plays ------------------------------------------------------------------------
-- The playlist keeps the venue's own slides (its content, in loop order) and adds the loop:
-- the screen's loop_seconds and the spots booked in it: each network campaign that plays on
-- the screen (or, read for a venue without a screen, on any of its screens, with which ones)
-- and can play today or within the next 7 days, with its spots per loop, its spot length,
-- its schedule and its slides in turn. The player lays the loop out (spots spread evenly,
-- the venue's content in between).

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
begin
  if p_customer_id is not null and p_customer_id is distinct from v_own and not public.is_admin() then
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
                              'loop_seconds', null, 'spots', '[]'::jsonb);
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

  with reach as (
    select t.campaign_id, array_agg(t.device_id order by t.device_id) as device_ids
    from public.campaign_target_screens t
    join public.equipment_status e on e.id = t.device_id
    where e.customer_id = v_customer.id
      and (v_screen_device is null or t.device_id = v_screen_device)
    group by t.campaign_id
  ),
  network as (
    select c.*, r.device_ids, public.campaign_windows_json(c.id) as windows, a.business_name as advertiser_name
    from reach r
    join public.campaigns c on c.id = r.campaign_id
    left join public.advertisers a on a.id = c.advertiser_id
    where c.status in ('active', 'scheduled')
      and (c.start_date is null or c.start_date <= v_today + 7)
      and (c.end_date is null or c.end_date >= v_today)
  )
  select coalesce(jsonb_agg(spot order by spot ->> 'campaign_id'), '[]'::jsonb)
    into v_spots
  from (
    select jsonb_build_object(
             'campaign_id', n.id,
             'campaign_name', n.name,
             'advertiser_id', n.advertiser_id,
             'advertiser_name', n.advertiser_name,
             'spots_per_loop', n.spots_per_loop,
             'spot_seconds', s.seconds,
             'campaign_start_date', n.start_date,
             'campaign_end_date', n.end_date,
             'campaign_status', n.status,
             'campaign_windows', n.windows,
             'on_air', public.campaign_plays_at(n.status, n.start_date, n.end_date, n.windows, v_customer.time_zone, v_at),
             'device_ids', to_jsonb(n.device_ids),
             'slides', s.slides
           ) as spot
    from network n
    cross join lateral (
      select coalesce(max(i.duration), 0) as seconds,
             coalesce(jsonb_agg(jsonb_build_object(
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
               'updated_at', i.updated_at
             ) order by i.display_order, i.id), '[]'::jsonb) as slides
      from public.campaign_items i
      where i.campaign_id = n.id and i.is_active
    ) s
    where s.seconds > 0
  ) spots;

  -- The version names what the lists hold, not when they were read (on_air changes with the clock).
  return jsonb_build_object(
    'version', md5(
      coalesce((select jsonb_agg(s - 'on_air') from jsonb_array_elements(v_slides) s), '[]'::jsonb)::text
      || coalesce((select jsonb_agg(s - 'on_air') from jsonb_array_elements(v_spots) s), '[]'::jsonb)::text
      || coalesce(v_loop::text, '')
    ),
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name, 'time_zone', v_customer.time_zone),
    'today', v_today,
    'now', v_at,
    'slides', v_slides,
    'loop_seconds', v_loop,
    'spots', v_spots
  );
end
$$;

comment on function public.player_playlist(uuid, uuid, timestamptz) is
  'What plays at a venue: slides, its own active slides that can play today or within the next 7 days (status active or scheduled, not ended), in loop order (campaign priority, then display order), each with its campaign''s status, dates, windows, priority and on_air (whether it plays at p_at, now by default, by campaign_plays_at()); loop_seconds, the screen''s loop length (read for a screen: a paired screen''s own device, or p_device_id); and spots, the network campaigns booked on that screen (or on any of the venue''s screens, with device_ids), each with spots_per_loop, spot_seconds, its schedule, on_air and its slides. Read for a screen, venue campaigns on chosen screens count only if that screen is one of them.';

-- Delivery -------------------------------------------------------------------------------------
-- What a network campaign should have played against what was recorded. On each screen and
-- local day: the seconds it was on air (its dates and dayparts in the venue's time zone) ÷
-- the screen's loop × its spots per loop, times the share of the day the screen was
-- reporting (device_uptime_days); recorded: its plays that day (play_days, proof of play).

create or replace function private.campaign_delivery_rows(p_campaign_ids uuid[], p_from date, p_to date)
returns table (campaign_id uuid, device_id uuid, day date, on_air_seconds integer, expected numeric, recorded bigint)
language sql
stable
security definer
set search_path = ''
as $$
  with reach as (
    select t.campaign_id, t.device_id, e.loop_seconds, cu.time_zone, c.spots_per_loop, c.start_date, c.end_date, c.status
    from public.campaign_target_screens t
    join public.campaigns c on c.id = t.campaign_id
    join public.equipment_status e on e.id = t.device_id
    join public.customers cu on cu.id = e.customer_id
    where t.campaign_id = any (p_campaign_ids)
  ),
  days as (
    select r.*, d::date as day
    from reach r
    cross join lateral generate_series(
      greatest(p_from, coalesce(r.start_date, p_from)),
      least(p_to, coalesce(r.end_date, p_to)),
      interval '1 day'
    ) d
  ),
  on_air as (
    select dy.campaign_id, dy.device_id, dy.day, dy.loop_seconds, dy.spots_per_loop,
           coalesce((
             select sum(iv.b - iv.a)
             from (
               select 0 as a, 1440 as b
               where not exists (select 1 from public.campaign_windows w where w.campaign_id = dy.campaign_id)
               union all
               select (extract(epoch from w.start_time) / 60)::int,
                      case when w.end_time > w.start_time then (extract(epoch from w.end_time) / 60)::int else 1440 end
               from public.campaign_windows w
               where w.campaign_id = dy.campaign_id and extract(isodow from dy.day)::smallint = any (w.days)
               union all
               select 0, (extract(epoch from w.end_time) / 60)::int
               from public.campaign_windows w
               where w.campaign_id = dy.campaign_id and w.end_time < w.start_time and w.end_time > time '00:00'
                 and extract(isodow from dy.day - 1)::smallint = any (w.days)
             ) iv
           ), 0) * 60 as seconds
    from days dy
  )
  select o.campaign_id, o.device_id, o.day, o.seconds::int,
         round(o.seconds::numeric / o.loop_seconds * o.spots_per_loop
               * coalesce(u.online_minutes::numeric / nullif(u.observed_minutes, 0), 0), 1),
         coalesce((
           select sum(p.plays) from public.play_days p
           where p.campaign_id = o.campaign_id and p.device_id = o.device_id and p.day = o.day
         ), 0)
  from on_air o
  left join public.device_uptime_days u on u.device_id = o.device_id and u.day = o.day
$$;

revoke all on function private.campaign_delivery_rows(uuid[], date, date) from public, anon, authenticated;

create or replace function public.campaign_delivery(p_campaign_id uuid, p_from date default null, p_to date default null)
returns table (day date, screens integer, expected_plays numeric, recorded_plays bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_campaign public.campaigns;
begin
  if not public.is_admin() then
    raise exception 'Only admins can read delivery.' using errcode = '42501';
  end if;
  select * into v_campaign from public.campaigns c where c.id = p_campaign_id and c.customer_id is null;
  if not found then
    raise exception 'No such network campaign.' using errcode = 'P0002';
  end if;
  return query
  select r.day, count(distinct r.device_id)::int, sum(r.expected), sum(r.recorded)::bigint
  from private.campaign_delivery_rows(
         array[p_campaign_id],
         coalesce(p_from, v_campaign.start_date, (v_campaign.created_at at time zone 'UTC')::date),
         coalesce(p_to, least(v_campaign.end_date, current_date))
       ) r
  group by r.day
  order by r.day;
end
$$;

comment on function public.campaign_delivery(uuid, date, date) is
  'Admins: a network campaign''s delivery per day (screens'' local days, from its start, or creation, to its end or today): screens it played on, plays expected from its schedule, spots and the screens'' uptime, and plays recorded (proof of play).';

revoke all on function public.campaign_delivery(uuid, date, date) from public, anon;
grant execute on function public.campaign_delivery(uuid, date, date) to authenticated;

create or replace function public.network_campaign_pacing()
returns table (campaign_id uuid, expected_plays numeric, recorded_plays bigint, pace numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can read delivery.' using errcode = '42501';
  end if;
  return query
  with sums as (
    select r.campaign_id, sum(r.expected) as expected, sum(r.recorded)::bigint as recorded
    from private.campaign_delivery_rows(
           array(select c.id from public.campaigns c where c.customer_id is null),
           (select coalesce(min(coalesce(c.start_date, (c.created_at at time zone 'UTC')::date)), current_date)
              from public.campaigns c where c.customer_id is null),
           current_date
         ) r
    group by r.campaign_id
  )
  select c.id, coalesce(s.expected, 0), coalesce(s.recorded, 0),
         case when coalesce(s.expected, 0) > 0 then round(s.recorded / s.expected, 3) end
  from public.campaigns c
  left join sums s on s.campaign_id = c.id
  where c.customer_id is null;
end
$$;

comment on function public.network_campaign_pacing() is
  'Admins: for every network campaign, plays expected so far (its schedule, spots and the screens'' uptime, to today) and recorded, and pace = recorded ÷ expected (null with nothing expected yet).';

revoke all on function public.network_campaign_pacing() from public, anon;
grant execute on function public.network_campaign_pacing() to authenticated;

-- Under-delivery alerts: a running network campaign that delivered under 90 % of what its
-- online screens should have played in a day raises one alert for that day, e-mailed like
-- the others, once the day has ended at all its screens.

alter table public.system_alerts
  add column campaign_id uuid references public.campaigns (id) on delete cascade,
  add column alert_day date,
  drop constraint system_alerts_alert_type_is_known,
  add constraint system_alerts_alert_type_is_known
    check (alert_type in ('offline', 'wifi_lost', 'back_online', 'maintenance', 'other', 'under_delivery'));

comment on column public.system_alerts.campaign_id is 'The network campaign an under_delivery alert is about.';
comment on column public.system_alerts.alert_day is 'The day an under_delivery alert is about.';

create unique index system_alerts_one_under_delivery_per_day
  on public.system_alerts (campaign_id, alert_day) where alert_type = 'under_delivery';

create or replace function public.check_campaign_delivery()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email_state text;
  v_raised integer;
begin
  select case
           when coalesce(s.email_enabled, false) and exists (
             select 1 from public.alert_recipients r join public.users u on u.id = r.user_id where u.role = 'admin'
           ) then 'pending'
           else 'skipped'
         end
    into v_email_state
  from public.alert_settings s
  where s.id;

  with running as (
    select c.id, c.name
    from public.campaigns c
    where c.customer_id is null and c.status = 'active'
  ),
  days as (
    -- The last three days that have ended at every screen the campaign plays on.
    select r.id as campaign_id, d::date as day
    from running r
    cross join lateral generate_series(current_date - 3, current_date, interval '1 day') d
    where now() >= (
      select max((d::date + 1)::timestamp at time zone cu.time_zone)
      from public.campaign_target_screens t
      join public.equipment_status e on e.id = t.device_id
      join public.customers cu on cu.id = e.customer_id
      where t.campaign_id = r.id
    )
  ),
  delivered as (
    select dy.campaign_id, dy.day, sum(x.expected) as expected, sum(x.recorded) as recorded
    from days dy
    cross join lateral private.campaign_delivery_rows(array[dy.campaign_id], dy.day, dy.day) x
    group by dy.campaign_id, dy.day
  ),
  added as (
    insert into public.system_alerts (alert_type, severity, message, campaign_id, alert_day, email_state)
    select 'under_delivery', 'medium',
           format('%s delivered %s of %s expected plays on %s (%s %%).',
                  r.name, d.recorded, round(d.expected), to_char(d.day, 'DD Mon YYYY'),
                  round(100 * d.recorded / d.expected)),
           d.campaign_id, d.day, v_email_state
    from delivered d
    join running r on r.id = d.campaign_id
    where d.expected >= 1 and d.recorded < 0.9 * d.expected
    on conflict do nothing
    returning 1
  )
  select count(*) into v_raised from added;
  return v_raised;
end
$$;

comment on function public.check_campaign_delivery() is
  'Raises an under_delivery alert (e-mailed when alert e-mails are on) for each running network campaign that recorded under 90 % of its expected plays on a day that has ended at all its screens (the last three days; once per day). Run by the network-upkeep job.';

revoke all on function public.check_campaign_delivery() from public, anon, authenticated;
grant execute on function public.check_campaign_delivery() to service_role;

-- The hourly job checks delivery too.
create or replace function public.run_network_upkeep()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'campaigns', public.advance_campaign_statuses(),
    'partitions', public.maintain_play_partitions(),
    'rollups_pruned', public.prune_play_rollups(),
    'figures_day', public.take_daily_figures(),
    'under_delivery', public.check_campaign_delivery()
  );
end
$$;

comment on function public.run_network_upkeep() is
  'The network-upkeep job (hourly): campaign statuses, play partitions and retention, roll-up retention, today''s daily figures, under-delivery alerts.';

-- Alert e-mails name the campaign and day of an under_delivery alert (the e-mail links to it).
create or replace function public.claim_alert_emails(p_limit integer default 500)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_alerts jsonb;
  v_recipients jsonb;
  v_portal text;
begin
  with claimed as (
    update public.system_alerts a
    set email_claimed_at = now(),
        email_attempts = a.email_attempts + 1
    where a.id in (
      select p.id from public.system_alerts p
      where p.email_state = 'pending'
        and (p.email_claimed_at is null or p.email_claimed_at < now() - interval '5 minutes')
      order by p.created_at
      limit greatest(coalesce(p_limit, 500), 1)
      for update skip locked
    )
    returning a.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', a.id,
           'alert_type', a.alert_type,
           'severity', a.severity,
           'message', a.message,
           'created_at', a.created_at,
           'silent_since', a.silent_since,
           'ended_at', a.ended_at,
           'device_id', a.device_id,
           'device_name', e.device_name,
           'customer_name', c.name,
           'customer_location', c.location,
           'time_zone', coalesce(c.time_zone, 'UTC'),
           'campaign_id', a.campaign_id,
           'campaign_name', p.name,
           'alert_day', a.alert_day
         ) order by a.created_at, e.device_name), '[]'::jsonb)
  into v_alerts
  from claimed a
  left join public.equipment_status e on e.id = a.device_id
  left join public.customers c on c.id = a.customer_id
  left join public.campaigns p on p.id = a.campaign_id;

  select coalesce(jsonb_agg(u.email order by u.email), '[]'::jsonb) into v_recipients
  from public.alert_recipients r
  join public.users u on u.id = r.user_id
  where u.role = 'admin' and u.email is not null;

  select s.portal_url into v_portal from public.alert_settings s where s.id;

  return jsonb_build_object('alerts', v_alerts, 'recipients', v_recipients, 'portal_url', v_portal);
end
$$;
