-- Scheduling that acts:
--  * Statuses: a campaign plays while its status is active or scheduled and the venue's day
--    is within its dates; paused and completed never play. The hourly network-upkeep job
--    moves the stored status on: scheduled becomes active on its start date, active (or
--    scheduled) becomes completed after its end date, each in the venue's time zone.
--  * Dayparts: a campaign may have schedule windows (campaign_windows): days of the week and
--    a time range in the venue's time zone; an end before the start runs over midnight into
--    the next day. Without windows a campaign plays all day.
--  * Priority: campaigns of higher priority come first in each loop (equal priorities are
--    merged by display order, as before); a slide's priority is how many times it plays in
--    each loop, spread evenly (the player expands the loop; see README).
--  * player_playlist() carries, for each slide, its campaign's status, dates, windows and
--    priority, and whether it is on air at the time asked (now by default), with the
--    campaigns that start within the next 7 days, so a screen switches at a window's edge
--    or a start date by itself, offline too.

create table public.campaign_windows (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null
    constraint campaign_windows_campaign_id_fkey references public.campaigns (id) on delete cascade,
  days smallint[] not null
    constraint campaign_windows_days_are_weekdays
    check (cardinality(days) between 1 and 7 and days <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  start_time time not null
    constraint campaign_windows_start_before_midnight check (start_time < time '24:00'),
  end_time time not null,
  created_at timestamptz not null default now(),
  constraint campaign_windows_start_differs_from_end check (start_time <> end_time)
);

comment on table public.campaign_windows is
  'Dayparts: when a campaign plays, as days of the week (1 Monday .. 7 Sunday) and a time range in the venue''s time zone; an end before the start runs over midnight into the next day. A campaign without windows plays all day.';

create index campaign_windows_campaign_id_idx on public.campaign_windows (campaign_id);

alter table public.campaign_windows enable row level security;

create policy "Admins can read every campaign's windows"
  on public.campaign_windows for select
  to authenticated
  using ((select public.is_admin()));

create policy "Venues and their screens can read the venue's campaign windows"
  on public.campaign_windows for select
  to authenticated
  using (
    exists (
      select 1 from public.campaigns c
      where c.id = campaign_windows.campaign_id
        and c.customer_id = (select public.viewer_customer_id())
    )
  );

create policy "Admins can add campaign windows"
  on public.campaign_windows for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can change campaign windows"
  on public.campaign_windows for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can remove campaign windows"
  on public.campaign_windows for delete
  to authenticated
  using ((select public.is_admin()));

alter publication supabase_realtime add table public.campaign_windows;

-- A scheduled campaign needs the day it starts.
create or replace function public.check_scheduled_campaign()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'scheduled' and new.start_date is null then
    raise exception 'A scheduled campaign needs a start date.'
      using errcode = '23514', constraint = 'campaigns_scheduled_has_start_date',
            table = 'campaigns', column = 'start_date', schema = 'public';
  end if;
  return new;
end
$$;

create trigger campaigns_check_scheduled
  before insert or update of status, start_date on public.campaigns
  for each row execute function public.check_scheduled_campaign();

-- The rules, in one place ----------------------------------------------------------------
-- A campaign's windows as the player reads them: [{days: [1..7], start: 'HH:MM', end: 'HH:MM'}].
create or replace function public.campaign_windows_json(p_campaign_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'days', to_jsonb(w.days),
           'start', to_char(w.start_time, 'HH24:MI'),
           'end', case when w.end_time = time '24:00' then '24:00' else to_char(w.end_time, 'HH24:MI') end
         ) order by w.start_time, w.created_at, w.id), '[]'::jsonb)
  from public.campaign_windows w
  where w.campaign_id = p_campaign_id
$$;

-- True when a local time falls in one of the windows (none: always). An end before the start
-- covers the start day from the start to midnight and the next day from midnight to the end.
create or replace function public.windows_cover(p_windows jsonb, p_local timestamp)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_array_length(p_windows), 0) = 0
    or exists (
      select 1
      from jsonb_array_elements(p_windows) w,
        lateral (
          select
            (w ->> 'start')::time as s,
            (w ->> 'end')::time as e,
            extract(isodow from p_local)::integer as d,
            p_local::time as t
        ) x
      where case
        when x.s < x.e then (w -> 'days') @> to_jsonb(x.d) and x.t >= x.s and x.t < x.e
        else ((w -> 'days') @> to_jsonb(x.d) and x.t >= x.s)
          or ((w -> 'days') @> to_jsonb(case when x.d = 1 then 7 else x.d - 1 end) and x.t < x.e)
      end
    )
$$;

-- Whether a campaign plays at an instant: status active or scheduled, the venue's day of
-- that instant within the dates (inclusive, open ends), and the local time in a window.
create or replace function public.campaign_plays_at(
  p_status text,
  p_start_date date,
  p_end_date date,
  p_windows jsonb,
  p_time_zone text,
  p_at timestamptz
)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_status in ('active', 'scheduled')
    and (p_start_date is null or p_start_date <= (p_at at time zone p_time_zone)::date)
    and (p_end_date is null or p_end_date >= (p_at at time zone p_time_zone)::date)
    and public.windows_cover(p_windows, p_at at time zone p_time_zone)
$$;

comment on function public.campaign_plays_at(text, date, date, jsonb, text, timestamptz) is
  'The rule of what plays: status active or scheduled, the venue-local day within the dates, the local time in a window (or no windows). The player applies the same rule (src/entities/campaign/schedule.ts).';

-- The stored status follows the calendar (hourly, network-upkeep).
create or replace function public.advance_campaign_statuses()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_started integer;
  v_completed integer;
begin
  update public.campaigns c
  set status = 'completed'
  from public.customers v
  where v.id = c.customer_id
    and c.status in ('active', 'scheduled')
    and c.end_date is not null
    and c.end_date < (now() at time zone v.time_zone)::date;
  get diagnostics v_completed = row_count;

  update public.campaigns c
  set status = 'active'
  from public.customers v
  where v.id = c.customer_id
    and c.status = 'scheduled'
    and c.start_date <= (now() at time zone v.time_zone)::date;
  get diagnostics v_started = row_count;

  return jsonb_build_object('started', v_started, 'completed', v_completed);
end
$$;

comment on function public.advance_campaign_statuses() is
  'Hourly (pg_cron, network-upkeep): scheduled campaigns whose start date has come become active; those past their end date become completed (venue-local days).';

revoke all on function public.advance_campaign_statuses() from public, anon, authenticated;
grant execute on function public.advance_campaign_statuses() to service_role;

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
    'figures_day', public.take_daily_figures()
  );
end
$$;

-- Saving the campaign form: fields, priority, where it plays and when, in one call ---------
drop function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid);

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
  p_windows jsonb default null
)
returns uuid
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_screens uuid[] := coalesce(p_screen_ids, '{}');
  v_window jsonb;
  v_position bigint;
begin
  if p_plays_on = 'chosen' and cardinality(v_screens) = 0 then
    raise exception 'Choose at least one screen, or play on all screens.'
      using errcode = '23514', table = 'campaign_screens', column = 'device_id', schema = 'public';
  end if;
  if p_windows is not null and jsonb_typeof(p_windows) <> 'array' then
    raise exception 'Schedule windows must be a JSON array.' using errcode = '22023';
  end if;
  if p_windows is not null and jsonb_array_length(p_windows) > 14 then
    raise exception 'A campaign has at most 14 schedule windows.'
      using errcode = '23514', table = 'campaign_windows', column = 'days', schema = 'public';
  end if;

  if p_id is null then
    insert into public.campaigns (name, customer_id, status, start_date, end_date, plays_on, priority)
    values (p_name, p_customer_id, p_status, p_start_date, p_end_date, p_plays_on, coalesce(p_priority, 1))
    returning id into v_id;
  else
    update public.campaigns
       set name = p_name, customer_id = p_customer_id, status = p_status,
           start_date = p_start_date, end_date = p_end_date, plays_on = p_plays_on,
           priority = coalesce(p_priority, priority)
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

comment on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb) is
  'Saves the campaign form in one transaction: a new campaign (p_id null) or an existing one, with its priority (null keeps it), where it plays (''all'' or ''chosen'') and its chosen screens, and its schedule windows (null keeps them; [] plays all day). Returns the campaign id. Runs as the caller: only admins may write.';

revoke execute on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb) from public, anon;
grant execute on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb) to authenticated;

-- What plays -------------------------------------------------------------------------------
drop function public.player_playlist(uuid, uuid);

create function public.player_playlist(
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
    return jsonb_build_object('version', '', 'customer', null, 'today', null, 'now', v_at, 'slides', '[]'::jsonb);
  end if;

  v_today := (v_at at time zone v_customer.time_zone)::date;

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

  -- The version names what the list holds, not when it was read (on_air changes with the clock).
  return jsonb_build_object(
    'version', md5(coalesce((
      select jsonb_agg(s - 'on_air') from jsonb_array_elements(v_slides) s
    ), '[]'::jsonb)::text),
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name, 'time_zone', v_customer.time_zone),
    'today', v_today,
    'now', v_at,
    'slides', v_slides
  );
end
$$;

comment on function public.player_playlist(uuid, uuid, timestamptz) is
  'What plays at a venue: the active slides of its campaigns that can play today or within the next 7 days (status active or scheduled, not ended), in loop order (campaign priority, then display order), each with its campaign''s status, dates, windows and priority and on_air: whether it plays at p_at (now by default) by campaign_plays_at(). Read for a screen (a paired screen''s own device, or p_device_id), campaigns on chosen screens count only if that screen is one of them.';

revoke execute on function public.player_playlist(uuid, uuid, timestamptz) from public, anon;
grant execute on function public.player_playlist(uuid, uuid, timestamptz) to authenticated;
