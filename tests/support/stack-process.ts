// Starts the local stack as a child process for a test run, on its own ports
// and a fresh data folder, optionally against a throwaway PostgreSQL 15. It can be
// halted and resumed on the same data, as a stopped and restarted `npm start`.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_RUN_VARIABLES, localRunEnv } from '../../scripts/local-run-env.ts';
import { loadConfig, MAIN_FILE } from 'supabase-local';
import { startCluster, type Cluster } from './postgres.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface TestStack {
  url: string;
  engine: 'pglite' | 'postgres';
  /** Its database: the PostgreSQL cluster's, or PGlite's socket. */
  dbUrl: string;
  env: Record<string, string>;
  /** Stops the stack's process and removes its data. */
  stop(): Promise<void>;
  /** Stops the stack's process, keeping its data (and database), as a stopped `npm start` would. */
  halt(): Promise<void>;
  /** Starts the stack again on the same ports and data after halt(). */
  resume(): Promise<void>;
  /** The stack's process id while it runs (for benchmarks that measure it). */
  pid(): number | undefined;
  /** The data folder of its PostgreSQL cluster, on the postgres engine. */
  clusterDataDir?: string;
}

export interface TestStackOptions {
  engine?: 'pglite' | 'postgres';
  /** Base port: API = base, db socket = base+1, inbox = base+3, SMTP = base+4, postgres = base+11. */
  basePort?: number;
  name?: string;
  env?: Record<string, string>;
}

/** Attempts on other ports when one of a stack's ports is taken (see startTestStack). */
const PORT_ATTEMPTS = 4;
const PORT_STEP = 1000;

/**
 * Starts a stack on `basePort` (or the suite's), or, when one of its ports is taken
 * (Linux hands out 32768-60999 to outgoing connections and to the functions runtime,
 * so a port of 54xxx can be busy for a moment), on the same ports 1000 higher, up to
 * four times. The stack's url and env always name the ports it really listens on.
 */
export async function startTestStack(opts: TestStackOptions = {}): Promise<TestStack> {
  const engine = opts.engine ?? (process.env.STACK_ENGINE === 'postgres' ? 'postgres' : 'pglite');
  const first = opts.basePort ?? Number(process.env.TEST_BASE_PORT ?? (engine === 'postgres' ? 54520 : 54420));
  for (let attempt = 0; ; attempt++) {
    const base = first + attempt * PORT_STEP;
    try {
      return await startOn(engine, base, opts.name ?? `test-${engine}-${first}`, opts.env);
    } catch (e) {
      const taken =
        e instanceof Error && /already in use|EADDRINUSE|could not bind|could not start server/i.test(e.message);
      if (!taken || attempt + 1 >= PORT_ATTEMPTS) throw e;
      console.warn(`[test stack] a port of ${base}+ is taken; trying ${base + PORT_STEP}+`);
    }
  }
}

/** A dotenv file in the stack's data folder: functions' SMTP_URL at its inbox, SITE_URL at its app. */
function writeFunctionSecrets(dataDir: string, smtpPort: number, siteUrl: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'functions-mail.env');
  writeFileSync(
    file,
    `SMTP_URL=smtp://127.0.0.1:${smtpPort}\nEMAIL_FROM=Signage Portal <alerts@example.com>\nSITE_URL=${siteUrl}\n`,
  );
  return file;
}

async function startOn(
  engine: 'pglite' | 'postgres',
  base: number,
  name: string,
  extraEnv: Record<string, string> | undefined,
): Promise<TestStack> {
  const dataDir = path.join(ROOT, '.local', name);
  rmSync(dataDir, { recursive: true, force: true });
  let cluster: Cluster | undefined;
  if (engine === 'postgres') cluster = startCluster(path.join(ROOT, '.local', `${name}-pg`), base + 11);

  const env: Record<string, string> = {
    STACK_API_PORT: String(base),
    STACK_DB_PORT: String(base + 1),
    STACK_INBOX_PORT: String(base + 3),
    STACK_SMTP_PORT: String(base + 4),
    STACK_DATA_DIR: dataDir,
    // A whole suite sends more e-mails than an hour's default allowance; tests of the limit pass their own.
    STACK_EMAIL_RATE_LIMIT: '1000',
    // The suite (and the e2e run) signs in, refreshes and verifies many times from 127.0.0.1;
    // GoTrue's per-IP request limits from config.toml would answer 429. Tests of the limits
    // pass '' to fall back to config.toml (see packages/supabase-local/src/config.ts for the GOTRUE_* names).
    GOTRUE_RATE_LIMIT_OTP: '100000',
    GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '100000',
    GOTRUE_RATE_LIMIT_VERIFY: '100000',
    // Every tests/stack/fixtures*.sql, in name order: tables only test stacks have.
    STACK_FIXTURES: readdirSync(path.join(ROOT, 'tests', 'stack'))
      .filter((f) => /^fixtures.*\.sql$/.test(f))
      .sort()
      .map((f) => path.join(ROOT, 'tests', 'stack', f))
      .join(','),
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
    // Fixture edge functions served beside the project's, with their secrets and settings.
    STACK_FUNCTIONS_DIRS: path.join(ROOT, 'tests', 'stack', 'functions-fixtures'),
    // ...and the mail server functions send through (alert e-mails, this stack's inbox) and
    // the app's address (the site URL: the run's app when it has one, else config.toml's).
    STACK_FUNCTIONS_ENV_FILE: [
      path.join(ROOT, 'tests', 'stack', 'functions-fixtures', 'fixture.env'),
      writeFunctionSecrets(dataDir, base + 4, extraEnv?.STACK_SITE_URL ?? loadConfig({}).auth.siteUrl),
    ].join(','),
    STACK_FUNCTIONS_NO_VERIFY: 'open-door',
    STACK_FUNCTIONS_TIMEOUT_MS: '8000',
    STACK_FUNCTIONS_WATCH: '0',
    ...extraEnv,
  };
  // Addresses of this run (Auth's site URL and allow list, Vault's project_url and key for the
  // database's jobs), computed for these ports whatever the calling shell has set.
  const runEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of LOCAL_RUN_VARIABLES) if (!extraEnv?.[name]) delete runEnv[name];
  localRunEnv(runEnv);
  for (const name of LOCAL_RUN_VARIABLES) if (runEnv[name] !== undefined) env[name] = runEnv[name];

  const launch = async (): Promise<ChildProcess> => {
    const child = fork(MAIN_FILE, [], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    if (process.env.STACK_LOG) {
      child.stdout?.pipe(process.stdout);
      child.stderr?.pipe(process.stderr);
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`stack did not start in 60 s:\n${output}`)), 60_000);
      child.on('message', (m: { ready?: boolean }) => {
        if (m.ready) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`stack exited with ${code}:\n${output}`));
      });
    });
    child.removeAllListeners('exit');
    return child;
  };
  const end = async (running: ChildProcess) => {
    if (running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
  };

  const url = `http://127.0.0.1:${base}`;
  const dbUrl = env.DATABASE_URL ?? `postgresql://postgres:postgres@127.0.0.1:${env.STACK_DB_PORT}/postgres?sslmode=disable`;
  const start = (): Promise<ChildProcess> => launch();

  let child: ChildProcess | null;
  try {
    child = await start();
  } catch (e) {
    cluster?.stop();
    throw e;
  }
  return {
    url,
    engine,
    dbUrl,
    env,
    pid: () => child?.pid,
    clusterDataDir: cluster?.dataDir,
    async stop() {
      if (child) await end(child);
      child = null;
      cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async halt() {
      if (child) await end(child);
      child = null;
    },
    async resume() {
      child ??= await start();
    },
  };
}
