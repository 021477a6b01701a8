-- The team's roles enforced in Postgres. Every policy and admin function that asked
-- public.is_admin() now asks public.team_can(capability) (20261130000000_team_roles.sql):
--   read         every team role reads the back office: venues, screens, groups, alerts,
--                campaigns and their slides, windows, screens and targets, ads, advertisers,
--                plays and their reports, the network settings (currency, loop length)
--   screens      admin, operator: equipment, pairing, groups, alerts, revoke and merge
--   venues       admin, operator: venues (customers) and their files
--   content      admin, operator, sales: campaigns, slides, windows, chosen screens, targets,
--                ads and media, booking airtime
--   advertisers  admin, sales: advertisers and their logos
--   money        admin, sales: prices, fees, spending, revenue, statements, daily figures
--   bank         admin: venues' bank details (public.customer_bank_accounts)
--   team, settings  admin: users and roles, login links, network and alert settings
-- Venues, advertisers and screens keep exactly the policies they had.
--
-- Columns no role but some may see or change. Every team member signs in as the Postgres role
-- authenticated, so column GRANTs cannot tell an operator from an admin:
--   * Bank details live in their own table, public.customer_bank_accounts, whose row-level
--     security admits only team_can('bank'); the columns leave public.customers. A viewer's
--     GET /rest/v1/customers?select=account_number is refused (no such column) and
--     /rest/v1/customer_bank_accounts answers no rows.
--   * Money columns (customers.monthly_fee, campaigns.price_basis and price_amount) stay where
--     they are, and a trigger refuses a login's insert or update that sets or changes one
--     without team_can('money') (42501, naming the field); advertisers.total_spent was already
--     closed to every login's writes. The security-definer read functions (dashboard_figures,
--     advertiser_statement, refresh_advertiser_totals, daily_figures' policy) give money only
--     to team_can('money'). The money columns themselves remain readable to every team role
--     that reads their rows: hiding them would take column privileges, and with them every
--     read of these tables that asks for all columns (select=*), and the app's screens, to
--     change; the screens hide them with useCan('money').

-- Policies ------------------------------------------------------------------------------------
-- customers: read read, write venues
drop policy "Admins can add customers" on public.customers;
drop policy "Admins can change customers" on public.customers;
drop policy "Admins can read every customer" on public.customers;
drop policy "Admins can remove customers" on public.customers;
create policy "Admins and operators can add venues" on public.customers for insert to authenticated
  with check ((select public.team_can('venues')));
create policy "Admins and operators can change venues" on public.customers for update to authenticated
  using ((select public.team_can('venues'))) with check ((select public.team_can('venues')));
create policy "The team can read venues" on public.customers for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins and operators can remove venues" on public.customers for delete to authenticated
  using ((select public.team_can('venues')));

-- equipment_status: read read, write screens
drop policy "Admins can add equipment" on public.equipment_status;
drop policy "Admins can change equipment" on public.equipment_status;
drop policy "Admins can read all equipment" on public.equipment_status;
drop policy "Admins can remove equipment" on public.equipment_status;
create policy "Admins and operators can add equipment" on public.equipment_status for insert to authenticated
  with check ((select public.team_can('screens')));
create policy "Admins and operators can change equipment" on public.equipment_status for update to authenticated
  using ((select public.team_can('screens'))) with check ((select public.team_can('screens')));
create policy "The team can read equipment" on public.equipment_status for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins and operators can remove equipment" on public.equipment_status for delete to authenticated
  using ((select public.team_can('screens')));

-- screen_groups: read read, write screens
drop policy "Admins can add screen groups" on public.screen_groups;
drop policy "Admins can change screen groups" on public.screen_groups;
drop policy "Admins can read screen groups" on public.screen_groups;
drop policy "Admins can remove screen groups" on public.screen_groups;
create policy "Admins and operators can add screen groups" on public.screen_groups for insert to authenticated
  with check ((select public.team_can('screens')));
create policy "Admins and operators can change screen groups" on public.screen_groups for update to authenticated
  using ((select public.team_can('screens'))) with check ((select public.team_can('screens')));
create policy "The team can read screen groups" on public.screen_groups for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins and operators can remove screen groups" on public.screen_groups for delete to authenticated
  using ((select public.team_can('screens')));

-- screen_group_members: read read, write screens
drop policy "Admins can add group members" on public.screen_group_members;
drop policy "Admins can read group members" on public.screen_group_members;
drop policy "Admins can remove group members" on public.screen_group_members;
create policy "Admins and operators can add group members" on public.screen_group_members for insert to authenticated
  with check ((select public.team_can('screens')));
create policy "The team can read group members" on public.screen_group_members for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins and operators can remove group members" on public.screen_group_members for delete to authenticated
  using ((select public.team_can('screens')));

-- system_alerts: read read, write screens
drop policy "Admins can add alerts" on public.system_alerts;
drop policy "Admins can change alerts" on public.system_alerts;
drop policy "Admins can read alerts" on public.system_alerts;
drop policy "Admins can remove alerts" on public.system_alerts;
create policy "Admins and operators can add alerts" on public.system_alerts for insert to authenticated
  with check ((select public.team_can('screens')));
create policy "Admins and operators can change alerts" on public.system_alerts for update to authenticated
  using ((select public.team_can('screens'))) with check ((select public.team_can('screens')));
create policy "The team can read alerts" on public.system_alerts for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins and operators can remove alerts" on public.system_alerts for delete to authenticated
  using ((select public.team_can('screens')));

-- campaigns: read read, write content
drop policy "Admins can add campaigns" on public.campaigns;
drop policy "Admins can change campaigns" on public.campaigns;
drop policy "Admins can read every campaign" on public.campaigns;
drop policy "Admins can remove campaigns" on public.campaigns;
create policy "Admins, operators and sales can add campaigns" on public.campaigns for insert to authenticated
  with check ((select public.team_can('content')));
create policy "Admins, operators and sales can change campaigns" on public.campaigns for update to authenticated
  using ((select public.team_can('content'))) with check ((select public.team_can('content')));
create policy "The team can read campaigns" on public.campaigns for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins, operators and sales can remove campaigns" on public.campaigns for delete to authenticated
  using ((select public.team_can('content')));

-- campaign_items: read read, write content
drop policy "Admins can add slides" on public.campaign_items;
drop policy "Admins can change slides" on public.campaign_items;
drop policy "Admins can read every slide" on public.campaign_items;
drop policy "Admins can remove slides" on public.campaign_items;
create policy "Admins, operators and sales can add slides" on public.campaign_items for insert to authenticated
  with check ((select public.team_can('content')));
create policy "Admins, operators and sales can change slides" on public.campaign_items for update to authenticated
  using ((select public.team_can('content'))) with check ((select public.team_can('content')));
create policy "The team can read slides" on public.campaign_items for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins, operators and sales can remove slides" on public.campaign_items for delete to authenticated
  using ((select public.team_can('content')));

-- campaign_windows: read read, write content
drop policy "Admins can add campaign windows" on public.campaign_windows;
drop policy "Admins can change campaign windows" on public.campaign_windows;
drop policy "Admins can read every campaign's windows" on public.campaign_windows;
drop policy "Admins can remove campaign windows" on public.campaign_windows;
create policy "Admins, operators and sales can add campaign windows" on public.campaign_windows for insert to authenticated
  with check ((select public.team_can('content')));
create policy "Admins, operators and sales can change campaign windows" on public.campaign_windows for update to authenticated
  using ((select public.team_can('content'))) with check ((select public.team_can('content')));
create policy "The team can read campaign windows" on public.campaign_windows for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins, operators and sales can remove campaign windows" on public.campaign_windows for delete to authenticated
  using ((select public.team_can('content')));

-- campaign_screens: read read, write content
drop policy "Admins can choose screens" on public.campaign_screens;
drop policy "Admins can change chosen screens" on public.campaign_screens;
drop policy "Admins can read every campaign's screens" on public.campaign_screens;
drop policy "Admins can remove chosen screens" on public.campaign_screens;
create policy "Admins, operators and sales can add chosen screens" on public.campaign_screens for insert to authenticated
  with check ((select public.team_can('content')));
create policy "Admins, operators and sales can change chosen screens" on public.campaign_screens for update to authenticated
  using ((select public.team_can('content'))) with check ((select public.team_can('content')));
create policy "The team can read chosen screens" on public.campaign_screens for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins, operators and sales can remove chosen screens" on public.campaign_screens for delete to authenticated
  using ((select public.team_can('content')));

-- campaign_targets: read read, write content
drop policy "Admins can add campaign targets" on public.campaign_targets;
drop policy "Admins can change campaign targets" on public.campaign_targets;
drop policy "Admins can read campaign targets" on public.campaign_targets;
drop policy "Admins can remove campaign targets" on public.campaign_targets;
create policy "Admins, operators and sales can add campaign targets" on public.campaign_targets for insert to authenticated
  with check ((select public.team_can('content')));
create policy "Admins, operators and sales can change campaign targets" on public.campaign_targets for update to authenticated
  using ((select public.team_can('content'))) with check ((select public.team_can('content')));
create policy "The team can read campaign targets" on public.campaign_targets for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins, operators and sales can remove campaign targets" on public.campaign_targets for delete to authenticated
  using ((select public.team_can('content')));

-- ads: read read, write content
drop policy "Admins can add ads" on public.ads;
drop policy "Admins can change ads" on public.ads;
drop policy "Admins can read ads" on public.ads;
drop policy "Admins can remove ads" on public.ads;
create policy "Admins, operators and sales can add ads" on public.ads for insert to authenticated
  with check ((select public.team_can('content')));
create policy "Admins, operators and sales can change ads" on public.ads for update to authenticated
  using ((select public.team_can('content'))) with check ((select public.team_can('content')));
create policy "The team can read ads" on public.ads for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins, operators and sales can remove ads" on public.ads for delete to authenticated
  using ((select public.team_can('content')));

-- advertisers: read read, write advertisers
drop policy "Admins can add advertisers" on public.advertisers;
drop policy "Admins can change advertisers" on public.advertisers;
drop policy "Admins can read advertisers" on public.advertisers;
drop policy "Admins can remove advertisers" on public.advertisers;
create policy "Admins and sales can add advertisers" on public.advertisers for insert to authenticated
  with check ((select public.team_can('advertisers')));
create policy "Admins and sales can change advertisers" on public.advertisers for update to authenticated
  using ((select public.team_can('advertisers'))) with check ((select public.team_can('advertisers')));
create policy "The team can read advertisers" on public.advertisers for select to authenticated
  using ((select public.team_can('read')));
create policy "Admins and sales can remove advertisers" on public.advertisers for delete to authenticated
  using ((select public.team_can('advertisers')));

-- network_settings: read read, write settings
drop policy "Admins can change the network settings" on public.network_settings;
drop policy "Admins can read the network settings" on public.network_settings;
create policy "Admins can change the network settings" on public.network_settings for update to authenticated
  using ((select public.team_can('settings'))) with check ((select public.team_can('settings')));
create policy "The team can read the network settings" on public.network_settings for select to authenticated
  using ((select public.team_can('read')));

-- alert_settings: read settings, write settings
drop policy "Admins can change the alert settings" on public.alert_settings;
drop policy "Admins can read the alert settings" on public.alert_settings;
create policy "Admins can change the alert settings" on public.alert_settings for update to authenticated
  using ((select public.team_can('settings'))) with check ((select public.team_can('settings')));
create policy "Admins can read the alert settings" on public.alert_settings for select to authenticated
  using ((select public.team_can('settings')));

-- alert_recipients: read settings, write settings
drop policy "Admins can add alert recipients" on public.alert_recipients;
drop policy "Admins can read the alert recipients" on public.alert_recipients;
drop policy "Admins can remove alert recipients" on public.alert_recipients;
create policy "Admins can add the alert recipients" on public.alert_recipients for insert to authenticated
  with check ((select public.team_can('settings')));
create policy "Admins can read the alert recipients" on public.alert_recipients for select to authenticated
  using ((select public.team_can('settings')));
create policy "Admins can remove the alert recipients" on public.alert_recipients for delete to authenticated
  using ((select public.team_can('settings')));

-- users: read team, write team
drop policy "Admins can add users" on public.users;
drop policy "Admins can change users and their roles" on public.users;
drop policy "Admins can read every user" on public.users;
drop policy "Admins can remove users" on public.users;
create policy "Admins can add users" on public.users for insert to authenticated
  with check ((select public.team_can('team')));
create policy "Admins can change users" on public.users for update to authenticated
  using ((select public.team_can('team'))) with check ((select public.team_can('team')));
create policy "Admins can read users" on public.users for select to authenticated
  using ((select public.team_can('team')));
create policy "Admins can remove users" on public.users for delete to authenticated
  using ((select public.team_can('team')));

-- plays: read read
drop policy "Admins can read every play" on public.plays;
create policy "The team can read every play" on public.plays for select to authenticated
  using ((select public.team_can('read')));

-- play_days: read read
drop policy "Admins can read every day of plays" on public.play_days;
create policy "The team can read every day of plays" on public.play_days for select to authenticated
  using ((select public.team_can('read')));

-- play_hours: read read
drop policy "Admins can read every hour of plays" on public.play_hours;
create policy "The team can read every hour of plays" on public.play_hours for select to authenticated
  using ((select public.team_can('read')));

-- play_labels: read read
drop policy "Admins can read every play label" on public.play_labels;
create policy "The team can read every play label" on public.play_labels for select to authenticated
  using ((select public.team_can('read')));

-- play_refusals: read read
drop policy "Admins can read every refusal count" on public.play_refusals;
create policy "The team can read every refusal count" on public.play_refusals for select to authenticated
  using ((select public.team_can('read')));

-- device_uptime_days: read read
drop policy "Admins can read uptime" on public.device_uptime_days;
create policy "The team can read uptime" on public.device_uptime_days for select to authenticated
  using ((select public.team_can('read')));

-- daily_figures: read money
drop policy "Admins can read the daily figures" on public.daily_figures;
create policy "Admins and sales can read the daily figures" on public.daily_figures for select to authenticated
  using ((select public.team_can('money')));
-- storage.objects: every team role reads the product's files; ad images and videos are
-- content, venues' files (photos, agreements) venues, advertisers' logos advertisers.
drop policy "Admins can read product files" on storage.objects;
drop policy "Admins can upload product files" on storage.objects;
drop policy "Admins can replace product files" on storage.objects;
drop policy "Admins can delete product files" on storage.objects;

create policy "The team can read product files" on storage.objects for select to authenticated
  using (
    bucket_id in ('ad-images', 'ad-videos', 'customer-files', 'advertiser-logos')
    and (select public.team_can('read'))
  );
create policy "The team can upload product files its role changes" on storage.objects
  for insert to authenticated
  with check (
    (bucket_id in ('ad-images', 'ad-videos') and (select public.team_can('content')))
    or (bucket_id = 'customer-files' and (select public.team_can('venues')))
    or (bucket_id = 'advertiser-logos' and (select public.team_can('advertisers')))
  );
create policy "The team can replace product files its role changes" on storage.objects
  for update to authenticated
  using (
    (bucket_id in ('ad-images', 'ad-videos') and (select public.team_can('content')))
    or (bucket_id = 'customer-files' and (select public.team_can('venues')))
    or (bucket_id = 'advertiser-logos' and (select public.team_can('advertisers')))
  )
  with check (
    (bucket_id in ('ad-images', 'ad-videos') and (select public.team_can('content')))
    or (bucket_id = 'customer-files' and (select public.team_can('venues')))
    or (bucket_id = 'advertiser-logos' and (select public.team_can('advertisers')))
  );
create policy "The team can delete product files its role changes" on storage.objects
  for delete to authenticated
  using (
    (bucket_id in ('ad-images', 'ad-videos') and (select public.team_can('content')))
    or (bucket_id = 'customer-files' and (select public.team_can('venues')))
    or (bucket_id = 'advertiser-logos' and (select public.team_can('advertisers')))
  );

-- Venues' bank details ------------------------------------------------------------------------
create table public.customer_bank_accounts (
  customer_id uuid primary key references public.customers (id) on delete cascade,
  bank_name text,
  account_number text,
  routing_number text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint customer_bank_accounts_texts_short check (
    coalesce(char_length(bank_name), 0) <= 200
    and coalesce(char_length(account_number), 0) <= 34
    and coalesce(char_length(routing_number), 0) <= 34
  )
);
comment on table public.customer_bank_accounts is
  'A venue''s bank details (at most one row per venue). Only team_can(''bank'') (admins) reads or writes them; kept apart from customers so every other role can read a venue without them.';

create trigger customer_bank_accounts_set_updated_at
  before update on public.customer_bank_accounts
  for each row execute function public.set_updated_at();

alter table public.customer_bank_accounts enable row level security;

create policy "Admins can read bank details" on public.customer_bank_accounts for select to authenticated
  using ((select public.team_can('bank')));
create policy "Admins can add bank details" on public.customer_bank_accounts for insert to authenticated
  with check ((select public.team_can('bank')));
create policy "Admins can change bank details" on public.customer_bank_accounts for update to authenticated
  using ((select public.team_can('bank'))) with check ((select public.team_can('bank')));
create policy "Admins can remove bank details" on public.customer_bank_accounts for delete to authenticated
  using ((select public.team_can('bank')));

insert into public.customer_bank_accounts (customer_id, bank_name, account_number, routing_number)
select c.id, c.bank_name, c.account_number, c.routing_number
from public.customers c
where c.bank_name is not null or c.account_number is not null or c.routing_number is not null;

alter table public.customers drop constraint customers_short_texts_at_most_500_characters;
alter table public.customers drop column bank_name;
alter table public.customers drop column account_number;
alter table public.customers drop column routing_number;
alter table public.customers add constraint customers_short_texts_at_most_500_characters check (
  coalesce(char_length(location), 0) <= 500
  and coalesce(char_length(display_type), 0) <= 100
) not valid;

-- Money fields --------------------------------------------------------------------------------
create or replace function private.refuse_money_without_money()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_field text;
begin
  -- Logins only: the service role, jobs and security-definer functions (which check the
  -- caller themselves) run as other roles.
  if current_user not in ('anon', 'authenticated') or public.team_can('money') then
    return new;
  end if;
  foreach v_field in array tg_argv loop
    if (tg_op = 'INSERT' and to_jsonb(new) ->> v_field is not null)
       or (tg_op = 'UPDATE' and (to_jsonb(new) ->> v_field) is distinct from (to_jsonb(old) ->> v_field)) then
      raise exception 'Only admins and sales can set %.%: it is money.', tg_table_name, v_field
        using errcode = '42501', schema = 'public', table = tg_table_name, column = v_field;
    end if;
  end loop;
  return new;
end
$$;
comment on function private.refuse_money_without_money() is
  'Trigger function: refuses a login''s insert that sets, or update that changes, one of the money columns named by the trigger''s arguments unless public.team_can(''money'') (42501, naming the field).';

create trigger customers_refuse_money_without_money
  before insert or update of monthly_fee on public.customers
  for each row execute function private.refuse_money_without_money('monthly_fee');
create trigger campaigns_refuse_money_without_money
  before insert or update of price_basis, price_amount on public.campaigns
  for each row execute function private.refuse_money_without_money('price_basis', 'price_amount');

-- Functions -----------------------------------------------------------------------------------
-- player_playlist: read (1)
create or replace function public.player_playlist(p_customer_id uuid DEFAULT NULL::uuid, p_device_id uuid DEFAULT NULL::uuid, p_at timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  if p_customer_id is not null and p_customer_id is distinct from v_own and not public.team_can('read') then
    raise exception 'Only the team can read another venue''s playlist.'
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

-- save_campaign_slides: content (1)
create or replace function public.save_campaign_slides(p_campaign_id uuid, p_slides jsonb, p_expected_updated_at timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS SETOF public.campaign_items
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
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
  if not public.team_can('content') then
    raise exception 'Only admins, operators and sales can save campaign slides.'
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
        v_base.media_kind := 'image';
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
          v_base.media_kind := 'image';
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
      id, campaign_id, content_type, slide_type, title, content, image_url, media_kind,
      display_order, duration, priority, is_active, settings, ad_id
    ) values (
      v_row.id, v_row.campaign_id, v_row.content_type, v_row.slide_type, v_row.title, v_row.content, v_row.image_url,
      v_row.media_kind, v_row.display_order, v_row.duration, v_row.priority, v_row.is_active, v_row.settings, v_row.ad_id
    )
    on conflict (id) do update set
      content_type = excluded.content_type,
      slide_type = excluded.slide_type,
      title = excluded.title,
      content = excluded.content,
      image_url = excluded.image_url,
      media_kind = excluded.media_kind,
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
$_$;

-- campaign_performance: read (1)
create or replace function public.campaign_performance(p_campaign_id uuid, p_from date, p_to date) RETURNS jsonb
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
  if not public.team_can('read') and v_advertiser is null then
    raise exception 'Only the team and the campaign''s advertiser can read its report.' using errcode = '42501';
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

-- guard_customer_login_link: team (1)
create or replace function public.guard_customer_login_link() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_caller_is_user boolean := current_user in ('anon', 'authenticated');
begin
  if new.user_id is not null
     and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
    if v_caller_is_user and not public.team_can('team') then
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

-- screen_day_bookings: read (1)
create or replace function public.screen_day_bookings(p_device_id uuid, p_day date) RETURNS TABLE(campaign_id uuid, campaign_name text, advertiser_id uuid, advertiser_name text, spots_per_loop integer, spot_seconds integer, booked_seconds integer, windows jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.team_can('read') then
    raise exception 'Only the team can read bookings.' using errcode = '42501';
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

-- merge_devices: screens (1)
create or replace function public.merge_devices(p_from uuid, p_into uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_from public.equipment_status;
  v_into public.equipment_status;
begin
  if not public.team_can('screens') then
    raise exception 'Only admins and operators can merge devices.'
      using errcode = '42501';
  end if;
  if p_from = p_into then
    raise exception 'A device cannot be merged into itself.'
      using errcode = '22023';
  end if;
  select * into v_from from public.equipment_status e where e.id = p_from for update;
  if not found then
    raise exception 'The device to merge does not exist.' using errcode = 'P0002';
  end if;
  select * into v_into from public.equipment_status e where e.id = p_into for update;
  if not found then
    raise exception 'The device to merge into does not exist.' using errcode = 'P0002';
  end if;
  if v_from.customer_id is distinct from v_into.customer_id then
    raise exception 'Only devices of the same venue can be merged.'
      using errcode = '23514', table = 'equipment_status', column = 'customer_id', schema = 'public';
  end if;
  if v_from.screen_user_id is not null then
    raise exception '"%" is a paired screen: revoke it before merging it into another device.', v_from.device_name
      using errcode = '23514', table = 'equipment_status', column = 'screen_user_id', schema = 'public';
  end if;

  -- The campaigns that chose the ghost now choose the device it is merged into.
  insert into public.campaign_screens (campaign_id, device_id)
  select s.campaign_id, p_into from public.campaign_screens s where s.device_id = p_from
  on conflict do nothing;

  -- Proof of play follows the device (each play keeps the screen name it was recorded under).
  update public.plays p
  set device_id = p_into,
      recorded_device_id = coalesce(p.recorded_device_id, p.device_id)
  where p.device_id = p_from;

  with moved as (
    delete from public.play_hours h where h.device_id = p_from
    returning h.*
  )
  insert into public.play_hours as h (hour, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
  select m.hour, p_into, m.customer_id, m.campaign_id, m.slide_id, m.ad_id, m.label_id, m.advertiser_id, m.plays, m.seconds
  from moved m
  on conflict (hour, device_id, campaign_id, slide_id, ad_id, label_id) do update
    set plays = h.plays + excluded.plays,
        seconds = h.seconds + excluded.seconds,
        advertiser_id = coalesce(h.advertiser_id, excluded.advertiser_id);

  with moved as (
    delete from public.play_days d where d.device_id = p_from
    returning d.*
  )
  insert into public.play_days as d (day, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
  select m.day, p_into, m.customer_id, m.campaign_id, m.slide_id, m.ad_id, m.label_id, m.advertiser_id, m.plays, m.seconds
  from moved m
  on conflict (day, device_id, campaign_id, slide_id, ad_id, label_id) do update
    set plays = d.plays + excluded.plays,
        seconds = d.seconds + excluded.seconds,
        advertiser_id = coalesce(d.advertiser_id, excluded.advertiser_id);

  -- Refusal counts follow too.
  with moved as (
    delete from public.play_refusals f where f.device_id = p_from
    returning f.*
  )
  insert into public.play_refusals as f (day, device_id, customer_id, reason, plays)
  select m.day, p_into, m.customer_id, m.reason, m.plays
  from moved m
  on conflict (device_id, day, reason) do update set plays = f.plays + excluded.plays;

  -- Its alerts: an open silence ends here, then the history moves to the kept device.
  update public.system_alerts a
  set ended_at = now(),
      resolved = true
  where a.device_id = p_from
    and a.alert_type = 'offline'
    and a.ended_at is null;

  update public.system_alerts a
  set device_id = p_into
  where a.device_id = p_from
    and not exists (
      select 1 from public.system_alerts k
      where k.device_id = p_into and k.alert_type = a.alert_type
        and (k.silent_since = a.silent_since or (a.alert_type = 'plays_refused' and k.alert_day = a.alert_day))
    );

  -- Kiosks still naming the merged device (or one merged into it before) now report here.
  update public.merged_devices m set into_id = p_into where m.into_id = p_from;
  insert into public.merged_devices (from_id, into_id) values (p_from, p_into)
  on conflict (from_id) do update set into_id = excluded.into_id, merged_at = now();

  delete from public.equipment_status e where e.id = p_from;
end
$$;

-- prevent_role_escalation: team (1)
create or replace function public.prevent_role_escalation() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.role is distinct from old.role
     and current_user in ('anon', 'authenticated')
     and not public.team_can('team') then
    raise exception 'Only an admin can change a user''s role.'
      using errcode = '42501';
  end if;
  return new;
end
$$;

-- campaign_delivery: read (1)
create or replace function public.campaign_delivery(p_campaign_id uuid, p_from date DEFAULT NULL::date, p_to date DEFAULT NULL::date) RETURNS TABLE(day date, screens integer, expected_plays numeric, recorded_plays bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  v_campaign public.campaigns;
  v_advertiser uuid := public.current_advertiser_id();
begin
  if not public.team_can('read') and v_advertiser is null then
    raise exception 'Only the team and the campaign''s advertiser can read delivery.' using errcode = '42501';
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

-- save_alert_settings: settings (1)
create or replace function public.save_alert_settings(p_offline_after_minutes integer, p_email_enabled boolean, p_recipient_ids uuid[], p_portal_url text DEFAULT NULL::text) RETURNS public.alert_settings
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_row public.alert_settings;
begin
  if not public.team_can('settings') then
    raise exception 'Only admins can change the alert settings.' using errcode = '42501';
  end if;
  if p_offline_after_minutes is null or p_offline_after_minutes not between 3 and 1440 then
    raise exception 'Alert after must be between 3 and 1440 minutes (got %).', coalesce(p_offline_after_minutes::text, 'nothing')
      using errcode = '23514', constraint = 'alert_settings_offline_after_minutes_between_3_and_1440',
            table = 'alert_settings', column = 'offline_after_minutes', schema = 'public';
  end if;
  if p_email_enabled and coalesce(cardinality(p_recipient_ids), 0) = 0 then
    raise exception 'Choose at least one admin to e-mail, or turn e-mails off.'
      using errcode = '23514', constraint = 'alert_settings_recipients_when_email_enabled',
            table = 'alert_recipients', column = 'user_id', schema = 'public';
  end if;

  update public.alert_settings s
  set offline_after_minutes = p_offline_after_minutes,
      email_enabled = coalesce(p_email_enabled, false),
      portal_url = coalesce(nullif(btrim(p_portal_url), ''), s.portal_url)
  where s.id
  returning * into v_row;

  delete from public.alert_recipients r where not (r.user_id = any (coalesce(p_recipient_ids, '{}')));
  insert into public.alert_recipients (user_id)
  select distinct u from unnest(coalesce(p_recipient_ids, '{}')) u
  on conflict (user_id) do nothing;

  return v_row;
end
$$;

-- check_campaign_booking: content (1)
create or replace function public.check_campaign_booking(p_name text, p_status text, p_advertiser_id uuid, p_spots_per_loop integer, p_plays_on text, p_targets jsonb DEFAULT '[]'::jsonb, p_start_date date DEFAULT NULL::date, p_end_date date DEFAULT NULL::date, p_windows jsonb DEFAULT NULL::jsonb, p_id uuid DEFAULT NULL::uuid, p_slide_seconds integer DEFAULT NULL::integer) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_answer jsonb;
  v_id uuid;
  v_message text;
  v_detail text;
begin
  if not public.team_can('content') then
    raise exception 'Only admins, operators and sales can book airtime.' using errcode = '42501';
  end if;
  begin
    v_id := public.save_campaign(
      p_name => coalesce(nullif(btrim(p_name), ''), 'Booking check'),
      p_customer_id => null,
      p_status => p_status,
      p_start_date => p_start_date,
      p_end_date => p_end_date,
      p_plays_on => p_plays_on,
      p_id => p_id,
      p_windows => coalesce(p_windows, '[]'::jsonb),
      p_advertiser_id => p_advertiser_id,
      p_spots_per_loop => p_spots_per_loop,
      p_targets => coalesce(p_targets, '[]'::jsonb)
    );
    -- A campaign being made has no slides yet: the form says how long its spot will be.
    if p_slide_seconds is not null then
      delete from public.campaign_items where campaign_id = v_id;
      insert into public.campaign_items (campaign_id, title, display_order, duration)
      values (v_id, 'Spot', 1, p_slide_seconds);
    end if;
    -- Every deferred check now, the booking check among them: named by its schema, it would
    -- need a privilege on private that callers do not have (and the block's rollback puts
    -- the constraints' mode back as it was).
    set constraints all immediate;
    raise exception using errcode = 'PT200', message = 'fits';
  exception
    when sqlstate 'PT200' then
      v_answer := jsonb_build_object('fits', true);
    when sqlstate 'PT409' then
      get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail;
      v_answer := jsonb_build_object('fits', false, 'message', v_message) || coalesce(v_detail::jsonb, '{}'::jsonb);
  end;
  return v_answer;
end
$$;

-- refresh_advertiser_totals: money (1)
create or replace function public.refresh_advertiser_totals() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_last date := private.last_closed_month();
  -- The oldest month whose days of plays are all still kept (play_days: 2 years).
  v_from date := (date_trunc('month', now() at time zone 'UTC') - interval '23 months')::date;
  v_changed integer;
begin
  -- Runs as its owner: the caller's role is the token's (none for the cron job).
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') and not public.team_can('money') then
    raise exception 'Only admins and sales can refresh the advertisers'' totals.' using errcode = '42501';
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

-- network_campaign_pacing: read (1)
create or replace function public.network_campaign_pacing() RETURNS TABLE(campaign_id uuid, expected_plays numeric, recorded_plays bigint, pace numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  v_advertiser uuid := public.current_advertiser_id();
begin
  if not public.team_can('read') and v_advertiser is null then
    raise exception 'Only the team and advertisers can read delivery.' using errcode = '42501';
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

-- revoke_screen: screens (1)
create or replace function public.revoke_screen(p_device_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.team_can('screens') then
    raise exception 'Only admins and operators can unpair screens.'
      using errcode = '42501';
  end if;

  update public.equipment_status e
  set screen_user_id = null,
      paired_at = null,
      revoked_at = coalesce(e.revoked_at, now()),
      status = 'offline',
      current_campaign_id = null,
      current_slide_id = null,
      diagnostics = null
  where e.id = p_device_id;
  if not found then
    raise exception 'This screen does not exist.'
      using errcode = 'P0002';
  end if;

  delete from public.screen_pairings p where p.device_id = p_device_id;

  update public.system_alerts a
  set ended_at = now(),
      resolved = true
  where a.device_id = p_device_id
    and a.alert_type = 'offline'
    and a.ended_at is null;
end
$$;

-- guard_advertiser_login_link: team (1)
create or replace function public.guard_advertiser_login_link() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.user_id is not null
     and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
    if current_user in ('anon', 'authenticated') and not public.team_can('team') then
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

-- pair_screen: screens (1)
create or replace function public.pair_screen(p_code text, p_customer_id uuid, p_device_name text, p_orientation text DEFAULT 'landscape'::text, p_device_id uuid DEFAULT NULL::uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_code text := upper(regexp_replace(coalesce(p_code, ''), '[[:space:]-]', '', 'g'));
  v_name text := btrim(coalesce(p_device_name, ''));
  v_location text;
  v_pairing public.screen_pairings;
  v_device_id uuid;
begin
  if not public.team_can('screens') then
    raise exception 'Only admins and operators can pair screens.'
      using errcode = '42501';
  end if;

  if length(v_name) not between 1 and 100 then
    raise exception 'A screen name is required (at most 100 characters).'
      using errcode = '22023';
  end if;
  if p_orientation is null or p_orientation not in ('landscape', 'portrait') then
    raise exception 'The orientation must be landscape or portrait.'
      using errcode = '22023';
  end if;

  select c.location into v_location from public.customers c where c.id = p_customer_id;
  if not found then
    raise exception 'This venue does not exist.'
      using errcode = '23503';
  end if;

  select * into v_pairing
  from public.screen_pairings p
  where p.code = v_code and p.claimed_at is null and p.expires_at > now()
  for update;
  if not found then
    raise exception 'This pairing code is not valid or has expired.'
      using errcode = 'P0002';
  end if;

  if p_device_id is not null then
    update public.equipment_status e
    set customer_id = p_customer_id,
        device_name = v_name,
        orientation = p_orientation,
        revoked_at = null
    where e.id = p_device_id
    returning e.id into v_device_id;
    if v_device_id is null then
      raise exception 'This screen does not exist.'
        using errcode = 'P0002';
    end if;
  else
    insert into public.equipment_status (customer_id, device_name, location, status, is_active, orientation)
    values (p_customer_id, v_name, v_location, 'offline', true, p_orientation)
    returning id into v_device_id;
  end if;

  update public.screen_pairings p
  set device_id = v_device_id,
      claimed_at = now()
  where p.id = v_pairing.id;

  return v_device_id;
end
$$;

-- network_availability: read (1)
create or replace function public.network_availability(p_start date, p_end date, p_group_id uuid DEFAULT NULL::uuid, p_customer_id uuid DEFAULT NULL::uuid) RETURNS TABLE(device_id uuid, day date, loop_seconds integer, booked_seconds integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.team_can('read') then
    raise exception 'Only the team can read the network''s availability.' using errcode = '42501';
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

-- rename_slide_image: content (1)
create or replace function public.rename_slide_image(p_from text, p_to text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  if not public.team_can('content') then
    raise exception 'Only admins, operators and sales can rename media files.' using errcode = '42501';
  end if;
  if coalesce(btrim(p_to), '') = '' then
    raise exception 'A file needs a name.' using errcode = '22023';
  end if;
  update public.campaign_items
     set image_url = p_to
   where image_url in (p_from, 'slides/' || p_from);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- report_scope: read (1)
create or replace function private.report_scope(p_from date, p_to date, p_customer_id uuid) RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  if public.team_can('read') or public.current_advertiser_id() is not null then
    return p_customer_id;
  end if;
  v_own := public.current_customer_id();
  if v_own is null or (p_customer_id is not null and p_customer_id <> v_own) then
    raise exception 'Only the team can read another venue''s plays.' using errcode = '42501';
  end if;
  return v_own;
end
$$;

-- advertiser_statement: money (1)
create or replace function public.advertiser_statement(p_advertiser_id uuid, p_month date) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
     and not (public.team_can('money') or p_advertiser_id is not distinct from public.current_advertiser_id()) then
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

-- network_summary: read (1)
create or replace function public.network_summary() RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.team_can('read') then
    raise exception 'Only the team can read the network''s figures.' using errcode = '42501';
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

-- dashboard_figures: read (1)
create or replace function public.dashboard_figures() RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_now public.daily_figures := private.current_figures();
  v_ago public.daily_figures;
  v_target date := ((now() at time zone 'UTC')::date - interval '1 month')::date;
  v_months jsonb;
  -- Revenue and fees are money: a team member without it (operator, viewer) gets null for them.
  v_money boolean := public.team_can('money');
begin
  if not public.team_can('read') then
    raise exception 'Only the team can read the network''s figures.' using errcode = '42501';
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
      'monthly_revenue', case when v_money then v_now.monthly_revenue end
    ),
    'month_ago', case when v_ago.day is null then null else jsonb_build_object(
      'day', v_ago.day,
      'active_customers', v_ago.active_customers,
      'active_advertisers', v_ago.active_advertisers,
      'running_ads', v_ago.running_ads,
      'monthly_revenue', case when v_money then v_ago.monthly_revenue end
    ) end,
    'revenue_by_month', case when v_money then v_months else '[]'::jsonb end,
    'average_monthly_revenue', case when v_money then (
      select round(avg(c.monthly_fee), 2) from public.customers c where c.status = 'active' and c.monthly_fee is not null
    ) end,
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

