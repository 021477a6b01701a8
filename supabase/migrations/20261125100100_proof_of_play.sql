-- Proof of play: what actually played, on which screen, for which advertiser.
--  * Slides may name the ad they show (campaign_items.ad_id), so plays add up per ad and
--    per advertiser.
--  * A player records every slide it finishes and uploads the records in batches through
--    record_plays(); each record has an id made on the device, so a batch sent twice (an
--    answer lost on the way) is counted once.
--  * Raw plays are kept 30 days, in one partition per UTC day (private.plays_pYYYYMMDD),
--    so dropping a day is cheap. Every accepted play is also added, in the same
--    transaction, to two roll-ups kept for 2 years: per hour per screen and slide
--    (play_hours, UTC hours) and per venue-local day (play_days), which the reports read.
--  * History is history: plays and roll-ups keep the ids they were recorded with and no
--    foreign keys, so deleting a campaign or a screen never rewrites or slows them; reports
--    name what still exists and say "deleted" for the rest.

-- Slides name their ad --------------------------------------------------------------------
alter table public.campaign_items
  add column ad_id uuid
    constraint campaign_items_ad_id_fkey references public.ads (id) on delete set null;

comment on column public.campaign_items.ad_id is
  'The ad this slide shows (optional); its plays count for the ad and its advertiser.';

create index campaign_items_ad_id_idx on public.campaign_items (ad_id) where ad_id is not null;

-- The slide builder's save carries ad_id (otherwise unchanged from 20261122000011).
create or replace function public.save_campaign_slides(
  p_campaign_id uuid,
  p_slides jsonb,
  p_expected_updated_at timestamptz default null
)
returns setof public.campaign_items
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_campaign_updated_at timestamptz;
  v_element jsonb;
  v_position bigint;
  v_id_text text;
  v_id uuid;
  v_ids uuid[] := array[]::uuid[];
  v_row public.campaign_items;
  v_base public.campaign_items;
  v_count integer;
begin
  if not public.is_admin() then
    raise exception 'Only admins can save campaign slides.'
      using errcode = '42501';
  end if;

  if p_campaign_id is null then
    raise exception 'A campaign id is required.';
  end if;

  if p_slides is null or jsonb_typeof(p_slides) <> 'array' then
    raise exception 'Slides must be a JSON array of slide objects.';
  end if;

  select c.updated_at into v_campaign_updated_at
  from public.campaigns c
  where c.id = p_campaign_id
  for update;

  if not found then
    raise exception 'Campaign % does not exist.', p_campaign_id;
  end if;

  if p_expected_updated_at is not null and v_campaign_updated_at <> p_expected_updated_at then
    raise exception 'This campaign was changed by someone else after you opened it. Reload it to see their changes, then save again.'
      using errcode = 'PT409',
            detail = format('Expected updated_at %s, found %s.', p_expected_updated_at, v_campaign_updated_at);
  end if;

  for v_element, v_position in
    select e.value, e.ordinality from jsonb_array_elements(p_slides) with ordinality as e
  loop
    if jsonb_typeof(v_element) <> 'object' then
      raise exception 'Slide % is not an object.', v_position;
    end if;

    v_id_text := nullif(btrim(coalesce(v_element ->> 'id', '')), '');
    v_element := v_element - array['id', 'campaign_id', 'display_order', 'created_at', 'updated_at'];

    begin
      if v_id_text is null or v_id_text like 'temp-%' then
        -- A new slide: the builder's defaults for what the element leaves out.
        v_base := null;
        v_base.content_type := 'static';
        v_base.slide_type := 'advertisement';
        v_base.duration := 10;
        v_base.priority := 1;
        v_base.is_active := true;
        v_base.settings := '{}'::jsonb;
        v_row := jsonb_populate_record(v_base, v_element);
        v_row.id := gen_random_uuid();
      else
        if v_id_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
          raise exception 'Slide % has an id that is neither a saved slide id nor a temp- id: "%".', v_position, v_id_text;
        end if;
        v_id := v_id_text::uuid;
        select * into v_base from public.campaign_items ci where ci.id = v_id;
        if found and v_base.campaign_id <> p_campaign_id then
          raise exception 'Slide % (id %) belongs to another campaign.', v_position, v_id;
        end if;
        if not found then
          v_base := null;
          v_base.content_type := 'static';
          v_base.slide_type := 'advertisement';
          v_base.duration := 10;
          v_base.priority := 1;
          v_base.is_active := true;
          v_base.settings := '{}'::jsonb;
        end if;
        v_row := jsonb_populate_record(v_base, v_element);
        v_row.id := v_id;
      end if;
    exception
      when invalid_text_representation or datatype_mismatch or numeric_value_out_of_range
           or invalid_datetime_format or datetime_field_overflow then
        raise exception 'Slide % has a value of the wrong type: %', v_position, sqlerrm;
    end;

    if v_row.id = any (v_ids) then
      raise exception 'Slide % (id %) appears more than once in the list.', v_position, v_row.id;
    end if;

    v_row.campaign_id := p_campaign_id;
    v_row.display_order := v_position;
    v_row.settings := coalesce(v_row.settings, '{}'::jsonb);
    v_ids := v_ids || v_row.id;

    insert into public.campaign_items as ci (
      id, campaign_id, content_type, slide_type, title, content, image_url,
      display_order, duration, priority, is_active, settings, ad_id
    ) values (
      v_row.id, v_row.campaign_id, v_row.content_type, v_row.slide_type, v_row.title, v_row.content, v_row.image_url,
      v_row.display_order, v_row.duration, v_row.priority, v_row.is_active, v_row.settings, v_row.ad_id
    )
    on conflict (id) do update set
      content_type = excluded.content_type,
      slide_type = excluded.slide_type,
      title = excluded.title,
      content = excluded.content,
      image_url = excluded.image_url,
      display_order = excluded.display_order,
      duration = excluded.duration,
      priority = excluded.priority,
      is_active = excluded.is_active,
      settings = excluded.settings,
      ad_id = excluded.ad_id
    where ci.campaign_id = p_campaign_id;

    get diagnostics v_count = row_count;
    if v_count = 0 then
      raise exception 'Slide % (id %) belongs to another campaign.', v_position, v_row.id;
    end if;
  end loop;

  delete from public.campaign_items ci
  where ci.campaign_id = p_campaign_id
    and not (ci.id = any (v_ids));

  update public.campaigns c
  set slide_count = s.slide_count,
      total_duration = s.total_duration
  from (
    select count(*)::integer as slide_count, coalesce(sum(ci.duration), 0)::integer as total_duration
    from public.campaign_items ci
    where ci.campaign_id = p_campaign_id
  ) s
  where c.id = p_campaign_id;

  return query
    select * from public.campaign_items ci
    where ci.campaign_id = p_campaign_id
    order by ci.display_order;
end
$$;

-- Raw plays, one partition per UTC day ----------------------------------------------------
create schema if not exists private;
comment on schema private is 'Tables and functions the APIs never expose (partitions of public tables, internal helpers).';
revoke all on schema private from public, anon, authenticated;

create table public.plays (
  id uuid not null,
  started_at timestamptz not null,
  seconds numeric(8, 1) not null
    constraint plays_seconds_between_0_and_a_day check (seconds > 0 and seconds <= 86400),
  device_id uuid not null,
  customer_id uuid not null,
  campaign_id uuid,
  slide_id uuid,
  ad_id uuid,
  advertiser_id uuid,
  received_at timestamptz not null default now(),
  constraint plays_pkey primary key (id, started_at)
) partition by range (started_at);

comment on table public.plays is
  'Proof of play: one row per slide a screen finished, recorded on the screen (id made there) and uploaded through record_plays(). Kept 30 days; play_hours and play_days keep the sums for 2 years. Ids are kept as recorded (no foreign keys).';

create table private.plays_default partition of public.plays default;

create index plays_device_started_idx on public.plays (device_id, started_at);
create index plays_customer_started_idx on public.plays (customer_id, started_at);

alter table public.plays enable row level security;

create policy "Admins can read every play"
  on public.plays for select
  to authenticated
  using ((select public.is_admin()));

create policy "Venues can read their own plays"
  on public.plays for select
  to authenticated
  using (customer_id = (select public.current_customer_id()));

revoke insert, update, delete, truncate on public.plays from anon, authenticated;

-- Roll-ups: per UTC hour, per screen and slide; per venue-local day --------------------------
create table public.play_hours (
  hour timestamptz not null,
  device_id uuid not null,
  customer_id uuid not null,
  campaign_id uuid,
  slide_id uuid,
  ad_id uuid,
  advertiser_id uuid,
  plays integer not null default 0,
  seconds numeric(12, 1) not null default 0
);

comment on table public.play_hours is
  'Plays summed per UTC hour, screen and slide (with its campaign, ad and advertiser), kept 2 years.';

create unique index play_hours_key
  on public.play_hours (hour, device_id, campaign_id, slide_id, ad_id) nulls not distinct;
create index play_hours_customer_hour_idx on public.play_hours (customer_id, hour);

create table public.play_days (
  day date not null,
  device_id uuid not null,
  customer_id uuid not null,
  campaign_id uuid,
  slide_id uuid,
  ad_id uuid,
  advertiser_id uuid,
  plays integer not null default 0,
  seconds numeric(14, 1) not null default 0
);

comment on table public.play_days is
  'Plays summed per day in the venue''s time zone, screen and slide (with its campaign, ad and advertiser), kept 2 years; the reports read it.';

create unique index play_days_key
  on public.play_days (day, device_id, campaign_id, slide_id, ad_id) nulls not distinct;
create index play_days_customer_day_idx on public.play_days (customer_id, day);
create index play_days_day_idx on public.play_days (day);

alter table public.play_hours enable row level security;
alter table public.play_days enable row level security;

create policy "Admins can read every hour of plays"
  on public.play_hours for select
  to authenticated
  using ((select public.is_admin()));

create policy "Venues can read their own hours of plays"
  on public.play_hours for select
  to authenticated
  using (customer_id = (select public.current_customer_id()));

create policy "Admins can read every day of plays"
  on public.play_days for select
  to authenticated
  using ((select public.is_admin()));

create policy "Venues can read their own days of plays"
  on public.play_days for select
  to authenticated
  using (customer_id = (select public.current_customer_id()));

revoke insert, update, delete, truncate on public.play_hours, public.play_days from anon, authenticated;

-- Partitions --------------------------------------------------------------------------------
-- Keeps one partition per UTC day from 30 days ago to 7 days ahead: creates the missing
-- ones (moving any rows the default partition holds for that day), drops the days older
-- than 30 days, and clears the default partition's rows that old. Returns what it did.
create or replace function public.maintain_play_partitions()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
  v_day date;
  v_name text;
  v_created integer := 0;
  v_dropped integer := 0;
  v_cleared bigint;
  v_part record;
begin
  for v_day in select d::date from generate_series(v_today - 30, v_today + 7, interval '1 day') d loop
    v_name := 'plays_p' || to_char(v_day, 'YYYYMMDD');
    continue when to_regclass('private.' || v_name) is not null;
    execute format('create table private.%I (like public.plays including defaults including constraints)', v_name);
    execute format(
      'with moved as (delete from private.plays_default where started_at >= %L::timestamptz and started_at < %L::timestamptz returning *)
       insert into private.%I select * from moved',
      v_day::text || ' 00:00:00+00', (v_day + 1)::text || ' 00:00:00+00', v_name);
    execute format(
      'alter table public.plays attach partition private.%I for values from (%L) to (%L)',
      v_name, v_day::text || ' 00:00:00+00', (v_day + 1)::text || ' 00:00:00+00');
    v_created := v_created + 1;
  end loop;

  for v_part in
    select c.relname
    from pg_catalog.pg_inherits i
    join pg_catalog.pg_class c on c.oid = i.inhrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where i.inhparent = 'public.plays'::regclass
      and n.nspname = 'private'
      and c.relname ~ '^plays_p[0-9]{8}$'
      and to_date(substr(c.relname, 8), 'YYYYMMDD') < v_today - 30
  loop
    execute format('drop table private.%I', v_part.relname);
    v_dropped := v_dropped + 1;
  end loop;

  delete from private.plays_default where started_at < (v_today - 30)::timestamp at time zone 'UTC';
  get diagnostics v_cleared = row_count;

  return jsonb_build_object('created', v_created, 'dropped', v_dropped, 'cleared', v_cleared);
end
$$;

comment on function public.maintain_play_partitions() is
  'Hourly (pg_cron): one partition of plays per UTC day from 30 days ago to 7 days ahead; raw plays older than 30 days are dropped.';

-- Roll-ups older than 2 years go.
create or replace function public.prune_play_rollups()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_hours bigint;
  v_days bigint;
begin
  delete from public.play_hours where hour < now() - interval '2 years';
  get diagnostics v_hours = row_count;
  delete from public.play_days where day < (now() - interval '2 years')::date;
  get diagnostics v_days = row_count;
  return jsonb_build_object('hours', v_hours, 'days', v_days);
end
$$;

select public.maintain_play_partitions();

-- Recording plays ------------------------------------------------------------------------
-- The device a player reports for: a paired screen's own (p_device_id must be null or its
-- own), or one of a venue login's devices named by id (a merged device stands for the one
-- it was merged into). 42501 for anything else; 22023 when a venue names no device.
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
  return v_device;
end
$$;

revoke all on function public.player_device(uuid) from public, anon, authenticated;

-- An ISO 8601 time with a zone ('2026-11-25T10:15:30.123Z', '...+01:00'), or null when the
-- text is not one (never an error, so one bad record cannot fail a batch).
create or replace function public.iso_time_or_null(p_text text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select case
    when p_text ~ '^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-]([01]\d|2[0-3])(:?[0-5]\d)?)$'
      and substr(p_text, 9, 2)::integer <= extract(day from (
        pg_catalog.make_date(substr(p_text, 1, 4)::integer, substr(p_text, 6, 2)::integer, 1) + interval '1 month - 1 day'))
    then p_text::timestamptz
  end
$$;

-- Stores plays already checked (raw and both roll-ups); duplicates (same id and start)
-- are skipped. p_rows: [{id, started_at, seconds, campaign_id, slide_id}] as uuid/timestamptz
-- text. Returns how many were new.
create or replace function private.store_plays(p_device public.equipment_status, p_rows jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_zone text;
  v_new integer;
begin
  select coalesce(c.time_zone, 'UTC') into v_zone from public.customers c where c.id = p_device.customer_id;
  v_zone := coalesce(v_zone, 'UTC');

  with input as (
    select
      (r ->> 'id')::uuid as id,
      (r ->> 'started_at')::timestamptz as started_at,
      round((r ->> 'seconds')::numeric, 1) as seconds,
      (r ->> 'campaign_id')::uuid as campaign_id,
      (r ->> 'slide_id')::uuid as slide_id
    from jsonb_array_elements(p_rows) r
  ),
  attributed as (
    select i.*, s.ad_id, a.advertiser_id
    from input i
    left join public.campaign_items s on s.id = i.slide_id
    left join public.ads a on a.id = s.ad_id
  ),
  inserted as (
    insert into public.plays (id, started_at, seconds, device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id)
    select p.id, p.started_at, greatest(p.seconds, 0.1), p_device.id, p_device.customer_id, p.campaign_id, p.slide_id, p.ad_id, p.advertiser_id
    from attributed p
    on conflict (id, started_at) do nothing
    returning *
  ),
  hours as (
    insert into public.play_hours as h (hour, device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id, plays, seconds)
    select date_trunc('hour', n.started_at, 'UTC'), n.device_id, n.customer_id, n.campaign_id, n.slide_id, n.ad_id,
           max(n.advertiser_id::text)::uuid, count(*), sum(n.seconds)
    from inserted n
    group by 1, 2, 3, 4, 5, 6
    on conflict (hour, device_id, campaign_id, slide_id, ad_id) do update
      set plays = h.plays + excluded.plays,
          seconds = h.seconds + excluded.seconds,
          advertiser_id = coalesce(excluded.advertiser_id, h.advertiser_id)
    returning 1
  ),
  days as (
    insert into public.play_days as d (day, device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id, plays, seconds)
    select (n.started_at at time zone v_zone)::date, n.device_id, n.customer_id, n.campaign_id, n.slide_id, n.ad_id,
           max(n.advertiser_id::text)::uuid, count(*), sum(n.seconds)
    from inserted n
    group by 1, 2, 3, 4, 5, 6
    on conflict (day, device_id, campaign_id, slide_id, ad_id) do update
      set plays = d.plays + excluded.plays,
          seconds = d.seconds + excluded.seconds,
          advertiser_id = coalesce(excluded.advertiser_id, d.advertiser_id)
    returning 1
  )
  -- (Each statement of a WITH runs once and to completion, read or not.)
  select count(*) into v_new from inserted;
  return v_new;
end
$$;

revoke all on function private.store_plays(public.equipment_status, jsonb) from public, anon, authenticated;

-- A player uploads what it played. p_plays is a JSON array of
--   {id: uuid made on the device, started_at: ISO 8601 time with zone, seconds: number,
--    campaign_id: uuid, slide_id: uuid}
-- for the caller's device (see player_device; a paired screen passes no device).
-- The batch is not refused for a bad record: each record is checked, the good ones are
-- stored and the others listed with the reason, so a player can drop them and never send
-- them again. The whole batch is refused (42501, 22023) only when the caller may not
-- report for the device, and (22023) when p_plays is not an array of at most 5000 records.
-- Returns {accepted, duplicates, rejected: [{index, id, reason}]} (index is 0-based).
create or replace function public.record_plays(p_plays jsonb, p_device_id uuid default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_device public.equipment_status;
  v_total integer;
  v_good jsonb;
  v_rejected jsonb;
  v_new integer := 0;
  v_uuid constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
begin
  v_device := public.player_device(p_device_id);
  if v_device.customer_id is null then
    raise exception 'This screen belongs to no venue: its plays cannot be counted.' using errcode = '42501';
  end if;
  if p_plays is null or jsonb_typeof(p_plays) <> 'array' then
    raise exception 'Plays must be a JSON array of play records.' using errcode = '22023';
  end if;
  v_total := jsonb_array_length(p_plays);
  if v_total > 5000 then
    raise exception 'At most 5000 plays per call (got %).', v_total using errcode = '22023';
  end if;

  with input as (
    select e.ordinality - 1 as idx, e.value as r
    from jsonb_array_elements(p_plays) with ordinality e
  ),
  parsed as (
    select
      idx, r,
      case when jsonb_typeof(r) = 'object' and r ->> 'id' ~ v_uuid then (r ->> 'id')::uuid end as id,
      case when jsonb_typeof(r) = 'object' then public.iso_time_or_null(r ->> 'started_at') end as started_at,
      case when jsonb_typeof(r) = 'object' and jsonb_typeof(r -> 'seconds') = 'number' then (r ->> 'seconds')::numeric end as seconds,
      case when jsonb_typeof(r) = 'object' and r ->> 'campaign_id' ~ v_uuid then (r ->> 'campaign_id')::uuid end as campaign_id,
      case when jsonb_typeof(r) = 'object' and r ->> 'slide_id' ~ v_uuid then (r ->> 'slide_id')::uuid end as slide_id
    from input
  ),
  checked as (
    select p.*,
      case
        when jsonb_typeof(p.r) <> 'object' then 'not an object'
        when p.id is null then 'id must be a uuid'
        when p.started_at is null then 'started_at must be an ISO 8601 time with a time zone'
        when p.started_at > now() + interval '10 minutes' then 'started_at is in the future'
        when p.started_at < now() - interval '2 years' then 'started_at is more than 2 years ago'
        when p.seconds is null then 'seconds must be a number'
        when p.seconds <= 0 or p.seconds > 86400 then 'seconds must be more than 0 and at most 86400'
        when p.r ? 'campaign_id' and p.r -> 'campaign_id' <> 'null'::jsonb and p.campaign_id is null then 'campaign_id must be a uuid'
        when p.r ? 'slide_id' and p.r -> 'slide_id' <> 'null'::jsonb and p.slide_id is null then 'slide_id must be a uuid'
        when c.id is not null and c.customer_id is distinct from v_device.customer_id then 'the campaign is not this venue''s'
        when s.id is not null and s.campaign_id is distinct from p.campaign_id then 'the slide is not a slide of that campaign'
      end as reason,
      row_number() over (partition by p.id, p.started_at order by p.idx) as copy
    from parsed p
    left join public.campaigns c on c.id = p.campaign_id
    left join public.campaign_items s on s.id = p.slide_id
  )
  select
    coalesce(jsonb_agg(jsonb_build_object(
      'id', k.id, 'started_at', k.started_at, 'seconds', k.seconds, 'campaign_id', k.campaign_id, 'slide_id', k.slide_id
    )) filter (where k.reason is null and k.copy = 1), '[]'::jsonb),
    coalesce(jsonb_agg(jsonb_build_object(
      'index', k.idx, 'id', case when jsonb_typeof(k.r) = 'object' then k.r -> 'id' end, 'reason', k.reason
    ) order by k.idx) filter (where k.reason is not null), '[]'::jsonb)
  into v_good, v_rejected
  from checked k;

  if jsonb_array_length(v_good) > 0 then
    v_new := private.store_plays(v_device, v_good);
  end if;

  return jsonb_build_object(
    'accepted', v_new,
    'duplicates', v_total - jsonb_array_length(v_rejected) - v_new,
    'rejected', v_rejected
  );
end
$$;

comment on function public.record_plays(jsonb, uuid) is
  'A player uploads finished slides [{id, started_at, seconds, campaign_id, slide_id}] for its device: idempotent by id, bad records listed with a reason and the rest kept. Returns {accepted, duplicates, rejected}.';

revoke all on function public.record_plays(jsonb, uuid) from public, anon;
grant execute on function public.record_plays(jsonb, uuid) to authenticated;

revoke all on function public.maintain_play_partitions() from public, anon, authenticated;
revoke all on function public.prune_play_rollups() from public, anon, authenticated;
grant execute on function public.maintain_play_partitions() to service_role;
grant execute on function public.prune_play_rollups() to service_role;
