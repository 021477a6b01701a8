-- The team page: admins list the team, change a member's role, remove a member, and may
-- require two-factor sign-in for everyone. Members are invited by the invite-team-member
-- edge function (a login made through the Auth admin API with app_metadata.role); these
-- functions are the rest, each for team_can('team') only (admins in a session that verified
-- any second factor it needs).
--
-- The network always keeps an admin: the last admin cannot be demoted or removed (only an
-- admin may call these, so that is the last admin trying it on themselves), and an admin
-- cannot demote or remove themselves either (another admin does it), so no one locks the
-- network out of its own team page by mistake.
--
-- Removing a member deletes their login (auth.users, and with it public.users, their
-- sessions and factors): a former colleague keeps no account at all, and an invitation to
-- the same address later starts afresh. Records they made stay; nothing in the business
-- tables points at a team member's login.

create or replace function public.team_members()
returns table (
  id uuid,
  email text,
  role text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  two_factor boolean,
  pending boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.team_can('team') then
    raise exception 'Only admins can see the team' using errcode = '42501';
  end if;
  return query
  select
    u.id,
    u.email,
    u.role,
    a.created_at,
    a.last_sign_in_at,
    exists (
      select 1 from auth.mfa_factors f
      where f.user_id = u.id and f.status = 'verified'
    ) as two_factor,
    a.last_sign_in_at is null as pending
  from public.users u
  join auth.users a on a.id = u.id
  where u.role in ('admin', 'operator', 'sales', 'viewer')
  order by lower(u.email), u.id;
end
$$;
comment on function public.team_members() is
  'The team (admins only): each member''s login id, e-mail, role, when the login was made and last signed in, whether they verified a second factor, and pending (invited, never signed in).';

-- Refuses unless the caller may manage the team and p_user_id is a team member; answers their role.
create or replace function public.team_member_role_for_change(p_user_id uuid, p_action text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text;
begin
  if not public.team_can('team') then
    raise exception 'Only admins can % team members', p_action using errcode = '42501';
  end if;
  -- One change to the team at a time, so two admins cannot demote each other at once.
  perform 1 from public.users u where u.role = 'admin' for update;
  select u.role into v_role
  from public.users u
  where u.id = p_user_id and u.role in ('admin', 'operator', 'sales', 'viewer');
  if v_role is null then
    raise exception 'That login is not a member of the team' using errcode = 'P0002';
  end if;
  return v_role;
end
$$;
comment on function public.team_member_role_for_change(uuid, text) is
  'Used by set_team_role and remove_team_member: refuses callers without team_can(''team'') and logins outside the team, locks the admins'' rows, and answers the member''s role.';
revoke execute on function public.team_member_role_for_change(uuid, text) from public, anon, authenticated;

create or replace function public.set_team_role(p_user_id uuid, p_role text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_current text := public.team_member_role_for_change(p_user_id, 'change');
begin
  if p_role is null or p_role not in ('admin', 'operator', 'sales', 'viewer') then
    raise exception 'A team role is admin, operator, sales or viewer' using errcode = '22023';
  end if;
  if p_role = v_current then
    return;
  end if;
  if v_current = 'admin'
     and (select count(*) from public.users u where u.role = 'admin') <= 1 then
    raise exception 'The team needs at least one admin: make someone else an admin first'
      using errcode = '23514';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot change your own role; ask another admin' using errcode = '42501';
  end if;
  -- public.sync_role_to_auth writes it to the login's app_metadata.role.
  update public.users set role = p_role where id = p_user_id;
end
$$;
comment on function public.set_team_role(uuid, text) is
  'Gives a team member another team role (admins only). Refused for the caller''s own role and for the last admin.';

create or replace function public.remove_team_member(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_current text := public.team_member_role_for_change(p_user_id, 'remove');
begin
  if v_current = 'admin'
     and (select count(*) from public.users u where u.role = 'admin') <= 1 then
    raise exception 'The team needs at least one admin: make someone else an admin first'
      using errcode = '23514';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot remove yourself from the team; ask another admin' using errcode = '42501';
  end if;
  -- The login goes, and with it public.users, its sessions and its factors.
  delete from auth.users where id = p_user_id;
end
$$;
comment on function public.remove_team_member(uuid) is
  'Removes a team member (admins only) by deleting their login. Refused for the caller and for the last admin.';

revoke execute on function public.team_members() from public, anon;
revoke execute on function public.set_team_role(uuid, text) from public, anon;
revoke execute on function public.remove_team_member(uuid) from public, anon;
grant execute on function public.team_members() to authenticated;
grant execute on function public.set_team_role(uuid, text) to authenticated;
grant execute on function public.remove_team_member(uuid) to authenticated;

-- Requiring two-factor sign-in: only an admin may turn it on or off, and only from a session
-- that verified a code of their own (aal2), so the admin who turns it on is not locked out.
create or replace function public.guard_require_two_factor()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.require_two_factor is distinct from old.require_two_factor
     and current_user in ('anon', 'authenticated') then
    if not public.team_can('team') then
      raise exception 'Only admins can require two-factor sign-in' using errcode = '42501';
    end if;
    if coalesce((select auth.jwt() ->> 'aal'), 'aal1') <> 'aal2' then
      raise exception 'Set up two-factor sign-in for yourself and sign in with a code before changing this'
        using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;
comment on function public.guard_require_two_factor() is
  'Trigger function on network_settings: require_two_factor changes only for an admin in an aal2 session.';

create trigger network_settings_guard_require_two_factor
  before update of require_two_factor on public.network_settings
  for each row execute function public.guard_require_two_factor();
