-- Advertisers: companies whose ads run on the screens.

create table public.advertisers (
  id uuid primary key default gen_random_uuid(),
  advertiser_name text not null,
  business_name text not null,
  business_number text,
  address text,
  email text not null,
  contact_number text,
  company_logo text,
  industry text,
  status text not null default 'active'
    constraint advertisers_status_is_active_pending_inactive_or_maintenance
    check (status in ('active', 'pending', 'inactive', 'maintenance')),
  total_spent numeric(12, 2) not null default 0
    constraint advertisers_total_spent_not_negative check (total_spent >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.advertisers is
  'Companies that advertise on the display network; advertiser_name is the contact person, business_name the company.';
comment on column public.advertisers.company_logo is 'Path of the logo in the advertiser-logos bucket.';

create index advertisers_created_at_idx on public.advertisers (created_at desc);
create index advertisers_status_idx on public.advertisers (status);

create trigger advertisers_set_updated_at
  before update on public.advertisers
  for each row execute function public.set_updated_at();

alter table public.advertisers enable row level security;

create policy "Admins can read advertisers"
  on public.advertisers for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can add advertisers"
  on public.advertisers for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can change advertisers"
  on public.advertisers for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can remove advertisers"
  on public.advertisers for delete
  to authenticated
  using ((select public.is_admin()));
