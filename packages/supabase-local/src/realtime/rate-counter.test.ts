// The rate counter Realtime's tenant limits read (Realtime.RateCounter): a first tick at start,
// 5 s ticks, the average per second over the last 12, triggered at or over the limit, released
// under it, and an idle counter that forgets its history.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateCounter } from './rate-counter.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RateCounter', () => {
  it('starts with one tick of 0, so a first burst is averaged over two ticks', () => {
    const c = new RateCounter({ limit: 10 });
    expect(c.get()).toEqual({ avg: 0, sum: 0, bucket: [0], triggered: false });
    c.add(99); // 99 / 2 ticks / 5 s = 9.9 per second: under 10
    vi.advanceTimersByTime(5_000);
    expect(c.get()).toMatchObject({ bucket: [99, 0], sum: 99, triggered: false });
    expect(c.get().avg).toBeCloseTo(9.9);
    c.stop();
  });

  it('is triggered at the tick whose average reaches the limit, not before, and released under it', () => {
    const c = new RateCounter({ limit: 10 });
    c.get();
    c.add(100);
    expect(c.get().triggered).toBe(false); // nothing is decided between ticks
    vi.advanceTimersByTime(5_000);
    expect(c.get()).toMatchObject({ bucket: [100, 0], avg: 10, triggered: true });
    vi.advanceTimersByTime(5_000); // 100 / 3 / 5 = 6.7
    expect(c.get()).toMatchObject({ bucket: [0, 100, 0], triggered: false });
    c.stop();
  });

  it('stays triggered while the average over the bucket is at the limit', () => {
    const c = new RateCounter({ limit: 2 });
    c.get();
    c.add(60);
    vi.advanceTimersByTime(5_000); // 60 / 2 / 5 = 6
    expect(c.get().triggered).toBe(true);
    vi.advanceTimersByTime(5_000 * 4); // 60 / 6 / 5 = 2: still at the limit
    expect(c.get()).toMatchObject({ avg: 2, triggered: true });
    vi.advanceTimersByTime(5_000); // 60 / 7 / 5 = 1.7
    expect(c.get().triggered).toBe(false);
    c.stop();
  });

  it('averages over the last 12 ticks only', () => {
    const c = new RateCounter({ limit: 1000 });
    c.get();
    for (let i = 0; i < 20; i++) {
      c.add(i + 1);
      vi.advanceTimersByTime(5_000);
    }
    const { bucket, sum, avg } = c.get();
    expect(bucket).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9]);
    expect(sum).toBe(174);
    expect(avg).toBeCloseTo(174 / 12 / 5);
    c.stop();
  });

  it('a limit of 0 is triggered from the start', () => {
    const c = new RateCounter({ limit: 0 });
    expect(c.get().triggered).toBe(true);
    c.stop();
  });

  it('stops after five idle minutes and starts again without its history', () => {
    const c = new RateCounter({ limit: 10 });
    c.get();
    c.add(200);
    vi.advanceTimersByTime(5_000);
    expect(c.get().triggered).toBe(true);
    // At 5 minutes its last 12 ticks counted 0: it stops, and the next read starts it afresh.
    vi.advanceTimersByTime(5 * 60_000 - 5_000);
    expect(c.get()).toEqual({ avg: 0, sum: 0, bucket: [0], triggered: false });
    c.stop();
  });

  it('keeps running, history and all, while its last ticks counted something', () => {
    const c = new RateCounter({ limit: 10 });
    c.get();
    vi.advanceTimersByTime(5 * 60_000 - 5_000);
    c.add(1);
    vi.advanceTimersByTime(5_000); // the idle check at 5 minutes finds the 1
    expect(c.get().bucket).toHaveLength(12);
    expect(c.get().sum).toBe(1);
    c.stop();
  });
});
