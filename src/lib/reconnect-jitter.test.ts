import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  jitteredReconnectAfterMs,
  RECONNECT_CAP_MS,
  REALTIME_BACKOFF_MS,
  RESUBSCRIBE_READ_SPREAD_MS,
  resubscribeReadDelayMs,
  runOnceAfter,
  steppedReconnectAfterMs,
} from './reconnect-jitter';
import { realtimeReconnectAfterMs } from './supabase';

const SCREENS = 500;

/** The largest share of `values` falling in one window of `width` ms (1: all at the same moment). */
function busiestWindowShare(values: number[], width: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= width) j++;
    best = Math.max(best, i - j + 1);
  }
  return best / values.length;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('reconnect delays of a screen’s Realtime socket', () => {
  it('keeps the spec’s steps as their mean: 1, 2, 5, then every 10 s', () => {
    expect([1, 2, 3, 4, 5, 50].map(steppedReconnectAfterMs)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
    for (const tries of [1, 2, 3, 4, 9]) {
      const delays = Array.from({ length: 4000 }, () => jitteredReconnectAfterMs(tries));
      const mean = delays.reduce((a, b) => a + b, 0) / delays.length;
      expect(Math.abs(mean - steppedReconnectAfterMs(tries))).toBeLessThan(steppedReconnectAfterMs(tries) * 0.05);
    }
  });

  it('stays within half and one and a half of its step, and under the cap, whatever the random source gives', () => {
    for (const tries of [1, 2, 3, 4, 5, 12]) {
      const step = steppedReconnectAfterMs(tries);
      for (const r of [0, 1e-9, 0.25, 0.5, 0.999_999, 1, 7, -3, Number.NaN]) {
        const delay = jitteredReconnectAfterMs(tries, () => r);
        expect(delay).toBeGreaterThanOrEqual(step * 0.5);
        expect(delay).toBeLessThanOrEqual(Math.min(step * 1.5, RECONNECT_CAP_MS));
      }
      for (let i = 0; i < 1000; i++) {
        const delay = jitteredReconnectAfterMs(tries);
        expect(delay).toBeGreaterThanOrEqual(step * 0.5);
        expect(delay).toBeLessThan(step * 1.5);
      }
    }
    expect(jitteredReconnectAfterMs(4, () => 0)).toBe(5000);
    expect(jitteredReconnectAfterMs(4, () => 0.5)).toBe(10_000);
  });

  it('spreads 500 screens that lost their socket together over the whole step, never in lockstep', () => {
    for (const tries of [1, 2, 3, 4]) {
      const step = REALTIME_BACKOFF_MS[tries - 1]!;
      const delays = Array.from({ length: SCREENS }, () => jitteredReconnectAfterMs(tries));
      expect(new Set(delays).size).toBeGreaterThan(SCREENS * 0.6);
      expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(step * 0.9);
      // Uniform over a window as wide as the step: a tenth of it holds about a tenth of the screens.
      expect(busiestWindowShare(delays, step / 10)).toBeLessThan(0.2);
    }
  });

  it('is what the app’s Realtime client reconnects with', () => {
    const firsts = Array.from({ length: SCREENS }, () => realtimeReconnectAfterMs(1));
    expect(new Set(firsts).size).toBeGreaterThan(SCREENS * 0.6);
    expect(firsts.every((d) => d >= 500 && d < 1500)).toBe(true);
    const later = Array.from({ length: SCREENS }, () => realtimeReconnectAfterMs(8));
    expect(busiestWindowShare(later, 1000)).toBeLessThan(0.2);
    expect(later.every((d) => d >= 5000 && d < 15_000)).toBe(true);
  });
});

describe('the read of a screen that subscribed again', () => {
  it('waits under 2 s, at a random moment, so a network’s screens read at different times', () => {
    const delays = Array.from({ length: SCREENS }, () => resubscribeReadDelayMs());
    expect(delays.every((d) => d >= 0 && d < RESUBSCRIBE_READ_SPREAD_MS)).toBe(true);
    expect(RESUBSCRIBE_READ_SPREAD_MS).toBeLessThanOrEqual(2000);
    expect(new Set(delays).size).toBeGreaterThan(SCREENS * 0.6);
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(RESUBSCRIBE_READ_SPREAD_MS * 0.9);
    expect(busiestWindowShare(delays, 200)).toBeLessThan(0.2);
    expect(resubscribeReadDelayMs(() => 1)).toBeLessThan(RESUBSCRIBE_READ_SPREAD_MS);
    expect(resubscribeReadDelayMs(() => -1)).toBe(0);
  });

  it('is made once for the channels that came back together, and dropped when all of them leave', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    runOnceAfter('screen-a', 800, run);
    runOnceAfter('screen-a', 1500, run);
    const other = vi.fn();
    runOnceAfter('screen-b', 300, other);
    vi.advanceTimersByTime(799);
    expect(run).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);

    // A later re-subscription reads again.
    const cancelFirst = runOnceAfter('screen-a', 500, run);
    const cancelSecond = runOnceAfter('screen-a', 500, run);
    cancelFirst();
    cancelFirst();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(2);
    cancelSecond();

    const dropped = vi.fn();
    const a = runOnceAfter('screen-c', 500, dropped);
    const b = runOnceAfter('screen-c', 500, dropped);
    a();
    b();
    vi.advanceTimersByTime(1000);
    expect(dropped).not.toHaveBeenCalled();
  });
});
