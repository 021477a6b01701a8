-- Campaign items: the slides of a campaign, played in display_order.

create table public.campaign_items (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references public.campaigns (id) on delete cascade,
  content_type text not null default 'static'
    constraint campaign_items_content_type_is_static_or_dynamic
    check (content_type in ('static', 'dynamic')),
  slide_type text not null default 'advertisement'
    constraint campaign_items_slide_type_is_known
    check (slide_type in ('advertisement', 'weather', 'news', 'sports', 'business_info', 'promotional')),
  title text,
  content text,
  image_url text,
  display_order integer not null default 1
    constraint campaign_items_display_order_at_least_1 check (display_order >= 1),
  duration integer not null default 10
    constraint campaign_items_duration_between_5_and_300 check (duration between 5 and 300),
  priority integer not null default 1
    constraint campaign_items_priority_between_1_and_10 check (priority between 1 and 10),
  is_active boolean not null default true,
  settings jsonb not null default '{}'::jsonb
    constraint campaign_items_settings_is_object check (jsonb_typeof(settings) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint campaign_items_refresh_interval_between_60_and_3600 check (
    case
      when not (settings ? 'refresh_interval') or jsonb_typeof(settings -> 'refresh_interval') = 'null' then true
      when jsonb_typeof(settings -> 'refresh_interval') = 'number' then (settings ->> 'refresh_interval')::numeric between 60 and 3600
      when (settings ->> 'refresh_interval') ~ '^\s*[0-9]+(\.[0-9]+)?\s*$' then (settings ->> 'refresh_interval')::numeric between 60 and 3600
      else false
    end
  )
);

comment on table public.campaign_items is
  'Slides of a campaign: static (image, text) or dynamic (weather, news, sports), each with a duration and 1-based display_order.';
comment on column public.campaign_items.image_url is 'Path of the slide image in the ad-images bucket.';
comment on column public.campaign_items.settings is 'Dynamic slide settings: location (weather), category (news), refresh_interval in seconds (60 to 3600).';

create index campaign_items_campaign_id_display_order_idx on public.campaign_items (campaign_id, display_order);
create index campaign_items_created_at_idx on public.campaign_items (created_at desc);
create index campaign_items_image_url_idx on public.campaign_items (image_url) where image_url is not null;

create trigger campaign_items_set_updated_at
  before update on public.campaign_items
  for each row execute function public.set_updated_at();

-- Plain-English messages for the slide rules; the CHECK constraints stay as the final guard.
create or replace function public.check_campaign_item()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_refresh jsonb := new.settings -> 'refresh_interval';
begin
  if new.duration is not null and new.duration not between 5 and 300 then
    raise exception 'Slide duration must be between 5 and 300 seconds (got %).', new.duration
      using errcode = '23514', constraint = 'campaign_items_duration_between_5_and_300',
            table = 'campaign_items', column = 'duration', schema = 'public';
  end if;
  if new.priority is not null and new.priority not between 1 and 10 then
    raise exception 'Slide priority must be between 1 and 10 (got %).', new.priority
      using errcode = '23514', constraint = 'campaign_items_priority_between_1_and_10',
            table = 'campaign_items', column = 'priority', schema = 'public';
  end if;
  if new.slide_type is not null
     and new.slide_type not in ('advertisement', 'weather', 'news', 'sports', 'business_info', 'promotional') then
    raise exception 'Unknown slide type "%": use advertisement, weather, news, sports, business_info or promotional.', new.slide_type
      using errcode = '23514', constraint = 'campaign_items_slide_type_is_known',
            table = 'campaign_items', column = 'slide_type', schema = 'public';
  end if;
  if new.content_type is not null and new.content_type not in ('static', 'dynamic') then
    raise exception 'Unknown slide content type "%": use static or dynamic.', new.content_type
      using errcode = '23514', constraint = 'campaign_items_content_type_is_static_or_dynamic',
            table = 'campaign_items', column = 'content_type', schema = 'public';
  end if;
  if v_refresh is not null and jsonb_typeof(v_refresh) <> 'null' and not (
       (jsonb_typeof(v_refresh) = 'number' or (v_refresh #>> '{}') ~ '^\s*[0-9]+(\.[0-9]+)?\s*$')
       and (v_refresh #>> '{}')::numeric between 60 and 3600
     ) then
    raise exception 'Refresh interval must be between 60 and 3600 seconds (got %).', v_refresh #>> '{}'
      using errcode = '23514', constraint = 'campaign_items_refresh_interval_between_60_and_3600',
            table = 'campaign_items', column = 'settings', schema = 'public';
  end if;
  return new;
end
$$;

create trigger campaign_items_check
  before insert or update on public.campaign_items
  for each row execute function public.check_campaign_item();

alter table public.campaign_items enable row level security;

create policy "Admins can read every slide"
  on public.campaign_items for select
  to authenticated
  using ((select public.is_admin()));

create policy "Customers can read the slides of their own campaigns"
  on public.campaign_items for select
  to authenticated
  using (
    exists (
      select 1 from public.campaigns c
      where c.id = campaign_items.campaign_id
        and c.customer_id = (select public.current_customer_id())
    )
  );

create policy "Admins can add slides"
  on public.campaign_items for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can change slides"
  on public.campaign_items for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can remove slides"
  on public.campaign_items for delete
  to authenticated
  using ((select public.is_admin()));
