-- The advertiser's portal: what an advertiser's login reads, and nothing it may write.
--
-- An advertiser (public.current_advertiser_id()) reads its own: its network campaigns
-- (campaigns.advertiser_id) and the venue campaigns that carry its ads, the slides of those
-- that are its (every slide of its network campaigns, only its ads' slides of a venue's
-- campaign), its ads, its plays (20261129000000), and the images and videos of those slides.
-- Venues and screens it reads only through advertiser_screens(): the name and address of the
-- venues where its campaigns play or played, and each screen's name, never a venue's bank,
-- fees, agreements or contacts, nor a screen's details. It writes nothing: every policy here
-- is for select.

-- Which campaigns are the advertiser's ------------------------------------------------------
create or replace function public.advertiser_campaign_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id
  from public.campaigns c
  where c.advertiser_id = public.current_advertiser_id()
  union
  select ci.campaign_id
  from public.campaign_items ci
  join public.ads a on a.id = ci.ad_id
  where a.advertiser_id = public.current_advertiser_id()
$$;

revoke all on function public.advertiser_campaign_ids() from public, anon;
grant execute on function public.advertiser_campaign_ids() to authenticated, service_role;

comment on function public.advertiser_campaign_ids() is
  'The campaigns of the signed-in advertiser: its network campaigns and the venue campaigns that carry its ads (none for any other login).';

create policy "Advertisers can read their own campaigns"
  on public.campaigns for select
  to authenticated
  using (id in (select public.advertiser_campaign_ids()));

create policy "Advertisers can read their own ads"
  on public.ads for select
  to authenticated
  using (advertiser_id = (select public.current_advertiser_id()));

-- A venue's campaign may carry several advertisers' ads: each reads only the slides of its own.
create policy "Advertisers can read their own slides"
  on public.campaign_items for select
  to authenticated
  using (
    ad_id in (select a.id from public.ads a where a.advertiser_id = (select public.current_advertiser_id()))
    or campaign_id in (
      select c.id from public.campaigns c
      where c.customer_id is null and c.advertiser_id = (select public.current_advertiser_id())
    )
  );

-- Media: the files of the advertiser's slides, and its logo --------------------------------
create or replace function public.is_advertiser_media(p_bucket text, p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case p_bucket
    when 'advertiser-logos' then exists (
      select 1 from public.advertisers a
      where a.id = public.current_advertiser_id() and a.company_logo = p_name
    )
    else exists (
      select 1
      from public.campaign_items ci
      left join public.ads a on a.id = ci.ad_id
      left join public.campaigns c on c.id = ci.campaign_id
      where (
          (p_bucket = 'ad-videos' and ci.media_kind = 'video' and ci.image_url = p_name)
          or (p_bucket = 'ad-images' and ci.media_kind = 'image'
              and ci.image_url in (p_name, 'slides/' || p_name, regexp_replace(p_name, '^slides/', '')))
          -- A video's poster frame.
          or (p_bucket = 'ad-images' and ci.media_kind = 'video' and p_name = 'posters/' || ci.image_url || '.jpg')
        )
        and (
          a.advertiser_id = public.current_advertiser_id()
          or (c.customer_id is null and c.advertiser_id = public.current_advertiser_id())
        )
    )
  end
$$;

revoke all on function public.is_advertiser_media(text, text) from public, anon;
grant execute on function public.is_advertiser_media(text, text) to authenticated, service_role;

comment on function public.is_advertiser_media(text, text) is
  'True when the object is the signed-in advertiser''s: the image (ad-images) or video (ad-videos, and its poster frame in ad-images) of one of its slides, or its logo (advertiser-logos).';

create policy "Advertisers can read their own creatives"
  on storage.objects for select
  to authenticated
  using (
    bucket_id in ('ad-images', 'ad-videos', 'advertiser-logos')
    and (select public.current_advertiser_id()) is not null
    and public.is_advertiser_media(bucket_id, name)
  );

-- Where the advertiser's campaigns play: venues' names and addresses, screens' names -------
create or replace function public.advertiser_screens()
returns table (
  device_id uuid,
  screen_name text,
  venue_id uuid,
  venue_name text,
  venue_address text,
  time_zone text
)
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (
    select public.current_advertiser_id() as id
  ),
  devices as (
    -- Where its plays ran (the roll-up keeps 2 years).
    select distinct d.device_id
    from public.play_days d, mine
    where d.advertiser_id = mine.id
    union
    -- Where its network campaigns play now.
    select t.device_id
    from public.campaign_target_screens t
    join public.campaigns c on c.id = t.campaign_id, mine
    where c.advertiser_id = mine.id
    union
    -- Where the venue campaigns carrying its ads play now.
    select e.id
    from public.campaigns c
    join public.equipment_status e on e.customer_id = c.customer_id
    where c.customer_id is not null
      and c.id in (select public.advertiser_campaign_ids())
      and (c.plays_on = 'all'
           or exists (select 1 from public.campaign_screens s where s.campaign_id = c.id and s.device_id = e.id))
  )
  select e.id, e.device_name, cu.id, cu.name, cu.location, cu.time_zone
  from devices d
  join public.equipment_status e on e.id = d.device_id
  join public.customers cu on cu.id = e.customer_id
  order by cu.name, e.device_name
$$;

revoke all on function public.advertiser_screens() from public, anon;
grant execute on function public.advertiser_screens() to authenticated, service_role;

comment on function public.advertiser_screens() is
  'The screens where the signed-in advertiser''s campaigns play or played: each screen''s name and its venue''s name, address and time zone, nothing else of either (empty for any other login).';

-- The advertiser's campaigns, with where and how much they played --------------------------
create or replace function public.advertiser_campaigns()
returns table (
  id uuid,
  name text,
  kind text,
  venue_name text,
  status text,
  start_date date,
  end_date date,
  screens integer,
  plays bigint,
  seconds numeric
)
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (
    select public.current_advertiser_id() as id
  ),
  campaigns as (
    select c.*
    from public.campaigns c
    where c.id in (select public.advertiser_campaign_ids())
  ),
  reach as (
    select t.campaign_id, count(*)::int as n
    from public.campaign_target_screens t
    where t.campaign_id in (select c.id from campaigns c where c.customer_id is null)
    group by t.campaign_id
    union all
    select c.id, count(e.id)::int
    from campaigns c
    join public.equipment_status e on e.customer_id = c.customer_id
    where c.customer_id is not null
      and (c.plays_on = 'all'
           or exists (select 1 from public.campaign_screens s where s.campaign_id = c.id and s.device_id = e.id))
    group by c.id
  ),
  played as (
    select d.campaign_id, sum(d.plays)::bigint as plays, sum(d.seconds) as seconds
    from public.play_days d, mine
    where d.advertiser_id = mine.id
      and d.campaign_id in (select c.id from campaigns c)
    group by d.campaign_id
  )
  select c.id, c.name,
         case when c.customer_id is null then 'network' else 'venue' end,
         cu.name,
         c.status, c.start_date, c.end_date,
         coalesce(r.n, 0), coalesce(p.plays, 0), coalesce(p.seconds, 0)
  from campaigns c
  left join public.customers cu on cu.id = c.customer_id
  left join reach r on r.campaign_id = c.id
  left join played p on p.campaign_id = c.id
  order by c.start_date desc nulls last, c.name
$$;

revoke all on function public.advertiser_campaigns() from public, anon;
grant execute on function public.advertiser_campaigns() to authenticated, service_role;

comment on function public.advertiser_campaigns() is
  'The signed-in advertiser''s campaigns (network, and venue campaigns carrying its ads): dates, status, the venue of a venue campaign, screens it plays on now, and its plays of them so far (the roll-up, 2 years).';

-- Delivery: admins for any network campaign, an advertiser for its own ----------------------
CREATE OR REPLACE FUNCTION public.campaign_delivery(p_campaign_id uuid, p_from date DEFAULT NULL::date, p_to date DEFAULT NULL::date) RETURNS TABLE(day date, screens integer, expected_plays numeric, recorded_plays bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  v_campaign public.campaigns;
  v_advertiser uuid := public.current_advertiser_id();
begin
  if not public.is_admin() and v_advertiser is null then
    raise exception 'Only admins and the campaign''s advertiser can read delivery.' using errcode = '42501';
  end if;
  select * into v_campaign from public.campaigns c where c.id = p_campaign_id and c.customer_id is null;
  if not found or (v_advertiser is not null and v_campaign.advertiser_id is distinct from v_advertiser) then
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

COMMENT ON FUNCTION public.campaign_delivery(p_campaign_id uuid, p_from date, p_to date) IS 'Admins (any) and an advertiser (its own): a network campaign''s delivery per day (screens'' local days, from its start, or creation, to its end or today): screens it played on, plays expected from its schedule, spots and the screens'' uptime, and plays recorded (proof of play).';

CREATE OR REPLACE FUNCTION public.network_campaign_pacing() RETURNS TABLE(campaign_id uuid, expected_plays numeric, recorded_plays bigint, pace numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  v_advertiser uuid := public.current_advertiser_id();
begin
  if not public.is_admin() and v_advertiser is null then
    raise exception 'Only admins and advertisers can read delivery.' using errcode = '42501';
  end if;
  return query
  with mine as (
    select c.* from public.campaigns c
    where c.customer_id is null
      and (v_advertiser is null or c.advertiser_id = v_advertiser)
  ),
  sums as (
    select r.campaign_id, sum(r.expected) as expected, sum(r.recorded)::bigint as recorded
    from private.campaign_delivery_rows(
           array(select c.id from mine c),
           (select coalesce(min(coalesce(c.start_date, (c.created_at at time zone 'UTC')::date)), current_date)
              from mine c),
           current_date
         ) r
    group by r.campaign_id
  )
  select c.id, coalesce(s.expected, 0), coalesce(s.recorded, 0),
         case when coalesce(s.expected, 0) > 0 then round(s.recorded / s.expected, 3) end
  from mine c
  left join sums s on s.campaign_id = c.id;
end
$$;

COMMENT ON FUNCTION public.network_campaign_pacing() IS 'Admins: every network campaign; an advertiser: its own. Plays expected so far (its schedule, spots and the screens'' uptime, to today) and recorded, and pace = recorded ÷ expected (null with nothing expected yet).';

-- Proof of performance: one campaign over a period ------------------------------------------
create or replace function public.campaign_performance(p_campaign_id uuid, p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_advertiser uuid := public.current_advertiser_id();
  v_campaign public.campaigns;
  v_result jsonb;
begin
  if p_from is null or p_to is null then
    raise exception 'Choose the first and last day of the period.' using errcode = '22023';
  end if;
  if p_to < p_from then
    raise exception 'The period ends before it starts (% to %).', p_from, p_to using errcode = '22023';
  end if;
  if p_to - p_from > 731 then
    raise exception 'A report covers at most 2 years (plays are summed for 2 years).' using errcode = '22023';
  end if;
  if not public.is_admin() and v_advertiser is null then
    raise exception 'Only admins and the campaign''s advertiser can read its report.' using errcode = '42501';
  end if;
  select * into v_campaign from public.campaigns c
  where c.id = p_campaign_id
    and (v_advertiser is null or c.id in (select public.advertiser_campaign_ids()));
  if not found then
    raise exception 'No such campaign.' using errcode = 'P0002';
  end if;

  with days as (
    select d.*
    from public.play_days d
    where d.campaign_id = p_campaign_id
      and d.day between p_from and p_to
      and (v_advertiser is null or d.advertiser_id = v_advertiser)
  ),
  per_day as (
    select g.d::date as day, coalesce(sum(d.plays), 0)::bigint as plays, coalesce(sum(d.seconds), 0) as seconds
    from generate_series(p_from, p_to, interval '1 day') g(d)
    left join days d on d.day = g.d::date
    group by g.d
  ),
  per_venue as (
    select d.customer_id, sum(d.plays)::bigint as plays, sum(d.seconds) as seconds,
           count(distinct d.device_id)::int as screens
    from days d group by d.customer_id
  ),
  per_screen as (
    select d.device_id, min(d.customer_id::text)::uuid as customer_id,
           sum(d.plays)::bigint as plays, sum(d.seconds) as seconds
    from days d group by d.device_id
  ),
  sample as (
    -- The latest play of each slide in the period (raw plays are kept 30 days), at most 24.
    select * from (
      select distinct on (p.slide_id) p.started_at, p.seconds, p.slide_id, p.ad_id, p.device_id, p.customer_id
      from public.plays p
      join public.customers cu on cu.id = p.customer_id
      where p.campaign_id = p_campaign_id
        and p.started_at >= p_from::timestamp at time zone 'UTC' - interval '14 hours'
        and p.started_at < (p_to + 1)::timestamp at time zone 'UTC' + interval '14 hours'
        and (p.started_at at time zone cu.time_zone)::date between p_from and p_to
        and (v_advertiser is null or p.advertiser_id = v_advertiser)
      order by p.slide_id, p.started_at desc
    ) s
    order by s.started_at desc
    limit 24
  )
  select jsonb_build_object(
    'campaign', jsonb_build_object(
      'id', v_campaign.id,
      'name', v_campaign.name,
      'kind', case when v_campaign.customer_id is null then 'network' else 'venue' end,
      'status', v_campaign.status,
      'start_date', v_campaign.start_date,
      'end_date', v_campaign.end_date,
      'advertiser', (select coalesce(a.business_name, a.advertiser_name) from public.advertisers a
                     where a.id = coalesce(v_campaign.advertiser_id, v_advertiser)),
      'venue', (select cu.name from public.customers cu where cu.id = v_campaign.customer_id)
    ),
    'from', p_from,
    'to', p_to,
    'totals', jsonb_build_object(
      'plays', coalesce((select sum(d.plays) from days d), 0),
      'seconds', coalesce((select sum(d.seconds) from days d), 0),
      'venues', (select count(distinct d.customer_id) from days d),
      'screens', (select count(distinct d.device_id) from days d),
      'days_with_plays', (select count(*) from per_day pd where pd.plays > 0)
    ),
    'days', coalesce((select jsonb_agg(jsonb_build_object('day', pd.day, 'plays', pd.plays, 'seconds', pd.seconds)
                                       order by pd.day) from per_day pd), '[]'::jsonb),
    'venues', coalesce((select jsonb_agg(jsonb_build_object(
                          'id', v.customer_id,
                          'name', coalesce(cu.name, 'Deleted venue'),
                          'address', coalesce(cu.location, ''),
                          'plays', v.plays, 'seconds', v.seconds, 'screens', v.screens)
                          order by v.plays desc, cu.name)
                        from per_venue v left join public.customers cu on cu.id = v.customer_id), '[]'::jsonb),
    'screens', coalesce((select jsonb_agg(jsonb_build_object(
                           'id', s.device_id,
                           'name', coalesce(e.device_name, 'Deleted screen'),
                           'venue', coalesce(cu.name, 'Deleted venue'),
                           'plays', s.plays, 'seconds', s.seconds)
                           order by cu.name, e.device_name)
                         from per_screen s
                         left join public.equipment_status e on e.id = s.device_id
                         left join public.customers cu on cu.id = s.customer_id), '[]'::jsonb),
    'sample', coalesce((select jsonb_agg(jsonb_build_object(
                          'started_at', sm.started_at,
                          'seconds', sm.seconds,
                          'slide', coalesce(ci.title, case when sm.slide_id is null then '' else 'Deleted slide' end),
                          'ad', coalesce(ad.title, ''),
                          'media_kind', ci.media_kind,
                          'media_path', ci.image_url,
                          'screen', coalesce(e.device_name, 'Deleted screen'),
                          'venue', coalesce(cu.name, 'Deleted venue'),
                          'time_zone', coalesce(cu.time_zone, 'UTC'))
                          order by sm.started_at desc)
                        from sample sm
                        left join public.campaign_items ci on ci.id = sm.slide_id
                        left join public.ads ad on ad.id = sm.ad_id
                        left join public.equipment_status e on e.id = sm.device_id
                        left join public.customers cu on cu.id = sm.customer_id), '[]'::jsonb)
  ) into v_result;
  return v_result;
end
$$;

revoke all on function public.campaign_performance(uuid, date, date) from public, anon;
grant execute on function public.campaign_performance(uuid, date, date) to authenticated, service_role;

comment on function public.campaign_performance(uuid, date, date) is
  'Proof of performance of one campaign over venue-local days p_from..p_to: totals (plays, seconds on screen, venues, screens), plays per day, per venue (name and address) and per screen (name and venue), and a sample of what played (the latest play of each slide, from the raw plays of the last 30 days). Admins read any campaign; an advertiser only its own, counting only its own plays.';

-- An advertiser's reads go by its id: its plays of a period (the proof-of-play CSV, under the
-- policy on advertiser_id) and its days of plays (the portal's campaigns, screens and reports).
create index plays_advertiser_started_idx on public.plays (advertiser_id, started_at)
  where advertiser_id is not null;

create index play_days_advertiser_day_idx on public.play_days (advertiser_id, day)
  where advertiser_id is not null;
