import { test } from '@playwright/test';
import { TIMEOUT_SCALE } from '../timeout-scale.ts';

/** `test.setTimeout(ms)`, times the scale (tests/timeout-scale.ts). */
export function allowTest(ms: number): void {
  test.setTimeout(ms * TIMEOUT_SCALE);
}
