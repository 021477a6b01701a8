// Helpers for component tests on a fake clock (vi.useFakeTimers): move the clock on
// exactly, and wait for requests and renders without moving it.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** The real timer, kept before any test fakes it. */
const realSetTimeout = globalThis.setTimeout;

/** Moves the fake clock on by `ms`, letting renders between timers finish. */
export async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * Retries `assertion` until it passes (up to `timeoutMs` of real time) without moving the
 * fake clock, unlike vi.waitFor, which advances fake timers while it polls.
 */
export async function settle(assertion: () => void, timeoutMs = 2000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 1)));
    }
  }
}
