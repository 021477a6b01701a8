-- System alerts: problems reported for a customer's screens, resolved by admins.

create table public.system_alerts (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid references public.customers (id) on delete cascade,
  alert_type text not null
    constraint system_alerts_alert_type_is_known
    check (alert_type in ('offline', 'wifi_lost', 'back_online', 'maintenance', 'other')),
  severity text not null default 'medium'
    constraint system_alerts_severity_is_high_medium_or_low
    check (severity in ('high', 'medium', 'low')),
  message text not null,
  resolved boolean not null default false,
  created_at timestamptz not null default now()
);

comment on table public.system_alerts is
  'Alerts about customers'' screens (offline, wifi lost, back online, maintenance); admins mark them resolved.';

create index system_alerts_created_at_idx on public.system_alerts (created_at desc);
create index system_alerts_customer_id_idx on public.system_alerts (customer_id);
create index system_alerts_unresolved_idx on public.system_alerts (created_at desc) where not resolved;

alter table public.system_alerts enable row level security;

create policy "Admins can read alerts"
  on public.system_alerts for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can add alerts"
  on public.system_alerts for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can change alerts"
  on public.system_alerts for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can remove alerts"
  on public.system_alerts for delete
  to authenticated
  using ((select public.is_admin()));
