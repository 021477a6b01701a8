-- What plays now, decided in one place: a venue has a time zone, a campaign runs on
-- calendar dates in that zone, and player_playlist() returns the ordered slides of the
-- venue's live campaigns with a version string. The player, the venue's home and the
-- admin screens all read it.

-- The venue's time zone ------------------------------------------------------------
alter table public.customers
  add column time_zone text not null default 'America/New_York';

comment on column public.customers.time_zone is
  'IANA time zone of the venue (for example America/New_York); campaign dates are calendar days in this zone.';

-- A check constraint cannot read pg_timezone_names, so a trigger validates the zone.
create or replace function public.check_customer_time_zone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
    raise exception 'Unknown time zone "%": use an IANA time zone name such as America/New_York.', new.time_zone
      using errcode = '23514', constraint = 'customers_time_zone_is_known',
            table = 'customers', column = 'time_zone', schema = 'public';
  end if;
  return new;
end
$$;

create trigger customers_check_time_zone
  before insert or update of time_zone on public.customers
  for each row execute function public.check_customer_time_zone();

-- Campaign dates become calendar dates ---------------------------------------------
-- They were stored as midnight UTC of the chosen day (2026-03-01T00:00:00Z is 1 March),
-- so the UTC date of each value is the day that was meant.
alter table public.campaigns
  alter column start_date type date using (start_date at time zone 'UTC')::date,
  alter column end_date type date using (end_date at time zone 'UTC')::date;

comment on column public.campaigns.start_date is
  'First day the campaign plays, a calendar date in the venue''s time zone (null: no start).';
comment on column public.campaigns.end_date is
  'Last day the campaign plays, inclusive, a calendar date in the venue''s time zone (null: no end).';

-- What plays now -------------------------------------------------------------------
-- The playlist of a venue: its campaigns with status 'active' whose dates include today
-- in the venue's time zone (a missing date is open-ended), their active slides in
-- display_order (ties: the older campaign first), and a version that changes whenever
-- anything in that list changes.
--   p_customer_id null: the signed-in customer's own venue;
--   p_customer_id given: admins any venue, a customer only their own (42501 otherwise).
-- Returns {version, customer: {id, name, time_zone}, today, slides: [...]}; each slide
-- carries its campaign's dates, so a screen that lost its network can still stop a
-- campaign whose last day is over. customer is null (and slides empty) when the
-- signed-in user is no customer.
create or replace function public.player_playlist(p_customer_id uuid default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_own uuid := public.current_customer_id();
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
  'What plays now at a venue: the ordered active slides of its live campaigns (status active, today in the venue''s time zone within the dates) and a version string.';

revoke execute on function public.player_playlist(uuid) from public, anon;
grant execute on function public.player_playlist(uuid) to authenticated;
