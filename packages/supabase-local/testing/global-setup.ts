// A vitest global setup for a suite run against one stack: it starts the stack (or takes
// the running one STACK_URL names) and hands its addresses to the test files, which read
// them through supabase-local/testing/vitest.
import type { TestProject } from 'vitest/node';
import type { Engine, TestStack } from './stack-process.ts';

/** Starts the suite's stack with `start` and provides its addresses; the returned function stops it. */
export async function provideStack(
  project: TestProject,
  start: () => Promise<TestStack>,
): Promise<() => Promise<void>> {
  if (process.env.STACK_URL) {
    project.provide('stackUrl', process.env.STACK_URL);
    project.provide('inboxUrl', process.env.INBOX_URL ?? 'http://127.0.0.1:54324');
    project.provide('dbUrl', process.env.STACK_DB_URL ?? '');
    return async () => undefined;
  }
  const stack = await start();
  project.provide('stackUrl', stack.url);
  project.provide('inboxUrl', `http://127.0.0.1:${stack.env.STACK_INBOX_PORT}`);
  project.provide('dbUrl', stack.dbUrl);
  project.provide('engine', stack.engine);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    inboxUrl: string;
    dbUrl: string;
    engine: Engine;
  }
}
