import { useEffect } from 'react';
import { useAuth, useSignOut } from '@/lib/auth';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { registerServiceWorker } from '@/lib/service-worker';
import { freshKeptSession } from '@/lib/supabase';
import { playerQueryOptions } from '../api/playlist';
import { PlaylistScreen } from '../components/playlist-screen';

/** The playlist (and its images) is asked for while the guard still reads the role. */
export const prefetch: ScreenPrefetch = (queryClient) => {
  const session = freshKeptSession();
  if (session) void queryClient.prefetchQuery(playerQueryOptions(session.user.id));
};

/** The customer's full-screen slide player (/slides). */
export function SlidesRoute() {
  const auth = useAuth();
  const signOut = useSignOut();

  // The kiosk keeps its app shell for restarts without a network.
  useEffect(registerServiceWorker, []);

  return (
    <PlaylistScreen
      userId={auth.user?.id ?? ''}
      renewing={auth.status === 'signed-in' && auth.renewing === true}
      signOut={{ run: () => signOut.mutate(), pending: signOut.isPending }}
    />
  );
}
