-- Auth fixtures: triggers on auth.users (as product migrations add them) and a
-- user seeded with pgcrypto's bcrypt, as seed files create users.
create or replace function public.auth_fixture_user_trigger() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.email like 'blocked-%' then
    raise exception 'sign-ups from % are refused', new.email;
  end if;
  if new.email like 'triggered-%' then
    new.raw_app_meta_data := coalesce(new.raw_app_meta_data, '{}'::jsonb) || '{"seen_by_trigger": true}'::jsonb;
  end if;
  return new;
end
$$;

create trigger auth_fixture_user_trigger before insert on auth.users
for each row execute function public.auth_fixture_user_trigger();

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', 'a5eed000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
  'seeded@example.test', extensions.crypt('seeded-password', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}', '{"full_name":"Seeded User"}', now(), now());

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values ('a5eed000-0000-4000-8000-000000000001', 'a5eed000-0000-4000-8000-000000000001',
  '{"sub":"a5eed000-0000-4000-8000-000000000001","email":"seeded@example.test","email_verified":true}', 'email', now(), now(), now());
