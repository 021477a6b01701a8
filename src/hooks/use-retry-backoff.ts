import { useEffect, useRef } from 'react';

/** The waits between a screen's attempts: 1, 2, 5 and 10 s, then every 30 s. */
export const RETRY_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** The wait before attempt `n` (0-based) of RETRY_BACKOFF_MS. */
export function backoffDelay(n: number): number {
  return RETRY_BACKOFF_MS[Math.min(n, RETRY_BACKOFF_MS.length - 1)]!;
}

/**
 * While `failing`, calls `retry` on its own after 1, 2, 5 and 10 s, then every 30 s, until
 * `failing` turns false; a later failure starts from 1 s again. For screens nobody taps.
 */
export function useRetryWithBackoff(failing: boolean, retry: () => void): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  }, [retry]);

  useEffect(() => {
    if (!failing) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        latest.current();
        attempt += 1;
        schedule();
      }, backoffDelay(attempt));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [failing]);
}
