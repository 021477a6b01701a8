// A stack of the fixture project for one test file (or describe block) of its own, for
// settings switched the other way or limits the suite's shared stack must not reach.
import type { TestStack } from 'supabase-local/testing';
import { ENGINE, portAbove, stackOfOwn } from 'supabase-local/testing/vitest';
import { startFixtureStack } from './fixture-project.ts';

/**
 * A stack of the fixture project `offset` ports above the suite's, with `env` over its
 * config.toml (GoTrue's and Realtime's variables, say), running while the file's tests do;
 * `tag` names its data folder.
 */
export function ownFixtureStack(offset: number, tag: string, env: Record<string, string> = {}): TestStack {
  return stackOfOwn(() => {
    const base = portAbove(offset);
    return startFixtureStack({ engine: ENGINE, basePort: base, name: `test-${ENGINE}-${base}-${tag}`, env });
  });
}
