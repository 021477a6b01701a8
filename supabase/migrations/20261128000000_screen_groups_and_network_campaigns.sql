-- Selling the network (1/3): screen groups, the loop every screen plays, and campaigns
-- an advertiser runs across venues.
--
-- A campaign either belongs to a venue (customer_id set, as before: plays_on 'all' or
-- 'chosen') or is a network campaign of an advertiser (customer_id null, advertiser_id
-- set) that plays where its targets say (plays_on 'targets': rows of campaign_targets,
-- each a venue, a screen group or a screen; no target, no screen) or on every screen of
-- the network (plays_on 'network'). A network campaign books spots_per_loop spots in each
-- loop of each screen it plays on; a spot takes the airtime of its longest slide.

-- The network's settings: one row ------------------------------------------------------

create table public.network_settings (
  id boolean primary key default true
    constraint network_settings_one_row check (id),
  default_loop_seconds integer not null default 300
    constraint network_settings_default_loop_between_30_and_3600 check (default_loop_seconds between 30 and 3600),
  updated_at timestamptz not null default now()
);

comment on table public.network_settings is
  'The network''s settings (one row): default_loop_seconds is the loop length a new screen gets.';

insert into public.network_settings default values;

alter table public.network_settings enable row level security;

create policy "Admins can read the network settings" on public.network_settings
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can change the network settings" on public.network_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create trigger network_settings_set_updated_at before update on public.network_settings
  for each row execute function public.set_updated_at();

-- A screen's loop ------------------------------------------------------------------------

alter table public.equipment_status
  add column loop_seconds integer;

update public.equipment_status set loop_seconds = (select s.default_loop_seconds from public.network_settings s);

alter table public.equipment_status
  alter column loop_seconds set not null,
  add constraint equipment_status_loop_seconds_between_30_and_3600 check (loop_seconds between 30 and 3600);

comment on column public.equipment_status.loop_seconds is
  'The length of the loop the screen plays, in seconds: network campaigns book spots in it, the venue''s own content fills the rest. A new screen gets the network''s default_loop_seconds.';

create or replace function public.default_loop_seconds()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.default_loop_seconds from public.network_settings s limit 1), 300)
$$;

comment on function public.default_loop_seconds() is
  'The loop length a new screen gets: the network''s default (network_settings.default_loop_seconds).';

alter table public.equipment_status
  alter column loop_seconds set default public.default_loop_seconds();

-- The Equipment page's read shows the loop too (added at the end, so create or replace keeps
-- the view's other columns where they were).
create or replace view public.equipment_status_live with (security_invoker = true) as
select
  e.id,
  e.customer_id,
  e.device_name,
  e.location,
  e.status,
  public.equipment_live_status(e.status, e.last_heartbeat) as live_status,
  (e.last_heartbeat is not null and e.last_heartbeat < now() - interval '3 minutes') as heartbeat_stale,
  e.is_active,
  e.last_heartbeat,
  e.last_content_update,
  e.created_at,
  e.updated_at,
  c.name as customer_name,
  c.location as customer_location,
  c.contact_phone as customer_contact_phone,
  e.orientation,
  e.paired_at,
  (e.screen_user_id is not null) as paired,
  e.current_campaign_id,
  p.name as current_campaign_name,
  e.current_slide_id,
  i.title as current_slide_title,
  e.app_version,
  e.resolution,
  e.diagnostics,
  e.revoked_at,
  e.loop_seconds
from public.equipment_status e
left join public.customers c on c.id = e.customer_id
left join public.campaigns p on p.id = e.current_campaign_id
left join public.campaign_items i on i.id = e.current_slide_id;

-- Screen groups --------------------------------------------------------------------------

create table public.screen_groups (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint screen_groups_name_is_trimmed_1_to_100_characters
    check (name = btrim(name) and char_length(name) between 1 and 100),
  description text
    constraint screen_groups_description_at_most_500_characters check (char_length(description) <= 500),
  colour text
    constraint screen_groups_colour_is_a_hex_colour check (colour ~ '^#[0-9a-f]{6}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.screen_groups is
  'Named sets of screens (for example "Gyms", "City centre"): a screen may be in many groups and a group may span venues. Network campaigns target them.';

create unique index screen_groups_name_key on public.screen_groups (lower(name));

create trigger screen_groups_set_updated_at before update on public.screen_groups
  for each row execute function public.set_updated_at();

create table public.screen_group_members (
  group_id uuid not null references public.screen_groups (id) on delete cascade,
  device_id uuid not null references public.equipment_status (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (group_id, device_id)
);

comment on table public.screen_group_members is 'Which screens are in which groups.';

create index screen_group_members_device_id_idx on public.screen_group_members (device_id);

alter table public.screen_groups enable row level security;
alter table public.screen_group_members enable row level security;

create policy "Admins can read screen groups" on public.screen_groups
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can add screen groups" on public.screen_groups
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can change screen groups" on public.screen_groups
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can remove screen groups" on public.screen_groups
  for delete to authenticated using ((select public.is_admin()));

create policy "Admins can read group members" on public.screen_group_members
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can add group members" on public.screen_group_members
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can remove group members" on public.screen_group_members
  for delete to authenticated using ((select public.is_admin()));

-- Network campaigns ------------------------------------------------------------------------

alter table public.campaigns
  alter column customer_id drop not null,
  add column advertiser_id uuid references public.advertisers (id) on delete restrict,
  add column spots_per_loop integer not null default 1
    constraint campaigns_spots_per_loop_between_1_and_20 check (spots_per_loop between 1 and 20),
  drop constraint campaigns_plays_on_all_or_chosen,
  add constraint campaigns_plays_on_is_known check (plays_on in ('all', 'chosen', 'targets', 'network')),
  add constraint campaigns_belong_to_a_venue_or_an_advertiser check (
    (customer_id is not null and advertiser_id is null and plays_on in ('all', 'chosen'))
    or (customer_id is null and advertiser_id is not null and plays_on in ('targets', 'network'))
  );

create index campaigns_advertiser_id_idx on public.campaigns (advertiser_id) where advertiser_id is not null;

comment on table public.campaigns is
  'A campaign: a playlist of slides (campaign_items) with status, dates and dayparts. A venue''s own (customer_id) plays on its screens; a network campaign of an advertiser (advertiser_id, customer_id null) books spots_per_loop spots in the loop of every screen its targets name (plays_on ''targets'', campaign_targets) or of every screen (plays_on ''network'').';
comment on column public.campaigns.customer_id is
  'The venue whose campaign this is; null for a network campaign of an advertiser.';
comment on column public.campaigns.advertiser_id is
  'The advertiser of a network campaign; null for a venue''s own campaign.';
comment on column public.campaigns.spots_per_loop is
  'Network campaigns: how many spots it books in each loop of each screen it plays on (each spot one of its slides in turn, as long as its longest slide).';
comment on column public.campaigns.plays_on is
  '''all'': every screen of the venue; ''chosen'': the devices in campaign_screens (none left: no screen). Network campaigns: ''targets'': the screens campaign_targets names (none: no screen); ''network'': every screen.';

create table public.campaign_targets (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references public.campaigns (id) on delete cascade,
  customer_id uuid references public.customers (id) on delete cascade,
  group_id uuid references public.screen_groups (id) on delete cascade,
  device_id uuid references public.equipment_status (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint campaign_targets_name_one_venue_group_or_screen check (num_nonnulls(customer_id, group_id, device_id) = 1)
);

comment on table public.campaign_targets is
  'Where a network campaign with plays_on ''targets'' plays: each row one venue (all its screens), one screen group (its members, wherever they are) or one screen.';

create unique index campaign_targets_venue_key on public.campaign_targets (campaign_id, customer_id) where customer_id is not null;
create unique index campaign_targets_group_key on public.campaign_targets (campaign_id, group_id) where group_id is not null;
create unique index campaign_targets_screen_key on public.campaign_targets (campaign_id, device_id) where device_id is not null;
create index campaign_targets_customer_id_idx on public.campaign_targets (customer_id) where customer_id is not null;
create index campaign_targets_group_id_idx on public.campaign_targets (group_id) where group_id is not null;
create index campaign_targets_device_id_idx on public.campaign_targets (device_id) where device_id is not null;

create or replace function public.check_campaign_target()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.campaigns c where c.id = new.campaign_id and c.customer_id is null) then
    raise exception 'Only a network campaign has targets: a venue''s campaign plays on its own screens.'
      using errcode = '23514', table = 'campaign_targets', column = 'campaign_id', schema = 'public';
  end if;
  return new;
end
$$;

create trigger campaign_targets_check before insert or update on public.campaign_targets
  for each row execute function public.check_campaign_target();

alter table public.campaign_targets enable row level security;

create policy "Admins can read campaign targets" on public.campaign_targets
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can add campaign targets" on public.campaign_targets
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can change campaign targets" on public.campaign_targets
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can remove campaign targets" on public.campaign_targets
  for delete to authenticated using ((select public.is_admin()));

-- The screens a network campaign plays on: its targets expanded (venue → its screens, group →
-- its members), or every screen of a venue for plays_on 'network'. Screens without a venue
-- play nothing, so they are no one's.
create or replace view public.campaign_target_screens with (security_invoker = true) as
select c.id as campaign_id, e.id as device_id
from public.campaigns c
join public.equipment_status e on e.customer_id is not null
where c.customer_id is null and c.plays_on = 'network'
union
select t.campaign_id, e.id
from public.campaign_targets t
join public.campaigns c on c.id = t.campaign_id and c.plays_on = 'targets'
join public.equipment_status e on e.id = t.device_id and e.customer_id is not null
union
select t.campaign_id, e.id
from public.campaign_targets t
join public.campaigns c on c.id = t.campaign_id and c.plays_on = 'targets'
join public.equipment_status e on e.customer_id = t.customer_id
union
select t.campaign_id, e.id
from public.campaign_targets t
join public.campaigns c on c.id = t.campaign_id and c.plays_on = 'targets'
join public.screen_group_members m on m.group_id = t.group_id
join public.equipment_status e on e.id = m.device_id and e.customer_id is not null;

comment on view public.campaign_target_screens is
  'The screens each network campaign plays on: its targets expanded (a venue''s screens, a group''s members, a screen), or every screen at a venue for plays_on ''network''.';

-- Realtime: Equipment and the Groups page hear of group changes.
alter publication supabase_realtime add table public.screen_groups, public.screen_group_members, public.campaign_targets;
