// When a stack restarts, every screen of a network loses its Realtime socket at the same
// instant. With the same fixed backoff each would try again at the same instants and come
// back in lockstep: 500 sockets, 1,500 channel joins and 1,000 playlist reads in one second.
// These pure functions spread them: the reconnect delays are the spec's steps times a random
// factor, and the read a screen makes when it re-subscribes waits a short random time.
// The player (lib/supabase.ts, features/player) and `npm run bench:realtime` use them both.

/** The spec's Realtime reconnect steps (supabase-js's own): 1, 2, 5, then every 10 s. */
export const REALTIME_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;

/** Each reconnect delay is its step times a factor in [JITTER_MIN, JITTER_MAX). */
export const RECONNECT_JITTER_MIN = 0.5;
export const RECONNECT_JITTER_MAX = 1.5;

/** No reconnect delay is longer than this (the last step at the largest factor). */
export const RECONNECT_CAP_MS = 15_000;

/**
 * A screen that subscribed again after being away reads its playlist within this time, at a
 * random moment. Small, so a screen still catches up within 5 s of its network's return (it
 * reads at once on the browser's `online` event as well).
 */
export const RESUBSCRIBE_READ_SPREAD_MS = 2_000;

/**
 * A screen whose last read failed with the browser still calling itself online (the outage is
 * further away: the router's line, the stack restarting) tries again after a random time in
 * [CATCH_UP_RETRY_MIN_MS, CATCH_UP_RETRY_MAX_MS): it catches up within 5 s of the return, and a
 * network's screens spread their tries. Offline by the browser's word, it waits for `online`.
 */
export const CATCH_UP_RETRY_MIN_MS = 1_500;
export const CATCH_UP_RETRY_MAX_MS = 3_500;

export function catchUpRetryMs(random: () => number = Math.random): number {
  return Math.floor(CATCH_UP_RETRY_MIN_MS + (CATCH_UP_RETRY_MAX_MS - CATCH_UP_RETRY_MIN_MS) * unit(random()));
}

/** The step of the `tries`th reconnect (1 for the first), without jitter. */
export function steppedReconnectAfterMs(tries: number): number {
  const step = Math.min(Math.max(Math.floor(tries) || 1, 1), REALTIME_BACKOFF_MS.length);
  return REALTIME_BACKOFF_MS[step - 1]!;
}

/**
 * The delay before the `tries`th reconnect: its step times a random factor in [0.5, 1.5),
 * at most RECONNECT_CAP_MS. The mean stays the step; screens that lost their socket at the
 * same instant come back spread over a window as wide as the step.
 */
export function jitteredReconnectAfterMs(tries: number, random: () => number = Math.random): number {
  const factor = RECONNECT_JITTER_MIN + (RECONNECT_JITTER_MAX - RECONNECT_JITTER_MIN) * unit(random());
  return Math.min(Math.floor(steppedReconnectAfterMs(tries) * factor), RECONNECT_CAP_MS);
}

/** How long a screen that subscribed again waits before it reads: in [0, RESUBSCRIBE_READ_SPREAD_MS). */
export function resubscribeReadDelayMs(random: () => number = Math.random): number {
  return Math.floor(RESUBSCRIBE_READ_SPREAD_MS * unit(random()));
}

/** A random number held to [0, 1) (a source that returns 1 or more would reach past the bounds). */
function unit(value: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1 - Number.EPSILON) : 0;
}

/**
 * Runs `run` once, `delayMs` from the first call, for all the calls made under the same
 * key meanwhile (a screen's channels come back together: one read for them all). Returns
 * the caller's cancel: the run is dropped when every caller waiting on it cancelled.
 */
export function runOnceAfter(key: string, delayMs: number, run: () => void): () => void {
  let entry = pending.get(key);
  if (!entry) {
    const created: Pending = {
      waiting: 0,
      timer: setTimeout(() => {
        pending.delete(key);
        created.run();
      }, delayMs),
      run,
    };
    entry = created;
    pending.set(key, entry);
  }
  const held = entry;
  held.waiting++;
  let cancelled = false;
  return () => {
    if (cancelled) return;
    cancelled = true;
    held.waiting--;
    if (held.waiting === 0 && pending.get(key) === held) {
      clearTimeout(held.timer);
      pending.delete(key);
    }
  };
}

interface Pending {
  waiting: number;
  timer: ReturnType<typeof setTimeout>;
  run: () => void;
}

const pending = new Map<string, Pending>();
