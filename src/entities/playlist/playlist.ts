// What plays at a venue: player_playlist() decides it in SQL (public.campaign_plays_at: status
// active or scheduled, the venue's day within the dates, the local time in a window) and
// returns the slides of the campaigns that play today or within a week, in loop order
// (campaign priority, then display order), each marked on_air at the time of the read and
// carrying its campaign's status, dates and windows, so a screen follows the same rule on its
// own from then on (src/entities/campaign/schedule.ts), offline too. Read for a screen, it
// also gives the screen's loop length and the network campaigns booked in that loop (spots),
// with their schedules and slides. The player, the venue's home and the admin screens read it.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '../query-keys/table-keys';
import type { PlayerPlaylist, PlayerPlaylistSlide, PlayerSpot, PlaylistFallback } from '@/types/database-json';
import { playsAt, type Schedulable } from '../campaign/schedule';

/**
 * What copies of a playlist kept on a device by older builds may lack, and how they read:
 * media_kind image, campaign_status active, no windows (all day), on air.
 */
type MissingInOlderCopies = 'media_kind' | 'campaign_status' | 'campaign_priority' | 'campaign_windows' | 'on_air';

/** A slide of a playlist as the app holds it: player_playlist()'s, or one of a copy kept on the device. */
export type PlaylistSlide = Omit<PlayerPlaylistSlide, MissingInOlderCopies> &
  Partial<Pick<PlayerPlaylistSlide, MissingInOlderCopies>>;

/** A network campaign booked on a screen (one of player_playlist()'s spots). */
export type PlaylistSpot = PlayerSpot;

/** A playlist as the app holds it: player_playlist()'s answer, or a copy kept on the device. */
export interface Playlist extends Omit<PlayerPlaylist, 'now' | 'slides' | 'loop_seconds' | 'spots' | 'fallback'> {
  /** The server's time of the read (ISO); a screen sets its clock by it. */
  now?: string;
  /** On a screen: the server's clock less the device's at the read, in ms (kept with the list). */
  clock_offset_ms?: number;
  slides: PlaylistSlide[];
  /** The screen's loop length in seconds; null read for no screen, missing in copies kept by older builds. */
  loop_seconds?: number | null;
  /** The network campaigns booked on the screen; missing in copies kept by older builds (none: the venue's own only). */
  spots?: PlaylistSpot[];
  /** The image the wall plays when nothing is on air (the venue's, else the network's); missing in copies kept by older builds. */
  fallback?: PlaylistFallback | null;
}

/**
 * The playlist of the signed-in venue, or of `customerId` (admins: any venue); with
 * `deviceId`, the one that device plays (campaigns on chosen screens only if it is one).
 * `retry` false makes a failed read fail at once (the player polls again on its own).
 */
export async function getPlaylist(
  customerId?: string,
  { retry = true, deviceId = null }: { retry?: boolean; deviceId?: string | null } = {},
): Promise<Playlist> {
  const request = supabase.rpc('player_playlist', {
    ...(customerId ? { p_customer_id: customerId } : {}),
    ...(deviceId ? { p_device_id: deviceId } : {}),
  });
  const { data } = await (retry ? request : request.retry(false)).throwOnError();
  return data;
}

/** The schedule of a playlist slide's campaign (older kept playlists carry none: always on). */
export function slideSchedule(slide: PlaylistSlide): Schedulable {
  return {
    status: slide.campaign_status ?? 'active',
    start_date: slide.campaign_start_date,
    end_date: slide.campaign_end_date,
    windows: slide.campaign_windows ?? [],
  };
}

/** Whether a playlist slide's campaign plays at `at` in the venue's time zone. */
export function slideOnAir(slide: PlaylistSlide, timeZone: string, at: Date): boolean {
  return playsAt(slideSchedule(slide), timeZone, at);
}

/**
 * The slides of `playlist` on air at `at`, by the venue's time zone: a screen follows its
 * campaigns' dates and dayparts to the second on its own, offline too, and a kept list drops
 * a campaign whose last day is over.
 */
export function onAirAt(playlist: Playlist, at: Date = new Date()): PlaylistSlide[] {
  const zone = playlist.customer?.time_zone;
  if (!zone) return playlist.slides.filter((s) => s.on_air !== false);
  return playlist.slides.filter((slide) => slideOnAir(slide, zone, at));
}

/** The schedule of a spot's network campaign. */
export function spotSchedule(spot: PlaylistSpot): Schedulable {
  return {
    status: spot.campaign_status,
    start_date: spot.campaign_start_date,
    end_date: spot.campaign_end_date,
    windows: spot.campaign_windows,
  };
}

/**
 * The spots of `playlist` whose network campaigns play at `at`, by the venue's time zone (the
 * same rule as onAirAt; without a venue, the server's marks).
 */
export function spotsOnAirAt(playlist: Playlist, at: Date = new Date()): PlaylistSpot[] {
  const spots = playlist.spots ?? [];
  const zone = playlist.customer?.time_zone;
  if (!zone) return spots.filter((spot) => spot.on_air !== false);
  return spots.filter((spot) => playsAt(spotSchedule(spot), zone, at));
}

/**
 * A spot's slides as playlist slides, each carrying its network campaign's schedule (so the
 * player shows, times and counts them like the venue's own; campaign_id is the network
 * campaign's).
 */
export function spotSlides(spot: PlaylistSpot): PlaylistSlide[] {
  return spot.slides.map((slide) => ({
    ...slide,
    campaign_start_date: spot.campaign_start_date,
    campaign_end_date: spot.campaign_end_date,
    campaign_status: spot.campaign_status,
    campaign_windows: spot.campaign_windows,
    on_air: spot.on_air,
  }));
}

export const playlistKeys = {
  all: tableKeys.player_playlist,
  venue: (customerId: string | null) => [...playlistKeys.all, customerId ?? 'mine'] as const,
  /** What one of the signed-in venue's screens plays. */
  myScreen: (deviceId: string) => [...playlistKeys.venue(null), 'device', deviceId] as const,
};

/** What plays now at `customerId`'s venue (admins), or at the signed-in venue (null). */
export const playlistQueryOptions = (customerId: string | null) =>
  queryOptions({
    queryKey: playlistKeys.venue(customerId),
    queryFn: () => getPlaylist(customerId ?? undefined),
  });

/**
 * What one of the signed-in venue's screens plays (player_playlist() read for that device):
 * the venue's campaigns for all its screens and those on chosen screens that name this one,
 * and the advertisers' spots booked in this screen's loop.
 */
export const myScreenPlaylistQueryOptions = (deviceId: string) =>
  queryOptions({
    queryKey: playlistKeys.myScreen(deviceId),
    queryFn: () => getPlaylist(undefined, { deviceId }),
  });
