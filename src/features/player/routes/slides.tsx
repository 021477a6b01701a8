import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth, useSignOut } from '@/lib/auth';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { registerServiceWorker } from '@/lib/service-worker';
import { freshKeptSession, keptSession } from '@/lib/supabase';
import { chosenDevice, useChosenDevice } from '../api/device';
import { playerQueryOptions, startFromDevice } from '../api/playlist';
import { ChooseScreen } from '../components/choose-screen';
import { PlaylistScreen } from '../components/playlist-screen';

/** The playlist (and its images) of this browser's screen is asked for while the guard still reads the role. */
export const prefetch: ScreenPrefetch = (queryClient) => {
  const session = freshKeptSession();
  const deviceId = chosenDevice();
  if (session && deviceId) void queryClient.prefetchQuery(playerQueryOptions(session.user.id, false, deviceId));
};

/** A kiosk that played before starts on the playlist it kept (its route's loader waits for this, not for the network). */
export const boot = async (queryClient: QueryClient) => {
  const session = keptSession();
  const deviceId = chosenDevice();
  if (session && deviceId) await startFromDevice(queryClient, session.user.id, deviceId);
};

/** The customer's full-screen slide player (/slides): asks once which screen this is, then plays. */
export function SlidesRoute() {
  const auth = useAuth();
  const signOut = useSignOut();
  const deviceId = useChosenDevice();
  const signOutControl = { run: () => signOut.mutate(), pending: signOut.isPending };

  // The kiosk keeps its app shell for restarts without a network.
  useEffect(registerServiceWorker, []);

  if (!deviceId) return <ChooseScreen signOut={signOutControl} />;

  return (
    <PlaylistScreen
      userId={auth.user?.id ?? ''}
      renewing={auth.status === 'signed-in' && auth.renewing === true}
      signOut={signOutControl}
      deviceId={deviceId}
    />
  );
}
