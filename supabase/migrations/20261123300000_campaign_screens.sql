-- Targeting: a campaign plays on every screen of its venue (campaigns.plays_on 'all', the
-- default) or only on the chosen screens of that venue (plays_on 'chosen', one
-- campaign_screens row per chosen device). A campaign whose chosen screens were all
-- deleted plays nowhere, never everywhere by accident. Only a playlist read for a
-- particular screen (a paired screen, or a venue's kiosk naming its device) is narrowed
-- by it; a venue's overview and an admin's preview read every live campaign of the venue.

alter table public.campaigns
  add column plays_on text not null default 'all'
    constraint campaigns_plays_on_all_or_chosen check (plays_on in ('all', 'chosen'));

comment on column public.campaigns.plays_on is
  '''all'': plays on every screen of the venue; ''chosen'': only on the devices listed in campaign_screens (none left: on no screen).';

create table public.campaign_screens (
  campaign_id uuid not null references public.campaigns (id) on delete cascade,
  device_id uuid not null references public.equipment_status (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (campaign_id, device_id)
);

comment on table public.campaign_screens is
  'The screens a campaign with plays_on ''chosen'' plays on: devices of the campaign''s own venue.';
comment on column public.campaign_screens.device_id is
  'A device (equipment_status) of the campaign''s own venue.';

create index campaign_screens_device_id_idx on public.campaign_screens (device_id);

-- A campaign only plays on its own venue's screens.
create or replace function public.check_campaign_screen()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_campaign_venue uuid;
  v_device_venue uuid;
begin
  select c.customer_id into v_campaign_venue from public.campaigns c where c.id = new.campaign_id;
  if not found then
    return new; -- the foreign key answers (23503)
  end if;
  select e.customer_id into v_device_venue from public.equipment_status e where e.id = new.device_id;
  if not found then
    return new;
  end if;
  if v_device_venue is distinct from v_campaign_venue then
    raise exception 'A campaign can only play on screens of its own venue.'
      using errcode = '23514', table = 'campaign_screens', column = 'device_id', schema = 'public';
  end if;
  return new;
end
$$;

comment on function public.check_campaign_screen() is
  'Trigger function on campaign_screens: the device must belong to the campaign''s venue (23514 otherwise). Unknown ids are left to the foreign keys (23503).';

create trigger campaign_screens_check
  before insert or update on public.campaign_screens
  for each row execute function public.check_campaign_screen();

alter table public.campaign_screens enable row level security;

create policy "Admins can read every campaign's screens"
  on public.campaign_screens for select
  to authenticated
  using ((select public.is_admin()));

create policy "Customers can read the screens of their own campaigns"
  on public.campaign_screens for select
  to authenticated
  using (
    exists (
      select 1 from public.campaigns c
      where c.id = campaign_screens.campaign_id
        and c.customer_id = (select public.current_customer_id())
    )
  );

create policy "Admins can choose screens"
  on public.campaign_screens for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can change chosen screens"
  on public.campaign_screens for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can remove chosen screens"
  on public.campaign_screens for delete
  to authenticated
  using ((select public.is_admin()));

-- Chosen screens stay screens of the campaign's venue: moving a campaign to another venue,
-- or a device to another venue, drops the rows that no longer match.
create or replace function public.drop_foreign_campaign_screens()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'campaigns' then
    delete from public.campaign_screens s
      using public.equipment_status e
     where s.campaign_id = new.id and e.id = s.device_id and e.customer_id is distinct from new.customer_id;
  else
    delete from public.campaign_screens s
      using public.campaigns c
     where s.device_id = new.id and c.id = s.campaign_id and c.customer_id is distinct from new.customer_id;
  end if;
  return null;
end
$$;

comment on function public.drop_foreign_campaign_screens() is
  'Trigger function: after a campaign or a device changes venue, removes the campaign_screens rows that would pair a campaign with another venue''s screen.';

create trigger campaigns_drop_foreign_screens
  after update of customer_id on public.campaigns
  for each row when (old.customer_id is distinct from new.customer_id)
  execute function public.drop_foreign_campaign_screens();

create trigger equipment_status_drop_foreign_campaigns
  after update of customer_id on public.equipment_status
  for each row when (old.customer_id is distinct from new.customer_id)
  execute function public.drop_foreign_campaign_screens();

-- Saving the campaign form is one transaction: the campaign's fields, where it plays and
-- its chosen screens, all or nothing. Security invoker: the policies above decide (only
-- admins write campaigns and campaign_screens).
--   p_id null: a new campaign (returns its id); otherwise that campaign (P0002 if unknown).
create or replace function public.save_campaign(
  p_name text,
  p_customer_id uuid,
  p_status text,
  p_start_date date default null,
  p_end_date date default null,
  p_plays_on text default 'all',
  p_screen_ids uuid[] default '{}',
  p_id uuid default null
)
returns uuid
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_screens uuid[] := coalesce(p_screen_ids, '{}');
begin
  if p_plays_on = 'chosen' and cardinality(v_screens) = 0 then
    raise exception 'Choose at least one screen, or play on all screens.'
      using errcode = '23514', table = 'campaign_screens', column = 'device_id', schema = 'public';
  end if;

  if p_id is null then
    insert into public.campaigns (name, customer_id, status, start_date, end_date, plays_on)
    values (p_name, p_customer_id, p_status, p_start_date, p_end_date, p_plays_on)
    returning id into v_id;
  else
    update public.campaigns
       set name = p_name, customer_id = p_customer_id, status = p_status,
           start_date = p_start_date, end_date = p_end_date, plays_on = p_plays_on
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

  return v_id;
end
$$;

comment on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid) is
  'Saves the campaign form in one transaction: a new campaign (p_id null) or an existing one, with where it plays (''all'' or ''chosen'') and its chosen screens. Returns the campaign id. Runs as the caller: only admins may write.';

revoke execute on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid) from public, anon;
grant execute on function public.save_campaign(text, uuid, text, date, date, text, uuid[], uuid) to authenticated;

-- What plays now on one screen ---------------------------------------------------------
-- Unchanged from 20261123200000_screen_pairing.sql but for targeting and a new parameter:
-- the playlist is read for a screen when the caller is a paired screen (its own device)
-- or when a venue's kiosk names its device (p_device_id); then a campaign with chosen
-- screens plays only if that device is one of them. Without a screen (a venue's overview,
-- an admin's preview) every live campaign of the venue is listed.
--   p_customer_id null: the caller's own venue;
--   p_customer_id given: admins any venue, others only their own (42501 otherwise).
drop function public.player_playlist(uuid);

create function public.player_playlist(p_customer_id uuid default null, p_device_id uuid default null)
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
  v_today date;
  v_slides jsonb;
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
    and i.is_active
    and (
      v_screen_device is null
      or c.plays_on = 'all'
      or exists (select 1 from public.campaign_screens s where s.campaign_id = c.id and s.device_id = v_screen_device)
    );

  return jsonb_build_object(
    'version', md5(v_slides::text),
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name, 'time_zone', v_customer.time_zone),
    'today', v_today,
    'slides', v_slides
  );
end
$$;

comment on function public.player_playlist(uuid, uuid) is
  'What plays now at a venue: the ordered active slides of its live campaigns (status active, today in the venue''s time zone within the dates) and a version string. The caller''s own venue is its venue login''s or its paired screen''s. Read for a screen (a paired screen''s own device, or p_device_id), campaigns that play on chosen screens are included only if that screen is one of them.';

revoke execute on function public.player_playlist(uuid, uuid) from public, anon;
grant execute on function public.player_playlist(uuid, uuid) to authenticated;
