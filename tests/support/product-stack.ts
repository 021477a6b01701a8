// A stack of this project (its migrations, seed, functions and config.toml), as the
// database tests, the end-to-end run and the benchmarks start it: the emulator's test
// harness (supabase-local/testing) with what is this project's on top: logins only tests
// have (tests/db/fixtures-*.sql), the functions' mail secrets, and the run's own
// addresses (scripts/local-run-env.ts).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from 'supabase-local';
import { startTestStack, type TestStack, type TestStackOptions, type TestStackRun } from 'supabase-local/testing';
import { LOCAL_RUN_VARIABLES, localRunEnv } from '../../scripts/local-run-env.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FIXTURES_DIR = path.join(ROOT, 'tests', 'db');

export type ProductStackOptions = Omit<TestStackOptions, 'projectDir' | 'env'> & {
  /** More environment, over this project's (STACK_SITE_URL: the app the run serves, say). */
  env?: Record<string, string>;
};

/** Starts a stack of this project; see startTestStack for ports, engines and halting. */
export function startProductStack(opts: ProductStackOptions = {}): Promise<TestStack> {
  return startTestStack({ ...opts, projectDir: ROOT, env: (run) => productEnv(run, opts.env ?? {}) });
}

function productEnv(run: TestStackRun, extra: Record<string, string>): Record<string, string> {
  const siteUrl = extra.STACK_SITE_URL ?? loadConfig({ SUPABASE_WORKDIR: ROOT }).auth.siteUrl;
  const env: Record<string, string> = {
    // Every tests/db/fixtures*.sql, in name order, after the seed: logins only test stacks have.
    STACK_FIXTURES: readdirSync(FIXTURES_DIR)
      .filter((f) => /^fixtures.*\.sql$/.test(f))
      .sort()
      .map((f) => path.join(FIXTURES_DIR, f))
      .join(','),
    STACK_FUNCTIONS_ENV_FILE: writeFunctionSecrets(run.dataDir, run.env.STACK_SMTP_PORT!, siteUrl),
    ...extra,
  };
  // Addresses of this run (Auth's site URL and allow list, Vault's project_url and key for the
  // database's jobs), computed for these ports whatever the calling shell has set.
  const runEnv: NodeJS.ProcessEnv = { ...process.env, ...run.env, ...env };
  for (const name of LOCAL_RUN_VARIABLES) if (!extra[name]) delete runEnv[name];
  localRunEnv(runEnv);
  for (const name of LOCAL_RUN_VARIABLES) if (runEnv[name] !== undefined) env[name] = runEnv[name];
  return env;
}

/** A dotenv file in the stack's data folder: the functions' SMTP_URL at its inbox, SITE_URL at its app. */
function writeFunctionSecrets(dataDir: string, smtpPort: string, siteUrl: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'functions-mail.env');
  writeFileSync(
    file,
    `SMTP_URL=smtp://127.0.0.1:${smtpPort}\nEMAIL_FROM=Signage Portal <alerts@example.com>\nSITE_URL=${siteUrl}\n`,
  );
  return file;
}
