-- Customers: the venues that host display screens and sign in to see their account.

create table public.customers (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  username text not null,
  email text not null,
  location text,
  location_photo text,
  contact_phone text,
  note text,
  notes text,
  about_business text,
  signup_date date,
  installation_date date,
  agreement_file text,
  bank_name text,
  account_number text,
  routing_number text,
  status text not null default 'active'
    constraint customers_status_is_active_inactive_or_maintenance
    check (status in ('active', 'inactive', 'maintenance')),
  display_type text default 'Digital Display',
  monthly_fee numeric(12, 2)
    constraint customers_monthly_fee_not_negative check (monthly_fee >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.customers is
  'Venues hosting display screens. A signed-in customer is matched to a row by equal e-mail.';
comment on column public.customers.note is 'Description of the equipment installed at the venue.';
comment on column public.customers.location_photo is 'Path of the location photo in the customer-files bucket.';
comment on column public.customers.agreement_file is 'Path of the signed agreement (PDF) in the customer-files bucket.';

create unique index customers_email_unique_idx on public.customers (lower(email));
create index customers_created_at_idx on public.customers (created_at desc);
create index customers_status_idx on public.customers (status);

create trigger customers_set_updated_at
  before update on public.customers
  for each row execute function public.set_updated_at();

-- The customers row of the signed-in user, matched by the e-mail held in
-- public.users (kept from auth.users), not by a claim the client could edit.
create or replace function public.current_customer_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id
  from public.users u
  join public.customers c on lower(c.email) = lower(u.email)
  where u.id = auth.uid()
  limit 1
$$;

comment on function public.current_customer_id() is
  'Id of the customer whose e-mail equals the signed-in user''s e-mail, or null.';

alter table public.customers enable row level security;

create policy "Admins can read every customer"
  on public.customers for select
  to authenticated
  using ((select public.is_admin()));

create policy "Customers can read their own customer row"
  on public.customers for select
  to authenticated
  using (id = (select public.current_customer_id()));

create policy "Admins can add customers"
  on public.customers for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can change customers"
  on public.customers for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can remove customers"
  on public.customers for delete
  to authenticated
  using ((select public.is_admin()));
