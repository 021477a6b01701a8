-- Demo data for a new local database (also run by `supabase db reset`).
-- Fixed ids so tests and people can refer to the same rows.
--
-- Logins:
--   admin@example.com  / demo-admin-pass     (admin)
--   cafe@example.com   / demo-customer-pass  (customer Corner Cafe)
--   gym@example.com    / demo-customer-pass  (customer Peak Gym)
--   james@brightline.example.com / demo-advertiser-pass (advertiser Brightline Mobile)
--   olivia@example.com / demo-team-pass     (operator)
--   sam@example.com    / demo-team-pass     (sales)
--   vic@example.com    / demo-team-pass     (viewer)
--
-- Files for the storage rows at the end live in supabase/seed/storage/<bucket>/.

-- Sign-in accounts -----------------------------------------------------------
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
    'admin@example.com', extensions.crypt('demo-admin-pass', extensions.gen_salt('bf')), now(),
    '', '', '', '',
    '{"provider": "email", "providers": ["email"], "role": "admin"}', '{}', now() - interval '90 days', now()),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated',
    'cafe@example.com', extensions.crypt('demo-customer-pass', extensions.gen_salt('bf')), now(),
    '', '', '', '',
    '{"provider": "email", "providers": ["email"]}', '{}', now() - interval '60 days', now()),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000003', 'authenticated', 'authenticated',
    'gym@example.com', extensions.crypt('demo-customer-pass', extensions.gen_salt('bf')), now(),
    '', '', '', '',
    '{"provider": "email", "providers": ["email"]}', '{}', now() - interval '45 days', now()),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000004', 'authenticated', 'authenticated',
    'james@brightline.example.com', extensions.crypt('demo-advertiser-pass', extensions.gen_salt('bf')), now(),
    '', '', '', '',
    '{"provider": "email", "providers": ["email"], "role": "advertiser"}', '{}', now() - interval '30 days', now());

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), u.created_at, now()
from auth.users u
where u.id in (
  'a0000000-0000-4000-8000-000000000001',
  'a0000000-0000-4000-8000-000000000002',
  'a0000000-0000-4000-8000-000000000003',
  'a0000000-0000-4000-8000-000000000004'
);
-- public.users rows (with roles) are created by the trigger on auth.users.

-- Customers ------------------------------------------------------------------
insert into public.customers (
  id, name, username, email, location, location_photo, contact_phone, note, notes, about_business,
  signup_date, installation_date, agreement_file,
  status, display_type, monthly_fee, created_at
) values
  ('c0000000-0000-4000-8000-000000000001', 'Corner Cafe', 'cornercafe', 'cafe@example.com',
    '12 Bleecker St, New York, NY',
    'customer-files/c0000000-0000-4000-8000-000000000001/location-photo.png',
    '+1 212 555 0142', '43" portrait screen behind the counter, wall mounted', 'Prefers morning content updates.',
    'Neighbourhood coffee shop with fresh pastries.', current_date - 60, current_date - 55,
    'customer-files/c0000000-0000-4000-8000-000000000001/agreement.pdf',
    'active', 'Digital Display', 149.00, now() - interval '60 days'),
  ('c0000000-0000-4000-8000-000000000002', 'Peak Gym', 'peakgym', 'gym@example.com',
    '480 Fitness Ave, Brooklyn, NY',
    'customer-files/c0000000-0000-4000-8000-000000000002/location-photo.png',
    '+1 718 555 0199', 'Two 55" landscape screens at the entrance', null,
    'Strength and conditioning gym open 24/7.', current_date - 45, current_date - 40,
    null, 'maintenance', 'Digital Display', 249.00, now() - interval '45 days'),
  ('c0000000-0000-4000-8000-000000000003', 'Harbor Books', 'harborbooks', 'books@example.com',
    '9 Water St, Boston, MA', null, '+1 617 555 0110', '32" screen in the window', 'Paused service for renovation.',
    'Independent bookshop.', current_date - 120, current_date - 110,
    null, 'inactive', 'Digital Display', 99.00, now() - interval '120 days');

-- Bank details (admins only read them).
insert into public.customer_bank_accounts (customer_id, bank_name, account_number, routing_number) values
  ('c0000000-0000-4000-8000-000000000001', 'First Harbor Bank', '000123456789', '021000021');

-- Each venue with a login is linked to it by the login's id (Harbor Books has no login yet).
update public.customers set user_id = 'a0000000-0000-4000-8000-000000000002' where id = 'c0000000-0000-4000-8000-000000000001';
update public.customers set user_id = 'a0000000-0000-4000-8000-000000000003' where id = 'c0000000-0000-4000-8000-000000000002';

-- Advertisers and ads ----------------------------------------------------------
insert into public.advertisers (
  id, advertiser_name, business_name, business_number, address, email, contact_number, company_logo,
  industry, status, total_spent, created_at
) values
  ('ad000000-0000-4000-8000-000000000001', 'Maria Lopez', 'Sunrise Bakery Supply', 'BN-100201', '15 Mill Rd, Newark, NJ',
    'maria@sunrise.example.com', '+1 973 555 0101', null, 'Food & Beverage', 'active', 12500.00, now() - interval '80 days'),
  ('ad000000-0000-4000-8000-000000000002', 'James Chen', 'Brightline Mobile', 'BN-100202', '200 Tech Park, Austin, TX',
    'james@brightline.example.com', '+1 512 555 0102', null, 'Technology', 'active', 8400.50, now() - interval '70 days'),
  ('ad000000-0000-4000-8000-000000000003', 'Priya Nair', 'CityCare Clinics', 'BN-100203', '77 Health Blvd, Queens, NY',
    'priya@citycare.example.com', '+1 718 555 0103', null, 'Healthcare', 'pending', 0, now() - interval '20 days'),
  ('ad000000-0000-4000-8000-000000000004', 'Tom Becker', 'Becker Motors', 'BN-100204', '5 Auto Row, Jersey City, NJ',
    'tom@beckermotors.example.com', '+1 201 555 0104', null, 'Automotive', 'inactive', 3100.00, now() - interval '150 days'),
  ('ad000000-0000-4000-8000-000000000005', 'Ana Silva', 'Fresh Leaf Grocers', 'BN-100205', '310 Market St, Hoboken, NJ',
    'ana@freshleaf.example.com', '+1 201 555 0105', null, 'Retail', 'active', 5600.00, now() - interval '35 days');

insert into public.ads (id, advertiser_id, title, status, daily_budget, created_at) values
  ('ad100000-0000-4000-8000-000000000001', 'ad000000-0000-4000-8000-000000000001', 'Morning Croissant Special', 'active', 45.00, now() - interval '2 hours'),
  ('ad100000-0000-4000-8000-000000000002', 'ad000000-0000-4000-8000-000000000002', 'Brightline 5G Launch', 'active', 120.00, now() - interval '5 hours'),
  ('ad100000-0000-4000-8000-000000000003', 'ad000000-0000-4000-8000-000000000002', 'Trade-in Week', 'paused', 80.00, now() - interval '1 day'),
  ('ad100000-0000-4000-8000-000000000004', 'ad000000-0000-4000-8000-000000000003', 'Flu Shots Walk-in', 'pending', 60.00, now() - interval '2 days'),
  ('ad100000-0000-4000-8000-000000000005', 'ad000000-0000-4000-8000-000000000004', 'Spring Service Check', 'other', 30.00, now() - interval '4 days'),
  ('ad100000-0000-4000-8000-000000000006', 'ad000000-0000-4000-8000-000000000005', 'Organic Produce Week', 'active', 55.00, now() - interval '6 days'),
  ('ad100000-0000-4000-8000-000000000007', 'ad000000-0000-4000-8000-000000000005', 'Weekend Farmers Market', 'pending', 40.00, now() - interval '9 days'),
  ('ad100000-0000-4000-8000-000000000008', 'ad000000-0000-4000-8000-000000000001', 'Holiday Cake Orders', 'paused', 70.00, now() - interval '14 days');

-- Brightline Mobile's contact signs in to the advertiser portal (an admin invited them).
update public.advertisers set user_id = 'a0000000-0000-4000-8000-000000000004' where id = 'ad000000-0000-4000-8000-000000000002';

-- Alerts and equipment ---------------------------------------------------------
insert into public.system_alerts (id, customer_id, alert_type, severity, message, resolved, created_at) values
  ('a1e00000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', 'offline', 'high',
    'Entrance screen 2 has not sent a heartbeat for 2 hours.', false, now() - interval '30 minutes'),
  ('a1e00000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', 'maintenance', 'medium',
    'Scheduled maintenance: replacing the media player.', false, now() - interval '3 hours'),
  ('a1e00000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001', 'wifi_lost', 'medium',
    'Counter screen lost its wifi connection.', true, now() - interval '1 day'),
  ('a1e00000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000001', 'back_online', 'low',
    'Counter screen is back online.', true, now() - interval '23 hours'),
  ('a1e00000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000003', 'other', 'low',
    'Window screen brightness reduced for the season.', false, now() - interval '3 days'),
  ('a1e00000-0000-4000-8000-000000000006', 'c0000000-0000-4000-8000-000000000003', 'offline', 'high',
    'Window screen switched off during renovation.', true, now() - interval '10 days');

insert into public.equipment_status (
  id, customer_id, device_name, location, status, is_active, last_heartbeat, last_content_update, created_at
) values
  ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'CAFE-COUNTER-01', 'Corner Cafe, counter',
    'online', true, now() - interval '1 minute', now() - interval '2 hours', now() - interval '55 days'),
  ('e0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', 'CAFE-WINDOW-01', 'Corner Cafe, window',
    'idle', true, now() - interval '12 minutes', now() - interval '1 day', now() - interval '50 days'),
  ('e0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000002', 'GYM-ENTRANCE-01', 'Peak Gym, entrance left',
    'error', true, now() - interval '40 minutes', now() - interval '3 days', now() - interval '40 days'),
  ('e0000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000002', 'GYM-ENTRANCE-02', 'Peak Gym, entrance right',
    'offline', true, now() - interval '2 hours', now() - interval '3 days', now() - interval '40 days'),
  ('e0000000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000003', 'BOOKS-WINDOW-01', 'Harbor Books, window',
    'offline', false, now() - interval '10 days', now() - interval '12 days', now() - interval '110 days'),
  ('e0000000-0000-4000-8000-000000000006', null, 'SPARE-UNIT-01', 'Warehouse',
    'online', false, now() - interval '5 minutes', null, now() - interval '5 days');

-- Campaigns and slides ---------------------------------------------------------
insert into public.campaigns (
  id, name, customer_id, status, start_date, end_date, content_type, priority, display_duration,
  total_duration, slide_count, created_at
) values
  ('ca000000-0000-4000-8000-000000000001', 'Cafe Daily Specials', 'c0000000-0000-4000-8000-000000000001', 'active',
    current_date - 7, current_date + 60, 'mixed', 1, 10, 0, 0, now() - interval '7 days'),
  -- Named and paused by the admin below (Activity).
  ('ca000000-0000-4000-8000-000000000002', 'Holiday Menu', 'c0000000-0000-4000-8000-000000000001', 'scheduled',
    current_date + 20, current_date + 50, 'promotional', 2, 10, 0, 0, now() - interval '3 days'),
  ('ca000000-0000-4000-8000-000000000003', 'Gym New Year Challenge', 'c0000000-0000-4000-8000-000000000002', 'completed',
    current_date - 40, current_date - 10, 'advertisement', 1, 10, 0, 0, now() - interval '40 days');

insert into public.campaign_items (
  id, campaign_id, content_type, slide_type, title, content, image_url, display_order, duration, priority, is_active, settings, created_at
) values
  ('c1000000-0000-4000-8000-000000000001', 'ca000000-0000-4000-8000-000000000001', 'static', 'advertisement',
    'Latte of the Week', 'Maple oat latte, $4.50 all week.', 'corner-cafe-latte.png', 1, 10, 1, true, '{}', now() - interval '7 days'),
  ('c1000000-0000-4000-8000-000000000002', 'ca000000-0000-4000-8000-000000000001', 'static', 'promotional',
    'Fresh Pastries', 'Baked every morning at 6.', 'corner-cafe-pastries.png', 2, 8, 1, true, '{}', now() - interval '7 days'),
  ('c1000000-0000-4000-8000-000000000003', 'ca000000-0000-4000-8000-000000000001', 'dynamic', 'weather',
    'New York Weather', null, null, 3, 15, 1, true, '{"location": "New York", "refresh_interval": 300}', now() - interval '7 days'),
  ('c1000000-0000-4000-8000-000000000004', 'ca000000-0000-4000-8000-000000000001', 'dynamic', 'news',
    'Headlines', null, null, 4, 20, 1, true, '{"category": "general", "refresh_interval": 300}', now() - interval '7 days'),
  ('c1000000-0000-4000-8000-000000000005', 'ca000000-0000-4000-8000-000000000002', 'static', 'promotional',
    'Holiday Cookies', 'Gingerbread and sugar cookies by the dozen.', null, 1, 12, 1, true, '{}', now() - interval '3 days'),
  ('c1000000-0000-4000-8000-000000000006', 'ca000000-0000-4000-8000-000000000002', 'static', 'business_info',
    'Holiday Hours', 'Open 7am to 3pm on holidays.', null, 2, 10, 1, true, '{}', now() - interval '3 days'),
  ('c1000000-0000-4000-8000-000000000007', 'ca000000-0000-4000-8000-000000000003', 'static', 'advertisement',
    '30-Day Challenge', 'Join the January challenge at the front desk.', null, 1, 15, 1, true, '{}', now() - interval '40 days');

-- A video slide: an 8-second test pattern in ad-videos (its poster frame in ad-images), as long as its video.
insert into public.campaign_items (
  id, campaign_id, content_type, slide_type, title, content, image_url, media_kind, display_order, duration, priority, is_active, settings, created_at
) values
  ('c1000000-0000-4000-8000-000000000008', 'ca000000-0000-4000-8000-000000000001', 'static', 'advertisement',
    'Test Pattern Video', null, 'corner-cafe-test-pattern.webm', 'video', 5, 8, 1, true, '{}', now() - interval '7 days');

update public.campaigns c
set slide_count = s.n, total_duration = s.total
from (
  select campaign_id, count(*)::integer as n, sum(duration)::integer as total
  from public.campaign_items
  group by campaign_id
) s
where s.campaign_id = c.id;

-- Stored files (bytes in supabase/seed/storage/<bucket>/<name>) ----------------
insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version, created_at, updated_at, last_accessed_at)
select f.bucket_id, f.name, 'a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
  jsonb_build_object(
    'eTag', '"' || f.md5 || '"', 'size', f.size, 'mimetype', f.mimetype, 'cacheControl', 'max-age=3600',
    'lastModified', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'contentLength', f.size, 'httpStatusCode', 200
  ),
  f.user_metadata,
  gen_random_uuid()::text, now() - f.age, now() - f.age, now() - f.age
from (values
  ('ad-images', 'corner-cafe-latte.png', 'image/png', 572, 'c9bb5c44eda586061b5bf74e63e65eb9', interval '7 days', null::jsonb),
  ('ad-images', 'corner-cafe-pastries.png', 'image/png', 571, '6148fd13c026902b7ef3aa4816e346fd', interval '7 days', null),
  -- The network's default fallback image (Settings → Fallback image).
  ('ad-images', 'network-fallback.png', 'image/png', 15550, '08db3e498ba9803870263216b009261a', interval '7 days', null),
  -- The video as the slide editor uploads one: its length and size in its user metadata, its poster frame beside the images.
  ('ad-videos', 'corner-cafe-test-pattern.webm', 'video/webm', 180016, '4c721f2883552caa61482477b403e880', interval '7 days',
    '{"duration": 8, "width": 960, "height": 540}'),
  ('ad-images', 'posters/corner-cafe-test-pattern.webm.jpg', 'image/jpeg', 11182, '02cb2bd54b8ca0699ebbc210cae20cb7', interval '7 days', null),
  ('customer-files', 'c0000000-0000-4000-8000-000000000001/location-photo.png', 'image/png', 311, '0c7c30718b6b055407b9e95b5268d59c', interval '55 days', null),
  ('customer-files', 'c0000000-0000-4000-8000-000000000001/agreement.pdf', 'application/pdf', 193, '1d83399527c5016963f7e889963d5445', interval '55 days', null),
  ('customer-files', 'c0000000-0000-4000-8000-000000000002/location-photo.png', 'image/png', 289, '0bfe4a094df731819dde550817940165', interval '40 days', null)
) as f (bucket_id, name, mimetype, size, md5, age, user_metadata);

-- Running the network ---------------------------------------------------------
-- Where the database's jobs reach the edge functions (Vault's project_url and
-- service_role_key) comes from config.toml's [db.vault], set on every start.

-- A wall with nothing on air plays the network's default fallback image (no venue chose its own).
update public.network_settings set fallback_image_path = 'network-fallback.png';

-- Alerts are e-mailed to the admin; their links open the app at the site URL the functions
-- are given (SITE_URL), until an admin sets another in Settings.
update public.alert_settings set email_enabled = true;
insert into public.alert_recipients (user_id) values ('a0000000-0000-4000-8000-000000000001');

-- Peak Gym's right entrance screen went quiet two hours ago: its offline alert, as the
-- screen-checks job raised it (the job raises the others' within a minute of start).
update public.system_alerts a
set device_id = e.id,
    silent_since = e.last_heartbeat,
    message = 'GYM-ENTRANCE-02 at Peak Gym is offline: no heartbeat for 2 hours.',
    severity = 'high',
    created_at = e.last_heartbeat + interval '5 minutes',
    email_state = 'skipped'
from public.equipment_status e
where a.id = 'a1e00000-0000-4000-8000-000000000001' and e.id = 'e0000000-0000-4000-8000-000000000004';

-- The pastries slide is Sunrise Bakery Supply's ad: its plays count for them.
update public.campaign_items set ad_id = 'ad100000-0000-4000-8000-000000000001'
where id = 'c1000000-0000-4000-8000-000000000002';

-- Three days of proof of play: Corner Cafe's two screens played their campaign from 8:00
-- to 20:00 (venue time), a slide every 15 seconds, until ten minutes ago.
insert into public.plays (id, started_at, seconds, device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id)
with slots as (
  select d.device_id, t, row_number() over (partition by d.device_id order by t) - 1 as n
  from (values
    ('e0000000-0000-4000-8000-000000000001'::uuid),
    ('e0000000-0000-4000-8000-000000000002'::uuid)
  ) d(device_id)
  cross join generate_series(
    (((now() at time zone 'America/New_York')::date - 3) + time '08:00') at time zone 'America/New_York',
    now() - interval '10 minutes',
    interval '15 seconds'
  ) t
  where extract(hour from t at time zone 'America/New_York') between 8 and 19
),
slides as (
  select i.id, i.duration, i.ad_id, row_number() over (order by i.display_order) - 1 as k, count(*) over () as total
  from public.campaign_items i
  where i.campaign_id = 'ca000000-0000-4000-8000-000000000001' and i.is_active
)
select gen_random_uuid(), s.t, least(sl.duration, 15), s.device_id, 'c0000000-0000-4000-8000-000000000001',
  'ca000000-0000-4000-8000-000000000001', sl.id, sl.ad_id, a.advertiser_id
from slots s
join slides sl on sl.k = s.n % sl.total
left join public.ads a on a.id = sl.ad_id;

-- Each play keeps the names it was shown under (as record_plays stores them).
update public.plays p
set campaign_name = c.name, slide_title = i.title, ad_title = a.title,
    advertiser_name = coalesce(v.business_name, v.advertiser_name), venue_name = cu.name, screen_name = e.device_name,
    media_path = case when i.image_url is null then null
                      when i.media_kind = 'video' then 'ad-videos/' || i.image_url else 'ad-images/' || i.image_url end
from public.campaigns c, public.campaign_items i, public.customers cu, public.equipment_status e, public.plays q
left join public.ads a on a.id = q.ad_id
left join public.advertisers v on v.id = q.advertiser_id
where q.device_id = p.device_id and q.id = p.id and q.started_at = p.started_at
  and c.id = q.campaign_id and i.id = q.slide_id and cu.id = q.customer_id and e.id = q.device_id;

insert into public.play_labels (id, campaign_name, slide_title, ad_title, advertiser_name, venue_name, screen_name, media_path, media_hash)
select distinct private.play_label_id(p.campaign_name, p.slide_title, p.ad_title, p.advertiser_name, p.venue_name,
                                      p.screen_name, p.media_path, p.media_hash),
  p.campaign_name, p.slide_title, p.ad_title, p.advertiser_name, p.venue_name, p.screen_name, p.media_path, p.media_hash
from public.plays p
on conflict (id) do nothing;

insert into public.play_hours (hour, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
select date_trunc('hour', p.started_at, 'UTC'), p.device_id, p.customer_id, p.campaign_id, p.slide_id, p.ad_id,
  private.play_label_id(p.campaign_name, p.slide_title, p.ad_title, p.advertiser_name, p.venue_name,
                        p.screen_name, p.media_path, p.media_hash),
  max(p.advertiser_id::text)::uuid, count(*), sum(p.seconds)
from public.plays p
group by 1, 2, 3, 4, 5, 6, 7;

insert into public.play_days (day, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
select (p.started_at at time zone c.time_zone)::date, p.device_id, p.customer_id, p.campaign_id, p.slide_id, p.ad_id,
  private.play_label_id(p.campaign_name, p.slide_title, p.ad_title, p.advertiser_name, p.venue_name,
                        p.screen_name, p.media_path, p.media_hash),
  max(p.advertiser_id::text)::uuid, count(*), sum(p.seconds)
from public.plays p
join public.customers c on c.id = p.customer_id
group by 1, 2, 3, 4, 5, 6, 7;

-- Two weeks of uptime samples (minutes reporting out of minutes looked at).
insert into public.device_uptime_days (day, device_id, observed_minutes, online_minutes, last_sample)
select (now() at time zone 'UTC')::date - d, e.id, 1440, 1440 - e.lost * (1 + d % 3), now() - make_interval(days => d)
from generate_series(1, 14) d
cross join (values
  ('e0000000-0000-4000-8000-000000000001'::uuid, 2),
  ('e0000000-0000-4000-8000-000000000002'::uuid, 6),
  ('e0000000-0000-4000-8000-000000000003'::uuid, 15),
  ('e0000000-0000-4000-8000-000000000004'::uuid, 30)
) e(id, lost);

-- Today's figures (the hourly job keeps them current), and six months before: the network
-- grew from fewer venues, advertisers and fees to today's.
select public.take_daily_figures();
insert into public.daily_figures (day, active_customers, active_advertisers, running_ads, monthly_revenue, active_campaigns, displays, taken_at)
select
  f.day,
  greatest(1, round(f.now_customers * (0.55 + 0.45 * f.progress)))::integer,
  greatest(1, round(f.now_advertisers * (0.5 + 0.5 * f.progress)))::integer,
  greatest(1, round(f.now_ads * (0.4 + 0.6 * f.progress)))::integer,
  round(f.now_revenue * (0.6 + 0.4 * f.progress), 2),
  greatest(1, round(f.now_campaigns * (0.5 + 0.5 * f.progress)))::integer,
  greatest(1, round(f.now_displays * (0.6 + 0.4 * f.progress)))::integer,
  f.day + time '23:07'
from (
  select
    d::date as day,
    (180 - ((now() at time zone 'UTC')::date - d::date)) / 180.0 as progress,
    t.active_customers as now_customers, t.active_advertisers as now_advertisers, t.running_ads as now_ads,
    t.monthly_revenue as now_revenue, t.active_campaigns as now_campaigns, t.displays as now_displays
  from public.daily_figures t
  cross join generate_series((now() at time zone 'UTC')::date - 180, (now() at time zone 'UTC')::date - 1, interval '1 day') d
  where t.day = (now() at time zone 'UTC')::date
) f;

-- Peak Gym's mornings: a campaign with dayparts, weekday mornings and Saturday late morning
-- in the gym's time zone (it plays only then; its screens wait calmly in between).
insert into public.campaigns (
  id, name, customer_id, status, start_date, end_date, content_type, priority, display_duration,
  total_duration, slide_count, created_at
) values
  ('ca000000-0000-4000-8000-000000000004', 'Gym Morning Classes', 'c0000000-0000-4000-8000-000000000002', 'active',
    current_date - 3, current_date + 90, 'promotional', 2, 10, 12, 1, now() - interval '3 days');

insert into public.campaign_items (
  id, campaign_id, content_type, slide_type, title, content, image_url, display_order, duration, priority, is_active, settings, created_at
) values
  ('c1000000-0000-4000-8000-000000000009', 'ca000000-0000-4000-8000-000000000004', 'static', 'promotional',
    'Spin at 7', 'Morning spin class at 7:00 every weekday. Bring a towel.', null, 1, 12, 1, true, '{}', now() - interval '3 days');

insert into public.campaign_windows (campaign_id, days, start_time, end_time) values
  ('ca000000-0000-4000-8000-000000000004', '{1,2,3,4,5}', '06:00', '10:00'),
  ('ca000000-0000-4000-8000-000000000004', '{6}', '08:00', '12:00');

-- Selling the network ------------------------------------------------------------
-- Screen groups across venues, and two advertisers' network campaigns booked into the loops
-- of screens at both venues (the Availability page shows them sold). The counter screen of
-- Corner Cafe is left unsold: it plays only the cafe's own content.
insert into public.screen_groups (id, name, description, colour) values
  ('6a000000-0000-4000-8000-000000000001', 'Storefront windows', 'Screens that face the street.', '#2563eb'),
  ('6a000000-0000-4000-8000-000000000002', 'Peak Gym entrances', 'Both screens at the gym''s door.', '#16a34a'),
  ('6a000000-0000-4000-8000-000000000003', 'New York', 'Screens in the city.', '#f59e0b');

insert into public.screen_group_members (group_id, device_id) values
  ('6a000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000002'),
  ('6a000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000003'),
  ('6a000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000003'),
  ('6a000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000004'),
  ('6a000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000001'),
  ('6a000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000002'),
  ('6a000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000003'),
  ('6a000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000004');

insert into public.campaigns (
  id, name, customer_id, advertiser_id, plays_on, spots_per_loop, status, start_date, end_date, content_type,
  priority, display_duration, total_duration, slide_count, created_at
) values
  ('ca000000-0000-4000-8000-000000000005', 'Brightline 5G on the street', null, 'ad000000-0000-4000-8000-000000000002',
    'targets', 2, 'active', current_date - 2, current_date + 30, 'advertisement', 1, 15, 0, 0, now() - interval '2 days'),
  ('ca000000-0000-4000-8000-000000000006', 'Fresh Leaf Organic Week', null, 'ad000000-0000-4000-8000-000000000005',
    'targets', 1, 'active', current_date, current_date + 13, 'advertisement', 1, 10, 0, 0, now() - interval '1 day');

insert into public.campaign_targets (campaign_id, group_id, customer_id, device_id) values
  ('ca000000-0000-4000-8000-000000000005', '6a000000-0000-4000-8000-000000000001', null, null),
  ('ca000000-0000-4000-8000-000000000006', null, 'c0000000-0000-4000-8000-000000000002', null),
  ('ca000000-0000-4000-8000-000000000006', null, null, 'e0000000-0000-4000-8000-000000000002');

insert into public.campaign_items (
  id, campaign_id, ad_id, content_type, slide_type, title, content, image_url, display_order, duration, priority, is_active, settings, created_at
) values
  ('c1000000-0000-4000-8000-000000000010', 'ca000000-0000-4000-8000-000000000005', 'ad100000-0000-4000-8000-000000000002',
    'static', 'advertisement', 'Brightline 5G', '5G in every borough. Switch in five minutes.', null, 1, 15, 1, true, '{}', now() - interval '2 days'),
  ('c1000000-0000-4000-8000-000000000011', 'ca000000-0000-4000-8000-000000000005', 'ad100000-0000-4000-8000-000000000002',
    'static', 'advertisement', 'Bring your number', 'Keep your number, get a month free.', null, 2, 10, 1, true, '{}', now() - interval '2 days'),
  ('c1000000-0000-4000-8000-000000000012', 'ca000000-0000-4000-8000-000000000006', 'ad100000-0000-4000-8000-000000000006',
    'static', 'advertisement', 'Organic Produce Week', 'Local organic produce, 20 % off all week.', null, 1, 10, 1, true, '{}', now() - interval '1 day');

-- Fresh Leaf books the daytime only: 07:00 to 19:00 every day at each venue.
insert into public.campaign_windows (campaign_id, days, start_time, end_time) values
  ('ca000000-0000-4000-8000-000000000006', '{1,2,3,4,5,6,7}', '07:00', '19:00');

update public.campaigns c
set slide_count = s.n, total_duration = s.total
from (
  select campaign_id, count(*)::integer as n, sum(duration)::integer as total
  from public.campaign_items
  where campaign_id in ('ca000000-0000-4000-8000-000000000005', 'ca000000-0000-4000-8000-000000000006')
  group by campaign_id
) s
where s.campaign_id = c.id;

-- What they pay: Brightline $12 per 1,000 plays, Fresh Leaf $1,400 for its two weeks.
update public.campaigns set price_basis = 'cpm', price_amount = 12.00 where id = 'ca000000-0000-4000-8000-000000000005';
update public.campaigns set price_basis = 'fixed', price_amount = 1400.00 where id = 'ca000000-0000-4000-8000-000000000006';

-- Brightline's network campaign has played since it started, two days ago: on Peak Gym's
-- first entrance screen (in the Storefront windows group), one spot every two minutes from
-- 06:00 to 22:00 at the gym, its two slides in turn, until ten minutes ago. What its
-- advertiser sees in the portal.
insert into public.plays (id, started_at, seconds, device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id)
select gen_random_uuid(), t, case when n % 2 = 0 then 15 else 10 end,
  'e0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000002',
  'ca000000-0000-4000-8000-000000000005',
  case when n % 2 = 0 then 'c1000000-0000-4000-8000-000000000010'::uuid else 'c1000000-0000-4000-8000-000000000011'::uuid end,
  'ad100000-0000-4000-8000-000000000002', 'ad000000-0000-4000-8000-000000000002'
from (
  select t, row_number() over (order by t) - 1 as n
  from generate_series(
    (((now() at time zone 'America/New_York')::date - 2) + time '06:00') at time zone 'America/New_York',
    now() - interval '10 minutes',
    interval '2 minutes'
  ) t
  where extract(hour from t at time zone 'America/New_York') between 6 and 21
) s;

-- Its plays keep the names they were shown under, as the venue's do above.
update public.plays p
set campaign_name = c.name, slide_title = i.title, ad_title = a.title,
    advertiser_name = coalesce(v.business_name, v.advertiser_name), venue_name = cu.name, screen_name = e.device_name,
    media_path = case when i.image_url is null then null
                      when i.media_kind = 'video' then 'ad-videos/' || i.image_url else 'ad-images/' || i.image_url end
from public.campaigns c, public.campaign_items i, public.customers cu, public.equipment_status e, public.plays q
left join public.ads a on a.id = q.ad_id
left join public.advertisers v on v.id = q.advertiser_id
where q.device_id = p.device_id and q.id = p.id and q.started_at = p.started_at
  and q.campaign_id = 'ca000000-0000-4000-8000-000000000005'
  and c.id = q.campaign_id and i.id = q.slide_id and cu.id = q.customer_id and e.id = q.device_id;

insert into public.play_labels (id, campaign_name, slide_title, ad_title, advertiser_name, venue_name, screen_name, media_path, media_hash)
select distinct private.play_label_id(p.campaign_name, p.slide_title, p.ad_title, p.advertiser_name, p.venue_name,
                                      p.screen_name, p.media_path, p.media_hash),
  p.campaign_name, p.slide_title, p.ad_title, p.advertiser_name, p.venue_name, p.screen_name, p.media_path, p.media_hash
from public.plays p
where p.campaign_id = 'ca000000-0000-4000-8000-000000000005'
on conflict (id) do nothing;

insert into public.play_hours (hour, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
select date_trunc('hour', p.started_at, 'UTC'), p.device_id, p.customer_id, p.campaign_id, p.slide_id, p.ad_id,
  private.play_label_id(p.campaign_name, p.slide_title, p.ad_title, p.advertiser_name, p.venue_name,
                        p.screen_name, p.media_path, p.media_hash),
  max(p.advertiser_id::text)::uuid, count(*), sum(p.seconds)
from public.plays p
where p.campaign_id = 'ca000000-0000-4000-8000-000000000005'
group by 1, 2, 3, 4, 5, 6, 7;

insert into public.play_days (day, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
select (p.started_at at time zone c.time_zone)::date, p.device_id, p.customer_id, p.campaign_id, p.slide_id, p.ad_id,
  private.play_label_id(p.campaign_name, p.slide_title, p.ad_title, p.advertiser_name, p.venue_name,
                        p.screen_name, p.media_path, p.media_hash),
  max(p.advertiser_id::text)::uuid, count(*), sum(p.seconds)
from public.plays p
join public.customers c on c.id = p.customer_id
where p.campaign_id = 'ca000000-0000-4000-8000-000000000005'
group by 1, 2, 3, 4, 5, 6, 7;

-- Today's figures again, with every seeded campaign in them.
select public.take_daily_figures();

-- Advertisers' total spent: the sum of their closed months' statements.
select public.refresh_advertiser_totals();

-- The team --------------------------------------------------------------------
-- Three colleagues beside the admin, one per team role, made like the admin's login: the
-- role comes from app_metadata (public.users gets it from the trigger on auth.users).
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000011', 'authenticated', 'authenticated',
    'olivia@example.com', extensions.crypt('demo-team-pass', extensions.gen_salt('bf')), now(),
    '', '', '', '',
    '{"provider": "email", "providers": ["email"], "role": "operator"}', '{}', now() - interval '80 days', now()),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000012', 'authenticated', 'authenticated',
    'sam@example.com', extensions.crypt('demo-team-pass', extensions.gen_salt('bf')), now(),
    '', '', '', '',
    '{"provider": "email", "providers": ["email"], "role": "sales"}', '{}', now() - interval '70 days', now()),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000013', 'authenticated', 'authenticated',
    'vic@example.com', extensions.crypt('demo-team-pass', extensions.gen_salt('bf')), now(),
    '', '', '', '',
    '{"provider": "email", "providers": ["email"], "role": "viewer"}', '{}', now() - interval '20 days', now());

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), u.created_at, now()
from auth.users u
where u.id in (
  'a0000000-0000-4000-8000-000000000011',
  'a0000000-0000-4000-8000-000000000012',
  'a0000000-0000-4000-8000-000000000013'
);

-- Activity -----------------------------------------------------------------------------
-- Every row above was written as the system, and the audit trail (public.audit_log) says so.
-- These few changes are the admin's, as if made in the back office: the trail's triggers read
-- the actor from the request's claims, as they do for every request the API serves.
select set_config('request.jwt.claims',
  '{"sub":"a0000000-0000-4000-8000-000000000001","role":"authenticated","email":"admin@example.com"}', false);

update public.campaigns set name = 'Cafe Holiday Menu' where id = 'ca000000-0000-4000-8000-000000000002';
update public.campaigns set status = 'paused' where id = 'ca000000-0000-4000-8000-000000000002';
update public.screen_groups set description = 'Every screen in the city.'
where id = '6a000000-0000-4000-8000-000000000003';

select set_config('request.jwt.claims', '', false);

-- Alerts for the alerts centre ---------------------------------------------------------------
-- Forty more alerts over the last 60 days, across types, severities, venues and screens: every
-- fifth resolved, every fifth (another) acknowledged by the admin with a note, the rest open.
-- Offline alerts here are past silences (ended), so the screen-checks job sees no open one.
insert into public.system_alerts (
  id, customer_id, device_id, alert_type, severity, message, resolved, resolved_at, created_at, ended_at,
  acknowledged_at, acknowledged_by, acknowledge_note
)
select
  ('a1e00000-0000-4000-8000-0000000001' || lpad(n::text, 2, '0'))::uuid,
  e.customer_id,
  e.id,
  k.alert_type,
  (array['high', 'medium', 'low'])[1 + n % 3],
  format(k.message, e.device_name),
  n % 5 = 0,
  case when n % 5 = 0 then now() - make_interval(hours => n * 35 - 6) end,
  now() - make_interval(hours => n * 35),
  case when k.alert_type = 'offline' then now() - make_interval(hours => n * 35 - 1) end,
  case when n % 5 = 1 then now() - make_interval(hours => n * 35 - 2) end,
  case when n % 5 = 1 then 'a0000000-0000-4000-8000-000000000001'::uuid end,
  case when n % 5 = 1 then (array['Technician booked for Friday.', 'Venue asked to check the power strip.',
                                  'Watching it; restarts after the nightly update.', null])[1 + (n / 5) % 4] end
from generate_series(1, 40) n
join lateral (
  select ('e0000000-0000-4000-8000-00000000000' || (1 + n % 5))::uuid as device_id
) d on true
join public.equipment_status e on e.id = d.device_id
join lateral (
  select t.alert_type, t.message
  from (values
    (0, 'offline', '%s was offline for an hour.'),
    (1, 'wifi_lost', '%s lost its Wi-Fi connection.'),
    (2, 'clock_skew', '%s''s clock is 48 seconds off the server''s.'),
    (3, 'storage_low', '%s has less than 10 %% of its storage free.'),
    (4, 'player_restarting', '%s restarted 7 times in an hour.'),
    (5, 'screenshot_failed', '%s could not take a screenshot.'),
    (6, 'venue_report', 'The venue reports a problem with %s: the picture flickers.'),
    (7, 'maintenance', '%s is due for its cleaning and check.'),
    (8, 'back_online', '%s is back online.'),
    (9, 'other', '%s: the sound is on at the venue''s request.')
  ) as t (i, alert_type, message)
  where t.i = n % 10
) k on true;
