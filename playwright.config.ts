// End-to-end tests in Debian's Chromium (never a browser downloaded by Playwright).
// The global setup starts a fresh local stack and serves a production build of the
// app that talks to it; see tests/e2e/global-setup.ts.
import { defineConfig, devices } from '@playwright/test';
import { e2ePorts } from './tests/e2e/ports.ts';

const { appPort } = e2ePorts();

const TIMING_SPECS = ['**/player.spec.ts', '**/player-video.spec.ts', '**/schedule.spec.ts', '**/realtime.spec.ts'];

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: '.local/e2e/test-results',
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
    { name: 'chromium', testIgnore: TIMING_SPECS },
    // The specs that measure the player's clock and frames (on time to the 100 ms, no frame
    // without a picture, a daypart's edge within a second): `npm test` runs them on their
    // own, after the other suites, so no other work on the machine bends what they measure.
    { name: 'timing', testMatch: TIMING_SPECS },
  ],
});
