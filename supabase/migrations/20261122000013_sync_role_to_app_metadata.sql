-- When an admin changes a role in public.users, the same role is written to the
-- user's app_metadata, so the role in their next session token agrees with the table.
-- (The trigger on auth.users then copies it back unchanged, which ends the round trip.)

create or replace function public.sync_role_to_auth()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update auth.users u
  set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('role', new.role)
  where u.id = new.id
    and (u.raw_app_meta_data ->> 'role') is distinct from new.role;
  return new;
end
$$;

comment on function public.sync_role_to_auth() is
  'Trigger function on public.users: writes a changed role to auth.users app_metadata.';

create trigger users_sync_role_to_auth
  after update of role on public.users
  for each row
  when (old.role is distinct from new.role)
  execute function public.sync_role_to_auth();
