-- A screen's login lives exactly as long as its pairing. Revoking a screen, pairing the
-- device again (a new login) or deleting the device deletes the login it held, and with it
-- its sessions and refresh tokens, so no unused credentials are left behind: a revoked
-- screen's password no longer signs in and its refresh token no longer renews.
-- Only screen logins (app_metadata.screen_device_id, set by the screen-pairing function)
-- are ever deleted here; a venue's or an admin's login never holds a device.

create or replace function public.drop_released_screen_login()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.screen_user_id is not null
     and (tg_op = 'DELETE' or new.screen_user_id is distinct from old.screen_user_id) then
    delete from auth.users u
     where u.id = old.screen_user_id
       and coalesce(u.raw_app_meta_data ->> 'screen_device_id', '') <> '';
  end if;
  return null;
end
$$;

comment on function public.drop_released_screen_login() is
  'Trigger function on equipment_status: when a device lets go of its screen login (revoked, paired again, deleted), that login is deleted.';

revoke all on function public.drop_released_screen_login() from public, anon, authenticated;

create trigger equipment_status_drop_released_screen_login
  after update of screen_user_id or delete on public.equipment_status
  for each row execute function public.drop_released_screen_login();

comment on function public.revoke_screen(uuid) is
  'Admins: unpairs a device; its screen''s login is deleted (signing in and renewing fail) and codes paired to it are void.';

comment on function public.finish_screen_pairing(uuid, text, uuid) is
  'screen-pairing function only: gives the device of a claimed pairing its new screen login and deletes the pairing (the device''s previous login is deleted by equipment_status_drop_released_screen_login); returns the device and its previous login, or null.';
