// Who is signed in, and as what. The Supabase client owns the session (it stores it,
// refreshes the tokens and reads sign-in links from the URL); this provider mirrors
// its auth events (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED,
// USER_UPDATED, PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED) into React, so screens and route guards can wait
// while it is loading. The role is read from public.users (data the user cannot
// edit), never from user_metadata.
//
// A kiosk must survive a restart without a network after its access token ran out:
// supabase-js then reports no session but keeps it in storage, and renews it on its own
// once the network is back (TOKEN_REFRESHED). Until then the provider goes on with that
// kept session (marked `renewing`), so the player keeps playing what it kept on the
// device. Nothing is granted by it: every request is still decided by row-level security.
import { createContext, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAuthRetryableFetchError, type AuthChangeEvent, type Session, type User } from '@supabase/supabase-js';
import { forgetKeptSession, keptSession, renewSessionNow, sessionNeedsRenewal, supabase } from '@/lib/supabase';

export type AuthState =
  | { status: 'loading'; session: null; user: null }
  | {
      status: 'signed-in';
      session: Session;
      user: User;
      /** True while the session is the one kept on the device, not renewed yet (no network). */
      renewing?: boolean;
    }
  | {
      status: 'signed-out';
      session: null;
      user: null;
      /** Where a sign-out asked to go afterwards (see useSignOut); route guards default to /auth. */
      redirectTo?: string;
    };

import { can, isTeamRole, type Capability, type Role } from '@/lib/permissions';
import { currentLocale, isLocale, setLocale, translate } from '@/i18n';
import { setNetworkCurrency } from '@/lib/format';

export type { Role } from '@/lib/permissions';

const LOADING: AuthState = { status: 'loading', session: null, user: null };
const SIGNED_OUT = { status: 'signed-out', session: null, user: null } as const satisfies AuthState;

interface AuthContextValue {
  state: AuthState;
  /** Remembers where the next sign-out should lead, until someone signs in again. */
  setSignOutRedirect: (to: string | undefined) => void;
  /** Signs out on this device only, for when the server cannot be reached. */
  signOutOnDevice: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * How long a start waits for supabase-js before going on with a kept session whose access
 * token ran out. Renewing it without a network takes supabase-js about 25 s of retries.
 */
export const KEPT_SESSION_GRACE_MS = 1000;

const renewingState = (session: Session): AuthState => ({
  status: 'signed-in',
  session,
  user: session.user,
  renewing: true,
});

/** Events after which the provider's state follows the session it was given. */
const SESSION_EVENTS: ReadonlySet<AuthChangeEvent> = new Set<AuthChangeEvent>([
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  // A verified second-factor code: the same session, now aal2 (src/lib/second-factor.ts).
  'MFA_CHALLENGE_VERIFIED',
]);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(LOADING);
  const signOutRedirect = useRef<string | undefined>(undefined);
  const signedOut = (): AuthState =>
    signOutRedirect.current ? { ...SIGNED_OUT, redirectTo: signOutRedirect.current } : SIGNED_OUT;

  useEffect(() => {
    // A start without a network, with an access token that ran out: go on with the kept
    // session rather than wait for supabase-js to give up renewing it.
    const grace = setTimeout(() => {
      setState((current) => {
        if (current.status !== 'loading') return current;
        const kept = keptSession();
        return kept && sessionNeedsRenewal(kept) ? renewingState(kept) : current;
      });
    }, KEPT_SESSION_GRACE_MS);
    // Fires INITIAL_SESSION right away with the stored session (or null), then every change.
    // The callback only uses the session it is handed: calling supabase from inside it would
    // wait for the client's auth lock, which is held while the callback runs.
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      if (!SESSION_EVENTS.has(event)) return;
      const kept = !session && event === 'INITIAL_SESSION' ? keptSession() : null;
      if (session) {
        signOutRedirect.current = undefined;
        setState({ status: 'signed-in', session, user: session.user });
      } else if (kept) {
        setState(renewingState(kept));
      } else {
        setState(signedOut());
      }
      // Nothing read for the previous user may be shown to the next one.
      if (event === 'SIGNED_OUT') queryClient.removeQueries();
    });
    return () => {
      clearTimeout(grace);
      data.subscription.unsubscribe();
    };
  }, [queryClient]);

  // Without a network, supabase-js's refresh would only retry and back off (up to 30 s a try);
  // it is paused, and started again when the network is back. A token that ran out meanwhile is
  // renewed at once (renewSessionNow: past supabase-js's minute of cooldown after a failed
  // renewal), so a wall catches up within seconds.
  useEffect(() => {
    const pause = () => void supabase.auth.stopAutoRefresh();
    const resume = () => {
      void supabase.auth.startAutoRefresh();
      void renewSessionNow().catch(() => undefined);
    };
    window.addEventListener('offline', pause);
    window.addEventListener('online', resume);
    return () => {
      window.removeEventListener('offline', pause);
      window.removeEventListener('online', resume);
    };
  }, []);

  // The role is asked for as soon as the session is known, not when the first guarded route
  // renders: the router first loads the screen's code, so the two now go on side by side.
  const liveUserId = state.status === 'signed-in' && !state.renewing ? state.user.id : null;
  useEffect(() => {
    if (liveUserId) void queryClient.prefetchQuery(userRoleQueryOptions(liveUserId));
  }, [liveUserId, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      setSignOutRedirect: (to) => {
        signOutRedirect.current = to;
      },
      signOutOnDevice: () => {
        forgetKeptSession();
        queryClient.removeQueries();
        setState(signedOut());
      },
    }),
    [state, queryClient],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

function useAuthContext(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}

export function useAuth(): AuthState {
  return useAuthContext().state;
}

export interface SignOutOptions {
  /** Where route guards send the signed-out person instead of /auth. */
  redirectTo?: string;
}

export function useSignOut({ redirectTo }: SignOutOptions = {}) {
  const { state, setSignOutRedirect, signOutOnDevice } = useAuthContext();
  const renewing = state.status === 'signed-in' && state.renewing === true;
  return useMutation({
    mutationFn: async () => {
      setSignOutRedirect(redirectTo);
      // A session still waiting for the network to be renewed cannot be signed out on the server.
      if (renewing) return signOutOnDevice();
      const { error } = await supabase.auth.signOut();
      if (!error) return;
      // Without a network the server cannot be told: this device forgets the session
      // (its refresh token stays valid on the server until it expires or is used).
      if (isAuthRetryableFetchError(error) || isNetworkFailure(error)) signOutOnDevice();
      else throw new Error(error.message || translate('errors:signOutFailed'), { cause: error });
    },
  });
}

export const userKeys = {
  all: ['users'] as const,
  roles: () => [...userKeys.all, 'role'] as const,
  role: (userId: string) => [...userKeys.roles(), userId] as const,
};

/** Team roles and 'advertiser' are themselves; anything else counts as a customer (the product's default role). */
export function toRole(value: string | null | undefined): Role {
  return isTeamRole(value) || value === 'advertiser' ? value : 'customer';
}

/** Where the last role read for a user is kept on the device. */
const keptRoleKey = (userId: string) => `signage:role:${userId}`;

/** The role last read for `userId` on this device, if any. */
export function keptRole(userId: string): Role | null {
  const kept = localStorage.getItem(keptRoleKey(userId));
  return kept ? toRole(kept) : null;
}

/** True when a request failed because the network is unavailable (no answer at all). */
function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const message = error instanceof Error ? error.message : '';
  return /Failed to fetch|fetch failed|NetworkError|Load failed/i.test(message);
}

/**
 * The signed-in user's role, read from public.users (data the user cannot edit). The last
 * role read is kept on the device, so a screen that restarts without a network (a kiosk
 * running the player) still gets past the route guards; the server's row-level security
 * decides what any request may do either way.
 */
async function readNetworkCurrency(): Promise<void> {
  const { data, error } = await supabase.rpc('network_currency').retry(false);
  if (!error) setNetworkCurrency(data);
}

export const userRoleQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.role(userId),
    queryFn: async (): Promise<Role> => {
      try {
        // No retries inside the client: without a network the kept role answers at once.
        // The network's currency goes alongside (money is shown in it everywhere), not in the way.
        void readNetworkCurrency();
        const { data } = await supabase
          .from('users')
          .select('role, locale')
          .eq('id', userId)
          .single()
          .retry(false)
          .throwOnError();
        // The language this login chose, kept with them, follows them to any device.
        if (isLocale(data.locale) && data.locale !== currentLocale()) void setLocale(data.locale);
        const role = toRole(data.role);
        localStorage.setItem(keptRoleKey(userId), role);
        return role;
      } catch (error) {
        const kept = isNetworkFailure(error) ? keptRole(userId) : null;
        if (kept) return kept;
        throw error;
      }
    },
    staleTime: 5 * 60 * 1000,
    // Ask even while the browser reports no network, so the kept role can answer.
    networkMode: 'offlineFirst',
  });

export type Access =
  | { status: 'loading' }
  | { status: 'signed-out'; redirectTo?: string }
  | { status: 'error'; error: Error; retry: () => void }
  | { status: 'signed-in'; role: Role; user: User };

/** The session and the role together: what route guards decide on. */
export function useAccess(): Access {
  const auth = useAuth();
  // A session kept on the device (not renewed yet) goes with the role kept beside it: asking
  // would only wait for the network.
  const renewingRole = auth.status === 'signed-in' && auth.renewing ? keptRole(auth.user.id) : null;
  const role = useQuery({
    ...userRoleQueryOptions(auth.user?.id ?? ''),
    enabled: auth.status === 'signed-in' && !renewingRole,
  });
  if (auth.status === 'loading') return { status: 'loading' };
  if (auth.status === 'signed-out') return { status: 'signed-out', redirectTo: auth.redirectTo };
  if (renewingRole) return { status: 'signed-in', role: renewingRole, user: auth.user };
  if (role.isPending) return { status: 'loading' };
  if (role.isError) return { status: 'error', error: role.error, retry: () => void role.refetch() };
  return { status: 'signed-in', role: role.data, user: auth.user };
}

/**
 * True when the signed-in person's role grants `capability` (src/lib/permissions.ts): for
 * showing only the controls they may use. The database decides either way.
 */
export function useCan(capability: Capability): boolean {
  const access = useAccess();
  return access.status === 'signed-in' && can(access.role, capability);
}
