-- Campaigns: a customer's playlist of timed slides, with status and dates.

create table public.campaigns (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  customer_id uuid not null references public.customers (id) on delete cascade,
  status text not null default 'active'
    constraint campaigns_status_is_active_paused_scheduled_or_completed
    check (status in ('active', 'paused', 'scheduled', 'completed')),
  start_date timestamptz,
  end_date timestamptz,
  content_type text not null default 'mixed'
    constraint campaigns_content_type_is_known
    check (content_type in ('advertisement', 'weather', 'news', 'business_info', 'promotional', 'entertainment', 'mixed')),
  priority integer not null default 1
    constraint campaigns_priority_between_1_and_10 check (priority between 1 and 10),
  display_duration integer not null default 10
    constraint campaigns_display_duration_positive check (display_duration > 0),
  total_duration integer not null default 0
    constraint campaigns_total_duration_not_negative check (total_duration >= 0),
  slide_count integer not null default 0
    constraint campaigns_slide_count_not_negative check (slide_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint campaigns_end_date_not_before_start_date
    check (start_date is null or end_date is null or end_date >= start_date)
);

comment on table public.campaigns is
  'A customer''s campaign: a playlist of slides (campaign_items) with status, dates, slide count and total duration.';
comment on column public.campaigns.total_duration is 'Sum of the slides'' durations in seconds, kept by save_campaign_slides.';
comment on column public.campaigns.updated_at is 'Changes with every save; the slide builder sends it back to detect concurrent edits.';

create index campaigns_created_at_idx on public.campaigns (created_at desc);
create index campaigns_customer_id_status_idx on public.campaigns (customer_id, status);
create index campaigns_status_idx on public.campaigns (status);

create trigger campaigns_set_updated_at
  before update on public.campaigns
  for each row execute function public.set_updated_at();

-- Plain-English messages for the rules people break most often; the CHECK
-- constraints above stay as the final guard.
create or replace function public.check_campaign()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.priority is not null and new.priority not between 1 and 10 then
    raise exception 'Campaign priority must be between 1 and 10 (got %).', new.priority
      using errcode = '23514', constraint = 'campaigns_priority_between_1_and_10',
            table = 'campaigns', column = 'priority', schema = 'public';
  end if;
  if new.start_date is not null and new.end_date is not null and new.end_date < new.start_date then
    raise exception 'Campaign end date cannot be before its start date.'
      using errcode = '23514', constraint = 'campaigns_end_date_not_before_start_date',
            table = 'campaigns', column = 'end_date', schema = 'public';
  end if;
  return new;
end
$$;

create trigger campaigns_check
  before insert or update on public.campaigns
  for each row execute function public.check_campaign();

alter table public.campaigns enable row level security;

create policy "Admins can read every campaign"
  on public.campaigns for select
  to authenticated
  using ((select public.is_admin()));

create policy "Customers can read their own campaigns"
  on public.campaigns for select
  to authenticated
  using (customer_id = (select public.current_customer_id()));

create policy "Admins can add campaigns"
  on public.campaigns for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can change campaigns"
  on public.campaigns for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can remove campaigns"
  on public.campaigns for delete
  to authenticated
  using ((select public.is_admin()));
