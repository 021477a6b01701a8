// Slide files for the player: kept in Cache Storage under their bucket and storage path (not
// the signed link, whose token changes), so a screen that lost its network still shows them.
// Files not cached yet are signed in one batched request per bucket and downloaded into the
// cache.
//  * Images are shown through one object URL each for the page's lifetime.
//  * Videos are played from the cache through the service worker (public/sw.js), which
//    answers the browser's byte-range requests from it, so a video is never held in memory
//    whole. A video not cached yet plays from its signed link while it is downloaded in the
//    background; the next read of the playlist picks up the cached copy. Without a service
//    worker in control (a development server) a cached video gets an object URL, as images do.
// Where Cache Storage is unavailable the signed links are used directly and renewed before
// they run out. Files stay cached after they leave the playlist until room is needed; then the
// least recently shown ones the screen does not need go first (media-cache.ts). A file that
// does not fit beside the ones the screen needs plays from its signed link.
import { useEffect } from 'react';
import {
  bucketOf,
  mediaKey,
  SLIDE_IMAGE_LINK_SECONDS,
  signSlideMedia,
  slideMedia,
  type SlideMedia,
} from '@/entities/slide/slide-images';
import {
  doesNotFit,
  forgetFiles,
  freeRoom,
  isQuotaError,
  makeRoom,
  noteShown,
  noteStored,
  resolvingMedia,
  setNeededMedia,
  trimToBudget,
} from './media-cache';

/** The player's cache of slide files; public/sw.js answers video requests from the same cache. */
export const MEDIA_CACHE = 'signage-player-media-v1';
/** Where cached slide files live on this origin (public/sw.js serves these paths from the cache). */
export const MEDIA_PATH_PREFIX = '/__player-media/';
const SIGNED_URL_SECONDS = SLIDE_IMAGE_LINK_SECONDS;
/** Signed links used directly are renewed well before they expire. */
const RENEW_AFTER_MS = (SIGNED_URL_SECONDS * 1000) / 2;

export interface PlayerMedia {
  /** mediaKey() of each slide file → a URL the player can show. */
  urls: Record<string, string>;
  /** True when every file has a URL and every video is kept on the device. */
  complete: boolean;
  /** When the links must be renewed (Infinity when every file comes from the cache). */
  renewAt: number;
  /** True when a cached video is held in memory (no service worker in control to play it from the cache). */
  videosInMemory?: boolean;
}

/** The cache key of a slide file: its bucket and storage path on this origin. */
export function mediaCacheKey({ path, kind }: SlideMedia): string {
  return new URL(`${MEDIA_PATH_PREFIX}${bucketOf(kind)}/${encodeURIComponent(path)}`, globalThis.location.origin).href;
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** True when the service worker controls the page, so cached videos can be played from their cache URL. */
export function workerServesMedia(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/** Object URLs of cached files, one per file for the page's lifetime (reused every loop). */
const objectUrls = new Map<string, string>();
/** Videos being downloaded into the cache, by mediaKey(). */
const downloads = new Map<string, Promise<boolean>>();

async function objectUrl(key: string, response: Response, kind: SlideMedia['kind']): Promise<string> {
  // An image is copied out of the cache: a blob read from it would hold its entry's space
  // until garbage collection, even once the file was evicted to make room. (A video, held
  // only without a service worker, stays a blob on the cache's disk.)
  const body =
    kind === 'image'
      ? new Blob([await response.arrayBuffer()], { type: response.headers.get('content-type') ?? '' })
      : await response.blob();
  const url = URL.createObjectURL(body);
  objectUrls.set(key, url);
  return url;
}

async function fromCache(cache: Cache, media: SlideMedia): Promise<string | null> {
  const key = mediaKey(media);
  const viaWorker = media.kind === 'video' && workerServesMedia();
  const known = objectUrls.get(key);
  if (known && !viaWorker) return known;
  const hit = await cache.match(mediaCacheKey(media));
  if (!hit) return null;
  if (viaWorker) return mediaCacheKey(media);
  return objectUrl(key, hit, media.kind);
}

/**
 * Downloads a file into the cache, making room for it first (and once more when the write
 * fails for quota); true when it is kept. False when it could not be downloaded, or does not
 * fit beside the files the screen needs (nothing needed is removed for it).
 */
async function store(cache: Cache, media: SlideMedia, link: string): Promise<boolean> {
  const url = mediaCacheKey(media);
  try {
    for (const afterQuotaError of [false, true]) {
      const response = await fetch(link);
      if (!response.ok) return false;
      const bytes = Number(response.headers.get('content-length')) || 0;
      const release = await makeRoom(cache, url, bytes, { afterQuotaError });
      if (!release) {
        void response.body?.cancel().catch(() => undefined);
        return false;
      }
      try {
        await cache.put(url, response);
        await noteStored(cache, url, bytes);
        return true;
      } catch (error) {
        if (!isQuotaError(error)) return false;
      } finally {
        release();
      }
    }
    return false;
  } catch {
    return false;
  }
}

/** Stores `media` from `link` within the cache's budget (a resync downloading it again); true when kept. */
export async function keepMedia(media: SlideMedia, link: string): Promise<boolean> {
  const storage = cacheStorage();
  if (!storage) return false;
  return store(await storage.open(MEDIA_CACHE), media, link);
}

const keptListeners = new Set<() => void>();

/** Calls `listener` whenever a video finished downloading into the cache. */
export function onVideoKept(listener: () => void): () => void {
  keptListeners.add(listener);
  return () => keptListeners.delete(listener);
}

/** A video's download into the cache, started once however often it is asked for. */
function storeVideo(cache: Cache, media: SlideMedia, link: string): Promise<boolean> {
  const key = mediaKey(media);
  let pending = downloads.get(key);
  if (!pending) {
    pending = store(cache, media, link).then((kept) => {
      downloads.delete(key);
      if (kept) for (const listener of keptListeners) listener();
      return kept;
    });
    downloads.set(key, pending);
  }
  return pending;
}

/**
 * Forgets every file's object URL (a resync): the next read makes new ones from the files
 * downloaded again. Returns the old ones, for the caller to revoke once nothing shows them.
 */
export function takeMediaUrls(): string[] {
  const old = [...objectUrls.values()];
  objectUrls.clear();
  return old;
}

/** Frees the object URLs of files no longer in `keep` (mediaKey()s). */
export function releaseMedia(keep: ReadonlySet<string>) {
  for (const [key, url] of objectUrls) {
    if (!keep.has(key)) {
      URL.revokeObjectURL(url);
      objectUrls.delete(key);
    }
  }
}

/**
 * The files in `keep` are the ones the screen needs from now on (the playlist on screen and
 * the one swapping in): they are never removed. The others stay cached while there is room;
 * when the cache is over its budget the least recently shown of them are removed.
 */
export async function pruneMediaCache(keep: readonly SlideMedia[]): Promise<void> {
  setNeededMedia(keep.map(mediaCacheKey));
  const storage = cacheStorage();
  if (!storage) return;
  try {
    await trimToBudget(await storage.open(MEDIA_CACHE));
  } catch {
    // A cache that cannot be read is not worth failing a playlist for.
  }
}

/**
 * Makes room on a full device for records that cannot be made again (plays): at least
 * `bytes` of the least recently shown files the screen does not need leave the cache (they
 * can be downloaded again). True when any file was removed.
 */
export async function makeRoomForRecords(bytes: number): Promise<boolean> {
  const storage = cacheStorage();
  if (!storage) return false;
  try {
    return await freeRoom(await storage.open(MEDIA_CACHE), bytes);
  } catch {
    return false;
  }
}

/** Removes from the cache every file not in `keep` (a resync: the screen drops what it kept). */
export async function clearMediaCache(keep: readonly SlideMedia[]): Promise<void> {
  setNeededMedia(keep.map(mediaCacheKey));
  const storage = cacheStorage();
  if (!storage) return;
  try {
    const cache = await storage.open(MEDIA_CACHE);
    const wanted = new Set(keep.map(mediaCacheKey));
    const gone = (await cache.keys()).map((r) => r.url).filter((url) => !wanted.has(url));
    for (const url of gone) await cache.delete(url);
    forgetFiles(gone);
  } catch {
    // A cache that cannot be read is not worth failing a resync for.
  }
}

/** Notes when the slide's file comes on screen (each switch `showing` counts), for the cache's eviction order. */
export function useMediaShown(slide: Parameters<typeof slideMedia>[0], visible: boolean, showing: number) {
  const media = slideMedia(slide);
  const url = media && cacheStorage() ? mediaCacheKey(media) : null;
  useEffect(() => {
    if (visible && url) noteShown(url);
  }, [visible, url, showing]);
}

export interface ResolveMediaOptions {
  /** Only what Cache Storage holds: nothing is signed or downloaded (no network to ask). */
  cachedOnly?: boolean;
}

/** URLs for the slide files `items`: cached ones first, the rest signed and downloaded. Never throws. */
export async function resolveMedia(
  items: readonly SlideMedia[],
  { cachedOnly = false }: ResolveMediaOptions = {},
): Promise<PlayerMedia> {
  const wanted = [...new Map(items.map((m) => [mediaKey(m), m])).values()];
  // The files being resolved are the playlist's: never removed to make room for one another.
  resolvingMedia(wanted.map(mediaCacheKey), cachedOnly);
  const urls: Record<string, string> = {};
  const storage = cacheStorage();
  let cache: Cache | null = null;
  try {
    cache = storage ? await storage.open(MEDIA_CACHE) : null;
  } catch {
    cache = null;
  }

  let missing = wanted;
  if (cache) {
    const open = cache;
    const found = await Promise.all(wanted.map((m) => fromCache(open, m).catch(() => null)));
    missing = wanted.filter((m, i) => {
      const url = found[i];
      if (url) urls[mediaKey(m)] = url;
      return !url;
    });
  }

  let renewAt = Number.POSITIVE_INFINITY;
  let downloading = false;
  if (missing.length > 0 && !cachedOnly) {
    let links = new Map<string, string>();
    try {
      links = await signSlideMedia(missing);
    } catch {
      // Offline or refused: these files show as placeholders (or are skipped) until the next try.
    }
    await Promise.all(
      missing.map(async (m) => {
        const key = mediaKey(m);
        const link = links.get(key);
        if (!link) return;
        if (cache && m.kind === 'video' && !doesNotFit(mediaCacheKey(m))) {
          // Played from its link at once; kept on the device for the next read.
          void storeVideo(cache, m, link);
          downloading = true;
          urls[key] = link;
          renewAt = Math.min(renewAt, Date.now() + RENEW_AFTER_MS);
          return;
        }
        const cached = cache && (await store(cache, m, link)) ? await fromCache(cache, m).catch(() => null) : null;
        urls[key] = cached ?? link;
        if (!cached) renewAt = Math.min(renewAt, Date.now() + RENEW_AFTER_MS);
      }),
    );
  }

  return {
    urls,
    complete: !downloading && wanted.every((m) => mediaKey(m) in urls),
    renewAt,
    videosInMemory: wanted.some((m) => m.kind === 'video' && urls[mediaKey(m)]?.startsWith('blob:')),
  };
}
