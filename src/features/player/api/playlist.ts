// The player's playlist: the slides of the signed-in customer's active campaigns whose
// dates include today, merged in display_order. Polled cheaply (campaign and slide ids
// with their updated_at); the full playlist is read again only when that changes. The
// last playlist is kept in localStorage so a screen that restarts offline keeps playing.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Json } from '@/types/database';
import { hasLiveSession, supabase } from '@/lib/supabase';
import { releaseMedia, resolveMedia, type PlayerMedia } from './media';

/** How often a playing screen asks whether its playlist changed. */
export const PLAYLIST_POLL_MS = 15_000;
/** A slide's duration when it has none (seconds). */
export const DEFAULT_SLIDE_SECONDS = 10;

export interface PlayerSlide {
  id: string;
  campaign_id: string;
  content_type: string;
  slide_type: string;
  title: string | null;
  content: string | null;
  image_url: string | null;
  display_order: number;
  duration: number;
  is_active: boolean;
  settings: Json;
}

export interface Playlist {
  customer: { id: string; name: string } | null;
  slides: PlayerSlide[];
  /** Changes whenever a campaign or slide in the playlist changes (or the day does). */
  version: string;
}

export interface PlayerData extends Playlist {
  media: PlayerMedia;
  /** True when this playlist was read from the copy kept on the device. */
  fromDevice: boolean;
}

interface CampaignRow {
  id: string;
  start_date: string | null;
  end_date: string | null;
  updated_at: string;
}

const SLIDE_COLUMNS =
  'id, campaign_id, content_type, slide_type, title, content, image_url, display_order, duration, is_active, settings, updated_at';

export const playerKeys = {
  all: ['player'] as const,
  playlists: () => [...playerKeys.all, 'playlist'] as const,
  playlist: (userId: string) => [...playerKeys.playlists(), userId] as const,
};

function localDay(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

/** True when the campaign's dates include `today` (a missing date is open-ended). */
export function isLiveOn(campaign: Pick<CampaignRow, 'start_date' | 'end_date'>, today: Date): boolean {
  const startOfDay = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const endOfDay = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  if (campaign.start_date && new Date(campaign.start_date) >= endOfDay) return false;
  if (campaign.end_date && new Date(campaign.end_date) < startOfDay) return false;
  return true;
}

/** A short stable hash (FNV-1a, hex) of a string. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

type Versioned = CampaignRow & { campaign_items: { id: string; updated_at: string }[] };

function versionOf(campaigns: Versioned[], today: Date): string {
  const parts = campaigns
    .map((c) => {
      const items = c.campaign_items.map((i) => `${i.id}@${i.updated_at}`).sort();
      return `${c.id}@${c.updated_at}[${items.join(',')}]`;
    })
    .sort();
  return hashText(`${localDay(today)}|${parts.join('|')}`);
}

/** Merges the slides of the live campaigns: active slides only, ordered by display_order (stable). */
export function mergeSlides(slides: PlayerSlide[]): PlayerSlide[] {
  return slides
    .filter((s) => s.is_active !== false)
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.display_order - b.s.display_order || a.i - b.i)
    .map(({ s }) => s);
}

// The player polls again on its own and falls back to the playlist it kept, so its reads
// fail at once instead of retrying a lost network for seconds.
async function fetchCustomer(): Promise<Playlist['customer']> {
  // Row-level security shows a customer only their own row (matched by e-mail).
  const { data } = await supabase
    .from('customers')
    .select('id, name')
    .limit(1)
    .maybeSingle()
    .retry(false)
    .throwOnError();
  return data;
}

async function fetchVersion(customerId: string, today: Date): Promise<string> {
  const { data } = await supabase
    .from('campaigns')
    .select('id, start_date, end_date, updated_at, campaign_items(id, updated_at)')
    .eq('customer_id', customerId)
    .eq('status', 'active')
    .retry(false)
    .throwOnError();
  return versionOf(
    data.filter((c) => isLiveOn(c, today)),
    today,
  );
}

async function fetchPlaylist(customer: NonNullable<Playlist['customer']>, today: Date): Promise<Playlist> {
  const { data } = await supabase
    .from('campaigns')
    .select(`id, start_date, end_date, updated_at, campaign_items(${SLIDE_COLUMNS})`)
    .eq('customer_id', customer.id)
    .eq('status', 'active')
    .retry(false)
    .throwOnError();
  const live = data.filter((c) => isLiveOn(c, today));
  const slides = mergeSlides(live.flatMap((c) => c.campaign_items.map(({ updated_at: _u, ...slide }) => slide)));
  return { customer, slides, version: versionOf(live, today) };
}

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

const imagePaths = (slides: PlayerSlide[]) =>
  slides.filter((s) => s.content_type !== 'dynamic' && s.image_url).map((s) => s.image_url!);

async function withMedia(playlist: Playlist, fromDevice: boolean, previous?: PlayerData): Promise<PlayerData> {
  const paths = imagePaths(playlist.slides);
  // The copy kept on the device is played when the network failed: its images come from the cache.
  const media = await resolveMedia(paths, { cachedOnly: fromDevice });
  // Keep the images of the playlist on screen until the new one has swapped in.
  releaseMedia(new Set([...paths, ...(previous ? imagePaths(previous.slides) : [])]));
  return { ...playlist, media, fromDevice };
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
): Promise<PlayerData> {
  const today = new Date();
  try {
    if (renewing || !(await hasLiveSession())) {
      // Reads would go out as the anonymous role and come back empty: not a real answer.
      throw new Error('Your session could not be renewed. Check the network connection.');
    }
    if (previous?.customer) {
      const version = await fetchVersion(previous.customer.id, today);
      if (version === previous.version) {
        const needsMedia = !previous.media.complete || Date.now() >= previous.media.renewAt;
        const current = previous.fromDevice ? { ...previous, fromDevice: false } : previous;
        return needsMedia ? withMedia(previous, false, previous) : current;
      }
    }
    const customer = previous?.customer ?? (await fetchCustomer());
    const playlist = customer ? await fetchPlaylist(customer, today) : { customer: null, slides: [], version: '' };
    savePlaylist(userId, playlist);
    return withMedia(playlist, false, previous);
  } catch (error) {
    // Offline or failing: keep playing what was played last (on this page, or on this device).
    if (previous) return previous;
    const saved = loadSavedPlaylist(userId);
    if (saved?.customer) return withMedia(saved, true);
    throw error;
  }
}

export const playerQueryOptions = (userId: string, renewing = false) =>
  queryOptions({
    queryKey: playerKeys.playlist(userId),
    queryFn: ({ client }: { client: QueryClient }) =>
      getPlayerData(userId, client.getQueryData<PlayerData>(playerKeys.playlist(userId)), renewing),
    refetchInterval: PLAYLIST_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnReconnect: 'always',
    staleTime: 0,
    retry: false,
  });
