-- Network campaigns reach the walls by Broadcast from the database.
--
-- A screen used to hear of a change through postgres_changes on its venue's campaigns and read
-- its playlist again. Network campaigns (customer_id null) are admins' rows under row-level
-- security, so no screen hears of them; and a read by every screen a campaign plays on (two
-- thousand screens for one edit) is a storm. Instead, when a transaction that changed network
-- campaigns commits, the database sends one message per venue the campaign plays at (before or
-- after the change) on the venue's private topic 'venue:<customer_id>', carrying the campaign's
-- spot as player_playlist() gives it for that venue (private.network_spots(), which both use),
-- or null when it no longer plays there. A screen applies it to the playlist it holds without
-- reading. A message larger than Realtime's payload limit says 'read' instead: the screens of
-- that venue read their playlist once, each after a random delay.
--
-- What changes a spot, and notes it: the campaign's row (added, edited, removed), its slides,
-- dayparts and targets; a screen joining or leaving a targeted group; a screen added, removed
-- or moved to another venue (which campaigns reach it). For an edited campaign, the venues it
-- reached before the change are noted by BEFORE triggers and the ones it reaches after are found
-- at commit; a screen that moves or joins or leaves a group changes only its venues' spots, so
-- only those venues are sent them (not every venue of a campaign on the whole network).

-- The spots of network campaigns, one function for the playlist and the pushes ------------------

/**
 * Per network campaign and venue it plays at: its spot as the venue's screens play it (its
 * schedule, spots per loop, spot length and slides) with device_ids, the venue's screens it plays
 * on. Narrowed by p_customer_id (one venue), p_device_id (one screen: device_ids is that screen)
 * and p_campaign_ids. Like the playlist, only campaigns that are booked, can play today or within
 * 7 days at the venue, and have an active slide with a duration.
 */
create or replace function private.network_spots(
  p_customer_id uuid,
  p_device_id uuid,
  p_at timestamptz,
  p_campaign_ids uuid[] default null
)
returns table (campaign_id uuid, customer_id uuid, spot jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  -- plpgsql, not sql: its statements are planned with the arguments' values, so the filters
  -- left out (null) drop from the plan and the given ones use their indexes.
  return query
  with reach as (
    select t.campaign_id, e.customer_id, array_agg(t.device_id order by t.device_id) as device_ids
    from public.campaign_target_screens t
    join public.equipment_status e on e.id = t.device_id
    where (p_customer_id is null or e.customer_id = p_customer_id)
      and (p_device_id is null or t.device_id = p_device_id)
      and (p_campaign_ids is null or t.campaign_id = any (p_campaign_ids))
    group by t.campaign_id, e.customer_id
  ),
  network as (
    select c.*, r.customer_id as venue_id, r.device_ids, v.time_zone,
           public.campaign_windows_json(c.id) as windows, a.business_name as advertiser_name
    from reach r
    join public.campaigns c on c.id = r.campaign_id
    join public.customers v on v.id = r.customer_id
    left join public.advertisers a on a.id = c.advertiser_id
    where c.status in ('active', 'scheduled')
      and (c.start_date is null or c.start_date <= (p_at at time zone v.time_zone)::date + 7)
      and (c.end_date is null or c.end_date >= (p_at at time zone v.time_zone)::date)
  )
  select n.id, n.venue_id,
         jsonb_build_object(
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
           'on_air', public.campaign_plays_at(n.status, n.start_date, n.end_date, n.windows, n.time_zone, p_at),
           'device_ids', to_jsonb(n.device_ids),
           'slides', s.slides
         )
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
  where s.seconds > 0;
end
$$;

comment on function private.network_spots(uuid, uuid, timestamptz, uuid[]) is
  'Per network campaign and venue it plays at (narrowed to a venue, a screen, some campaigns): its spot as player_playlist() returns it, with device_ids the venue''s screens it plays on (or the one screen). player_playlist() and the playlist pushes both build spots here, so they cannot differ.';

revoke all on function private.network_spots(uuid, uuid, timestamptz, uuid[]) from public, anon, authenticated;

-- The playlist builds its spots there -----------------------------------------------------------

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

  select coalesce(jsonb_agg(n.spot order by n.spot ->> 'campaign_id'), '[]'::jsonb)
    into v_spots
  from private.network_spots(v_customer.id, v_screen_device, v_at) n;

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

-- What a transaction changed, noted for its commit -----------------------------------------------

create table private.playlist_pushes (
  txid bigint not null default txid_current(),
  campaign_id uuid not null,
  -- A venue whose spot of the campaign may change; null: the campaign itself changed (all the
  -- venues it plays at when the transaction commits, and the ones noted).
  customer_id uuid
);

comment on table private.playlist_pushes is
  'The network campaigns a transaction changed: a campaign edited (customer_id null), with the venues it played at before the change; or a venue whose screens it reaches changed (a screen moved, or joined or left a group). When it commits, each campaign''s spot is broadcast to those venues (and, when edited, to the ones it plays at now), and the lines removed.';

create index playlist_pushes_txid_idx on private.playlist_pushes (txid, campaign_id);

/**
 * Notes network campaigns a row change is about to change, once per transaction each, with the
 * venues they play at now (before the change). At commit they go to those venues and to the
 * ones they play at then.
 */
create or replace function private.note_playlist_push(p_campaigns uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_new uuid[];
begin
  select array_agg(distinct c.id) into v_new
  from public.campaigns c
  where c.id = any (p_campaigns)
    and c.customer_id is null
    and not exists (
      select 1 from private.playlist_pushes p
      where p.txid = txid_current() and p.campaign_id = c.id and p.customer_id is null
    );
  if v_new is null then
    return;
  end if;
  insert into private.playlist_pushes (campaign_id, customer_id)
  select x, null from unnest(v_new) x
  union all
  select distinct t.campaign_id, e.customer_id
  from public.campaign_target_screens t
  join public.equipment_status e on e.id = t.device_id
  where t.campaign_id = any (v_new);
end
$$;

revoke all on function private.note_playlist_push(uuid[]) from public, anon, authenticated;

/**
 * Notes that which screens of some venues network campaigns play on is about to change (a screen
 * moved, or joined or left a group): at commit the campaigns' spots go to those venues only.
 */
create or replace function private.note_playlist_venues(p_campaigns uuid[], p_venues uuid[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.playlist_pushes (campaign_id, customer_id)
  select distinct c.id, v.id
  from public.campaigns c
  cross join unnest(p_venues) v (id)
  where c.id = any (p_campaigns) and c.customer_id is null and v.id is not null
$$;

revoke all on function private.note_playlist_venues(uuid[], uuid[]) from public, anon, authenticated;

/**
 * The network campaigns that would play on a screen if it were at p_customer_id: those on the
 * whole network, and those naming the screen, the venue or a group the screen is in.
 */
create or replace function private.campaigns_reaching(p_device_id uuid, p_customer_id uuid)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct x.id), '{}')
  from (
    select c.id from public.campaigns c
    where p_customer_id is not null and c.customer_id is null and c.plays_on = 'network'
    union all
    select t.campaign_id from public.campaign_targets t
    where p_customer_id is not null
      and (t.device_id = p_device_id
           or t.customer_id = p_customer_id
           or t.group_id in (select m.group_id from public.screen_group_members m where m.device_id = p_device_id))
  ) x
$$;

revoke all on function private.campaigns_reaching(uuid, uuid) from public, anon, authenticated;

create or replace function private.note_playlist_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  case tg_table_name
    when 'campaigns' then
      perform private.note_playlist_push(array[case when tg_op = 'DELETE' then old.id else new.id end]);
    when 'screen_group_members' then
      -- The campaigns that target the group, at the venue of the screen it gains or loses.
      perform private.note_playlist_venues(
        array(
          select t.campaign_id from public.campaign_targets t
          where t.group_id = case when tg_op = 'DELETE' then old.group_id else new.group_id end
        ),
        array(
          select e.customer_id from public.equipment_status e
          where e.id = case when tg_op = 'DELETE' then old.device_id else new.device_id end
        )
      );
    when 'equipment_status' then
      -- A screen added, removed or moved: the campaigns that reached it and the ones that will,
      -- at the venue it leaves and the one it joins.
      perform private.note_playlist_venues(
        case when tg_op = 'INSERT' then '{}'::uuid[] else private.campaigns_reaching(old.id, old.customer_id) end
        || case when tg_op = 'DELETE' then '{}'::uuid[] else private.campaigns_reaching(new.id, new.customer_id) end,
        array[
          case when tg_op = 'INSERT' then null else old.customer_id end,
          case when tg_op = 'DELETE' then null else new.customer_id end
        ]
      );
    else
      -- campaign_items, campaign_windows, campaign_targets: their campaign (both, if it moved).
      perform private.note_playlist_push(array[
        case when tg_op = 'INSERT' then null else (to_jsonb(old) ->> 'campaign_id')::uuid end,
        case when tg_op = 'DELETE' then null else (to_jsonb(new) ->> 'campaign_id')::uuid end
      ]);
  end case;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

revoke all on function private.note_playlist_change() from public, anon, authenticated;

-- Before the change: the venues noted are the ones reached before it. A new campaign has none
-- (after insert, once its row exists).
create trigger campaigns_note_playlist_push_new after insert on public.campaigns
  for each row when (new.customer_id is null) execute function private.note_playlist_change();
create trigger campaigns_note_playlist_push before update or delete on public.campaigns
  for each row when (old.customer_id is null) execute function private.note_playlist_change();
create trigger campaign_items_note_playlist_push before insert or update or delete on public.campaign_items
  for each row execute function private.note_playlist_change();
create trigger campaign_windows_note_playlist_push before insert or update or delete on public.campaign_windows
  for each row execute function private.note_playlist_change();
create trigger campaign_targets_note_playlist_push before insert or update or delete on public.campaign_targets
  for each row execute function private.note_playlist_change();
create trigger screen_group_members_note_playlist_push before insert or update or delete on public.screen_group_members
  for each row execute function private.note_playlist_change();
-- Heartbeats update the screen's row every minute: only a move between venues counts.
create trigger equipment_status_note_playlist_push_move before update of customer_id on public.equipment_status
  for each row when (old.customer_id is distinct from new.customer_id)
  execute function private.note_playlist_change();
create trigger equipment_status_note_playlist_push before insert or delete on public.equipment_status
  for each row execute function private.note_playlist_change();

-- At commit: one message per campaign and venue ---------------------------------------------------

/**
 * The largest message sent with its spot, in bytes of JSON: under the Broadcast payload limit of
 * every plan (256 KB on Free, 3,000 KB from Pro on). A larger spot is sent as 'read'.
 * The setting signage.playlist_push_max_bytes overrides it for a transaction (tests).
 */
create or replace function private.playlist_push_max_bytes()
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('signage.playlist_push_max_bytes', true), '')::integer, 200000)
$$;

revoke all on function private.playlist_push_max_bytes() from public, anon, authenticated;

/** The deferred trigger: the first one at commit sends everything the transaction noted. */
create or replace function private.send_playlist_pushes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_campaigns uuid[];
  v_edited uuid[];
  v_before_campaigns uuid[];
  v_before_venues uuid[];
  v_max integer := private.playlist_push_max_bytes();
  v_push record;
  v_payload jsonb;
begin
  with taken as (
    delete from private.playlist_pushes p where p.txid = txid_current() returning p.campaign_id, p.customer_id
  )
  select array_agg(distinct t.campaign_id),
         array_agg(t.campaign_id) filter (where t.customer_id is null),
         array_agg(t.campaign_id) filter (where t.customer_id is not null),
         array_agg(t.customer_id) filter (where t.customer_id is not null)
    into v_campaigns, v_edited, v_before_campaigns, v_before_venues
  from taken t;
  if v_campaigns is null then
    return null;
  end if;
  for v_push in
    with venues as (
      select b.campaign_id, b.customer_id
      from unnest(coalesce(v_before_campaigns, '{}'), coalesce(v_before_venues, '{}')) as b (campaign_id, customer_id)
      union
      select s.campaign_id, e.customer_id
      from public.campaign_target_screens s
      join public.equipment_status e on e.id = s.device_id
      where s.campaign_id = any (coalesce(v_edited, '{}'))
    )
    select v.campaign_id, v.customer_id, n.spot
    from venues v
    left join private.network_spots(null, null, now(), v_campaigns) n
      on n.campaign_id = v.campaign_id and n.customer_id = v.customer_id
    order by v.customer_id, v.campaign_id
  loop
    v_payload := jsonb_build_object('campaign_id', v_push.campaign_id, 'spot', v_push.spot);
    if octet_length(v_payload::text) > v_max then
      -- Too large for one message: the venue's screens read their playlist once, spread.
      v_payload := jsonb_build_object('campaign_id', v_push.campaign_id, 'spot', 'read');
    end if;
    perform realtime.send(v_payload, 'spot', 'venue:' || v_push.customer_id::text, true);
  end loop;
  return null;
end
$$;

revoke all on function private.send_playlist_pushes() from public, anon, authenticated;

create constraint trigger playlist_pushes_at_commit
  after insert on private.playlist_pushes
  deferrable initially deferred
  for each row execute function private.send_playlist_pushes();

-- Availability at a network's size -------------------------------------------------------------
-- network_availability() for 2,000 screens over 31 days took 10 to 20 s (npm run bench:network):
-- every (kind of screen, day, campaign) looked its dayparts up in campaign_windows three times
-- (1.2 million scans), and 720,000 minute events were sorted on disk by a text key. The same
-- figures, now: a campaign's minutes per weekday worked out once (spans); over a range of days
-- only the first week after each date a kind's bookings change is worked out, the other days
-- repeat it (bounds, day_reps); campaigns on all day long add a constant instead of two events
-- each (base); kinds are uuids; and the sort has the memory it needs. The rows it returns are
-- the same, for the availability's ranges and for the check at commit.

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
-- Its sort of the day's events stays in memory at a network's size (the default 4 MB spills to disk).
set work_mem = '32MB'
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
           -- A uuid, not text: kinds are compared in every join and sort below.
           md5(s.time_zone || '|' || s.loop_seconds || '|' ||
               coalesce(string_agg(bk.campaign_id::text || '*' || bk.weight, ',' order by bk.campaign_id), ''))::uuid as kind
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
    union all
    select distinct t.kind, d::date
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
  spans as (
    -- The minutes [a, b) a booked campaign plays on each ISO weekday: all day without dayparts;
    -- a daypart on its days, to its end or to midnight when it runs over it; and, on the next
    -- weekday, the part after midnight of one that ran over it. Worked out once per campaign.
    select b.id as campaign_id, dow::smallint as dow, 0 as a, 1440 as b
    from booked b
    cross join generate_series(1, 7) dow
    where not exists (select 1 from public.campaign_windows w where w.campaign_id = b.id)
    union all
    select w.campaign_id, dow, (extract(epoch from w.start_time) / 60)::int,
           case when w.end_time > w.start_time then (extract(epoch from w.end_time) / 60)::int else 1440 end
    from public.campaign_windows w
    join booked b on b.id = w.campaign_id
    cross join unnest(w.days) dow
    union all
    select w.campaign_id, (dow % 7 + 1)::smallint, 0, (extract(epoch from w.end_time) / 60)::int
    from public.campaign_windows w
    join booked b on b.id = w.campaign_id
    cross join unnest(w.days) dow
    where w.end_time < w.start_time and w.end_time > time '00:00'
  ),
  bounds as (
    -- Over a range of days: where a kind's bookings may change, its first day and each of its
    -- campaigns' first day and the day after its last. Between two bounds its days repeat week
    -- after week, so only the first week after each bound is worked out.
    select t.kind, p_from as b
    from kind_today t
    where p_from is not null and p_to is not null
    union
    select kc.kind, b.start_date
    from kind_campaigns kc
    join booked b on b.id = kc.campaign_id
    where p_from is not null and p_to is not null and b.start_date > p_from and b.start_date <= p_to
    union
    select kc.kind, b.end_date + 1
    from kind_campaigns kc
    join booked b on b.id = kc.campaign_id
    where p_from is not null and p_to is not null and b.end_date + 1 > p_from and b.end_date + 1 <= p_to
  ),
  day_reps as (
    -- Each day asked, and the day of that first week it repeats (itself for the check's days).
    select dy.kind, dy.day, coalesce(max(bd.b) + (dy.day - max(bd.b)) % 7, dy.day) as rep
    from days dy
    left join bounds bd on bd.kind = dy.kind and bd.b <= dy.day
    group by dy.kind, dy.day
  ),
  rep_days as (
    select distinct r.kind, r.rep as day from day_reps r
  ),
  intervals as (
    select rd.kind, rd.day, kc.weight, sp.a, sp.b
    from rep_days rd
    join kind_campaigns kc on kc.kind = rd.kind
    join booked b on b.id = kc.campaign_id
    join spans sp on sp.campaign_id = kc.campaign_id and sp.dow = extract(isodow from rd.day)::smallint
    where (b.start_date is null or b.start_date <= rd.day)
      and (b.end_date is null or b.end_date >= rd.day)
  ),
  base as (
    -- Campaigns on all day long add the same load to every minute of the day.
    select i.kind, i.day, sum(i.weight)::int as load
    from intervals i
    where i.a = 0 and i.b = 1440
    group by i.kind, i.day
  ),
  events as (
    -- The others' starts and ends, swept from a zero at each day's first minute.
    select rd.kind, rd.day, 0 as minute, 0 as delta from rep_days rd
    union all
    select kind, day, a, weight from intervals where not (a = 0 and b = 1440)
    union all
    select kind, day, b, -weight from intervals where not (a = 0 and b = 1440)
  ),
  running as (
    -- Ends before starts at the same minute: intervals are half-open.
    select e.kind, e.day, e.minute,
           coalesce(bs.load, 0)
             + (sum(e.delta) over (partition by e.kind, e.day order by e.minute, e.delta rows unbounded preceding))::int
             as load
    from events e
    left join base bs on bs.kind = e.kind and bs.day = e.day
  ),
  peaks as (
    select r.kind, r.day, max(r.load) as peak
    from running r
    group by r.kind, r.day
  ),
  overs as (
    -- The first minute past the loop, on the days whose peak passes it.
    select distinct on (r.kind, r.day) r.kind, r.day, r.minute, r.load
    from running r
    join (
      select p.kind, p.day, t.loop_seconds
      from peaks p
      join kind_today t on t.kind = p.kind
      where p.peak > t.loop_seconds
    ) x on x.kind = r.kind and x.day = r.day
    where r.load > x.loop_seconds
    order by r.kind, r.day, r.minute, r.load desc
  )
  select k.device_id, dr.day, k.loop_seconds, coalesce(p.peak, 0), o.minute, o.load
  from kinds k
  join day_reps dr on dr.kind = k.kind
  left join peaks p on p.kind = k.kind and p.day = dr.rep
  left join overs o on o.kind = k.kind and o.day = dr.rep
$$;

comment on function private.loop_peaks(uuid[], date, date, timestamptz) is
  'For screens (null: every screen at a venue) and days: the peak booked seconds of network campaigns within each local day, and the first minute (and load) they pass the screen''s loop. With p_from/p_to every day of the range; without, from each screen''s today the first week after each date its bookings change.';

-- Who hears a venue's topic ----------------------------------------------------------------------

create policy "Screens and venue logins hear their own venue's broadcasts" on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = 'venue:' || (select public.viewer_customer_id())::text
  );
