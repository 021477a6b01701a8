-- Users of the product and their role. Rows are kept in step with auth.users
-- by a trigger; the role comes from app_metadata (which users cannot edit),
-- never from user_metadata.

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  role text not null default 'customer'
    constraint users_role_is_admin_or_customer check (role in ('admin', 'customer')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.users is
  'One row per signed-up person: their e-mail and role (admin or customer). Maintained from auth.users.';

create index users_lower_email_idx on public.users (lower(email));

create trigger users_set_updated_at
  before update on public.users
  for each row execute function public.set_updated_at();

-- The one role check every policy calls.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select u.role = 'admin' from public.users u where u.id = auth.uid()),
    false
  )
$$;

comment on function public.is_admin() is
  'True when the signed-in user''s row in public.users has the role admin.';

-- Copies auth.users into public.users: on sign-up, and when the e-mail or
-- app_metadata (and so the role) changes.
create or replace function public.sync_user_from_auth()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text := coalesce(new.raw_app_meta_data ->> 'role', 'customer');
begin
  if v_role not in ('admin', 'customer') then
    v_role := 'customer';
  end if;
  insert into public.users (id, email, role)
  values (new.id, new.email, v_role)
  on conflict (id) do update
    set email = excluded.email,
        role = excluded.role;
  return new;
end
$$;

comment on function public.sync_user_from_auth() is
  'Trigger function on auth.users: keeps public.users (e-mail and role from app_metadata) in step.';

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.sync_user_from_auth();

create trigger on_auth_user_updated
  after update of raw_app_meta_data, email on auth.users
  for each row execute function public.sync_user_from_auth();

-- Only admins (or the database itself, for example the trigger above) may change a role.
create or replace function public.prevent_role_escalation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.role is distinct from old.role
     and current_user in ('anon', 'authenticated')
     and not public.is_admin() then
    raise exception 'Only an admin can change a user''s role.'
      using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger users_prevent_role_escalation
  before update of role on public.users
  for each row execute function public.prevent_role_escalation();

alter table public.users enable row level security;

create policy "Users can read their own user row"
  on public.users for select
  to authenticated
  using (id = (select auth.uid()));

create policy "Admins can read every user"
  on public.users for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can add users"
  on public.users for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can change users and their roles"
  on public.users for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can remove users"
  on public.users for delete
  to authenticated
  using ((select public.is_admin()));
