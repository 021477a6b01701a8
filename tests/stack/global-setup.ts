// Starts one stack for the whole stack suite (PGlite by default, PostgreSQL 15
// with STACK_ENGINE=postgres), unless STACK_URL points at a running one.
import type { TestProject } from 'vitest/node';
import { startTestStack } from '../support/stack-process.ts';

export default async function setup(project: TestProject) {
  if (process.env.STACK_URL) {
    project.provide('stackUrl', process.env.STACK_URL);
    project.provide('inboxUrl', process.env.INBOX_URL ?? 'http://127.0.0.1:54324');
    project.provide('dbUrl', process.env.STACK_DB_URL ?? '');
    return;
  }
  const stack = await startTestStack();
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
    engine: 'pglite' | 'postgres';
  }
}
