-- Targeting: a campaign plays on every screen of its venue (no rows here, the default)
-- or only on the chosen screens of that venue (one row per chosen device). Only a
-- paired screen's playlist is narrowed by it; a venue's login and admins read every
-- live campaign of the venue as before.

create table public.campaign_screens (
  campaign_id uuid not null references public.campaigns (id) on delete cascade,
  device_id uuid not null references public.equipment_status (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (campaign_id, device_id)
);

comment on table public.campaign_screens is
  'The screens a campaign is limited to: a campaign with rows here plays only on those devices of its venue; a campaign without rows plays on every screen of its venue.';
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

-- What plays now: a paired screen plays only the campaigns meant for it ---------------
-- Unchanged from 20261123200000_screen_pairing.sql but for the campaign_screens filter:
-- when the caller is a paired screen, a campaign with chosen screens plays only if this
-- screen's device is one of them; campaigns without chosen screens play everywhere.
-- A venue's login and admins (no screen) read every live campaign of the venue.
--   p_customer_id null: the caller's own venue;
--   p_customer_id given: admins any venue, others only their own (42501 otherwise).
create or replace function public.player_playlist(p_customer_id uuid default null)
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
      or not exists (select 1 from public.campaign_screens s where s.campaign_id = c.id)
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

comment on function public.player_playlist(uuid) is
  'What plays now at a venue: the ordered active slides of its live campaigns (status active, today in the venue''s time zone within the dates) and a version string. The caller''s own venue is its venue login''s or its paired screen''s; a paired screen gets only the campaigns without chosen screens and those that chose it.';
