// What a wall screen shows for a signed-in venue (/slides) or a paired screen (/screen):
// its playlist full screen, or the state it is in. Errors never show as text: the screen
// says it is reconnecting and tries again on its own.
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, UserX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayIn } from '@/entities/campaign/campaign-dates';
import { KioskMessage } from '@/components/kiosk/kiosk-message';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { ReconnectingScreen } from '@/components/kiosk/reconnecting-screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTableChanges, type TableChange, type TableWatch } from '@/lib/realtime';
import { resubscribeReadDelayMs, runOnceAfter } from '@/lib/reconnect-jitter';
import {
  playerKeys,
  playerQueryOptions,
  useReadOnOnline,
  useSpotPushes,
  type PlayerData,
  type Playlist,
} from '../api/playlist';
import { takeOrientation, useDeviceOrientation } from '../api/orientation';
import { ScreenOrientation } from '@/entities/slide/screen-orientation';
import { isLocale, setLocale } from '@/i18n';
import { nextOnAirCheck, onAirKey, onAirLoop, onAirSpots, onAirVersion, serverClock } from '../lib/on-air';
import { FallbackScreen } from './fallback-screen';
import { Player } from './player';

export function LoadingSlides() {
  const { t } = useTranslation('player');
  return (
    <KioskMessage>
      <Spinner size="lg" className="text-brand-500" />
      <p className="text-lg">{t('loading')}</p>
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
  /** A paired screen's own device (its login names it), watched for changes like deviceId. */
  ownDeviceId?: string | null;
}

/** A save writes several rows (a campaign and its twenty slides): they make one read. */
export const LIVE_PLAYLIST_COALESCE_MS = 100;

/** What of a device row decides its playlist: its venue, switched on or off, paired or revoked. */
const deviceFacts = (row: Record<string, unknown>) =>
  JSON.stringify([row.customer_id, row.is_active, row.screen_user_id]);

/**
 * Holds a saved change within a second: the screen listens to its venue's campaigns, slides
 * and chosen screens (row-level security keeps other venues' rows away) and to its own
 * device, and reads its playlist again at once (network campaigns, which are not the venue's
 * rows, arrive pushed on the venue's topic instead: useSpotPushes); the player shows an edit of the slide on
 * screen straight away and anything else at the next slide boundary. Its own heartbeats
 * change its device row too: only a change of the facts above counts (the first one seen
 * counts as well, since nothing was known before it).
 */
function usePlaylistLive(userId: string, deviceId: string | null, watchedDevice: string | null, enabled: boolean) {
  const queryClient = useQueryClient();
  const facts = useRef<string | null>(null);
  const tables: TableWatch[] = [
    { table: 'campaigns' },
    { table: 'campaign_items' },
    { table: 'campaign_screens' },
    { table: 'campaign_windows' },
  ];
  if (watchedDevice) tables.push({ table: 'equipment_status', filter: `id=eq.${watchedDevice}` });
  // A read already under way is not restarted: the first slide never waits on this.
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: playerKeys.playlist(userId, deviceId) }, { cancelRefetch: false });
  return useTableChanges({
    name: 'player',
    tables,
    enabled,
    coalesceMs: LIVE_PLAYLIST_COALESCE_MS,
    // Back after being away: one read for the screen's channels, at a random moment within 2 s (useSpotPushes).
    onSubscribed: (again) =>
      again
        ? void runOnceAfter(hashKey(playerKeys.playlist(userId, deviceId)), resubscribeReadDelayMs(), refetch)
        : refetch(),
    onChange: (change: TableChange) => {
      if (change.table === 'equipment_status' && change.eventType === 'UPDATE') {
        // Its orientation may have changed (it lays slides out), which the playlist does not carry:
        // the change says it (its own heartbeats change the row once a minute: no read for them).
        if (watchedDevice) takeOrientation(queryClient, watchedDevice, change.new);
        const next = deviceFacts(change.new);
        if (facts.current === next) return;
        facts.current = next;
      }
      refetch();
    },
  });
}

/** How often a screen looks whether a new day began at its venue (a local check, no request). */
export const DAY_CHECK_MS = 15_000;

/**
 * Campaigns start and end by the venue's calendar day, which no row change announces: when
 * the venue's day is no longer the playlist's, the playlist is read again.
 */
function useNewDay(userId: string, deviceId: string | null, playlist: Playlist | undefined) {
  const queryClient = useQueryClient();
  const zone = playlist?.customer?.time_zone;
  const today = playlist?.today;
  useEffect(() => {
    if (!zone || !today) return;
    const timer = setInterval(() => {
      if (dayIn(zone) !== today) {
        void queryClient.invalidateQueries(
          { queryKey: playerKeys.playlist(userId, deviceId) },
          { cancelRefetch: false },
        );
      }
    }, DAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [queryClient, userId, deviceId, zone, today]);
}

/**
 * A wall speaks its venue's language (player_playlist()'s customer.locale, kept on the device
 * with the playlist), without changing what the device's own users chose.
 */
function useVenueLanguage(locale: string | undefined) {
  useEffect(() => {
    if (isLocale(locale)) void setLocale(locale, { keep: false });
  }, [locale]);
}

export function PlaylistScreen({
  userId,
  renewing,
  signOut,
  noVenue,
  deviceId = null,
  ownDeviceId = null,
}: PlaylistScreenProps) {
  const { t } = useTranslation('player');
  // The playlist is keyed by the device a venue's kiosk names (a paired screen names none:
  // its login says which it is); either way the screen watches its own device.
  const live = usePlaylistLive(userId, deviceId, deviceId ?? ownDeviceId, userId !== '' && !renewing);
  const playlist = useQuery({
    ...playerQueryOptions(userId, renewing, deviceId, live),
    // A kiosk whose device id changes (its device was merged into another) plays on while
    // that screen's playlist is read.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[playerKeys.all.length] === userId ? previous : undefined,
    enabled: userId !== '',
    networkMode: 'always',
  });
  useNewDay(userId, deviceId, playlist.data);
  useReadOnOnline(userId, deviceId, userId !== '' && !renewing);
  useVenueLanguage(playlist.data?.customer?.locale);
  useSpotPushes({
    userId,
    deviceId,
    screenId: deviceId ?? ownDeviceId,
    customerId: playlist.data?.customer?.id ?? null,
    enabled: userId !== '' && !renewing,
  });
  const orientation = useDeviceOrientation(deviceId ?? ownDeviceId, userId !== '' && !renewing);

  const signOutButton = signOut && (
    <Button variant="outline" isLoading={signOut.pending} onClick={signOut.run}>
      {!signOut.pending && <LogOut aria-hidden className="size-4" />}
      {t('signOut')}
    </Button>
  );

  return (
    <QueryBoundary
      query={playlist}
      loading={<LoadingSlides />}
      // Nothing kept on this device to play yet: no error text on the wall, and no tap needed.
      error={(failure) => <ReconnectingScreen onRetry={failure.retry} retrying={failure.retrying} />}
    >
      {(data) => {
        if (!data.customer) {
          return (
            noVenue ?? (
              <KioskMessage>
                <UserX aria-hidden className="size-12 text-gray-400" />
                <h1 className="text-2xl font-semibold">{t('noCustomer.title')}</h1>
                <p className="text-gray-300">{t('noCustomer.body')}</p>
                {signOutButton}
              </KioskMessage>
            )
          );
        }
        if (data.slides.length === 0 && !data.spots?.length) {
          // Nothing to play at all: the fallback, never a sentence on the wall.
          return <FallbackScreen data={data} deviceId={deviceId} signOutButton={signOutButton} />;
        }
        return (
          <ScreenOrientation value={orientation}>
            <OnAir data={data} deviceId={deviceId} signOut={signOut} signOutButton={signOutButton} />
          </ScreenOrientation>
        );
      }}
    </QueryBoundary>
  );
}

/**
 * Plays what is on air, by the venue's time zone and the server's clock, looking just after
 * each whole minute (nextOnAirCheck: what is on air can change only then): a daypart opening
 * or closing, or a campaign's first or last day, changes the loop within a second, with no
 * reload and no network (the playlist carries the schedule). Between dayparts the screen plays
 * its fallback (FallbackScreen), still reporting in. One wake-up a minute, not a poll: a wall
 * plays for months.
 */
function OnAir({
  data,
  deviceId,
  signOut,
  signOutButton,
}: {
  data: PlayerData;
  deviceId: string | null;
  signOut?: { run: () => void; pending: boolean };
  signOutButton: ReactNode;
}) {
  const [key, setKey] = useState(() => onAirKey(data, serverClock(data)));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const at = serverClock(data);
      setKey(onAirKey(data, at));
      timer = setTimeout(check, nextOnAirCheck(at));
    };
    check();
    return () => clearTimeout(timer);
  }, [data]);

  // The loop changes with the data or with what is on air (the key), not with each tick.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const slides = useMemo(() => onAirLoop(data, serverClock(data)), [data, key]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const spots = useMemo(() => onAirSpots(data, serverClock(data)), [data, key]);
  if (slides.length === 0 && spots.length === 0)
    return <FallbackScreen data={data} deviceId={deviceId} signOutButton={signOutButton} />;
  // The version names both the list and what of it is on air: the player tells a schedule edge
  // (same list, other campaigns on air) from an edit.
  const onAir: PlayerData = { ...data, slides, spots, version: onAirVersion(data.version, key) };
  return <Player data={onAir} deviceId={deviceId} onSignOut={signOut?.run} signingOut={signOut?.pending} />;
}
