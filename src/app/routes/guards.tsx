// Route guards. Each waits while the session and the role (from public.users) load,
// then lets the right people through and sends everyone else where the route table says:
// a signed-out visitor to /auth, a non-admin on an admin route to /home, a non-customer
// on a customer route to /dashboard, anyone but an advertiser on /advertiser to their own
// home (and an advertiser anywhere else to /advertiser), and an admin who turned on two-factor sign-in but
// has not entered the code in this session to /admin, which asks for it. Inside the back
// office, a team member whose role cannot use a page (a sales member on Equipment) is sent
// to the dashboard with a message saying why (RequireArea, src/lib/route-access.ts), and a
// member who must set up two-factor sign-in (the network requires it) is shown how first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { Navigate, Outlet } from 'react-router-dom';
import { ReconnectingScreen } from '@/components/kiosk/reconnecting-screen';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { keptRole, useAccess, useAuth, useSignOut, type Access, type Role } from '@/lib/auth';
import { isTeamRole } from '@/lib/permissions';
import { mayOpen, refusalFor, type BackOfficeArea } from '@/lib/route-access';
import { needsEnrolment, needsSecondFactor, tokenAal, verifiedTotpFactor } from '@/lib/second-factor';
import { supabase } from '@/lib/supabase';
import { EnrolSecondFactor } from './enrol-second-factor';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/components/ui/error-state';

export function FullPageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-full items-center justify-center text-brand-600">
      <Spinner size="lg" label={t('states.loading')} />
    </div>
  );
}

function RoleError({ access }: { access: Extract<Access, { status: 'error' }> }) {
  const { t } = useTranslation('common');
  const signOut = useSignOut();
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <Alert tone="danger" title={t('errors.accountNotLoaded')} className="w-full max-w-lg">
        <p>{errorMessage(access.error)}</p>
        <div className="mt-3 flex gap-2">
          <Button variant="outline" size="sm" onClick={access.retry}>
            {t('actions.retry')}
          </Button>
          <Button variant="ghost" size="sm" isLoading={signOut.isPending} onClick={() => signOut.mutate()}>
            {t('signOut')}
          </Button>
        </div>
      </Alert>
    </main>
  );
}

/** Where a signed-in person with this role belongs. */
export function homeFor(role: Role): string {
  if (isTeamRole(role)) return paths.dashboard.root.getHref();
  if (role === 'advertiser') return paths.advertiser.home.getHref();
  return paths.customer.home.getHref();
}

/**
 * Whether the database counts the session's owner as a team member (public.team_can('read')),
 * asked only of a session with no code verified and no factor to ask one of: false then means
 * the network requires two-factor sign-in and they must set it up.
 */
export const teamStandingQueryOptions = (userId: string, aal: string) =>
  queryOptions({
    queryKey: ['users', 'team-standing', userId, aal] as const,
    queryFn: async (): Promise<boolean> => {
      const { data } = await supabase.rpc('team_can', { capability: 'read' }).throwOnError();
      return data === true;
    },
    staleTime: 5 * 60 * 1000,
  });

function useTeamStanding(session: Session | null, ask: boolean) {
  const aal = session ? tokenAal(session.access_token) : 'aal1';
  return useQuery({
    ...teamStandingQueryOptions(session?.user.id ?? '', aal),
    enabled: ask && !!session && aal !== 'aal2' && !verifiedTotpFactor(session.user),
  });
}

/**
 * Lets only signed-in people whose role is `allow` through. On a `kiosk` route (a wall
 * screen) a role that cannot be read shows no error: the screen says it is reconnecting
 * and tries again on its own.
 */
export function RequireRole({ allow, kiosk = false }: { allow: 'team' | 'customer' | 'advertiser'; kiosk?: boolean }) {
  const access = useAccess();
  const { session } = useAuth();
  const asksStanding = allow === 'team' && access.status === 'signed-in' && isTeamRole(access.role);
  const standing = useTeamStanding(session, asksStanding);
  // A wall starts on the role kept on the device while its role is read: a kiosk that played
  // before shows its slide at once, with or without a network (the read's answer then decides).
  const keptKioskRole = kiosk && access.status === 'loading' && session ? keptRole(session.user.id) : null;
  if (keptKioskRole === allow) return <Outlet />;
  if (access.status === 'loading') return <FullPageSpinner />;
  if (access.status === 'error') {
    return kiosk ? <ReconnectingScreen onRetry={access.retry} /> : <RoleError access={access} />;
  }
  if (access.status === 'signed-out') {
    return <Navigate to={access.redirectTo ?? paths.auth.signIn.getHref()} replace />;
  }
  const allowed = allow === 'team' ? isTeamRole(access.role) : access.role === allow;
  if (!allowed) return <Navigate to={homeFor(access.role)} replace />;
  // The database treats a team member with a second factor as one only after the code (aal2).
  if (allow === 'team' && needsSecondFactor(session)) return <Navigate to={paths.admin.signIn.getHref()} replace />;
  // A member without a factor, when the network requires two-factor sign-in: set it up first.
  if (allow === 'team' && standing.isLoading) return <FullPageSpinner />;
  if (allow === 'team' && needsEnrolment(session, standing.data)) return <EnrolSecondFactor />;
  return <Outlet />;
}

/** Where `/` and unknown paths lead: admins to /dashboard, customers to /home, advertisers to /advertiser, anyone else to /auth. */
export function RoleRedirect() {
  const access = useAccess();
  if (access.status === 'loading') return <FullPageSpinner />;
  if (access.status === 'error') return <RoleError access={access} />;
  if (access.status === 'signed-out') return <Navigate to={paths.auth.signIn.getHref()} replace />;
  return <Navigate to={homeFor(access.role)} replace />;
}

/** The venue sign-in: someone already signed in goes where they belong (an admin to /dashboard, a venue to /home). */
export function SignedOutOnly() {
  const access = useAccess();
  if (access.status === 'loading') return <FullPageSpinner />;
  if (access.status === 'signed-in') return <Navigate to={homeFor(access.role)} replace />;
  return <Outlet />;
}

/** What the dashboard is handed when a guard sent someone there: the message to show. */
export interface RefusedState {
  notice: string;
}

/**
 * Inside the team's routes: lets through members whose role may open `area`, and sends the
 * others to the dashboard with a message (not to an empty page their role cannot use).
 */
export function RequireArea({ area }: { area: BackOfficeArea }) {
  const access = useAccess();
  // RequireRole above has waited for the role and admitted only team members.
  if (access.status !== 'signed-in') return <FullPageSpinner />;
  if (!mayOpen(access.role, area)) {
    const state: RefusedState = { notice: refusalFor(access.role, area) };
    return <Navigate to={paths.dashboard.root.getHref()} replace state={state} />;
  }
  return <Outlet />;
}
