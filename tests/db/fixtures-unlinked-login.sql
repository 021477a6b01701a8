-- A login that holds a venue's e-mail (Harbor Books, books@example.com) but that no
-- admin linked to the venue: what an open sign-up or an e-mail change used to turn
-- into a venue takeover. It must read nothing of Harbor Books.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values (
  '00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-0000000000bb', 'authenticated', 'authenticated',
  'books@example.com', extensions.crypt('unlinked-pass', extensions.gen_salt('bf', 4)), now(),
  '{"provider": "email", "providers": ["email"]}', '{}', now(), now()
);

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values ('a0000000-0000-4000-8000-0000000000bb', 'a0000000-0000-4000-8000-0000000000bb',
  '{"sub": "a0000000-0000-4000-8000-0000000000bb", "email": "books@example.com", "email_verified": true}',
  'email', now(), now());
