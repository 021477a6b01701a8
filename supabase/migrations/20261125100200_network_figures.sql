-- True figures for the admin shell and the dashboard, and the proof-of-play reports.
--  * device_uptime_days: every minute the job notes, for each active screen of a venue
--    that has ever reported, whether it reported in the last 3 minutes (the rule of
--    equipment_live_status). Uptime is online minutes over observed minutes.
--  * daily_figures: one snapshot per UTC day of what the dashboard counts, taken by the
--    hourly job (the day's last one stays), so "change from last month" and the revenue
--    chart compare with what was true then, and show nothing where there is no history.
--  * network_summary(), dashboard_figures(), plays_report(), plays_by_day(): computed here,
--    never in the browser, never invented.

-- Uptime ------------------------------------------------------------------------------------
create table public.device_uptime_days (
  day date not null,
  device_id uuid not null
    constraint device_uptime_days_device_id_fkey references public.equipment_status (id) on delete cascade,
  observed_minutes integer not null default 0,
  online_minutes integer not null default 0,
  last_sample timestamptz not null,
  constraint device_uptime_days_pkey primary key (day, device_id),
  constraint device_uptime_days_online_within_observed check (online_minutes between 0 and observed_minutes)
);

comment on table public.device_uptime_days is
  'Per screen and UTC day: minutes the job looked (active screens of a venue that have reported before) and minutes the screen was reporting (heartbeat within 3 minutes).';

create index device_uptime_days_device_idx on public.device_uptime_days (device_id);

alter table public.device_uptime_days enable row level security;

create policy "Admins can read uptime"
  on public.device_uptime_days for select
  to authenticated
  using ((select public.is_admin()));

revoke insert, update, delete, truncate on public.device_uptime_days from anon, authenticated;

-- One sample per minute, however often it is called.
create or replace function public.sample_screen_uptime()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_minute timestamptz := date_trunc('minute', now());
  v_count integer;
begin
  insert into public.device_uptime_days as u (day, device_id, observed_minutes, online_minutes, last_sample)
  select (v_minute at time zone 'UTC')::date, e.id, 1,
         case when e.last_heartbeat >= now() - interval '3 minutes' then 1 else 0 end,
         v_minute
  from public.equipment_status e
  where e.is_active and e.customer_id is not null and e.last_heartbeat is not null
  on conflict (day, device_id) do update
    set observed_minutes = u.observed_minutes + 1,
        online_minutes = u.online_minutes + excluded.online_minutes,
        last_sample = excluded.last_sample
    where u.last_sample < excluded.last_sample;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

comment on function public.sample_screen_uptime() is
  'Every minute (pg_cron): adds one observed minute per active screen, and one online minute if it reported in the last 3 minutes.';

-- Daily snapshots ---------------------------------------------------------------------------
create table public.daily_figures (
  day date primary key,
  active_customers integer not null,
  active_advertisers integer not null,
  running_ads integer not null,
  monthly_revenue numeric(14, 2) not null,
  active_campaigns integer not null,
  displays integer not null,
  taken_at timestamptz not null default now()
);

comment on table public.daily_figures is
  'What the dashboard counts, as it was at the end of each UTC day (taken hourly, the last one of the day stays).';

alter table public.daily_figures enable row level security;

create policy "Admins can read the daily figures"
  on public.daily_figures for select
  to authenticated
  using ((select public.is_admin()));

revoke insert, update, delete, truncate on public.daily_figures from anon, authenticated;

-- The counts, as of now (the snapshot and the live figures use the same definitions).
create or replace function private.current_figures()
returns public.daily_figures
language sql
stable
security definer
set search_path = ''
as $$
  select
    (now() at time zone 'UTC')::date,
    (select count(*) from public.customers c where c.status = 'active')::integer,
    (select count(*) from public.advertisers a where a.status = 'active')::integer,
    (select count(*) from public.ads a where a.status = 'active')::integer,
    (select coalesce(sum(c.monthly_fee), 0) from public.customers c where c.status = 'active')::numeric(14, 2),
    (select count(*) from public.campaigns c where c.status = 'active')::integer,
    (select count(*) from public.equipment_status e where e.customer_id is not null)::integer,
    now()
$$;

create or replace function public.take_daily_figures()
returns date
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.daily_figures := private.current_figures();
begin
  insert into public.daily_figures as f
  select v_row.*
  on conflict (day) do update
    set active_customers = excluded.active_customers,
        active_advertisers = excluded.active_advertisers,
        running_ads = excluded.running_ads,
        monthly_revenue = excluded.monthly_revenue,
        active_campaigns = excluded.active_campaigns,
        displays = excluded.displays,
        taken_at = excluded.taken_at;
  return v_row.day;
end
$$;

comment on function public.take_daily_figures() is
  'Hourly (pg_cron): today''s snapshot of the dashboard''s counts (active customers, advertisers, running ads, monthly revenue, active campaigns, displays).';

-- Uptime over the last 30 days, in percent (null without observations).
create or replace function private.uptime_percent(p_days integer default 30)
returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select round(100.0 * sum(u.online_minutes) / nullif(sum(u.observed_minutes), 0), 1)
  from public.device_uptime_days u
  where u.day > (now() at time zone 'UTC')::date - p_days
$$;

-- The admin shell: the sidebar's three figures and the top bar's alert count.
create or replace function public.network_summary()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can read the network''s figures.' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'active_campaigns', (select count(*) from public.campaigns c where c.status = 'active'),
    'displays', (select count(*) from public.equipment_status e where e.customer_id is not null),
    'displays_online', (
      select count(*) from public.equipment_status e
      where e.customer_id is not null and public.equipment_live_status(e.status, e.last_heartbeat) = 'online'
    ),
    'uptime_percent', private.uptime_percent(30),
    'unresolved_alerts', (select count(*) from public.system_alerts a where not a.resolved)
  );
end
$$;

comment on function public.network_summary() is
  'Admin shell: active campaigns, displays (screens of a venue) and how many are online, uptime over 30 days (null without history), unresolved alerts.';

-- The dashboard: today's figures, the snapshot of a month ago (null when there is none
-- within a week of that day), monthly revenue per month (each month's last snapshot; this
-- month live), and the performance metrics.
create or replace function public.dashboard_figures()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_now public.daily_figures := private.current_figures();
  v_ago public.daily_figures;
  v_target date := ((now() at time zone 'UTC')::date - interval '1 month')::date;
  v_months jsonb;
begin
  if not public.is_admin() then
    raise exception 'Only admins can read the network''s figures.' using errcode = '42501';
  end if;

  select * into v_ago from public.daily_figures f
  where f.day <= v_target and f.day > v_target - 7
  order by f.day desc limit 1;

  select coalesce(jsonb_agg(jsonb_build_object('month', m.month, 'revenue', m.revenue) order by m.month), '[]'::jsonb)
  into v_months
  from (
    select distinct on (date_trunc('month', f.day))
      to_char(f.day, 'YYYY-MM') as month, f.monthly_revenue as revenue
    from public.daily_figures f
    where f.day >= date_trunc('month', now() at time zone 'UTC')::date - interval '11 months'
      and f.day < date_trunc('month', now() at time zone 'UTC')::date
    order by date_trunc('month', f.day), f.day desc
  ) m;
  v_months := v_months || jsonb_build_array(jsonb_build_object('month', to_char(v_now.day, 'YYYY-MM'), 'revenue', v_now.monthly_revenue));

  return jsonb_build_object(
    'current', jsonb_build_object(
      'active_customers', v_now.active_customers,
      'active_advertisers', v_now.active_advertisers,
      'running_ads', v_now.running_ads,
      'monthly_revenue', v_now.monthly_revenue
    ),
    'month_ago', case when v_ago.day is null then null else jsonb_build_object(
      'day', v_ago.day,
      'active_customers', v_ago.active_customers,
      'active_advertisers', v_ago.active_advertisers,
      'running_ads', v_ago.running_ads,
      'monthly_revenue', v_ago.monthly_revenue
    ) end,
    'revenue_by_month', v_months,
    'average_monthly_revenue', (
      select round(avg(c.monthly_fee), 2) from public.customers c where c.status = 'active' and c.monthly_fee is not null
    ),
    'retention_percent', (
      select round(100.0 * count(*) filter (where c.status = 'active') / nullif(count(*), 0), 1)
      from public.customers c where c.created_at < now() - interval '30 days'
    ),
    'average_campaign_days', (
      select round(avg(c.end_date - c.start_date + 1), 1)
      from public.campaigns c where c.start_date is not null and c.end_date is not null and c.end_date >= c.start_date
    ),
    'uptime_percent', private.uptime_percent(30)
  );
end
$$;

comment on function public.dashboard_figures() is
  'Dashboard: current counts and monthly revenue, the snapshot of a month ago (null when none), revenue per month (last 12), average fee, retention (venues older than 30 days still active), average campaign length, 30-day uptime.';

revoke all on function public.network_summary() from public, anon;
revoke all on function public.dashboard_figures() from public, anon;
grant execute on function public.network_summary() to authenticated;
grant execute on function public.dashboard_figures() to authenticated;
revoke all on function public.sample_screen_uptime() from public, anon, authenticated;
revoke all on function public.take_daily_figures() from public, anon, authenticated;
grant execute on function public.sample_screen_uptime() to service_role;
grant execute on function public.take_daily_figures() to service_role;
revoke all on function private.current_figures() from public;
revoke all on function private.uptime_percent(integer) from public;

-- Reports -----------------------------------------------------------------------------------
-- The period's checks, shared by both report functions: dates given, in order, at most
-- 2 years and a day apart (the roll-ups' life); a venue reads only its own.
create or replace function private.report_scope(p_from date, p_to date, p_customer_id uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_own uuid;
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
  if public.is_admin() then
    return p_customer_id;
  end if;
  v_own := public.current_customer_id();
  if v_own is null or (p_customer_id is not null and p_customer_id <> v_own) then
    raise exception 'Only admins can read another venue''s plays.' using errcode = '42501';
  end if;
  return v_own;
end
$$;

revoke all on function private.report_scope(date, date, uuid) from public;

-- Plays and seconds on screen per campaign, advertiser, ad, venue, screen or day, over
-- venue-local days p_from..p_to (inclusive), optionally for one venue and/or advertiser.
-- Rows: key (the id, or the day), label, detail (the venue, the advertiser, ...), plays,
-- seconds, screens (how many screens played it). Largest first; days in order.
create or replace function public.plays_report(
  p_from date,
  p_to date,
  p_group text default 'campaign',
  p_customer_id uuid default null,
  p_advertiser_id uuid default null
)
returns table (key text, label text, detail text, plays bigint, seconds numeric, screens bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
      when 'campaign' then coalesce(cv.name, '')
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

comment on function public.plays_report(date, date, text, uuid, uuid) is
  'Proof of play: plays, seconds on screen and screens per campaign, advertiser, ad, venue, screen or day over venue-local days p_from..p_to; admins any venue, a venue its own.';

-- Plays and seconds per day of the period (every day listed, 0 where nothing played).
create or replace function public.plays_by_day(
  p_from date,
  p_to date,
  p_customer_id uuid default null,
  p_advertiser_id uuid default null
)
returns table (day date, plays bigint, seconds numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_customer uuid := private.report_scope(p_from, p_to, p_customer_id);
begin
  return query
  select g.d::date, coalesce(sum(s.plays), 0)::bigint, coalesce(sum(s.seconds), 0)
  from generate_series(p_from, p_to, interval '1 day') g(d)
  left join public.play_days s
    on s.day = g.d::date
   and (v_customer is null or s.customer_id = v_customer)
   and (p_advertiser_id is null or s.advertiser_id = p_advertiser_id)
  group by g.d
  order by g.d;
end
$$;

comment on function public.plays_by_day(date, date, uuid, uuid) is
  'Proof of play: plays and seconds on screen per venue-local day of p_from..p_to (0 where none); admins any venue, a venue its own.';

revoke all on function public.plays_report(date, date, text, uuid, uuid) from public, anon;
revoke all on function public.plays_by_day(date, date, uuid, uuid) from public, anon;
grant execute on function public.plays_report(date, date, text, uuid, uuid) to authenticated;
grant execute on function public.plays_by_day(date, date, uuid, uuid) to authenticated;
