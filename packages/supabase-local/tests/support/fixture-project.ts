// The project the emulator's conformance tests run against (tests/project: its config.toml,
// migrations, seed, templates and functions), and stacks of it: the suite's, and those a
// test file starts of its own with settings switched the other way.
import path from 'node:path';
import { loadConfig } from 'supabase-local';
import { startTestStack, type TestStack, type TestStackOptions } from 'supabase-local/testing';

export const FIXTURE_PROJECT = path.resolve(import.meta.dirname, '..', 'project');

/** The fixture project's settings as config.toml gives them (without a test stack's overrides). */
export const fixtureConfig = loadConfig({ SUPABASE_WORKDIR: FIXTURE_PROJECT });

/** Auth's site URL ([auth] site_url): where e-mail links lead by default. */
export const SITE_URL = fixtureConfig.auth.siteUrl;

export type FixtureStackOptions = Omit<TestStackOptions, 'projectDir' | 'env'> & { env?: Record<string, string> };

/** A stack of the fixture project; Vault's project_url ([db.vault]) is its own address. */
export function startFixtureStack(opts: FixtureStackOptions = {}): Promise<TestStack> {
  return startTestStack({
    ...opts,
    projectDir: FIXTURE_PROJECT,
    env: (run) => ({ SUPABASE_PROJECT_URL: run.url, ...opts.env }),
  });
}
