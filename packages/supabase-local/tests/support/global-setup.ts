// Starts one stack of the fixture project (tests/project) for the whole emulator suite
// (PGlite by default, PostgreSQL 15 with STACK_ENGINE=postgres), unless STACK_URL points at
// a running one.
import type { TestProject } from 'vitest/node';
import { provideStack } from 'supabase-local/testing';
import { startFixtureStack } from './fixture-project.ts';

export default function setup(project: TestProject) {
  return provideStack(project, () => startFixtureStack());
}
