-- The fixture project's seed, run once on a new database after the migrations, as
-- `supabase db reset` runs it: as postgres, with `extensions` on its search path, so
-- pgcrypto's crypt() and gen_salt() work unqualified (db-search-path.test.ts).
insert into public.rest_seeded_secrets (id, hash) values (1, crypt('seed-secret', gen_salt('bf', 4)));

-- A user made as seed files make them, its password hashed with pgcrypto's bcrypt
-- (auth-password.test.ts signs in with it).
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', 'a5eed000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
  'seeded@example.test', extensions.crypt('seeded-password', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}', '{"full_name":"Seeded User"}', now(), now());

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values ('a5eed000-0000-4000-8000-000000000001', 'a5eed000-0000-4000-8000-000000000001',
  '{"sub":"a5eed000-0000-4000-8000-000000000001","email":"seeded@example.test","email_verified":true}', 'email', now(), now(), now());
