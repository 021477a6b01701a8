-- Benchmark data for `npm run bench:realtime`: 500 venues, each with its own linked
-- login and one campaign. Login n has id 00000000-0000-4000-8000-00000000b<n, 3 hex>
-- (…b001 to …b1f4); its venue and campaign follow the same numbering.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000',
  ('00000000-0000-4000-8000-00000000b' || lpad(to_hex(n), 3, '0'))::uuid,
  'authenticated', 'authenticated',
  'bench-venue-' || n || '@example.test', '', now(),
  '{"provider": "email", "providers": ["email"]}', '{}', now(), now()
from generate_series(1, 500) as n;

insert into public.customers (id, name, username, email, user_id, status)
select
  ('00000000-0000-4000-8000-00000000c' || lpad(to_hex(n), 3, '0'))::uuid,
  'Bench Venue ' || n, 'bench-venue-' || n, 'bench-venue-' || n || '@example.test',
  ('00000000-0000-4000-8000-00000000b' || lpad(to_hex(n), 3, '0'))::uuid,
  'active'
from generate_series(1, 500) as n;

insert into public.campaigns (id, name, customer_id, status)
select
  ('00000000-0000-4000-8000-00000000d' || lpad(to_hex(n), 3, '0'))::uuid,
  'Bench Campaign ' || n,
  ('00000000-0000-4000-8000-00000000c' || lpad(to_hex(n), 3, '0'))::uuid,
  'active'
from generate_series(1, 500) as n;
