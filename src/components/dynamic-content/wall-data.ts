// What a wall may show of a dynamic slide (weather, news, sports): walls never invent. Live
// data from the service is shown and kept on the device; without it (the function answered
// its built-in sample, or could not be reached) the wall shows the last live data it kept,
// with that data's own time, while it is younger than a day, and otherwise nothing: the slide
// is reported unavailable and the player skips it, as it skips a video it cannot play (the
// heartbeat says why). Samples are for previews and the test page, labelled as samples.
import {
  dynamicContentRequest,
  type DynamicContentDataMap,
  type DynamicContentResponse,
  type DynamicContentSettings,
  type DynamicContentType,
} from '@/lib/dynamic-content';

/** Live data kept on the device stands in for this long after it was fetched. */
export const KEPT_DATA_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A slide found without data is skipped for this long, then tried again. */
export const UNAVAILABLE_RETRY_MS = 60_000;

/** The live data a wall last had for one request, and when the service gave it (ISO). */
export interface KeptData<T extends DynamicContentType = DynamicContentType> {
  type: T;
  data: DynamicContentDataMap[T];
  updatedAt: string;
}

/** One request's name: its type and the parameters it sends (slides with the same ones share it). */
export function dynamicRequestKey(type: DynamicContentType, settings: DynamicContentSettings | null | undefined) {
  return JSON.stringify(dynamicContentRequest(type, settings));
}

const storageKey = (key: string) => `signage:dynamic-content:${key}`;

/** Keeps a live answer on the device (a sample is never kept). */
export function keepLiveData(key: string, response: DynamicContentResponse): void {
  if (response.fallback) return;
  const kept: KeptData = { type: response.type, data: response.data, updatedAt: response.updatedAt };
  try {
    localStorage.setItem(storageKey(key), JSON.stringify(kept));
  } catch {
    // A full or refused storage only costs the copy for a later outage.
  }
}

/** The live data kept for `key`, when it is younger than KEPT_DATA_MAX_AGE_MS at `now`. */
export function keptLiveData(key: string, type: DynamicContentType, now = Date.now()): KeptData | null {
  try {
    const raw = localStorage.getItem(storageKey(key));
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptData>;
    const at = typeof kept.updatedAt === 'string' ? Date.parse(kept.updatedAt) : NaN;
    if (kept.type !== type || kept.data == null || !Number.isFinite(at)) return null;
    return now - at < KEPT_DATA_MAX_AGE_MS && at <= now + 60_000 ? (kept as KeptData) : null;
  } catch {
    return null;
  }
}

/** What a wall shows of one dynamic slide. */
export type WallContent =
  | { kind: 'loading' }
  /** Live data just read (`kept: false`) or the last live data kept on the device (`kept: true`). */
  | { kind: 'data'; data: KeptData['data']; updatedAt: string; kept: boolean }
  /** Nothing true to show: the slide is skipped. */
  | { kind: 'none' };

/**
 * The wall's choice: the answer when it is live (and less than a day old); otherwise (a sample answer, or a failed call
 * with nothing read before) the kept live data when there is some young enough; otherwise none.
 */
export function wallContent(
  answer: { pending: boolean; response: DynamicContentResponse | undefined },
  kept: KeptData | null,
  now = Date.now(),
): WallContent {
  if (answer.pending) return { kind: 'loading' };
  const response = answer.response;
  // A live answer held on while refreshes fail is true for a day, like a kept one.
  if (response && !response.fallback && now - Date.parse(response.updatedAt) < KEPT_DATA_MAX_AGE_MS) {
    return { kind: 'data', data: response.data, updatedAt: response.updatedAt, kept: false };
  }
  if (kept) return { kind: 'data', data: kept.data, updatedAt: kept.updatedAt, kept: true };
  return { kind: 'none' };
}

// Slides found without data, by request key: the player skips them for a while. -----------

const unavailable = new Map<string, number>();
/** Requests a wall has something true to show for (live or kept data). */
const ready = new Set<string>();
/** Who waits for a request to be settled (ready or unavailable), by key. */
const waiters = new Map<string, (() => void)[]>();
const listeners = new Set<() => void>();
let version = 0;

function settle(key: string) {
  const waiting = waiters.get(key) ?? [];
  waiters.delete(key);
  for (const resolve of waiting) resolve();
}

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

/** A wall found nothing true to show for `key`: its slides are skipped for UNAVAILABLE_RETRY_MS. */
export function markUnavailable(key: string, now = Date.now()): void {
  const known = unavailable.get(key);
  if (known !== undefined && now - known < UNAVAILABLE_RETRY_MS) return;
  unavailable.set(key, now);
  ready.delete(key);
  settle(key);
  changed();
}

/** `key` has something to show again. */
export function markAvailable(key: string): void {
  ready.add(key);
  settle(key);
  if (unavailable.delete(key)) changed();
}

/**
 * Resolves once a wall knows what it can show for `key`: data (live or kept), or nothing (the
 * player waits for this before switching to a dynamic slide, as it waits for a video).
 */
export function dynamicSettled(key: string): Promise<void> {
  if (ready.has(key) || isUnavailable(key)) return Promise.resolve();
  return new Promise((resolve) => {
    waiters.set(key, [...(waiters.get(key) ?? []), resolve]);
  });
}

/** True while the slides of `key` are to be skipped. */
export function isUnavailable(key: string, now = Date.now()): boolean {
  const at = unavailable.get(key);
  return at !== undefined && now - at < UNAVAILABLE_RETRY_MS;
}

/** Subscribes to changes of what is unavailable (for useSyncExternalStore). */
export function subscribeAvailability(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const availabilityVersion = () => version;

/** Forgets what was found unavailable (tests). */
export function resetAvailability() {
  unavailable.clear();
  ready.clear();
  for (const key of [...waiters.keys()]) settle(key);
  changed();
}
