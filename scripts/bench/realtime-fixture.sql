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

-- The reconnect storm (`--phase storm`): each venue's paired screen, as pair_screen makes it.
-- Screen login n has id 00000000-0000-4000-8000-00000000a<n, 3 hex> and plays on device
-- …e<n>; its venue's campaign holds five slides, so its playlist read is a real one. Written
-- without the tables' triggers (audit, history, booking and push notes, none of which the
-- playlist reads), which would slow the stack's start on PGlite by thousands of calls.
set session_replication_role = replica;
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000',
  ('00000000-0000-4000-8000-00000000a' || lpad(to_hex(n), 3, '0'))::uuid,
  'authenticated', 'authenticated',
  'screen-bench-' || n || '@screens.invalid', '', now(),
  jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'),
    'screen_device_id', '00000000-0000-4000-8000-00000000e' || lpad(to_hex(n), 3, '0')),
  '{}', now(), now()
from generate_series(1, 500) as n;

insert into public.equipment_status (id, customer_id, device_name, location, screen_user_id, paired_at)
select
  ('00000000-0000-4000-8000-00000000e' || lpad(to_hex(n), 3, '0'))::uuid,
  ('00000000-0000-4000-8000-00000000c' || lpad(to_hex(n), 3, '0'))::uuid,
  'BENCH-SCREEN-' || n, 'Bench wall',
  ('00000000-0000-4000-8000-00000000a' || lpad(to_hex(n), 3, '0'))::uuid,
  now()
from generate_series(1, 500) as n;

insert into public.campaign_items (campaign_id, title, content, display_order, duration)
select
  ('00000000-0000-4000-8000-00000000d' || lpad(to_hex(n), 3, '0'))::uuid,
  'Bench slide ' || k, 'Slide ' || k || ' of venue ' || n, k, 10
from generate_series(1, 500) as n, generate_series(1, 5) as k;

reset session_replication_role;
