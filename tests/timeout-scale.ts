/**
 * How many times its time alone a test may take before it counts as hung. A whole `npm test`
 * runs its suites in three lanes on two cores (scripts/test.ts sets TEST_TIMEOUT_SCALE to 3
 * there), where a page or a form that takes a second alone can take several. It stretches hang
 * guards only (a test's time, a wait's default); a bound a test measures is written out in
 * the test and never scaled.
 */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
export const TIMEOUT_SCALE = Math.max(1, Number(env.TEST_TIMEOUT_SCALE ?? 1) || 1);
