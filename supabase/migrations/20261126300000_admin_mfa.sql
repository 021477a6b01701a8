-- Two-factor sign-in for admins: an admin who has enrolled an authenticator app (a
-- verified factor in auth.mfa_factors) counts as an admin only in a session that
-- verified a code (the JWT's aal claim is aal2). Admins who have not enrolled are
-- unaffected. Every admin-only policy and function calls public.is_admin(), so this one
-- change applies everywhere; it is Supabase's documented "Enforce MFA for users who have
-- enrolled" rule, kept in the role check instead of a restrictive policy per table.

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select u.role = 'admin'
       and (
         (select auth.jwt() ->> 'aal') = 'aal2'
         or not exists (
           select 1 from auth.mfa_factors f
           where f.user_id = u.id and f.status = 'verified'
         )
       )
     from public.users u
     where u.id = auth.uid()),
    false
  )
$$;

comment on function public.is_admin() is
  'True when the signed-in user''s row in public.users has the role admin and, if that admin has a verified MFA factor, the session is aal2.';
