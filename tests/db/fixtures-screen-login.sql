-- A paired screen: the login of Corner Cafe's window screen (CAFE-WINDOW-01), as the
-- screen-pairing function makes it. It reads its venue's playlist, campaigns, slides and
-- slide images and its own device, and nothing else (tests/db/db-security.test.ts,
-- persona "screen").
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values (
  '00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-0000000000cc', 'authenticated', 'authenticated',
  'screen-e0000000-fixture0@screens.invalid', extensions.crypt('screen-pass', extensions.gen_salt('bf', 4)), now(),
  '{"provider": "email", "providers": ["email"], "screen_device_id": "e0000000-0000-4000-8000-000000000002"}', '{}',
  now(), now()
);

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values ('a0000000-0000-4000-8000-0000000000cc', 'a0000000-0000-4000-8000-0000000000cc',
  '{"sub": "a0000000-0000-4000-8000-0000000000cc", "email": "screen-e0000000-fixture0@screens.invalid", "email_verified": true}',
  'email', now(), now());

update public.equipment_status
set screen_user_id = 'a0000000-0000-4000-8000-0000000000cc', paired_at = now()
where id = 'e0000000-0000-4000-8000-000000000002';
