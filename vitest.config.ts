import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/unit.ts'],
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
