-- Billing from delivery.
--
-- A network campaign has a price: per 1,000 plays ('cpm') or a fixed amount for its period
-- ('fixed'), in the network's currency (network_settings.currency). advertiser_statement()
-- bills an advertiser's month from the plays its campaigns delivered (play_days, whose day is
-- already the venue's local day), fixed prices prorated by the campaign's days in the month.
-- advertisers.total_spent is no longer typed: refresh_advertiser_totals() (run by the
-- network-upkeep job) makes it the sum of the advertiser's closed months' statements.

-- The network's currency ----------------------------------------------------------------------
alter table public.network_settings
  add column currency text not null default 'USD'
    constraint network_settings_currency_is_a_three_letter_code check (currency ~ '^[A-Z]{3}$');

comment on column public.network_settings.currency is
  'The ISO 4217 code of the currency every campaign price and statement is in (default USD).';

comment on table public.network_settings is
  'The network''s settings (one row): default_loop_seconds is the loop length a new screen gets; currency the one campaign prices and statements are in.';

-- A network campaign's price ------------------------------------------------------------------
alter table public.campaigns
  add column price_basis text,
  add column price_amount numeric(12, 2);

alter table public.campaigns
  add constraint campaigns_price_basis_is_cpm_or_fixed
    check (price_basis in ('cpm', 'fixed')),
  add constraint campaigns_price_amount_not_negative
    check (price_amount >= 0),
  add constraint campaigns_price_has_a_basis_and_an_amount
    check ((price_basis is null) = (price_amount is null)),
  add constraint campaigns_price_only_on_network_campaigns
    check (customer_id is null or price_basis is null),
  add constraint campaigns_fixed_price_has_start_and_end_dates
    check (price_basis is distinct from 'fixed' or (start_date is not null and end_date is not null));

comment on column public.campaigns.price_basis is
  'Network campaigns: ''cpm'' (price_amount per 1,000 plays delivered) or ''fixed'' (price_amount for the whole period start_date to end_date, billed prorated by its days in each month); null: not priced (billed 0). Always null for a venue''s own campaign.';

comment on column public.campaigns.price_amount is
  'The price, in the network''s currency (network_settings.currency); null exactly when price_basis is.';

-- The statements read a campaign's days of plays.
create index play_days_campaign_day_idx on public.play_days (campaign_id, day);

-- save_campaign takes the price -----------------------------------------------------------------
drop function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb, uuid, integer, jsonb);

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
  p_targets jsonb default null,
  p_price_basis text default null,
  p_price_amount numeric default null
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
  v_basis text;
  v_amount numeric;
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

  -- The price: network campaigns only; null keeps it, 'none' removes it.
  if p_price_basis is not null and p_price_basis not in ('cpm', 'fixed', 'none') then
    raise exception 'A price is per 1,000 plays (cpm) or fixed for the campaign''s period (fixed).'
      using errcode = '23514', table = 'campaigns', column = 'price_basis', schema = 'public';
  end if;
  if not v_network or p_price_basis = 'none' then
    v_basis := null;
    v_amount := null;
  elsif p_price_basis is null then
    select c.price_basis, c.price_amount into v_basis, v_amount from public.campaigns c where c.id = p_id;
  else
    v_basis := p_price_basis;
    v_amount := p_price_amount;
    if v_amount is null then
      raise exception 'Give the price''s amount.'
        using errcode = '23514', table = 'campaigns', column = 'price_amount', schema = 'public';
    end if;
    if v_amount < 0 then
      raise exception 'The price cannot be negative.'
        using errcode = '23514', table = 'campaigns', column = 'price_amount', schema = 'public';
    end if;
    if v_amount <> round(v_amount, 2) then
      raise exception 'The price is in cents at most (two decimals).'
        using errcode = '23514', table = 'campaigns', column = 'price_amount', schema = 'public';
    end if;
    if v_amount >= 10000000000 then
      raise exception 'The price is at most 9,999,999,999.99.'
        using errcode = '23514', table = 'campaigns', column = 'price_amount', schema = 'public';
    end if;
  end if;
  if v_basis = 'fixed' and (p_start_date is null or p_end_date is null) then
    raise exception 'A fixed price is for the campaign''s period: give it a start and an end date.'
      using errcode = '23514', table = 'campaigns', column = 'price_basis', schema = 'public';
  end if;

  if p_id is null then
    insert into public.campaigns (name, customer_id, advertiser_id, status, start_date, end_date, plays_on, priority, spots_per_loop,
                                  price_basis, price_amount)
    values (p_name, p_customer_id, case when v_network then p_advertiser_id end, p_status, p_start_date, p_end_date,
            p_plays_on, coalesce(p_priority, 1), coalesce(p_spots_per_loop, 1), v_basis, v_amount)
    returning id into v_id;
  else
    update public.campaigns
       set name = p_name, customer_id = p_customer_id, advertiser_id = case when v_network then p_advertiser_id end,
           status = p_status, start_date = p_start_date, end_date = p_end_date, plays_on = p_plays_on,
           priority = coalesce(p_priority, priority), spots_per_loop = coalesce(p_spots_per_loop, spots_per_loop),
           price_basis = v_basis, price_amount = v_amount
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

comment on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb, uuid, integer, jsonb, text, numeric) is
  'Saves the campaign form in one transaction: a new campaign (p_id null) or an existing one, with its priority (null keeps it) and schedule windows (null keeps them; [] plays all day). A venue''s campaign (p_customer_id) plays on ''all'' its screens or the ''chosen'' ones (p_screen_ids). A network campaign (p_customer_id null) has an advertiser, spots_per_loop (null keeps it), a price (p_price_basis ''cpm'' or ''fixed'' with p_price_amount; null keeps it, ''none'' removes it; a fixed price needs both dates) and plays on ''targets'' (p_targets: [{customer_id | group_id | device_id}], null keeps them) or the whole ''network''; at commit, a booking that overbooks a screen is refused (PT409). Returns the campaign id. Runs as the caller: only admins may write.';

revoke all on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb, uuid, integer, jsonb, text, numeric) from public;
grant execute on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid, integer, jsonb, uuid, integer, jsonb, text, numeric) to authenticated, service_role;

-- Statements ------------------------------------------------------------------------------------

-- The first day of the latest month that has ended everywhere: a month closes when its last
-- day is over in every time zone (UTC-12 is the last to leave it).
create function private.last_closed_month()
returns date
language sql
stable
set search_path = ''
as $$
  select (date_trunc('month', (now() at time zone 'UTC') - interval '12 hours') - interval '1 month')::date
$$;

comment on function private.last_closed_month() is
  'First day of the latest closed month: the month before the one it still is somewhere on earth (UTC-12).';

-- One line per month and network campaign of the advertiser active in it: its period (from
-- its creation day when it has no start) meets the month, or it delivered plays in it.
create function private.statement_lines(p_advertiser_id uuid, p_from date, p_to date)
returns table (month date, campaign_id uuid, campaign_name text, plays bigint, seconds numeric, basis text, amount numeric)
language sql
stable
security definer
set search_path = ''
as $$
  with months as (
    select m::date as month, (m + interval '1 month' - interval '1 day')::date as last_day
    from generate_series(date_trunc('month', p_from::timestamp), date_trunc('month', p_to::timestamp), interval '1 month') m
  ),
  own as (
    select c.id, c.name, c.price_basis, c.price_amount, c.start_date, c.end_date,
           coalesce(c.start_date, (c.created_at at time zone 'UTC')::date) as starts
    from public.campaigns c
    where c.advertiser_id = p_advertiser_id and c.customer_id is null
  ),
  delivered as (
    select date_trunc('month', d.day::timestamp)::date as month, d.campaign_id,
           sum(d.plays)::bigint as plays, sum(d.seconds) as seconds
    from public.play_days d
    join own o on o.id = d.campaign_id
    where d.day >= (select min(m.month) from months m) and d.day <= (select max(m.last_day) from months m)
    group by 1, 2
  )
  select m.month, o.id, o.name, coalesce(d.plays, 0), coalesce(d.seconds, 0), o.price_basis,
         case o.price_basis
           when 'cpm' then round(coalesce(d.plays, 0) * o.price_amount / 1000, 2)
           when 'fixed' then round(
             o.price_amount
             * greatest(least(o.end_date, m.last_day) - greatest(o.start_date, m.month) + 1, 0)
             / (o.end_date - o.start_date + 1), 2)
           else 0
         end
  from months m
  cross join own o
  left join delivered d on d.month = m.month and d.campaign_id = o.id
  where d.campaign_id is not null
     or (o.starts <= m.last_day and (o.end_date is null or o.end_date >= m.month))
$$;

comment on function private.statement_lines(uuid, date, date) is
  'The statement lines of an advertiser for each month from p_from''s to p_to''s: per network campaign active in the month, the plays and seconds delivered (play_days, venue-local days) and the amount (cpm: plays / 1000 × price; fixed: price × the campaign''s days in the month / its days; rounded to cents; unpriced: 0).';

revoke all on function private.statement_lines(uuid, date, date) from public;

create function public.advertiser_statement(p_advertiser_id uuid, p_month date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date;
  v_answer jsonb;
begin
  if p_advertiser_id is null or p_month is null then
    raise exception 'Name the advertiser and the month.' using errcode = '22023';
  end if;
  -- Runs as its owner: the caller is the token's role (the service role and SQL without a
  -- token, such as a job, read any statement).
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated')
     and not (public.is_admin() or p_advertiser_id is not distinct from public.current_advertiser_id()) then
    raise exception 'You can read only your own statements.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.advertisers a where a.id = p_advertiser_id) then
    raise exception 'Advertiser not found.' using errcode = 'P0002';
  end if;
  v_month := date_trunc('month', p_month::timestamp)::date;

  select jsonb_build_object(
    'advertiser_id', p_advertiser_id,
    'month', v_month,
    'currency', coalesce((select s.currency from public.network_settings s), 'USD'),
    'closed', v_month <= private.last_closed_month(),
    'lines', coalesce(jsonb_agg(jsonb_build_object(
        'campaign_id', l.campaign_id,
        'campaign_name', l.campaign_name,
        'plays', l.plays,
        'seconds', l.seconds,
        'basis', l.basis,
        'amount', l.amount
      ) order by l.campaign_name, l.campaign_id), '[]'::jsonb),
    'total', coalesce(sum(l.amount), 0)
  )
  into v_answer
  from private.statement_lines(p_advertiser_id, v_month, v_month) l;
  return v_answer;
end
$$;

comment on function public.advertiser_statement(uuid, date) is
  'An advertiser''s statement for the month of p_month (any day of it): {advertiser_id, month, currency, closed, lines: [{campaign_id, campaign_name, plays, seconds, basis, amount}], total}. One line per network campaign of the advertiser active in the month; plays and seconds delivered in the month (venue-local days); cpm: plays / 1000 × price; fixed: prorated by the campaign''s days in the month over its days; amounts rounded to cents, total their sum; closed: the month has ended everywhere. Admins (and the service role) read any; an advertiser''s login its own; anyone else 42501.';

revoke all on function public.advertiser_statement(uuid, date) from public;
grant execute on function public.advertiser_statement(uuid, date) to authenticated, service_role;

-- total_spent: the sum of closed months' statements -------------------------------------------

-- Closed months' totals, kept so total_spent outlives the 2 years play_days are kept.
create table private.advertiser_month_totals (
  advertiser_id uuid not null references public.advertisers (id) on delete cascade,
  month date not null,
  total numeric(12, 2) not null,
  computed_at timestamptz not null default now(),
  primary key (advertiser_id, month)
);

comment on table private.advertiser_month_totals is
  'Each advertiser''s closed months'' statement totals, refreshed by refresh_advertiser_totals() while the month''s plays are kept (play_days: 2 years) and kept after; advertisers.total_spent is their sum.';

create function public.refresh_advertiser_totals()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_last date := private.last_closed_month();
  -- The oldest month whose days of plays are all still kept (play_days: 2 years).
  v_from date := (date_trunc('month', now() at time zone 'UTC') - interval '23 months')::date;
  v_changed integer;
begin
  -- Runs as its owner: the caller's role is the token's (none for the cron job).
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') and not public.is_admin() then
    raise exception 'Only admins can refresh the advertisers'' totals.' using errcode = '42501';
  end if;

  delete from private.advertiser_month_totals where month >= v_from;
  insert into private.advertiser_month_totals (advertiser_id, month, total)
  select a.id, l.month, sum(l.amount)
  from public.advertisers a
  cross join lateral private.statement_lines(a.id, v_from, v_last) l
  group by a.id, l.month;

  update public.advertisers a
     set total_spent = t.total
    from (
      select a2.id, coalesce(sum(m.total), 0) as total
      from public.advertisers a2
      left join private.advertiser_month_totals m on m.advertiser_id = a2.id and m.month <= v_last
      group by a2.id
    ) t
   where t.id = a.id and a.total_spent is distinct from t.total;
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;

comment on function public.refresh_advertiser_totals() is
  'Makes every advertiser''s total_spent the sum of its closed months'' statements (months closed as advertiser_statement says); run by the network-upkeep job, and by an admin when asked. Returns how many totals changed.';

revoke all on function public.refresh_advertiser_totals() from public;
grant execute on function public.refresh_advertiser_totals() to authenticated, service_role;

-- Nobody types total_spent.
create function public.guard_advertiser_total_spent()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and ((tg_op = 'INSERT' and new.total_spent <> 0)
          or (tg_op = 'UPDATE' and new.total_spent is distinct from old.total_spent)) then
    raise exception 'Total spent is the sum of the advertiser''s closed months'' statements: it cannot be typed.'
      using errcode = '42501', table = 'advertisers', column = 'total_spent', schema = 'public';
  end if;
  return new;
end
$$;

comment on function public.guard_advertiser_total_spent() is
  'Trigger function on advertisers: logins cannot write total_spent (refresh_advertiser_totals computes it).';

create trigger advertisers_total_spent_is_computed
  before insert or update of total_spent on public.advertisers
  for each row execute function public.guard_advertiser_total_spent();

comment on column public.advertisers.total_spent is
  'The sum of the advertiser''s closed months'' statements (advertiser_statement), computed by refresh_advertiser_totals(); logins cannot write it.';

-- The upkeep job refreshes the totals.
create or replace function public.run_network_upkeep()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'campaigns', public.advance_campaign_statuses(),
    'partitions', public.maintain_play_partitions(),
    'rollups_pruned', public.prune_play_rollups(),
    'figures_day', public.take_daily_figures(),
    'under_delivery', public.check_campaign_delivery(),
    'advertiser_totals', public.refresh_advertiser_totals()
  );
end
$$;

comment on function public.run_network_upkeep() is
  'The network-upkeep job (hourly): campaign statuses, play partitions and retention, roll-up retention, today''s daily figures, under-delivery alerts, advertisers'' totals spent.';
