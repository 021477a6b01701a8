// The emulator's own tests, alone: `npm test --workspace supabase-local`. The repository's
// vitest.config.ts runs the same two projects beside the product's (they are defined once, here).
//   emulator-units  Node-side units of the emulator, no stack (src/**/*.test.ts: REST translation goldens, …)
//   emulator        its conformance tests (tests/) against one stack of the fixture project
//                   (tests/project), on PGlite, or on a throwaway PostgreSQL 15 with STACK_ENGINE=postgres
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = import.meta.dirname;

export const emulatorProjects: TestProjectInlineConfiguration[] = [
  {
    test: { name: 'emulator-units', root, environment: 'node', include: ['src/**/*.test.ts'] },
  },
  {
    test: {
      name: 'emulator',
      root,
      environment: 'node',
      include: ['tests/**/*.test.ts'],
      globalSetup: ['tests/support/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // One stack per run; files share it, so keep them from racing each other's fixtures.
      fileParallelism: false,
    },
  },
];

export default defineConfig({ test: { projects: emulatorProjects } });
