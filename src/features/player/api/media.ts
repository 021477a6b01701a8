// Slide images for the player: kept in Cache Storage under their storage path (not the
// signed link, whose token changes), so a screen that lost its network still shows them.
// Images not cached yet are signed in ONE batched request and downloaded into the cache.
// Where Cache Storage is unavailable the signed links are used directly and renewed
// before they run out.
import { AD_IMAGES_BUCKET, SLIDE_IMAGE_LINK_SECONDS, signSlideImages } from '@/entities/slide/slide-images';

export const MEDIA_CACHE = 'signage-player-media-v1';
const SIGNED_URL_SECONDS = SLIDE_IMAGE_LINK_SECONDS;
/** Signed links used directly are renewed well before they expire. */
const RENEW_AFTER_MS = (SIGNED_URL_SECONDS * 1000) / 2;

export interface PlayerMedia {
  /** Storage path → a URL the player can show. */
  urls: Record<string, string>;
  /** True when every path has a URL. */
  complete: boolean;
  /** When the links must be renewed (Infinity when every image comes from the cache). */
  renewAt: number;
}

/** The cache key of a slide image: its bucket and storage path on this origin. */
export function mediaCacheKey(path: string): string {
  return new URL(`/__player-media/${AD_IMAGES_BUCKET}/${encodeURIComponent(path)}`, globalThis.location.origin).href;
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** Object URLs of cached images, one per path for the page's lifetime (reused every loop). */
const objectUrls = new Map<string, string>();

async function fromCache(cache: Cache, path: string): Promise<string | null> {
  const known = objectUrls.get(path);
  if (known) return known;
  const hit = await cache.match(mediaCacheKey(path));
  if (!hit) return null;
  const url = URL.createObjectURL(await hit.blob());
  objectUrls.set(path, url);
  return url;
}

async function download(cache: Cache, path: string, link: string): Promise<string | null> {
  try {
    const response = await fetch(link);
    if (!response.ok) return null;
    await cache.put(mediaCacheKey(path), response.clone());
    const url = URL.createObjectURL(await response.blob());
    objectUrls.set(path, url);
    return url;
  } catch {
    return null;
  }
}

/** Frees the object URLs of images no longer in `keep`. */
export function releaseMedia(keep: ReadonlySet<string>) {
  for (const [path, url] of objectUrls) {
    if (!keep.has(path)) {
      URL.revokeObjectURL(url);
      objectUrls.delete(path);
    }
  }
}

export interface ResolveMediaOptions {
  /** Only what Cache Storage holds: nothing is signed or downloaded (no network to ask). */
  cachedOnly?: boolean;
}

/** URLs for the slide images at `paths`: cached ones first, the rest signed and downloaded. Never throws. */
export async function resolveMedia(
  paths: readonly string[],
  { cachedOnly = false }: ResolveMediaOptions = {},
): Promise<PlayerMedia> {
  const wanted = [...new Set(paths.filter(Boolean))];
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
    const found = await Promise.all(wanted.map((p) => fromCache(open, p).catch(() => null)));
    missing = wanted.filter((p, i) => {
      const url = found[i];
      if (url) urls[p] = url;
      return !url;
    });
  }

  let renewAt = Number.POSITIVE_INFINITY;
  if (missing.length > 0 && !cachedOnly) {
    let links = new Map<string, string>();
    try {
      links = await signSlideImages(missing);
    } catch {
      // Offline or refused: these images show as placeholders until the next try.
    }
    await Promise.all(
      missing.map(async (p) => {
        const link = links.get(p);
        if (!link) return;
        const cached = cache ? await download(cache, p, link) : null;
        urls[p] = cached ?? link;
        if (!cached) renewAt = Math.min(renewAt, Date.now() + RENEW_AFTER_MS);
      }),
    );
  }

  return { urls, complete: wanted.every((p) => p in urls), renewAt };
}
