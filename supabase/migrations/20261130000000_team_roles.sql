-- A team with roles. Besides the venue ('customer') and advertiser logins, the operator's own
-- people each have one team role, read from app_metadata.role into public.users.role as
-- 'admin' always was:
--   admin     everything, including the team and the settings
--   operator  screens, groups, alerts, venues (no bank details), campaigns and content; no money
--   sales     advertisers, ads, campaigns, availability, reports and statements, with money;
--             no screen controls, no bank details
--   viewer    reads what an operator reads, writes nothing
-- Every policy and function asks public.team_can(capability), whose table of grants is
-- mirrored for friendly screens in src/lib/permissions.ts. A team member with a verified
-- second factor counts only in an aal2 session; when the network requires two-factor sign-in
-- (network_settings.require_two_factor) every team member counts only in an aal2 session.

alter table public.users drop constraint users_role_is_admin_customer_or_advertiser;
alter table public.users add constraint users_role_is_known
  check (role in ('admin', 'operator', 'sales', 'viewer', 'customer', 'advertiser'));
comment on table public.users is
  'One row per signed-up person: their e-mail and role (a team role: admin, operator, sales or viewer; customer for a venue; or advertiser). Maintained from auth.users.';

alter table public.network_settings
  add column require_two_factor boolean not null default false;
comment on column public.network_settings.require_two_factor is
  'When true, every team member (admin, operator, sales, viewer) counts as one only in a session that verified a second factor (aal2).';

create or replace function public.sync_user_from_auth()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text := coalesce(new.raw_app_meta_data ->> 'role', 'customer');
begin
  if v_role not in ('admin', 'operator', 'sales', 'viewer', 'customer', 'advertiser') then
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

create or replace function public.team_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.role
  from public.users u
  where u.id = auth.uid()
    and u.role in ('admin', 'operator', 'sales', 'viewer')
    and (
      (select auth.jwt() ->> 'aal') = 'aal2'
      or (
        not exists (
          select 1 from auth.mfa_factors f
          where f.user_id = u.id and f.status = 'verified'
        )
        and not coalesce((select s.require_two_factor from public.network_settings s), false)
      )
    )
$$;
comment on function public.team_role() is
  'The signed-in team member''s role (admin, operator, sales or viewer), or null: for anyone else, and for a team member whose session has not verified the second factor it needs (their own verified factor, or the network''s require_two_factor).';

create or replace function public.team_can(capability text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    case capability
      when 'read' then r in ('admin', 'operator', 'sales', 'viewer')
      when 'screens' then r in ('admin', 'operator')
      when 'venues' then r in ('admin', 'operator')
      when 'content' then r in ('admin', 'operator', 'sales')
      when 'advertisers' then r in ('admin', 'sales')
      when 'money' then r in ('admin', 'sales')
      when 'bank' then r = 'admin'
      when 'team' then r = 'admin'
      when 'settings' then r = 'admin'
      else false
    end,
    false
  )
  from (select public.team_role() as r) t
$$;
comment on function public.team_can(text) is
  'True when the signed-in team member''s role grants the capability: read (every team role), screens and venues (admin, operator), content (admin, operator, sales), advertisers and money (admin, sales), bank, team and settings (admin). Mirrored in src/lib/permissions.ts.';

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(public.team_role() = 'admin', false)
$$;
comment on function public.is_admin() is
  'True when the signed-in user is an admin (public.team_role() = ''admin''): their row in public.users has the role admin and the session has verified any second factor it needs.';
