-- A venue (customers row) belongs to the login an admin or a server function
-- linked to it, by the login's user id; never to whoever holds or claims the same
-- e-mail. Before this migration a venue was matched by equal e-mail, so anyone who
-- could make a login with a venue's address (open sign-up, an e-mail change) read it.

alter table public.customers
  add column user_id uuid
    constraint customers_user_id_fkey references auth.users (id) on delete set null;

alter table public.customers
  add constraint customers_user_id_key unique (user_id);

comment on column public.customers.user_id is
  'The login of this venue (auth.users id). Set only by admins and server functions; '
  'public.current_customer_id() and every "my venue" policy use it.';

comment on table public.customers is
  'Venues hosting display screens. A signed-in venue is the row whose user_id is its login''s id.';

-- Existing venues keep their sign-in: each is linked to the customer login that has
-- its e-mail today. (Admin logins are never linked.)
update public.customers c
set user_id = u.id
from public.users u
where c.user_id is null
  and u.role = 'customer'
  and lower(u.email) = lower(c.email)
  and not exists (select 1 from public.customers other where other.user_id = u.id);

-- "My venue": the row linked to the signed-in login.
create or replace function public.current_customer_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id
  from public.customers c
  where c.user_id = auth.uid()
$$;

comment on function public.current_customer_id() is
  'Id of the venue linked to the signed-in login (customers.user_id = auth.uid()), or null.';

-- The link and a linked venue's e-mail are kept by the server:
--  * only an admin (or the database itself and server functions with the service role)
--    may set or change user_id, and never to an admin's login;
--  * the e-mail of a linked venue is its login's e-mail: it changes through the
--    customer-login function, which changes the login and the row together, so
--    an admin's direct update cannot leave the venue with a login at another address.
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

comment on function public.guard_customer_login_link() is
  'Trigger function on customers: only admins link logins, never an admin''s; a linked venue''s e-mail changes only with its login.';

create trigger customers_guard_login_link
  before insert or update of user_id, email on public.customers
  for each row execute function public.guard_customer_login_link();

-- When a linked login's e-mail changes (a confirmed e-mail change, or an admin's),
-- the venue's contact e-mail follows, unless another venue already uses that address.
create or replace function public.sync_customer_email_from_login()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email is not null and lower(new.email) is distinct from lower(old.email) then
    update public.customers c
    set email = new.email
    where c.user_id = new.id
      and lower(c.email) <> lower(new.email)
      and not exists (
        select 1 from public.customers other
        where lower(other.email) = lower(new.email) and other.id <> c.id
      );
  end if;
  return new;
end
$$;

comment on function public.sync_customer_email_from_login() is
  'Trigger function on public.users: a linked venue''s e-mail follows its login''s e-mail.';

create trigger users_sync_customer_email
  after update of email on public.users
  for each row execute function public.sync_customer_email_from_login();
