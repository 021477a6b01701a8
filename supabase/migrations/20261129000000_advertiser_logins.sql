-- Advertisers get logins of their own.
--
-- A third role, 'advertiser', beside 'admin' and 'customer' (a venue). An advertiser's login
-- is linked to its company by advertisers.user_id, as a venue's is by customers.user_id: only
-- an admin links one (the invite-advertiser function does it with the service role), never an
-- admin's login, never a login already linked to a venue. current_advertiser_id() is the one
-- check the advertiser's policies and reports call.

alter table public.users drop constraint users_role_is_admin_or_customer;
alter table public.users add constraint users_role_is_admin_customer_or_advertiser
  check (role in ('admin', 'customer', 'advertiser'));

comment on table public.users is
  'One row per signed-up person: their e-mail and role (admin, customer for a venue, or advertiser). Maintained from auth.users.';

create or replace function public.sync_user_from_auth()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text := coalesce(new.raw_app_meta_data ->> 'role', 'customer');
begin
  if v_role not in ('admin', 'customer', 'advertiser') then
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

alter table public.advertisers
  add column user_id uuid references auth.users (id) on delete set null;

alter table public.advertisers
  add constraint advertisers_user_id_key unique (user_id);

comment on column public.advertisers.user_id is
  'The advertiser''s own login (role advertiser), linked by an admin with the invite-advertiser function; null until invited.';

-- The advertiser the signed-in login speaks for, or null (admins, venues, screens, anonymous).
create or replace function public.current_advertiser_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select a.id
  from public.advertisers a
  join public.users u on u.id = a.user_id and u.role = 'advertiser'
  where a.user_id = auth.uid()
$$;

comment on function public.current_advertiser_id() is
  'Id of the advertiser linked to the signed-in login (advertisers.user_id = auth.uid(), role advertiser), or null.';

-- Only admins link an advertiser to a login, and only to an advertiser's login.
create or replace function public.guard_advertiser_login_link()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.user_id is not null
     and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
    if current_user in ('anon', 'authenticated') and not public.is_admin() then
      raise exception 'Only an admin can link an advertiser to a login.'
        using errcode = '42501';
    end if;
    if not exists (select 1 from public.users u where u.id = new.user_id and u.role = 'advertiser') then
      raise exception 'Only an advertiser''s login can be linked to an advertiser.'
        using errcode = '23514', hint = 'Invite the advertiser''s contact with the invite-advertiser function.';
    end if;
  end if;
  return new;
end
$$;

comment on function public.guard_advertiser_login_link() is
  'Trigger function on advertisers: only admins link logins, and only logins with the role advertiser.';

create trigger advertisers_guard_login_link
  before insert or update of user_id on public.advertisers
  for each row execute function public.guard_advertiser_login_link();

-- A venue login is never an advertiser's login (and the other way round).
create or replace function public.guard_customer_login_link()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_caller_is_user boolean := current_user in ('anon', 'authenticated');
begin
  if new.user_id is not null
     and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
    if v_caller_is_user and not public.is_admin() then
      raise exception 'Only an admin can link a venue to a login.'
        using errcode = '42501';
    end if;
    if exists (select 1 from public.users u where u.id = new.user_id and u.role = 'admin') then
      raise exception 'An admin''s login cannot be linked to a venue.'
        using errcode = '23514', hint = 'Link the venue to a customer login.';
    end if;
    if exists (select 1 from public.users u where u.id = new.user_id and u.role = 'advertiser') then
      raise exception 'An advertiser''s login cannot be linked to a venue.'
        using errcode = '23514', hint = 'Link the venue to a customer login.';
    end if;
  end if;

  if tg_op = 'UPDATE'
     and v_caller_is_user
     and old.user_id is not null
     and new.user_id is not distinct from old.user_id
     and lower(new.email) is distinct from lower(old.email) then
    raise exception 'This venue''s e-mail is its sign-in e-mail: change it with the customer-login function, which changes both.'
      using errcode = '42501';
  end if;
  return new;
end
$$;

-- An advertiser reads its own company's row (never another's).
create policy "Advertisers can read their own advertiser"
  on public.advertisers for select
  to authenticated
  using (id = (select public.current_advertiser_id()));
