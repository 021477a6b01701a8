import { test } from '@playwright/test';

/**
 * How many times its time alone a test may take before it counts as hung: a whole `npm test`
 * runs the end-to-end halves beside two other lanes on two cores, where a page that takes 1 s
 * alone can take several (E2E_TIMEOUT_SCALE, which `scripts/test.ts` sets for a whole run). It
 * stretches hang guards only (each test's time, the default wait of an assertion); a bound a
 * spec measures is written out in the spec and never scaled.
 */
export const TIMEOUT_SCALE = Math.max(1, Number(process.env.E2E_TIMEOUT_SCALE ?? 1) || 1);

/** `test.setTimeout(ms)`, times the scale. */
export function allowTest(ms: number): void {
  test.setTimeout(ms * TIMEOUT_SCALE);
}
