// The player's playlist: what plays now at the signed-in venue, as player_playlist() decides
// it in SQL (live campaigns by the venue's calendar day, slides in display_order), polled with
// its version; images are fetched again only when the version changes. The last playlist is
// kept in localStorage so a screen that restarts offline keeps playing it.
import { hashKey, queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import { useEffect } from 'react';
import { translate } from '@/i18n';
import { freshKeptSession, hasLiveSession, renewSessionNow, supabase } from '@/lib/supabase';
import { catchUpRetryMs, resubscribeReadDelayMs, runOnceAfter } from '@/lib/reconnect-jitter';
import { tableKeys } from '@/entities/query-keys/table-keys';
import { getPlaylist, type Playlist, type PlaylistSlide } from '@/entities/playlist/playlist';
import { mediaKey, slideMedia, type SlideMedia } from '@/entities/slide/slide-images';
import { onVideoKept, pruneMediaCache, releaseMedia, resolveMedia, workerServesMedia, type PlayerMedia } from './media';
import { applySpotPush, isSpotPush, type SpotLike, type SpotPush } from '../lib/spot-push';

/**
 * How often a playing screen asks whether its playlist changed while its Realtime socket is
 * down. With the socket up, saved changes arrive by themselves within a second, and a new
 * calendar day at the venue is noticed on the device (usePlaylistLive); the poll is then
 * only a safety net, for what Realtime cannot tell a screen (a campaign moved to another venue).
 */
export const PLAYLIST_POLL_MS = 60_000;
export const PLAYLIST_LIVE_POLL_MS = 5 * 60_000;

export type PlayerSlide = PlaylistSlide;
export type { Playlist };

export interface PlayerData extends Playlist {
  media: PlayerMedia;
  /** True when this playlist was read from the copy kept on the device. */
  fromDevice: boolean;
}

export const playerKeys = {
  all: [...tableKeys.player_playlist, 'screen'] as const,
  playlist: (userId: string, deviceId: string | null = null) => [...playerKeys.all, userId, deviceId] as const,
};

const storageKey = (userId: string) => `signage-player:playlist:${userId}`;

export function loadSavedPlaylist(userId: string): Playlist | null {
  try {
    const raw = localStorage.getItem(storageKey(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Playlist;
    return Array.isArray(value.slides) && typeof value.version === 'string' ? value : null;
  } catch {
    return null;
  }
}

function savePlaylist(userId: string, playlist: Playlist) {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(playlist));
  } catch {
    // A full or unavailable storage only costs the offline copy.
  }
}

/** The slides of the network campaigns booked in the loop (player_playlist()'s spots). */
type SpotSlides = { spots?: readonly { slides?: readonly PlayerSlide[] }[] | null };

/** The files a playlist shows: the venue's slides, its spots' slides and its fallback image. */
const filesOf = (playlist: Pick<Playlist, 'slides' | 'fallback'>) => [
  ...[...playlist.slides, ...((playlist as SpotSlides).spots ?? []).flatMap((s) => s.slides ?? [])]
    .map(slideMedia)
    .filter((m): m is SlideMedia => m !== null),
  ...(playlist.fallback ? [{ path: playlist.fallback.image_path, kind: 'image' as const }] : []),
];

async function withMedia(playlist: Playlist, fromDevice: boolean, previous?: PlayerData): Promise<PlayerData> {
  const files = filesOf(playlist);
  // The copy kept on the device is played when the network failed: its files come from the cache.
  const media = await resolveMedia(files, { cachedOnly: fromDevice });
  // Keep the files of the playlist on screen until the new one has swapped in.
  const keep = [...files, ...(previous ? filesOf(previous) : [])];
  releaseMedia(new Set(keep.map(mediaKey)));
  if (!fromDevice) void pruneMediaCache(keep);
  return { ...playlist, media, fromDevice };
}

/**
 * Without a network: `previous` with what the cache holds by now (a video downloaded since
 * the last read plays from the device); links it had stay for the files not kept.
 */
async function withKeptMedia(previous: PlayerData): Promise<PlayerData> {
  if (previous.media.complete) return previous;
  const kept = await resolveMedia(filesOf(previous), { cachedOnly: true });
  const urls = { ...previous.media.urls, ...kept.urls };
  if (Object.keys(kept.urls).every((key) => previous.media.urls[key] === kept.urls[key])) return previous;
  return { ...previous, media: { ...previous.media, urls, complete: kept.complete } };
}

/** How long a read waits for a session renewal it started before playing what it kept. */
const RENEWAL_WAIT_MS = 1500;
const renewedSoon = () =>
  Promise.race([
    renewSessionNow(),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), RENEWAL_WAIT_MS)),
  ]);

/**
 * The screens (user and device) whose last read did not get through. What they play stays the
 * kept playlist (a failed read answers with it), so the query itself never fails: this says it.
 */
const unread = new Set<string>();
const screenOf = (userId: string, deviceId: string | null) => `${userId}:${deviceId ?? ''}`;

/** Whether the last read of this screen's playlist failed (it plays what it kept meanwhile). */
export function lastReadFailed(userId: string, deviceId: string | null = null): boolean {
  return unread.has(screenOf(userId, deviceId));
}

/**
 * Reads the playlist, reusing `previous` when nothing changed. While the session is
 * `renewing` (kept on the device, not renewed yet) nothing is asked: the player goes on
 * with what it has.
 */
export async function getPlayerData(
  userId: string,
  previous: PlayerData | undefined,
  renewing = false,
  deviceId: string | null = null,
): Promise<PlayerData> {
  const screen = screenOf(userId, deviceId);
  try {
    // A token that ran out while the network was away is renewed now, not after supabase-js's
    // minute of cooldown (renewSessionNow), and the read goes on with it if that takes at most
    // RENEWAL_WAIT_MS; else the screen plays what it kept, and the next try reads with it.
    // (Renewed meanwhile by supabase-js itself counts as well: the kept session is fresh.)
    if ((renewing || !(await hasLiveSession())) && !(await renewedSoon()) && !freshKeptSession()) {
      // Reads would go out as the anonymous role and come back empty: not a real answer.
      throw new Error(translate('player:sessionNotRenewed'));
    }
    const read = await getPlaylist(undefined, { retry: false, deviceId });
    // The screen's clock set by the server's: what plays at a window's edge is the server's time.
    const playlist: Playlist = { ...read, clock_offset_ms: read.now ? Date.parse(read.now) - Date.now() : 0 };
    // The version names the lists; the venue's language and time zone are read beside it.
    const sameVenue =
      previous?.customer?.locale === playlist.customer?.locale &&
      previous?.customer?.time_zone === playlist.customer?.time_zone;
    if (previous?.customer && playlist.version === previous.version && sameVenue) {
      const needsMedia =
        !previous.media.complete ||
        Date.now() >= previous.media.renewAt ||
        // The service worker took control since: cached videos play from the cache, not from memory.
        (previous.media.videosInMemory === true && workerServesMedia());
      const current = previous.fromDevice ? { ...previous, fromDevice: false } : previous;
      unread.delete(screen);
      return needsMedia ? withMedia(previous, false, previous) : current;
    }
    unread.delete(screen);
    savePlaylist(userId, playlist);
    return withMedia(playlist, false, previous);
  } catch (error) {
    unread.add(screen);
    // Offline or failing: keep playing what was played last (on this page, or on this device).
    // Which of its campaigns are on air the screen works out by itself, by their dates and
    // dayparts (PlaylistScreen), so a kept list needs no trimming here.
    if (previous?.customer) return withKeptMedia(previous);
    const kept = loadSavedPlaylist(userId);
    if (kept?.customer) return withMedia(kept, true, previous);
    if (previous) return previous;
    throw error;
  }
}

/**
 * The playlist kept on the device, ready to play: its files from Cache Storage (none is signed
 * or downloaded), as after a read that failed. Null when nothing (with a venue) is kept.
 */
export async function keptPlayerData(userId: string): Promise<PlayerData | null> {
  const kept = loadSavedPlaylist(userId);
  return kept?.customer ? withMedia(kept, true) : null;
}

/**
 * A wall's start on a device that played before: the playlist kept on it is put in the query
 * cache as the screen's first data (stale, so the read from the server still goes out and
 * replaces it at a slide boundary when it differs), so the first render is the player, on
 * the slide it was on (resume.ts), with no loading screen and no network. Never overwrites
 * data read meanwhile.
 */
export async function startFromDevice(queryClient: QueryClient, userId: string, deviceId: string | null = null) {
  const key = playerKeys.playlist(userId, deviceId);
  if (queryClient.getQueryData(key)) return;
  const data = await keptPlayerData(userId);
  if (data && !queryClient.getQueryData(key)) queryClient.setQueryData<PlayerData>(key, data, { updatedAt: 0 });
}

/** The playlist of the signed-in screen; `deviceId` names a venue kiosk's chosen device. */
export const playerQueryOptions = (userId: string, renewing = false, deviceId: string | null = null, live = false) =>
  queryOptions({
    queryKey: playerKeys.playlist(userId, deviceId),
    queryFn: ({ client }: { client: QueryClient }) =>
      getPlayerData(userId, client.getQueryData<PlayerData>(playerKeys.playlist(userId, deviceId)), renewing, deviceId),
    // After a failed read, tried again within seconds while the browser says it is online
    // (catchUpRetryMs), so the screen catches up soon after an outage it was not told of.
    refetchInterval: () =>
      lastReadFailed(userId, deviceId) && navigator.onLine !== false
        ? catchUpRetryMs()
        : live
          ? PLAYLIST_LIVE_POLL_MS
          : PLAYLIST_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnReconnect: 'always',
    staleTime: 0,
    retry: false,
  });

/**
 * A video downloaded into the cache in the background, or the service worker taking control
 * of the page: the playlist is read again, so the screen plays its videos from the device's
 * cache from their next showing on (and goes on without a network).
 */
export function useMediaKept() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reread = () => void queryClient.invalidateQueries({ queryKey: playerKeys.all }, { cancelRefetch: false });
    const workers = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    workers?.addEventListener('controllerchange', reread);
    const stop = onVideoKept(reread);
    return () => {
      stop();
      workers?.removeEventListener('controllerchange', reread);
    };
  }, [queryClient]);
}

/**
 * A 'read' push (a spot too large to send) makes each screen of the venue read its playlist once,
 * at a random moment within this time, so two thousand screens do not read at the same instant.
 */
export const PUSH_READ_SPREAD_MS = 30_000;

/**
 * A read's answer may have left the server before a push arrived: the pushes that arrived this
 * long before the answer, or after it, are applied again on it (applying one twice changes
 * nothing).
 */
export const PUSH_REAPPLY_MS = 5_000;

/** The private Realtime topic a venue's network campaign changes are broadcast on. */
export const venueTopic = (customerId: string) => `venue:${customerId}`;

export interface SpotPushOptions {
  userId: string;
  /** The device the playlist is keyed by (a venue kiosk's choice; null for a paired screen). */
  deviceId: string | null;
  /** The screen this is: a spot is kept only if it plays on it (null: a venue's kiosk, every screen). */
  screenId: string | null;
  /** The venue of the playlist on screen: its topic is joined. */
  customerId: string | null;
  enabled: boolean;
}

/**
 * Network campaign changes, pushed by the database on the venue's private topic: each is applied
 * to the playlist held (and the copy kept on the device) without reading it; the player takes it
 * at its next slide boundary (a new version). On each (re)subscription the playlist is read once,
 * since Realtime does not replay what was sent while the screen was away (after a re-subscription
 * within RESUBSCRIBE_READ_SPREAD_MS, at random, so a network's screens do not read all at once). A push too large to
 * send says 'read': the playlist is read once, after a random delay (PUSH_READ_SPREAD_MS).
 * A read answered while pushes arrived gets them applied again (PUSH_REAPPLY_MS).
 */
export function useSpotPushes({ userId, deviceId, screenId, customerId, enabled }: SpotPushOptions) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !customerId) return;
    const key = playerKeys.playlist(userId, deviceId);
    const read = () => void queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
    let closed = false;
    let readTimer: ReturnType<typeof setTimeout> | undefined;
    // Pushes apply one after another, each to what the one before left.
    let applying = Promise.resolve();
    const enqueue = (push: SpotPush) => {
      applying = applying.then(() => apply(push)).catch(() => undefined);
    };
    const recent: { push: SpotPush; at: number }[] = [];

    const apply = async (push: SpotPush) => {
      const held = queryClient.getQueryData<PlayerData>(key);
      if (closed || !held?.customer || held.customer.id !== customerId) return;
      const next = applySpotPush(held as PlayerData & { spots?: readonly SpotLike[] }, push, screenId);
      if (next === 'read') {
        readTimer ??= setTimeout(() => {
          readTimer = undefined;
          read();
        }, Math.random() * PUSH_READ_SPREAD_MS);
        return;
      }
      if (next === held) return;
      const { media: _media, fromDevice: _fromDevice, ...playlist } = next;
      const data = await withMedia(playlist, held.fromDevice, held);
      if (closed) return;
      savePlaylist(userId, playlist);
      queryClient.setQueryData<PlayerData>(key, data);
    };

    const channel = supabase
      .channel(venueTopic(customerId), { config: { private: true } })
      .on('broadcast', { event: 'spot' }, (message: { payload?: unknown }) => {
        const push = message.payload;
        if (!isSpotPush(push)) return;
        const at = Date.now();
        while (recent.length && recent[0]!.at < at - PUSH_REAPPLY_MS) recent.shift();
        if (push.spot !== 'read') recent.push({ push, at });
        enqueue(push);
      });
    // A read's answer (not one of the sets above) replaces what the pushes did: they are applied again.
    const hash = hashKey(key);
    const stopWatching = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== hash) return;
      if (event.action.type !== 'success' || event.action.manual) return;
      const answered = Date.now();
      for (const r of recent) if (r.at >= answered - PUSH_REAPPLY_MS) enqueue(r.push);
    });
    // A private channel is authorised by the session's token, which the socket must carry first.
    // Back after being away (a restarted stack brings every screen back at once), the read waits
    // a short random time, one read for this screen's channels together.
    let subscribedBefore = false;
    let cancelSpreadRead = () => {};
    void supabase.realtime.setAuth().finally(() => {
      if (closed) return;
      let dropped = false;
      channel.subscribe((status) => {
        if (closed) return;
        if (status !== REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
          // The channel dropped (the stack restarting, the network gone): one read now. If it
          // fails, the screen tries again every few seconds until it gets through.
          if (subscribedBefore && !dropped) read();
          dropped = true;
          return;
        }
        dropped = false;
        if (!subscribedBefore) read();
        else {
          cancelSpreadRead();
          cancelSpreadRead = runOnceAfter(hash, resubscribeReadDelayMs(), read);
        }
        subscribedBefore = true;
      });
    });
    return () => {
      closed = true;
      cancelSpreadRead();
      clearTimeout(readTimer);
      stopWatching();
      void supabase.removeChannel(channel);
    };
  }, [queryClient, userId, deviceId, screenId, customerId, enabled]);
}

/**
 * The network is back (the browser's `online` event): the playlist is read at once, after the
 * session is renewed if its token ran out meanwhile (renewSessionNow). Not through getSession:
 * while supabase-js is still retrying a renewal that failed offline, getSession waits for that
 * retry (up to its 6.4 s back-off), and the read with it. React Query reads on its own only
 * after it saw the network go; a kiosk that started without one never did, and would wait for
 * Realtime's next attempt or the next poll.
 */
export function useReadOnOnline(userId: string, deviceId: string | null, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const read = (stuck: boolean) =>
      void renewSessionNow()
        .catch(() => false)
        .then(() =>
          queryClient.invalidateQueries({ queryKey: playerKeys.playlist(userId, deviceId) }, { cancelRefetch: stuck }),
        );
    // A read started offline may still be waiting, inside getSession, for supabase-js's next
    // try of its renewal: it is called off, and the read made again with the new session.
    const onOnline = () => read(true);
    window.addEventListener('online', onOnline);
    // A token renewed after it ran out (an outage): what failed for want of it is read now.
    const { data } = supabase.auth.onAuthStateChange((event) => {
      if (event === 'TOKEN_REFRESHED') setTimeout(() => read(false), 0);
    });
    return () => {
      window.removeEventListener('online', onOnline);
      data.subscription.unsubscribe();
    };
  }, [queryClient, userId, deviceId, enabled]);
}
