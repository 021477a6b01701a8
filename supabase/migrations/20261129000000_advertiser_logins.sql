-- Advertisers get logins of their own.
--
-- A third role, 'advertiser', beside 'admin' and 'customer' (a venue). An advertiser's login
-- is linked to its company by advertisers.user_id, as a venue's is by customers.user_id: only
-- an admin links one (the invite-advertiser function does it with the service role), never an
-- admin's login, never a login already linked to a venue. current_advertiser_id() is the one
-- check the advertiser's policies and reports call.

alter table public.users drop constraint users_role_is_admin_or_customer;
alter table public.users add constraint users_role_is_admin_customer_or_advertiser
  check (role in ('admin', 'customer', 'advertiser'));

comment on table public.users is
  'One row per signed-up person: their e-mail and role (admin, customer for a venue, or advertiser). Maintained from auth.users.';

create or replace function public.sync_user_from_auth()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text := coalesce(new.raw_app_meta_data ->> 'role', 'customer');
begin
  if v_role not in ('admin', 'customer', 'advertiser') then
    v_role := 'customer';
  end if;
  insert into public.users (id, email, role)
  values (new.id, new.email, v_role)
  on conflict (id) do update
    set email = excluded.email,
        role = excluded.role;
  return new;
end
$$;

alter table public.advertisers
  add column user_id uuid references auth.users (id) on delete set null;

alter table public.advertisers
  add constraint advertisers_user_id_key unique (user_id);

comment on column public.advertisers.user_id is
  'The advertiser''s own login (role advertiser), linked by an admin with the invite-advertiser function; null until invited.';

-- The advertiser the signed-in login speaks for, or null (admins, venues, screens, anonymous).
create or replace function public.current_advertiser_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select a.id
  from public.advertisers a
  join public.users u on u.id = a.user_id and u.role = 'advertiser'
  where a.user_id = auth.uid()
$$;

comment on function public.current_advertiser_id() is
  'Id of the advertiser linked to the signed-in login (advertisers.user_id = auth.uid(), role advertiser), or null.';

-- Only admins link an advertiser to a login, and only to an advertiser's login.
create or replace function public.guard_advertiser_login_link()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.user_id is not null
     and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
    if current_user in ('anon', 'authenticated') and not public.is_admin() then
      raise exception 'Only an admin can link an advertiser to a login.'
        using errcode = '42501';
    end if;
    if not exists (select 1 from public.users u where u.id = new.user_id and u.role = 'advertiser') then
      raise exception 'Only an advertiser''s login can be linked to an advertiser.'
        using errcode = '23514', hint = 'Invite the advertiser''s contact with the invite-advertiser function.';
    end if;
  end if;
  return new;
end
$$;

comment on function public.guard_advertiser_login_link() is
  'Trigger function on advertisers: only admins link logins, and only logins with the role advertiser.';

create trigger advertisers_guard_login_link
  before insert or update of user_id on public.advertisers
  for each row execute function public.guard_advertiser_login_link();

-- A venue login is never an advertiser's login (and the other way round).
create or replace function public.guard_customer_login_link()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_caller_is_user boolean := current_user in ('anon', 'authenticated');
begin
  if new.user_id is not null
     and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
    if v_caller_is_user and not public.is_admin() then
      raise exception 'Only an admin can link a venue to a login.'
        using errcode = '42501';
    end if;
    if exists (select 1 from public.users u where u.id = new.user_id and u.role = 'admin') then
      raise exception 'An admin''s login cannot be linked to a venue.'
        using errcode = '23514', hint = 'Link the venue to a customer login.';
    end if;
    if exists (select 1 from public.users u where u.id = new.user_id and u.role = 'advertiser') then
      raise exception 'An advertiser''s login cannot be linked to a venue.'
        using errcode = '23514', hint = 'Link the venue to a customer login.';
    end if;
  end if;

  if tg_op = 'UPDATE'
     and v_caller_is_user
     and old.user_id is not null
     and new.user_id is not distinct from old.user_id
     and lower(new.email) is distinct from lower(old.email) then
    raise exception 'This venue''s e-mail is its sign-in e-mail: change it with the customer-login function, which changes both.'
      using errcode = '42501';
  end if;
  return new;
end
$$;

-- An advertiser reads its own company's row (never another's).
create policy "Advertisers can read their own advertiser"
  on public.advertisers for select
  to authenticated
  using (id = (select public.current_advertiser_id()));

-- Plays: an advertiser reads its own (raw, per hour, per day) -----------------------------
create policy "Advertisers can read their own plays"
  on public.plays for select
  to authenticated
  using (advertiser_id = (select public.current_advertiser_id()));

create policy "Advertisers can read their own hours of plays"
  on public.play_hours for select
  to authenticated
  using (advertiser_id = (select public.current_advertiser_id()));

create policy "Advertisers can read their own days of plays"
  on public.play_days for select
  to authenticated
  using (advertiser_id = (select public.current_advertiser_id()));

-- Reports: the venue a report covers. Admins choose any (or all); an advertiser may narrow
-- its own plays to one venue; a venue reads its own.
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
  if public.is_admin() or public.current_advertiser_id() is not null then
    return p_customer_id;
  end if;
  v_own := public.current_customer_id();
  if v_own is null or (p_customer_id is not null and p_customer_id <> v_own) then
    raise exception 'Only admins can read another venue''s plays.' using errcode = '42501';
  end if;
  return v_own;
end
$$;

-- Reports: the advertiser a report covers. An advertiser's login reads only its own plays
-- (asking for another's is refused); admins and venues narrow by any advertiser or none.
create or replace function private.report_advertiser(p_advertiser_id uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_own uuid := public.current_advertiser_id();
begin
  if v_own is null then
    return p_advertiser_id;
  end if;
  if p_advertiser_id is not null and p_advertiser_id <> v_own then
    raise exception 'An advertiser reads only its own plays.' using errcode = '42501';
  end if;
  return v_own;
end
$$;

revoke all on function private.report_advertiser(uuid) from public;

comment on function private.report_advertiser(uuid) is
  'The advertiser a report is narrowed to: an advertiser''s login always its own (42501 for another''s), others the one asked for or none.';

-- Reports narrowed by private.report_advertiser.
CREATE OR REPLACE FUNCTION public.plays_report(p_from date, p_to date, p_group text DEFAULT 'campaign'::text, p_customer_id uuid DEFAULT NULL::uuid, p_advertiser_id uuid DEFAULT NULL::uuid) RETURNS TABLE(key text, label text, detail text, plays bigint, seconds numeric, screens bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_customer uuid := private.report_scope(p_from, p_to, p_customer_id);
  v_advertiser uuid := private.report_advertiser(p_advertiser_id);
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
      and (v_advertiser is null or d.advertiser_id = v_advertiser)
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

CREATE OR REPLACE FUNCTION public.plays_by_day(p_from date, p_to date, p_customer_id uuid DEFAULT NULL::uuid, p_advertiser_id uuid DEFAULT NULL::uuid) RETURNS TABLE(day date, plays bigint, seconds numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_customer uuid := private.report_scope(p_from, p_to, p_customer_id);
  v_advertiser uuid := private.report_advertiser(p_advertiser_id);
begin
  return query
  select g.d::date, coalesce(sum(s.plays), 0)::bigint, coalesce(sum(s.seconds), 0)
  from generate_series(p_from, p_to, interval '1 day') g(d)
  left join public.play_days s
    on s.day = g.d::date
   and (v_customer is null or s.customer_id = v_customer)
   and (v_advertiser is null or s.advertiser_id = v_advertiser)
  group by g.d
  order by g.d;
end
$$;
