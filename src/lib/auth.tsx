// Who is signed in, and as what. The Supabase client owns the session (it stores it,
// refreshes the tokens and reads sign-in links from the URL); this provider mirrors
// its auth events (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED,
// USER_UPDATED, PASSWORD_RECOVERY) into React, so screens and route guards can wait
// while it is loading. The role is read from public.users (data the user cannot
// edit), never from user_metadata.
import { createContext, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

export type AuthState =
  | { status: 'loading'; session: null; user: null }
  | { status: 'signed-in'; session: Session; user: User }
  | {
      status: 'signed-out';
      session: null;
      user: null;
      /** Where a sign-out asked to go afterwards (see useSignOut); route guards default to /auth. */
      redirectTo?: string;
    };

export type Role = 'admin' | 'customer';

const LOADING: AuthState = { status: 'loading', session: null, user: null };
const SIGNED_OUT = { status: 'signed-out', session: null, user: null } as const satisfies AuthState;

interface AuthContextValue {
  state: AuthState;
  /** Remembers where the next sign-out should lead, until someone signs in again. */
  setSignOutRedirect: (to: string | undefined) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Events after which the provider's state follows the session it was given. */
const SESSION_EVENTS: ReadonlySet<AuthChangeEvent> = new Set<AuthChangeEvent>([
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
]);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(LOADING);
  const signOutRedirect = useRef<string | undefined>(undefined);

  useEffect(() => {
    // Fires INITIAL_SESSION right away with the stored session (or null), then every change.
    // The callback only uses the session it is handed: calling supabase from inside it would
    // wait for the client's auth lock, which is held while the callback runs.
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      if (!SESSION_EVENTS.has(event)) return;
      if (session) {
        signOutRedirect.current = undefined;
        setState({ status: 'signed-in', session, user: session.user });
      } else {
        setState(signOutRedirect.current ? { ...SIGNED_OUT, redirectTo: signOutRedirect.current } : SIGNED_OUT);
      }
      // Nothing read for the previous user may be shown to the next one.
      if (event === 'SIGNED_OUT') queryClient.removeQueries();
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      setSignOutRedirect: (to) => {
        signOutRedirect.current = to;
      },
    }),
    [state],
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
  const { setSignOutRedirect } = useAuthContext();
  return useMutation({
    mutationFn: async () => {
      setSignOutRedirect(redirectTo);
      const { error } = await supabase.auth.signOut();
      if (error) throw new Error(error.message || 'Sign out failed', { cause: error });
    },
  });
}

export const userKeys = {
  all: ['users'] as const,
  roles: () => [...userKeys.all, 'role'] as const,
  role: (userId: string) => [...userKeys.roles(), userId] as const,
};

/** Anything but 'admin' counts as a customer (the product's default role). */
export function toRole(value: string | null | undefined): Role {
  return value === 'admin' ? 'admin' : 'customer';
}

/** Where the last role read for a user is kept on the device. */
const keptRoleKey = (userId: string) => `signage:role:${userId}`;

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
export const userRoleQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.role(userId),
    queryFn: async (): Promise<Role> => {
      try {
        const { data } = await supabase.from('users').select('role').eq('id', userId).single().throwOnError();
        const role = toRole(data.role);
        localStorage.setItem(keptRoleKey(userId), role);
        return role;
      } catch (error) {
        const kept = isNetworkFailure(error) ? localStorage.getItem(keptRoleKey(userId)) : null;
        if (kept) return toRole(kept);
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
  const role = useQuery({
    ...userRoleQueryOptions(auth.user?.id ?? ''),
    enabled: auth.status === 'signed-in',
  });
  if (auth.status === 'loading') return { status: 'loading' };
  if (auth.status === 'signed-out') return { status: 'signed-out', redirectTo: auth.redirectTo };
  if (role.isPending) return { status: 'loading' };
  if (role.isError) return { status: 'error', error: role.error, retry: () => void role.refetch() };
  return { status: 'signed-in', role: role.data, user: auth.user };
}
