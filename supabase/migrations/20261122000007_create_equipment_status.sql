-- Equipment status: each display device, its last heartbeat and state.

create table public.equipment_status (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid references public.customers (id) on delete set null,
  device_name text not null,
  location text,
  status text not null default 'offline'
    constraint equipment_status_status_is_online_offline_idle_or_error
    check (status in ('online', 'offline', 'idle', 'error')),
  is_active boolean not null default true,
  last_heartbeat timestamptz,
  last_content_update timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.equipment_status is
  'Display devices installed at customers'' venues: state (online, offline, idle, error) and last heartbeat.';

create index equipment_status_last_heartbeat_idx on public.equipment_status (last_heartbeat desc nulls last);
create index equipment_status_created_at_idx on public.equipment_status (created_at desc);
create index equipment_status_customer_id_idx on public.equipment_status (customer_id);

create trigger equipment_status_set_updated_at
  before update on public.equipment_status
  for each row execute function public.set_updated_at();

alter table public.equipment_status enable row level security;

create policy "Admins can read all equipment"
  on public.equipment_status for select
  to authenticated
  using ((select public.is_admin()));

create policy "Customers can read their own equipment"
  on public.equipment_status for select
  to authenticated
  using (customer_id = (select public.current_customer_id()));

create policy "Admins can add equipment"
  on public.equipment_status for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can change equipment"
  on public.equipment_status for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can remove equipment"
  on public.equipment_status for delete
  to authenticated
  using ((select public.is_admin()));
