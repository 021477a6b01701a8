// Which slide files leave the device's cache when room is needed: the least recently shown
// first, never one the screen needs (the playlist on screen, the one swapping in, the file on
// screen). A plain function; api/media-cache.ts gives it the cache, the index and the budget.

/** A file in the media cache: its cache URL, its size and when it was last on screen (epoch ms). */
export interface CachedFile {
  url: string;
  bytes: number;
  shownAt: number;
}

export interface EvictionPlan {
  /** Cache URLs to remove, least recently shown first. */
  evict: string[];
  /** True when `incoming` bytes fit in the budget once `evict` are gone. */
  fits: boolean;
}

/**
 * What to remove so `incoming` more bytes fit in `budget` beside `files`. Only files not in
 * `needed` are removed, the least recently shown first (ties: the larger first, then by URL).
 * When even removing all of them would not make room, `fits` is false and only what brings
 * the files already kept back under the budget is removed (nothing, while they fit).
 */
export function chooseEvictions(
  files: readonly CachedFile[],
  needed: ReadonlySet<string>,
  budget: number,
  incoming = 0,
): EvictionPlan {
  const candidates = files
    .filter((f) => !needed.has(f.url))
    .sort((a, b) => a.shownAt - b.shownAt || b.bytes - a.bytes || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  const freeing = (limit: number) => {
    const evict: string[] = [];
    let used = total;
    for (const file of candidates) {
      if (used <= limit) break;
      evict.push(file.url);
      used -= file.bytes;
    }
    return { evict, fits: used <= limit };
  };
  const plan = freeing(budget - incoming);
  if (plan.fits) return plan;
  return { evict: freeing(budget).evict, fits: false };
}
