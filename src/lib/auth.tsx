// Who is signed in. The Supabase client owns the session; this provider mirrors
// its auth events (initial session, signed in, signed out, token refreshed, user
// updated) into React, so screens and route guards can wait while it is loading.
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session, User } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

export type AuthState =
  | { status: 'loading'; session: null; user: null }
  | { status: 'signed-in'; session: Session; user: User }
  | { status: 'signed-out'; session: null; user: null };

const LOADING: AuthState = { status: 'loading', session: null, user: null };
const SIGNED_OUT: AuthState = { status: 'signed-out', session: null, user: null };

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(LOADING);

  useEffect(() => {
    // Fires INITIAL_SESSION right away with the stored session (or null), then every change.
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      setState(session ? { status: 'signed-in', session, user: session.user } : SIGNED_OUT);
      // Nothing read for the previous user may be shown to the next one.
      if (event === 'SIGNED_OUT') queryClient.clear();
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);

  return <AuthContext value={state}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>.');
  return state;
}

export function useSignOut() {
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase.auth.signOut();
      if (error) throw error;
    },
  });
}

export const userKeys = {
  all: ['users'] as const,
  roles: () => [...userKeys.all, 'role'] as const,
  role: (userId: string) => [...userKeys.roles(), userId] as const,
};

/** The signed-in user's role, read from public.users (data the user cannot edit). */
export const userRoleQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.role(userId),
    queryFn: async () => {
      const { data } = await supabase.from('users').select('role').eq('id', userId).single().throwOnError();
      return data.role;
    },
  });
