-- Ads: what an advertiser pays to show, with a daily budget.

create table public.ads (
  id uuid primary key default gen_random_uuid(),
  advertiser_id uuid references public.advertisers (id) on delete cascade,
  title text not null,
  status text not null default 'pending'
    constraint ads_status_is_active_pending_paused_or_other
    check (status in ('active', 'pending', 'paused', 'other')),
  daily_budget numeric(12, 2)
    constraint ads_daily_budget_not_negative check (daily_budget >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.ads is 'Advertisements run for an advertiser, each with a status and a daily budget.';

create index ads_created_at_idx on public.ads (created_at desc);
create index ads_advertiser_id_idx on public.ads (advertiser_id);

create trigger ads_set_updated_at
  before update on public.ads
  for each row execute function public.set_updated_at();

alter table public.ads enable row level security;

create policy "Admins can read ads"
  on public.ads for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can add ads"
  on public.ads for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can change ads"
  on public.ads for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can remove ads"
  on public.ads for delete
  to authenticated
  using ((select public.is_admin()));
