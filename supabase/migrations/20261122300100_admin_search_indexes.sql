-- Admin lists and overview at scale (tens of thousands of customers, devices and
-- advertisers): what the overview adds up is computed in the database, and the
-- lists' default order and status filters are served by indexes.

-- The overview's Monthly Revenue: the sum of the active customers' monthly fees,
-- with how many active customers there are (for the average). security invoker:
-- the caller's row level security applies, so only admins see a total.
create or replace function public.active_monthly_revenue()
returns table (total numeric, customers bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(sum(c.monthly_fee), 0)::numeric, count(*)
  from public.customers c
  where c.status = 'active'
$$;

comment on function public.active_monthly_revenue() is
  'Sum of the monthly fees of active customers and their number, as the caller may see them (admins: all).';

revoke all on function public.active_monthly_revenue() from public, anon;
grant execute on function public.active_monthly_revenue() to authenticated;

-- Filtered lists in their default order (newest first) walk one index.
create index if not exists customers_status_created_at_idx on public.customers (status, created_at desc);
create index if not exists advertisers_status_created_at_idx on public.advertisers (status, created_at desc);
