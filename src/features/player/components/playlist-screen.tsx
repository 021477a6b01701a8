// What a wall screen shows for a signed-in venue (/slides) or a paired screen (/screen):
// its playlist full screen, or the state it is in. Errors never show as text: the screen
// says it is reconnecting and tries again on its own.
import { useQuery } from '@tanstack/react-query';
import { LogOut, MonitorOff, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { KioskMessage } from '@/components/kiosk/kiosk-message';
import { ReconnectingScreen } from '@/components/kiosk/reconnecting-screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { playerKeys, playerQueryOptions } from '../api/playlist';
import { Player } from './player';

export function LoadingSlides() {
  return (
    <KioskMessage>
      <Spinner size="lg" className="text-brand-500" />
      <p className="text-lg">Loading your slides...</p>
    </KioskMessage>
  );
}

export interface PlaylistScreenProps {
  userId: string;
  /** The session is the one kept on the device, not renewed yet (no network). */
  renewing: boolean;
  /** A venue's login can sign out here; a paired screen cannot. */
  signOut?: { run: () => void; pending: boolean };
  /** Shown instead of 'Customer Not Found' (a paired screen's own text). */
  noVenue?: ReactNode;
  /** The device a venue's kiosk chose to be: its playlist and heartbeat are that screen's. */
  deviceId?: string | null;
}

export function PlaylistScreen({ userId, renewing, signOut, noVenue, deviceId = null }: PlaylistScreenProps) {
  const playlist = useQuery({
    ...playerQueryOptions(userId, renewing, deviceId),
    // A kiosk whose device id changes (its device was merged into another) plays on while
    // that screen's playlist is read.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[playerKeys.all.length] === userId ? previous : undefined,
    enabled: userId !== '',
    networkMode: 'always',
  });

  const signOutButton = signOut && (
    <Button variant="outline" isLoading={signOut.pending} onClick={signOut.run}>
      {!signOut.pending && <LogOut aria-hidden className="size-4" />}
      Sign Out
    </Button>
  );

  if (playlist.isPending) return <LoadingSlides />;

  if (playlist.isError) {
    // Nothing kept on this device to play yet: no error text on the wall, and no tap needed.
    return <ReconnectingScreen onRetry={() => void playlist.refetch()} retrying={playlist.isFetching} />;
  }

  const data = playlist.data;
  if (!data.customer) {
    return (
      noVenue ?? (
        <KioskMessage>
          <UserX aria-hidden className="size-12 text-gray-400" />
          <h1 className="text-2xl font-semibold">Customer Not Found</h1>
          <p className="text-gray-300">We couldn't find your customer information. Please contact support.</p>
          {signOutButton}
        </KioskMessage>
      )
    );
  }

  if (data.slides.length === 0) {
    return (
      <KioskMessage>
        <MonitorOff aria-hidden className="size-12 text-gray-400" />
        <h1 className="text-2xl font-semibold">No Active Campaigns</h1>
        <p className="text-gray-300">You don't have any active campaigns with slides to display.</p>
        {signOutButton}
      </KioskMessage>
    );
  }

  return <Player data={data} deviceId={deviceId} onSignOut={signOut?.run} signingOut={signOut?.pending} />;
}
