import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRetryWithBackoff } from './use-retry-backoff';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The seconds (from the start) at which `retry` was called within `seconds`. */
function callTimes(retry: ReturnType<typeof vi.fn>, seconds: number): number[] {
  const times: number[] = [];
  retry.mockImplementation(() => times.push(Math.round(Date.now() / 1000)));
  for (let s = 0; s < seconds; s++) vi.advanceTimersByTime(1000);
  return times;
}

describe('useRetryWithBackoff', () => {
  it('retries after 1, 2, 5 and 10 s, then every 30 s, while failing', () => {
    vi.setSystemTime(0);
    const retry = vi.fn();
    renderHook(() => useRetryWithBackoff(true, retry));
    expect(callTimes(retry, 110)).toEqual([1, 3, 8, 18, 48, 78, 108]);
  });

  it('stops once it succeeds, and starts from 1 s at the next failure', () => {
    vi.setSystemTime(0);
    const retry = vi.fn();
    const { rerender } = renderHook(({ failing }) => useRetryWithBackoff(failing, retry), {
      initialProps: { failing: true },
    });
    vi.advanceTimersByTime(3_000);
    expect(retry).toHaveBeenCalledTimes(2);
    rerender({ failing: false });
    vi.advanceTimersByTime(60_000);
    expect(retry).toHaveBeenCalledTimes(2);
    rerender({ failing: true });
    vi.advanceTimersByTime(1_000);
    expect(retry).toHaveBeenCalledTimes(3);
  });

  it('never retries while nothing fails', () => {
    const retry = vi.fn();
    renderHook(() => useRetryWithBackoff(false, retry));
    vi.advanceTimersByTime(120_000);
    expect(retry).not.toHaveBeenCalled();
  });
});
