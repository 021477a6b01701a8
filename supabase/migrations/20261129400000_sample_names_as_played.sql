-- The proof-of-performance report's sample of what played names each play as it was shown
-- (the names kept with the play), not by what its slide, ad, screen or venue are called today.

CREATE OR REPLACE FUNCTION public.campaign_performance(p_campaign_id uuid, p_from date, p_to date) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
      select distinct on (p.slide_id) p.started_at, p.seconds, p.slide_id, p.ad_id, p.device_id, p.customer_id,
             p.slide_title, p.ad_title, p.screen_name, p.venue_name
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
                          'slide', coalesce(sm.slide_title, ci.title, case when sm.slide_id is null then '' else 'Deleted slide' end),
                          'ad', coalesce(sm.ad_title, ad.title, ''),
                          'media_kind', ci.media_kind,
                          'media_path', ci.image_url,
                          'screen', coalesce(sm.screen_name, e.device_name, 'Deleted screen'),
                          'venue', coalesce(sm.venue_name, cu.name, 'Deleted venue'),
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
