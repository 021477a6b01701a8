-- Auth fixtures: triggers on auth.users, as a project's migrations add them. One refuses or
-- marks some sign-ups (auth-signup.test.ts, auth-admin.test.ts); the other keeps a profile
-- row per user, with its e-mail, that each user reads under row-level security
-- (auth-jwt-keys.test.ts, auth-config-switches.test.ts, auth-email-change.test.ts).
-- seed.sql adds a user as seed files do.
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

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text
);
comment on table public.profiles is 'One row per auth user, kept by a trigger: what a user reads of itself through REST.';
alter table public.profiles enable row level security;
create policy "Users read their own profile" on public.profiles
  for select to authenticated using (id = (select auth.uid()));
grant select on public.profiles to authenticated, service_role;

create or replace function public.profiles_follow_auth_users() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.profiles (id, email) values (new.id, new.email)
  on conflict (id) do update set email = excluded.email;
  return new;
end
$$;

create trigger profiles_follow_auth_users after insert or update of email on auth.users
for each row execute function public.profiles_follow_auth_users();
