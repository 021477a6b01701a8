import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { emulatorProjects } from './packages/supabase-local/vitest.config.ts';
import { TIMEOUT_SCALE } from './tests/timeout-scale.ts';

/**
 * The component tests that need modules of their own: the player's (its media cache, preloads,
 * proof-of-play queue and diagnostics live in module scope, as on a screen), the ones that
 * mock a module (vi.mock) and the one that stubs the app's Supabase client's own methods. Every other unit test file runs in one worker that keeps its
 * environment and imported modules from file to file (isolate: false); each test still starts
 * clean (tests/setup/unit.ts: cleanup, msw handlers, Realtime, storage; a QueryClient per render).
 */
const OWN_MODULES = [
  'src/features/player/**/*.test.tsx',
  'src/app/routes/kiosk-restart.test.tsx',
  'src/app/routes/wall-start.test.tsx',
  'src/features/campaigns/components/slide-modal-video.test.tsx',
  'src/features/auth/routes/auth-callback.test.tsx',
  // Reads what the route loaders ask on a device without a session: a session a file before it
  // left in the shared client would answer for it.
  'src/app/routes.test.tsx',
  // Renews the session in the app's client past its cooldown, which lives in that client.
  'src/lib/session-renewal.test.ts',
];

/** Unit and component tests (jsdom, msw), run by `npm test -- unit` as two projects: unit and unit-isolated. */
function unitProject(
  name: string,
  {
    isolate = true,
    include = ['src/**/*.test.{ts,tsx}'],
    exclude = [],
  }: { isolate?: boolean; include?: string[]; exclude?: string[] },
): TestProjectInlineConfiguration {
  return {
    extends: './vite.config.ts',
    resolve: { alias: { '@tests': path.resolve(import.meta.dirname, 'tests') } },
    test: {
      name,
      environment: 'jsdom',
      include,
      exclude,
      isolate,
      setupFiles: ['tests/setup/unit.ts'],
      // A component test types and clicks through a whole form; in npm test it shares two
      // cores with the stack and end-to-end lanes, where 5 s is too little for the longest.
      testTimeout: 15_000 * TIMEOUT_SCALE,
      // expect.poll waits as long as findBy… does (tests/setup/unit.ts), not vitest's 1 s.
      expect: { poll: { timeout: 10_000 * TIMEOUT_SCALE } },
      // Component tests never reach a real stack: msw answers for this address.
      env: { VITE_SUPABASE_URL: 'http://supabase.test', VITE_SUPABASE_ANON_KEY: 'test-anon-key' },
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      unitProject('unit', { isolate: false, exclude: OWN_MODULES }),
      unitProject('unit-isolated', { include: OWN_MODULES }),
      // The Supabase emulator's own: emulator-units (no stack) and emulator (its conformance
      // tests against its fixture project), as packages/supabase-local/vitest.config.ts defines them.
      ...emulatorProjects,
      {
        test: {
          // Checks of the repository itself: every relative link in its Markdown resolves.
          name: 'docs',
          environment: 'node',
          include: ['tests/docs/**/*.test.ts'],
        },
      },
      {
        test: {
          // The product's database: the rules and RPCs of supabase/migrations and its edge functions,
          // against one stack of this project (engine by STACK_ENGINE).
          name: 'db',
          environment: 'node',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/db/global-setup.ts'],
          testTimeout: 30_000 * TIMEOUT_SCALE,
          hookTimeout: 60_000 * TIMEOUT_SCALE,
          // One stack per run; files share it, so keep them from racing each other's fixtures.
          fileParallelism: false,
          // One worker keeps its imported modules (supabase-js, the fixtures) from file to file.
          isolate: false,
        },
      },
    ],
  },
});
