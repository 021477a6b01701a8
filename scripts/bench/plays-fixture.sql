-- Benchmark data for `npm run bench:plays`: 100 venues, each with its own linked login,
-- five screens and one campaign of 12 ten-second slides; 20 advertisers with 50 ads, which
-- 8 of each campaign's 12 slides show. Numbering (n = venue 1..100, s = screen 1..5,
-- k = slide 1..12, 3 or 4 hex digits):
--   login   00000000-0000-4000-8000-0000000e<n>      venue    00000000-0000-4000-8000-0000000f<n>
--   campaign 00000000-0000-4000-8000-00000001<n>     screen   00000000-0000-4000-8000-0000002<n><s>
--   slide   00000000-0000-4000-8000-0000003<n><k>    ad       00000000-0000-4000-8000-0000004000<a>
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000',
  ('00000000-0000-4000-8000-0000000e' || lpad(to_hex(n), 4, '0'))::uuid,
  'authenticated', 'authenticated',
  'bench-plays-' || n || '@example.test', '', now(),
  '{"provider": "email", "providers": ["email"]}', '{}', now(), now()
from generate_series(1, 100) as n;

insert into public.customers (id, name, username, email, user_id, status, time_zone)
select
  ('00000000-0000-4000-8000-0000000f' || lpad(to_hex(n), 4, '0'))::uuid,
  'Plays Venue ' || n, 'plays-venue-' || n, 'bench-plays-' || n || '@example.test',
  ('00000000-0000-4000-8000-0000000e' || lpad(to_hex(n), 4, '0'))::uuid,
  'active',
  (array['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London'])[1 + n % 4]
from generate_series(1, 100) as n;

insert into public.equipment_status (id, customer_id, device_name, status, is_active, last_heartbeat)
select
  ('00000000-0000-4000-8000-0000002' || lpad(to_hex(n), 3, '0') || lpad(to_hex(s), 2, '0'))::uuid,
  ('00000000-0000-4000-8000-0000000f' || lpad(to_hex(n), 4, '0'))::uuid,
  'Venue ' || n || ' screen ' || s, 'online', true, now()
from generate_series(1, 100) as n, generate_series(1, 5) as s;

insert into public.advertisers (id, advertiser_name, business_name, email, status)
select
  ('00000000-0000-4000-8000-0000005000' || lpad(to_hex(a), 2, '0'))::uuid,
  'Contact ' || a, 'Bench Advertiser ' || a, 'bench-advertiser-' || a || '@example.test', 'active'
from generate_series(1, 20) as a;

insert into public.ads (id, advertiser_id, title, status, daily_budget)
select
  ('00000000-0000-4000-8000-0000004000' || lpad(to_hex(a), 2, '0'))::uuid,
  ('00000000-0000-4000-8000-0000005000' || lpad(to_hex(1 + a % 20), 2, '0'))::uuid,
  'Bench Ad ' || a, 'active', 50
from generate_series(1, 50) as a;

insert into public.campaigns (id, name, customer_id, status, slide_count, total_duration)
select
  ('00000000-0000-4000-8000-00000001' || lpad(to_hex(n), 4, '0'))::uuid,
  'Plays Campaign ' || n,
  ('00000000-0000-4000-8000-0000000f' || lpad(to_hex(n), 4, '0'))::uuid,
  'active', 12, 120
from generate_series(1, 100) as n;

insert into public.campaign_items (id, campaign_id, title, display_order, duration, ad_id)
select
  ('00000000-0000-4000-8000-0000003' || lpad(to_hex(n), 3, '0') || lpad(to_hex(k), 2, '0'))::uuid,
  ('00000000-0000-4000-8000-00000001' || lpad(to_hex(n), 4, '0'))::uuid,
  'Slide ' || k, k, 10,
  case when k <= 8 then ('00000000-0000-4000-8000-0000004000' || lpad(to_hex(1 + (n * 8 + k) % 50), 2, '0'))::uuid end
from generate_series(1, 100) as n, generate_series(1, 12) as k;
