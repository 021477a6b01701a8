// /screen: the kiosk entry point of a paired screen. A browser without a screen login shows
// a pairing code until an admin pairs it; then it signs in as that screen (a login of its
// own, not the venue's) and plays its venue's playlist, as /slides does, with no controls
// to sign out. Revoked by an admin, it forgets its login and shows a new code. It runs the
// commands an admin or operator sends it (components/screen-commands.tsx).
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MonitorOff } from 'lucide-react';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { KioskMessage } from '@/components/kiosk/kiosk-message';
import { ReconnectingScreen } from '@/components/kiosk/reconnecting-screen';
import { paths } from '@/config/paths';
import { setLocale } from '@/i18n';
import { useAuth } from '@/lib/auth';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { registerServiceWorker } from '@/lib/service-worker';
import { freshKeptSession, keptSession } from '@/lib/supabase';
import {
  forgetPairing,
  forgetScreenLogin,
  getMyScreen,
  keptScreenLogin,
  PAIRING_POLL_MS,
  pollPairing,
  screenDeviceId,
  signInAgainAsScreen,
  signInAsScreen,
  type ScreenLogin,
  startPairing,
} from '../api/screen-pairing';
import { PLAYLIST_POLL_MS, playerQueryOptions, startFromDevice } from '../api/playlist';
import { PairingCode } from '../components/pairing-code';
import { ScreenCommands } from '../components/screen-commands';
import { LoadingSlides, PlaylistScreen } from '../components/playlist-screen';
import { browserLocale } from '../lib/browser-locale';

const screenKeys = {
  all: ['screen'] as const,
  pairing: () => [...screenKeys.all, 'pairing'] as const,
  poll: (pairingId: string) => [...screenKeys.all, 'poll', pairingId] as const,
  mine: (userId: string) => [...screenKeys.all, 'mine', userId] as const,
};

/** A paired screen's playlist (and its images) is asked for while the app starts. */
export const prefetch: ScreenPrefetch = (queryClient) => {
  const session = freshKeptSession();
  if (session && screenDeviceId(session.user)) void queryClient.prefetchQuery(playerQueryOptions(session.user.id));
};

/** A paired screen that played before starts on the playlist it kept (its route's loader waits for this, not for the network). */
export const boot = async (queryClient: QueryClient) => {
  const session = keptSession();
  if (session && screenDeviceId(session.user)) await startFromDevice(queryClient, session.user.id);
};

function PairingScreen() {
  const queryClient = useQueryClient();
  // Not a venue's yet: the browser's language, else English (the device's choice is kept as it was).
  useEffect(() => {
    void setLocale(browserLocale(), { keep: false });
  }, []);
  const pairing = useQuery({
    queryKey: screenKeys.pairing(),
    queryFn: startPairing,
    staleTime: Infinity,
    retry: false,
    networkMode: 'always',
  });
  const current = pairing.data;
  const poll = useQuery({
    queryKey: screenKeys.poll(current?.pairing_id ?? ''),
    queryFn: () => pollPairing(current!),
    enabled: Boolean(current),
    refetchInterval: PAIRING_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    networkMode: 'always',
  });
  const signingIn = useRef(false);

  const answer = poll.data;
  useEffect(() => {
    if (answer?.status === 'expired') {
      forgetPairing();
      void queryClient.invalidateQueries({ queryKey: screenKeys.pairing() });
    }
    if (answer?.status === 'paired' && !signingIn.current) {
      signingIn.current = true;
      // The login arrives once: on a failed sign-in the code is asked for again.
      void signInAsScreen(answer).then(
        () => queryClient.removeQueries({ queryKey: screenKeys.all }),
        () => {
          signingIn.current = false;
          forgetPairing();
          void queryClient.invalidateQueries({ queryKey: screenKeys.pairing() });
        },
      );
    }
  }, [answer, queryClient]);

  if (pairing.isError) {
    return <ReconnectingScreen onRetry={() => void pairing.refetch()} retrying={pairing.isFetching} />;
  }
  if (!current || answer?.status === 'paired') return <LoadingSlides />;
  const pairUrl = `${window.location.origin}${paths.dashboard.equipment.getHref()}?pair=${current.code}`;
  return <PairingCode code={current.code} pairUrl={pairUrl} />;
}

/**
 * What a paired screen shows when its playlist names no venue: it asks which device it is.
 * Revoked (or deleted), it is none: it forgets its login and shows a new code. Still paired
 * but taken off its venue, it says so. Only asked while there is no venue, so a playing
 * screen polls its playlist alone.
 */
function UnassignedScreen({ userId }: { userId: string }) {
  const { t } = useTranslation('player');
  const mine = useQuery({
    queryKey: screenKeys.mine(userId),
    queryFn: getMyScreen,
    refetchInterval: PLAYLIST_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    networkMode: 'always',
  });
  const revoked = mine.isSuccess && mine.data === null;
  useEffect(() => {
    if (revoked) void forgetScreenLogin();
  }, [revoked]);

  if (!mine.isSuccess || revoked) return <LoadingSlides />;
  return (
    <KioskMessage>
      <MonitorOff aria-hidden className="size-12 text-gray-400" />
      <h1 className="text-2xl font-semibold">{mine.data?.device_name ?? t('thisScreen')}</h1>
      <p className="text-gray-300">{t('unassigned')}</p>
    </KioskMessage>
  );
}

/** How often a wall that lost its session and cannot reach the server tries to sign in again. */
export const SIGN_IN_AGAIN_MS = 10_000;

/**
 * A paired wall whose session was lost (see keptScreenLogin): it goes on playing what it kept
 * on the device, as while renewing a session offline, and signs in again with its kept login.
 * Refused (revoked), it forgets the login and shows a pairing code.
 */
function SigningInAgain({ login, onRefused }: { login: ScreenLogin; onRefused: () => void }) {
  const { email, password } = login;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      void signInAgainAsScreen({ email, password }).then((result) => {
        if (stopped) return;
        if (result === 'refused') onRefused();
        else if (result === 'unreachable') timer = setTimeout(attempt, SIGN_IN_AGAIN_MS);
      });
    };
    attempt();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [email, password, onRefused]);
  return <PlaylistScreen userId={login.userId} renewing noVenue={<LoadingSlides />} />;
}

/** The paired screen's player, or its pairing code (/screen). */
export function ScreenRoute() {
  const auth = useAuth();
  // The screen's kept login while signed out (a refused one is forgotten: the screen renders again).
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const login = auth.status === 'signed-out' ? keptScreenLogin() : null;
  // The kiosk keeps its app shell for restarts without a network.
  useEffect(registerServiceWorker, []);

  if (auth.status === 'loading') return <LoadingSlides />;
  if (login) return <SigningInAgain login={login} onRefused={rerender} />;
  const ownDevice = auth.status === 'signed-in' ? screenDeviceId(auth.user) : null;
  if (auth.status === 'signed-in' && ownDevice) {
    return (
      <>
        <PlaylistScreen
          userId={auth.user.id}
          renewing={auth.renewing === true}
          ownDeviceId={ownDevice}
          noVenue={<UnassignedScreen userId={auth.user.id} />}
        />
        <ScreenCommands userId={auth.user.id} deviceId={ownDevice} enabled={auth.renewing !== true} />
      </>
    );
  }
  return <PairingScreen />;
}
