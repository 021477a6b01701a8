-- Selling the network (2/3): airtime that cannot be oversold, and availability.
--
-- A network campaign that is booked (status active or scheduled) takes, in every loop of
-- every screen it plays on and whenever its dates and dayparts say it plays (in the
-- screen's venue's time zone), spots_per_loop × the duration of its longest active slide.
-- The booked seconds of a screen at a moment are the sum over its booked campaigns playing
-- then; they may never exceed the screen's loop_seconds. Every write that could change that
-- (a campaign activated, its dates or dayparts widened, a target added, a screen added to a
-- targeted group or moved to another venue, a slide added or lengthened, a loop shortened, a
-- venue's time zone changed) is checked when its transaction commits: one that overbooks any
-- screen at any moment from today on is refused with PT409 (HTTP 409) naming the screen and
-- the first day and time it would overflow. Venue campaigns are never sold airtime.

create schema if not exists private;

-- The peaks engine -------------------------------------------------------------------------
-- For screens and days: the highest booked seconds within each day and the first minute
-- they pass the loop. Screens that share a time zone, a loop length and the same bookings
-- share the computation (a network of thousands of screens has far fewer such kinds).
-- With p_from and p_to, every day of that range (the screens' local days); without them, the
-- check: from each screen's today, the first 7 days after every date its booked set changes
-- (between those dates the bookings repeat week after week, so the first week is enough).
create or replace function private.loop_peaks(
  p_devices uuid[],
  p_from date default null,
  p_to date default null,
  p_at timestamptz default now()
)
returns table (
  device_id uuid,
  day date,
  loop_seconds integer,
  booked_seconds integer,
  over_minute integer,
  over_seconds integer
)
language sql
stable
security definer
set search_path = ''
as $$
  with screens as (
    select e.id, e.loop_seconds, c.time_zone
    from public.equipment_status e
    join public.customers c on c.id = e.customer_id
    where p_devices is null or e.id = any (p_devices)
  ),
  booked as (
    select c.id, c.start_date, c.end_date,
           c.spots_per_loop * coalesce((
             select max(i.duration) from public.campaign_items i where i.campaign_id = c.id and i.is_active
           ), 0) as weight
    from public.campaigns c
    where c.customer_id is null and c.status in ('active', 'scheduled')
  ),
  bookings as (
    select t.device_id, b.id as campaign_id, b.weight
    from public.campaign_target_screens t
    join screens s on s.id = t.device_id
    join booked b on b.id = t.campaign_id
    where b.weight > 0
  ),
  kinds as (
    select s.id as device_id, s.loop_seconds, s.time_zone,
           md5(s.time_zone || '|' || s.loop_seconds || '|' ||
               coalesce(string_agg(bk.campaign_id::text || '*' || bk.weight, ',' order by bk.campaign_id), '')) as kind
    from screens s
    left join bookings bk on bk.device_id = s.id
    group by s.id, s.loop_seconds, s.time_zone
  ),
  kind_campaigns as (
    select distinct k.kind, bk.campaign_id, bk.weight
    from kinds k
    join bookings bk on bk.device_id = k.device_id
  ),
  kind_today as (
    select distinct k.kind, k.loop_seconds, (p_at at time zone k.time_zone)::date as today
    from kinds k
  ),
  days as (
    select t.kind, d::date as day
    from kind_today t
    cross join lateral generate_series(p_from, p_to, interval '1 day') d
    where p_from is not null and p_to is not null
    union
    select t.kind, d::date
    from kind_today t
    cross join lateral (
      select t.today as b
      union
      select b.start_date from kind_campaigns kc join booked b on b.id = kc.campaign_id
      where kc.kind = t.kind and b.start_date > t.today
      union
      select b.end_date + 1 from kind_campaigns kc join booked b on b.id = kc.campaign_id
      where kc.kind = t.kind and b.end_date >= t.today
    ) bounds
    cross join lateral generate_series(bounds.b, bounds.b + 6, interval '1 day') d
    where p_from is null or p_to is null
  ),
  intervals as (
    -- The minutes [a, b) of a day a campaign plays: all day without windows; a window on its
    -- day, to its end or to midnight when it runs over it; and the part after midnight of a
    -- window that started the day before.
    select dy.kind, dy.day, kc.weight, iv.a, iv.b
    from days dy
    join kind_campaigns kc on kc.kind = dy.kind
    join booked b on b.id = kc.campaign_id
    cross join lateral (
      select 0 as a, 1440 as b
      where not exists (select 1 from public.campaign_windows w where w.campaign_id = b.id)
      union all
      select (extract(epoch from w.start_time) / 60)::int,
             case when w.end_time > w.start_time then (extract(epoch from w.end_time) / 60)::int else 1440 end
      from public.campaign_windows w
      where w.campaign_id = b.id and extract(isodow from dy.day)::smallint = any (w.days)
      union all
      select 0, (extract(epoch from w.end_time) / 60)::int
      from public.campaign_windows w
      where w.campaign_id = b.id and w.end_time < w.start_time and w.end_time > time '00:00'
        and extract(isodow from dy.day - 1)::smallint = any (w.days)
    ) iv
    where (b.start_date is null or b.start_date <= dy.day)
      and (b.end_date is null or b.end_date >= dy.day)
  ),
  events as (
    select kind, day, a as minute, weight as delta from intervals
    union all
    select kind, day, b, -weight from intervals
  ),
  running as (
    -- Ends before starts at the same minute: intervals are half-open.
    select kind, day, minute,
           sum(delta) over (partition by kind, day order by minute, delta rows unbounded preceding)::int as load
    from events
  ),
  peaks as (
    select r.kind, r.day, max(r.load) as peak
    from running r
    group by r.kind, r.day
  ),
  overs as (
    select distinct on (r.kind, r.day) r.kind, r.day, r.minute, r.load
    from running r
    join kind_today t on t.kind = r.kind
    where r.load > t.loop_seconds
    order by r.kind, r.day, r.minute, r.load desc
  )
  select k.device_id, dy.day, k.loop_seconds, coalesce(p.peak, 0), o.minute, o.load
  from kinds k
  join days dy on dy.kind = k.kind
  left join peaks p on p.kind = k.kind and p.day = dy.day
  left join overs o on o.kind = k.kind and o.day = dy.day
$$;

comment on function private.loop_peaks(uuid[], date, date, timestamptz) is
  'For screens (null: every screen at a venue) and days: the peak booked seconds of network campaigns within each local day, and the first minute (and load) they pass the screen''s loop. With p_from/p_to every day of the range; without, from each screen''s today the first week after each date its bookings change.';

revoke all on function private.loop_peaks(uuid[], date, date, timestamptz) from public, anon, authenticated;

-- The check at commit ----------------------------------------------------------------------

create table private.loop_booking_checks (
  txid bigint not null default txid_current(),
  kind text not null constraint loop_booking_checks_kind_is_known check (kind in ('campaign', 'device', 'customer')),
  id uuid not null
);

comment on table private.loop_booking_checks is
  'What a transaction changed that may change a screen''s bookings (a network campaign, a screen, a venue): checked, and emptied, when it commits.';

create index loop_booking_checks_txid_idx on private.loop_booking_checks (txid);

/** Refuses (PT409) the first overbooked moment of any of the screens, if there is one. */
create or replace function private.check_loop_bookings(p_devices uuid[])
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_over record;
begin
  if coalesce(cardinality(p_devices), 0) = 0 then
    return;
  end if;
  select p.device_id, p.day, p.loop_seconds, p.over_minute, p.over_seconds, e.device_name, c.name as venue
    into v_over
  from private.loop_peaks(p_devices) p
  join public.equipment_status e on e.id = p.device_id
  join public.customers c on c.id = e.customer_id
  where p.over_minute is not null
  order by p.day, p.over_minute, e.device_name, e.id
  limit 1;
  if found then
    raise exception '% at % would be overbooked on % from %: % s of its % s loop booked.',
        v_over.device_name, v_over.venue, to_char(v_over.day, 'Dy DD Mon YYYY'),
        to_char(make_time(v_over.over_minute / 60 % 24, v_over.over_minute % 60, 0), 'HH24:MI'),
        v_over.over_seconds, v_over.loop_seconds
      using errcode = 'PT409',
            detail = jsonb_build_object(
              'device_id', v_over.device_id,
              'day', v_over.day,
              'time', to_char(make_time(v_over.over_minute / 60 % 24, v_over.over_minute % 60, 0), 'HH24:MI'),
              'booked_seconds', v_over.over_seconds,
              'loop_seconds', v_over.loop_seconds
            )::text,
            hint = 'Book fewer spots, fewer screens or other dates and times, or lengthen the screen''s loop.';
  end if;
end
$$;

revoke all on function private.check_loop_bookings(uuid[]) from public, anon, authenticated;

/** The deferred trigger: the first one at commit checks everything the transaction noted. */
create or replace function private.run_loop_booking_checks()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_campaigns uuid[];
  v_devices uuid[];
  v_customers uuid[];
begin
  with taken as (
    delete from private.loop_booking_checks k where k.txid = txid_current() returning k.kind, k.id
  )
  select array_agg(distinct t.id) filter (where t.kind = 'campaign'),
         array_agg(distinct t.id) filter (where t.kind = 'device'),
         array_agg(distinct t.id) filter (where t.kind = 'customer')
    into v_campaigns, v_devices, v_customers
  from taken t;
  if v_campaigns is null and v_devices is null and v_customers is null then
    return null;
  end if;
  perform private.check_loop_bookings(array(
    select ts.device_id from public.campaign_target_screens ts where ts.campaign_id = any (coalesce(v_campaigns, '{}'))
    union
    select e.id from public.equipment_status e
    where e.customer_id is not null
      and (e.id = any (coalesce(v_devices, '{}')) or e.customer_id = any (coalesce(v_customers, '{}')))
  ));
  return null;
end
$$;

create constraint trigger loop_booking_checks_at_commit
  after insert on private.loop_booking_checks
  deferrable initially deferred
  for each row execute function private.run_loop_booking_checks();

-- What notes a change: each row trigger adds a line; the lines are read once, at commit.

create or replace function private.note_campaign_booking()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'campaigns' then
    -- Only what can widen a booking: a network campaign booked (active or scheduled) that is
    -- new, newly booked, or whose dates, spots or reach changed. Narrowing needs no check,
    -- and the hourly job moving scheduled to active changes nothing booked.
    if new.customer_id is null and new.status in ('active', 'scheduled') then
      if tg_op = 'INSERT' then
        insert into private.loop_booking_checks (kind, id) values ('campaign', new.id);
      elsif old.status not in ('active', 'scheduled')
         or old.customer_id is not null
         or old.start_date is distinct from new.start_date
         or old.end_date is distinct from new.end_date
         or old.spots_per_loop is distinct from new.spots_per_loop
         or old.plays_on is distinct from new.plays_on then
        insert into private.loop_booking_checks (kind, id) values ('campaign', new.id);
      end if;
    end if;
  else
    -- A slide's text or picture changed: its spot is as long as before.
    if tg_table_name = 'campaign_items' and tg_op = 'UPDATE' then
      if (to_jsonb(old) -> 'duration') = (to_jsonb(new) -> 'duration')
         and (to_jsonb(old) -> 'is_active') = (to_jsonb(new) -> 'is_active')
         and (to_jsonb(old) -> 'campaign_id') = (to_jsonb(new) -> 'campaign_id') then
        return null;
      end if;
    end if;
    -- campaign_items, campaign_windows, campaign_targets: their campaign, if it is a network one.
    insert into private.loop_booking_checks (kind, id)
    select 'campaign', c.id
    from public.campaigns c
    where c.id = case when tg_op = 'DELETE' then (to_jsonb(old) ->> 'campaign_id')::uuid
                      else (to_jsonb(new) ->> 'campaign_id')::uuid end
      and c.customer_id is null;
  end if;
  return null;
end
$$;

create trigger campaigns_note_booking after insert or update on public.campaigns
  for each row execute function private.note_campaign_booking();
create trigger campaign_items_note_booking after insert or update on public.campaign_items
  for each row execute function private.note_campaign_booking();
-- A window removed widens a campaign (no windows: all day), so deletes count here.
create trigger campaign_windows_note_booking after insert or update or delete on public.campaign_windows
  for each row execute function private.note_campaign_booking();
create trigger campaign_targets_note_booking after insert or update on public.campaign_targets
  for each row execute function private.note_campaign_booking();

create or replace function private.note_screen_booking()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'customers' then
    insert into private.loop_booking_checks (kind, id) values ('customer', new.id);
  else
    -- equipment_status (its own id) or screen_group_members (its device).
    insert into private.loop_booking_checks (kind, id)
    values ('device', coalesce((to_jsonb(new) ->> 'device_id')::uuid, (to_jsonb(new) ->> 'id')::uuid));
  end if;
  return null;
end
$$;

create trigger equipment_status_note_booking after insert or update of loop_seconds, customer_id on public.equipment_status
  for each row execute function private.note_screen_booking();
create trigger screen_group_members_note_booking after insert on public.screen_group_members
  for each row execute function private.note_screen_booking();
create trigger customers_note_booking after update of time_zone on public.customers
  for each row when (old.time_zone is distinct from new.time_zone)
  execute function private.note_screen_booking();

-- Availability -----------------------------------------------------------------------------

create or replace function public.network_availability(
  p_start date,
  p_end date,
  p_group_id uuid default null,
  p_customer_id uuid default null
)
returns table (device_id uuid, day date, loop_seconds integer, booked_seconds integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can read the network''s availability.' using errcode = '42501';
  end if;
  if p_start is null or p_end is null or p_end < p_start then
    raise exception 'The period needs a start and an end on or after it.' using errcode = '22023';
  end if;
  if p_end - p_start > 366 then
    raise exception 'The period is at most a year.' using errcode = '22023';
  end if;
  return query
  select p.device_id, p.day, p.loop_seconds, p.booked_seconds
  from private.loop_peaks(
         array(
           select e.id
           from public.equipment_status e
           where e.customer_id is not null
             and (p_customer_id is null or e.customer_id = p_customer_id)
             and (p_group_id is null or exists (
               select 1 from public.screen_group_members m where m.group_id = p_group_id and m.device_id = e.id))
         ),
         p_start,
         p_end
       ) p
  order by p.device_id, p.day;
end
$$;

comment on function public.network_availability(date, date, uuid, uuid) is
  'Admins: per screen (of a group, of a venue, or every screen at a venue) and day of p_start..p_end (each screen''s local days): its loop length and the peak seconds of it that network campaigns have booked within the day.';

revoke all on function public.network_availability(date, date, uuid, uuid) from public, anon;
grant execute on function public.network_availability(date, date, uuid, uuid) to authenticated;

-- What is booked on one screen on one day (the Availability page's drill-down).
create or replace function public.screen_day_bookings(p_device_id uuid, p_day date)
returns table (
  campaign_id uuid,
  campaign_name text,
  advertiser_id uuid,
  advertiser_name text,
  spots_per_loop integer,
  spot_seconds integer,
  booked_seconds integer,
  windows jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can read bookings.' using errcode = '42501';
  end if;
  return query
  select c.id, c.name, a.id, a.business_name, c.spots_per_loop, s.seconds, c.spots_per_loop * s.seconds,
         public.campaign_windows_json(c.id)
  from public.campaign_target_screens t
  join public.campaigns c on c.id = t.campaign_id
  left join public.advertisers a on a.id = c.advertiser_id
  cross join lateral (
    select coalesce(max(i.duration), 0)::int as seconds
    from public.campaign_items i where i.campaign_id = c.id and i.is_active
  ) s
  where t.device_id = p_device_id
    and c.status in ('active', 'scheduled')
    and (c.start_date is null or c.start_date <= p_day)
    and (c.end_date is null or c.end_date >= p_day)
    and (
      not exists (select 1 from public.campaign_windows w where w.campaign_id = c.id)
      or exists (
        select 1 from public.campaign_windows w
        where w.campaign_id = c.id
          and (extract(isodow from p_day)::smallint = any (w.days)
               or (w.end_time < w.start_time and extract(isodow from p_day - 1)::smallint = any (w.days)))
      )
    )
  order by c.spots_per_loop * s.seconds desc, c.name;
end
$$;

comment on function public.screen_day_bookings(uuid, date) is
  'Admins: the network campaigns booked on a screen on a day (whose dates and dayparts touch it), with their spots, spot length and seconds per loop.';

revoke all on function public.screen_day_bookings(uuid, date) from public, anon;
grant execute on function public.screen_day_bookings(uuid, date) to authenticated;
