// What plays now at a venue: player_playlist() decides it in SQL (status active, today in
// the venue's time zone within the campaign's dates, active slides in display_order) and
// returns it with a version string. The player, the venue's home and the admin screens read it.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '../query-keys/table-keys';
import { runsAt } from '../campaign/campaign-dates';
import type { SlideRow } from '../slide/slide';

/** A slide as player_playlist() returns it: the stored row with its campaign's dates. */
export type PlaylistSlide = SlideRow & {
  campaign_start_date: string | null;
  campaign_end_date: string | null;
};

export interface PlaylistVenue {
  id: string;
  name: string;
  time_zone: string;
}

export interface Playlist {
  /** Changes whenever anything in the list of slides changes. */
  version: string;
  /** The venue; null when the signed-in user is no customer. */
  customer: PlaylistVenue | null;
  /** The venue's calendar day the playlist was decided for (yyyy-mm-dd). */
  today: string | null;
  slides: PlaylistSlide[];
}

export const EMPTY_PLAYLIST: Playlist = { version: '', customer: null, today: null, slides: [] };

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
  return (data as unknown as Playlist | null) ?? EMPTY_PLAYLIST;
}

/**
 * The slides of `playlist` still playing at `at`: the list kept on a screen that lost its
 * network drops the campaigns whose last day in the venue's time zone is over.
 */
export function stillPlaying(playlist: Playlist, at: Date = new Date()): PlaylistSlide[] {
  const zone = playlist.customer?.time_zone;
  if (!zone) return playlist.slides;
  return playlist.slides.filter((slide) =>
    runsAt({ start_date: slide.campaign_start_date, end_date: slide.campaign_end_date }, zone, at),
  );
}

export const playlistKeys = {
  all: tableKeys.player_playlist,
  venue: (customerId: string | null) => [...playlistKeys.all, customerId ?? 'mine'] as const,
};

/** What plays now at `customerId`'s venue (admins), or at the signed-in venue (null). */
export const playlistQueryOptions = (customerId: string | null) =>
  queryOptions({
    queryKey: playlistKeys.venue(customerId),
    queryFn: () => getPlaylist(customerId ?? undefined),
  });
