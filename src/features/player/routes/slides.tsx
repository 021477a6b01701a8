import { useQuery } from '@tanstack/react-query';
import { LogOut, MonitorOff, UserX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { ReconnectingScreen } from '@/components/kiosk/reconnecting-screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth, useSignOut } from '@/lib/auth';
import { registerServiceWorker } from '@/lib/service-worker';
import { playerQueryOptions } from '../api/playlist';
import { Player } from '../components/player';

function PlayerScreen({ children }: { children: ReactNode }) {
  return (
    <main className="fixed inset-0 flex items-center justify-center bg-gray-950 p-6 text-center text-white">
      <div className="flex max-w-md flex-col items-center gap-4">{children}</div>
    </main>
  );
}

/** The customer's full-screen slide player (/slides). */
export function SlidesRoute() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  const renewing = auth.status === 'signed-in' && auth.renewing === true;
  const playlist = useQuery({
    ...playerQueryOptions(userId, renewing),
    enabled: userId !== '',
    networkMode: 'always',
  });
  const signOut = useSignOut();

  // The kiosk keeps its app shell for restarts without a network.
  useEffect(registerServiceWorker, []);

  const signOutButton = (
    <Button variant="outline" isLoading={signOut.isPending} onClick={() => signOut.mutate()}>
      {!signOut.isPending && <LogOut aria-hidden className="size-4" />}
      Sign Out
    </Button>
  );

  if (playlist.isPending) {
    return (
      <PlayerScreen>
        <Spinner size="lg" className="text-brand-500" />
        <p className="text-lg">Loading your slides...</p>
      </PlayerScreen>
    );
  }

  if (playlist.isError) {
    // Nothing kept on this device to play yet: no error text on the wall, and no tap needed.
    return <ReconnectingScreen onRetry={() => void playlist.refetch()} retrying={playlist.isFetching} />;
  }

  const data = playlist.data;
  if (!data.customer) {
    return (
      <PlayerScreen>
        <UserX aria-hidden className="size-12 text-gray-400" />
        <h1 className="text-2xl font-semibold">Customer Not Found</h1>
        <p className="text-gray-300">We couldn't find your customer information. Please contact support.</p>
        {signOutButton}
      </PlayerScreen>
    );
  }

  if (data.slides.length === 0) {
    return (
      <PlayerScreen>
        <MonitorOff aria-hidden className="size-12 text-gray-400" />
        <h1 className="text-2xl font-semibold">No Active Campaigns</h1>
        <p className="text-gray-300">You don't have any active campaigns with slides to display.</p>
        {signOutButton}
      </PlayerScreen>
    );
  }

  return <Player data={data} onSignOut={() => signOut.mutate()} signingOut={signOut.isPending} />;
}
