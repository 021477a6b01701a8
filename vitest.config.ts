import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        resolve: { alias: { '@tests': path.resolve(import.meta.dirname, 'tests') } },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/unit.ts'],
          // Component tests never reach a real stack: msw answers for this address.
          env: { VITE_SUPABASE_URL: 'http://supabase.test', VITE_SUPABASE_ANON_KEY: 'test-anon-key' },
        },
      },
      {
        test: {
          // Node-side units of the local stack (no server): e.g. the REST translation goldens.
          name: 'local',
          environment: 'node',
          include: ['packages/supabase-local/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: ['tests/stack/**/*.test.ts'],
          globalSetup: ['tests/stack/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One stack per run; files share it, so keep them from racing each other's fixtures.
          fileParallelism: false,
        },
      },
    ],
  },
});
