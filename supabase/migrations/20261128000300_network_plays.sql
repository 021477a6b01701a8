-- Plays of network campaigns count as proof of play where they were booked.
--
-- record_plays() refused a play whose campaign was not the screen's venue's; a network
-- campaign (an advertiser's, customer_id null) belongs to no venue, so its plays were all
-- refused. It now takes a network campaign's play from a screen the campaign targets
-- (campaign_target_screens) and refuses it from any other: what was not booked there is not
-- counted. store_plays() attributes such plays to the campaign's advertiser when the slide
-- names no ad of its own, and the report by campaign says whose network campaign it is
-- ("Network · <advertiser>") where a venue campaign names its venue.

CREATE OR REPLACE FUNCTION public.record_plays(p_plays jsonb, p_device_id uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
        when c.id is not null and c.customer_id is not null and c.customer_id is distinct from v_device.customer_id
          then 'the campaign is not this venue''s'
        when c.id is not null and c.customer_id is null and not exists (
          select 1 from public.campaign_target_screens t where t.campaign_id = c.id and t.device_id = v_device.id
        ) then 'the campaign is not booked on this screen'
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
$_$;

COMMENT ON FUNCTION public.record_plays(p_plays jsonb, p_device_id uuid) IS 'A player uploads finished slides [{id, started_at, seconds, campaign_id, slide_id}] for its device: idempotent by id, bad records listed with a reason and the rest kept. Returns {accepted, duplicates, rejected}.';


CREATE OR REPLACE FUNCTION private.store_plays(p_device public.equipment_status, p_rows jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    select i.*, s.ad_id, coalesce(a.advertiser_id, c.advertiser_id) as advertiser_id
    from input i
    left join public.campaign_items s on s.id = i.slide_id
    left join public.ads a on a.id = s.ad_id
    left join public.campaigns c on c.id = i.campaign_id
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

CREATE OR REPLACE FUNCTION public.plays_report(p_from date, p_to date, p_group text DEFAULT 'campaign'::text, p_customer_id uuid DEFAULT NULL::uuid, p_advertiser_id uuid DEFAULT NULL::uuid) RETURNS TABLE(key text, label text, detail text, plays bigint, seconds numeric, screens bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_customer uuid := private.report_scope(p_from, p_to, p_customer_id);
begin
  if p_group is null or p_group not in ('campaign', 'advertiser', 'ad', 'venue', 'screen', 'day') then
    raise exception 'Group plays by campaign, advertiser, ad, venue, screen or day (got %).', coalesce(p_group, 'nothing')
      using errcode = '22023';
  end if;

  return query
  with scoped as (
    select d.*
    from public.play_days d
    where d.day between p_from and p_to
      and (v_customer is null or d.customer_id = v_customer)
      and (p_advertiser_id is null or d.advertiser_id = p_advertiser_id)
  ),
  grouped as (
    select
      case p_group
        when 'campaign' then s.campaign_id::text
        when 'advertiser' then s.advertiser_id::text
        when 'ad' then s.ad_id::text
        when 'venue' then s.customer_id::text
        when 'screen' then s.device_id::text
        else to_char(s.day, 'YYYY-MM-DD')
      end as k,
      sum(s.plays)::bigint as n,
      sum(s.seconds) as secs,
      count(distinct s.device_id)::bigint as devices,
      min(s.customer_id::text)::uuid as one_customer,
      count(distinct s.customer_id) as customers
    from scoped s
    group by 1
  )
  select
    g.k,
    case p_group
      when 'campaign' then coalesce(c.name, case when g.k is null then 'No campaign' else 'Deleted campaign' end)
      when 'advertiser' then coalesce(a.business_name, a.advertiser_name, case when g.k is null then 'No advertiser' else 'Deleted advertiser' end)
      when 'ad' then coalesce(ad.title, case when g.k is null then 'No ad' else 'Deleted ad' end)
      when 'venue' then coalesce(v.name, 'Deleted venue')
      when 'screen' then coalesce(e.device_name, 'Deleted screen')
      else g.k
    end,
    case p_group
      when 'campaign' then coalesce(cv.name, 'Network · ' || coalesce(ca.business_name, ca.advertiser_name), '')
      when 'screen' then coalesce(ev.name, '')
      when 'ad' then coalesce(aa.business_name, aa.advertiser_name, '')
      when 'venue' then coalesce(v.location, '')
      else case when g.customers = 1 then coalesce(ov.name, '') else g.customers || ' venues' end
    end,
    g.n,
    g.secs,
    g.devices
  from grouped g
  left join public.campaigns c on p_group = 'campaign' and c.id::text = g.k
  left join public.customers cv on cv.id = c.customer_id
  left join public.advertisers ca on ca.id = c.advertiser_id and c.customer_id is null
  left join public.advertisers a on p_group = 'advertiser' and a.id::text = g.k
  left join public.ads ad on p_group = 'ad' and ad.id::text = g.k
  left join public.advertisers aa on aa.id = ad.advertiser_id
  left join public.customers v on p_group = 'venue' and v.id::text = g.k
  left join public.equipment_status e on p_group = 'screen' and e.id::text = g.k
  left join public.customers ev on ev.id = e.customer_id
  left join public.customers ov on ov.id = g.one_customer
  order by case when p_group = 'day' then g.k end, g.n desc, 2;
end
$$;

COMMENT ON FUNCTION public.plays_report(p_from date, p_to date, p_group text, p_customer_id uuid, p_advertiser_id uuid) IS 'Proof of play: plays, seconds on screen and screens per campaign, advertiser, ad, venue, screen or day over venue-local days p_from..p_to; admins any venue, a venue its own.';
