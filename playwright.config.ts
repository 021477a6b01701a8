// End-to-end tests in Debian's Chromium (never a browser downloaded by Playwright).
// The global setup starts a fresh local stack and serves a production build of the
// app that talks to it; see tests/e2e/global-setup.ts.
import { defineConfig, devices } from '@playwright/test';
import { e2ePorts } from './tests/e2e/ports.ts';
import { TIMEOUT_SCALE } from './tests/timeout-scale.ts';

const { appPort } = e2ePorts();

// The dev-server restart spec is here too: a dev server building the app's modules on demand
// needs the machine to itself, or its first page takes minutes.
const TIMING_SPECS = [
  '**/player.spec.ts',
  '**/player-video.spec.ts',
  '**/schedule.spec.ts',
  '**/realtime.spec.ts',
  '**/kiosk-dev-restart.spec.ts',
  // Both walls play a booking within a second of its save.
  '**/network-selling.spec.ts',
];

/**
 * `npm test` runs the chromium project in two halves at once, each with a stack, a database
 * and an app of its own (E2E_HALF=1 and 2 on other E2E_BASE_PORTs; see scripts/test.ts), so
 * they share no rows and most of one's waiting (on a player's slides, on the minute's jobs,
 * on a stopped stack) overlaps the other's work. The second half: most of the specs that wait
 * the longest, and the languages walk; the first: every other spec (a new spec lands there),
 * so the two take about as long. Without E2E_HALF, all.
 */
export const SECOND_HALF = [
  '**/network-alerts.spec.ts',
  '**/kiosk-resilience.spec.ts',
  '**/reports.spec.ts',
  '**/screen-pairing.spec.ts',
  '**/two-factor.spec.ts',
  '**/layout.spec.ts',
  '**/languages.spec.ts',
  // Runs first in its half (files go in name order): it reads the seeded devices' "No heartbeat
  // for 4x min", which holds for the first ten minutes after the stack is seeded.
  '**/equipment.spec.ts',
];
const half = process.env.E2E_HALF;

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // One folder per stack, since the two halves of npm test's run each clear theirs as they start.
  outputDir: `.local/e2e/test-results${half ? `-${half}` : ''}`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${appPort}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Each test's time and an assertion's default wait stretch with TIMEOUT_SCALE (hang guards,
    // set for a whole `npm test`, where these run beside other lanes); the timing specs' waits keep theirs.
    {
      name: 'chromium',
      timeout: 30_000 * TIMEOUT_SCALE,
      expect: { timeout: 10_000 * TIMEOUT_SCALE },
      ...(half === '2'
        ? { testMatch: SECOND_HALF }
        : { testIgnore: half === '1' ? [...TIMING_SPECS, ...SECOND_HALF] : TIMING_SPECS }),
    },
    // The specs that measure the player's clock and frames (on time to the 100 ms, no frame
    // without a picture, a daypart's edge within a second): `npm test` runs them on their
    // own, after the other suites, so no other work on the machine bends what they measure.
    { name: 'timing', testMatch: TIMING_SPECS },
  ],
});
