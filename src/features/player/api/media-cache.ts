// Room in the player's media cache. Files stay cached after they leave the playlist, so a
// daypart that alternates campaigns does not download them again each day; when a new file
// would not fit under the budget (BUDGET_SHARE of the origin's quota, less what the origin
// keeps besides slide files), or a write fails for quota, the least recently shown files the
// screen does not need are removed first (lib/media-eviction). Files the screen needs (the
// playlist on screen, the one swapping in, the file on screen) are never removed: one that
// does not fit beside them is played from its signed link, and the heartbeat's diagnostics
// say so, never the wall.
//
// When each file was last on screen, and its size, are kept in a small index in localStorage
// (INDEX_KEY), written once per slide switch and once per file stored or removed.
import { clearProblem, reportProblem } from '@/lib/diagnostics';
import { chooseEvictions, type CachedFile } from '../lib/media-eviction';

/** The share of the origin's storage quota slide files may take (with what else the origin keeps). */
export const BUDGET_SHARE = 0.9;
/** Where the index of cached files lives (localStorage). */
export const INDEX_KEY = 'signage-player:media-cache';
/** The diagnostics source of files that do not fit on the device. */
export const CACHE_PROBLEM = 'media-cache';

type Entry = { shown: number; bytes: number };
type Index = Record<string, Entry>;

function readIndex(): Index {
  try {
    const value = JSON.parse(localStorage.getItem(INDEX_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Index) : {};
  } catch {
    return {};
  }
}

function writeIndex(index: Index) {
  try {
    localStorage.setItem(INDEX_KEY, JSON.stringify(index));
  } catch {
    // A full storage only costs the order of eviction (unknown files go first).
  }
}

/** Cache URLs the screen needs now: never removed. */
let needed = new Set<string>();
/** The cache URL of the file on screen. */
let onScreen: string | null = null;
/** Bytes of files being stored (not in the cache yet). */
let reserved = 0;
/** Needed files that did not fit (when they were tried), reported in the diagnostics. */
const notFitting = new Map<string, number>();
/** A video that did not fit is tried again after this long (its link is renewed then too). */
export const NOT_FITTING_RETRY_MS = 30 * 60_000;
/** Room is made one file at a time, so two downloads never count the same free space. */
let queue: Promise<unknown> = Promise.resolve();

function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** The files of the playlist resolved last (the one on screen once it swapped in). */
let lastResolved: string[] = [];

/**
 * A playlist's files `urls` are being resolved (downloaded when missing): they and the
 * playlist resolved before (on screen until the new one swaps in) are needed; older ones are not.
 * With `cachedOnly` nothing is downloaded (the playlist kept on the device): `urls` are needed
 * besides the others.
 */
export function resolvingMedia(urls: readonly string[], cachedOnly = false) {
  if (cachedOnly) {
    // The playlist kept on the device, or the one on screen without a network: on screen now.
    for (const url of urls) needed.add(url);
  } else {
    setNeededMedia([...lastResolved, ...urls]);
  }
  lastResolved = [...urls];
}

/**
 * `urls` are the files the screen needs from now on (the playlist on screen and the one
 * swapping in): the others may be removed when room is needed. Returns true when the set changed.
 */
export function setNeededMedia(urls: Iterable<string>) {
  needed = new Set(urls);
  // A file no longer needed is no longer missing.
  for (const url of notFitting.keys()) if (!needed.has(url)) notFitting.delete(url);
  if (notFitting.size === 0) clearProblem(CACHE_PROBLEM);
}

/**
 * True when `url` is needed but did not fit on the device lately (it plays from its link and
 * is not downloaded again until NOT_FITTING_RETRY_MS passed).
 */
export function doesNotFit(url: string, now = Date.now()): boolean {
  const at = notFitting.get(url);
  return at !== undefined && now - at < NOT_FITTING_RETRY_MS;
}

/** The file `url` came on screen now (once per switch). */
export function noteShown(url: string, now = Date.now()) {
  onScreen = url;
  const index = readIndex();
  index[url] = { shown: now, bytes: index[url]?.bytes ?? -1 };
  writeIndex(index);
}

async function sizeOf(cache: Cache, url: string): Promise<number> {
  const response = await cache.match(url);
  if (!response) return 0;
  const length = Number(response.headers.get('content-length'));
  return Number.isFinite(length) && length > 0 ? length : (await response.blob()).size;
}

/** The files in the cache with their sizes and when each was last shown (the index made to match). */
async function cachedFiles(cache: Cache): Promise<CachedFile[]> {
  const index = readIndex();
  const urls = (await cache.keys()).map((r) => r.url);
  const next: Index = {};
  const files: CachedFile[] = [];
  for (const url of urls) {
    const known = index[url];
    const bytes = known && known.bytes >= 0 ? known.bytes : await sizeOf(cache, url);
    // A file cached before the index knew it counts as shown long ago.
    const entry = { shown: known?.shown ?? 0, bytes };
    next[url] = entry;
    files.push({ url, bytes, shownAt: entry.shown });
  }
  // A slide that came up meanwhile keeps its time.
  const latest = readIndex();
  for (const file of files) {
    const shown = Math.max(file.shownAt, latest[file.url]?.shown ?? 0);
    file.shownAt = shown;
    next[file.url]!.shown = shown;
  }
  writeIndex(next);
  return files;
}

/** Bytes of `files` together. */
const bytesOf = (files: readonly CachedFile[]) => files.reduce((sum, f) => sum + f.bytes, 0);

/** The files never removed: the ones the screen needs and the one on screen. */
function protectedFiles(): Set<string> {
  const protect = new Set(needed);
  if (onScreen) protect.add(onScreen);
  return protect;
}

async function estimate(): Promise<{ quota: number; usage: number } | null> {
  try {
    const value = await navigator.storage?.estimate?.();
    return value?.quota ? { quota: value.quota, usage: value.usage ?? 0 } : null;
  } catch {
    return null;
  }
}

async function evict(cache: Cache, urls: readonly string[]) {
  if (urls.length === 0) return;
  for (const url of urls) await cache.delete(url);
  const index = readIndex();
  for (const url of urls) delete index[url];
  writeIndex(index);
}

export interface RoomOptions {
  /** A write of this file just failed for quota: room is made for it whatever the estimate says. */
  afterQuotaError?: boolean;
}

/**
 * Makes room for `bytes` of the file `url` (0 when its size is unknown), removing the least
 * recently shown files not needed. Returns a function to call once the file is stored (or
 * given up), or null when it does not fit beside the files the screen needs (reported in the
 * diagnostics; nothing is removed for it).
 */
export function makeRoom(cache: Cache, url: string, bytes: number, { afterQuotaError = false }: RoomOptions = {}) {
  return serially(async () => {
    const storage = await estimate();
    const limit = storage ? Math.floor(storage.quota * BUDGET_SHARE) : Number.POSITIVE_INFINITY;
    // Plenty of room by the browser's own count: nothing to list.
    if (!afterQuotaError && (!storage || storage.usage + reserved + bytes <= limit)) return reserve(bytes);
    const files = (await cachedFiles(cache)).filter((f) => f.url !== url);
    const used = bytesOf(files);
    // The budget for slide files: the limit less what the origin keeps besides them; after a
    // quota error, no more than they take now (the new file's room comes from others).
    const budget = afterQuotaError
      ? Math.min(used, storage ? limit - Math.max(0, storage.usage - used) : used)
      : limit - Math.max(0, (storage?.usage ?? 0) - used);
    const plan = chooseEvictions(
      files,
      protectedFiles(),
      budget - reserved,
      afterQuotaError ? Math.max(bytes, 1) : bytes,
    );
    await evict(cache, plan.evict);
    if (!plan.fits) {
      const known = notFitting.has(url);
      notFitting.set(url, Date.now());
      if (!known)
        reportProblem(
          CACHE_PROBLEM,
          `${notFitting.size} file(s) of the playlist do not fit in the device's storage (quota ${
            storage ? Math.round(storage.quota / 1e6) : '?'
          } MB); they play from the network`,
        );
      return null;
    }
    return reserve(bytes);
  });
}

function reserve(bytes: number) {
  reserved += bytes;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    reserved -= bytes;
  };
}

/** Records a file just stored: its size, and now as its last showing (a new file is not the first to go). */
export async function noteStored(cache: Cache, url: string, bytes: number) {
  const size = bytes > 0 ? bytes : await sizeOf(cache, url).catch(() => -1);
  const index = readIndex();
  index[url] = { shown: Math.max(index[url]?.shown ?? 0, Date.now()), bytes: size };
  writeIndex(index);
  if (notFitting.delete(url) && notFitting.size === 0) clearProblem(CACHE_PROBLEM);
}

/** Removes the least recently shown files not needed while the cache is over its budget. */
export function trimToBudget(cache: Cache) {
  return serially(async () => {
    const storage = await estimate();
    if (!storage || storage.usage + reserved <= storage.quota * BUDGET_SHARE) return;
    const files = await cachedFiles(cache);
    const used = bytesOf(files);
    const budget = Math.floor(storage.quota * BUDGET_SHARE) - Math.max(0, storage.usage - used);
    await evict(cache, chooseEvictions(files, protectedFiles(), budget - reserved).evict);
  });
}

/**
 * Frees at least `bytes` of the origin's storage for what cannot be fetched again (plays
 * waiting to be uploaded): removes the least recently shown files the screen does not need,
 * whatever the budget (fewer when that is all there is). True when any file was removed.
 */
export function freeRoom(cache: Cache, bytes: number) {
  return serially(async () => {
    const files = await cachedFiles(cache);
    const used = bytesOf(files);
    const { evict: urls } = chooseEvictions(files, protectedFiles(), used - bytes);
    await evict(cache, urls);
    return urls.length > 0;
  });
}

/** Forgets the files `urls` (removed from the cache by a resync). */
export function forgetFiles(urls: readonly string[]) {
  const index = readIndex();
  for (const url of urls) delete index[url];
  writeIndex(index);
}

/** Quota errors of Cache Storage writes, by the browser's name for them. */
export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'QuotaExceededError' || error.code === 22
    : (error as { name?: string } | null)?.name === 'QuotaExceededError';
}
