// Starts the emulator for a Supabase project folder as a child process, for a test run:
// on its own ports and a fresh data folder, optionally against a throwaway PostgreSQL 15.
// It can be halted and resumed on the same data, as a stopped and restarted stack.
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startCluster, type Cluster } from './postgres.ts';

export type Engine = 'pglite' | 'postgres';

/** The emulator's command-line program (src/main.ts), run by tsx in the child process. */
const MAIN_FILE = new URL('../src/main.ts', import.meta.url).pathname;

export interface TestStack {
  url: string;
  engine: Engine;
  /** Its database: the PostgreSQL cluster's, or PGlite's socket. */
  dbUrl: string;
  /** The environment the stack runs with (its ports, folders and every setting passed to it). */
  env: Record<string, string>;
  /** Stops the stack's process and removes its data. */
  stop(): Promise<void>;
  /** Stops the stack's process, keeping its data (and database), as a stopped stack would. */
  halt(): Promise<void>;
  /** Starts the stack again on the same ports and data after halt(). */
  resume(): Promise<void>;
  /** The stack's process id while it runs (for benchmarks that measure it). */
  pid(): number | undefined;
  /**
   * Sends `message` to the stack's process over its IPC channel (for a module it was started
   * with through `execArgv`, listening with process.on('message')); false when it is not running.
   */
  send(message: unknown): boolean;
  /** The data folder of its PostgreSQL cluster, on the postgres engine. */
  clusterDataDir?: string;
}

/** What a stack is about to start with, for settings that depend on its ports or folder. */
export interface TestStackRun {
  /** The API's address. */
  url: string;
  /** Its data folder (made afresh before the stack starts). */
  dataDir: string;
  /** The environment the harness sets: ports, folders, the project (SUPABASE_WORKDIR), the database. */
  env: Readonly<Record<string, string>>;
}

export interface TestStackOptions {
  /** The project folder: the one holding supabase/config.toml, migrations/, functions/ and the seed. */
  projectDir: string;
  /** The database engine; STACK_ENGINE's by default (pglite unless it says postgres). */
  engine?: Engine;
  /** Base port: API = base, db socket = base+1, inbox = base+3, SMTP = base+4, postgres = base+11. */
  basePort?: number;
  /** Names its data folder (default `test-<engine>-<port>`). */
  name?: string;
  /** Where data folders go (default the project's .local/). */
  dataRoot?: string;
  /** More environment for the stack, over the harness's: a record, or one made for the run's ports and folder. */
  env?: Record<string, string> | ((run: TestStackRun) => Record<string, string>);
  /** More Node.js flags for the stack's process, after `--import tsx` (e.g. another `--import`). */
  execArgv?: string[];
  /**
   * How long a start may take before it counts as failed (default TEST_STACK_START_TIMEOUT_MS,
   * else 60 s; a busy machine may need more).
   */
  startTimeoutMs?: number;
}

/** The default base port of a test run: TEST_BASE_PORT, else 54420 on PGlite and 54520 on PostgreSQL. */
export function defaultBasePort(engine: Engine): number {
  return Number(process.env.TEST_BASE_PORT ?? (engine === 'postgres' ? 54520 : 54420));
}

/** The engine STACK_ENGINE names (pglite unless it says postgres). */
export function engineFromEnv(): Engine {
  return process.env.STACK_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

/** Attempts on other ports when one of a stack's ports is taken (see startTestStack). */
const PORT_ATTEMPTS = 4;
const PORT_STEP = 1000;

/**
 * Starts a stack on `basePort` (or the run's), or, when one of its ports is taken
 * (Linux hands out 32768-60999 to outgoing connections and to the functions runtime,
 * so a port of 54xxx can be busy for a moment), on the same ports 1000 higher, up to
 * four times. The stack's url and env always name the ports it really listens on.
 */
export async function startTestStack(opts: TestStackOptions): Promise<TestStack> {
  const engine = opts.engine ?? engineFromEnv();
  const first = opts.basePort ?? defaultBasePort(engine);
  for (let attempt = 0; ; attempt++) {
    const base = first + attempt * PORT_STEP;
    try {
      return await startOn(opts, engine, base, opts.name ?? `test-${engine}-${first}`);
    } catch (e) {
      const taken = e instanceof Error && /already in use|EADDRINUSE|could not bind/i.test(e.message);
      if (!taken || attempt + 1 >= PORT_ATTEMPTS) throw e;
      console.warn(`[test stack] a port of ${base}+ is taken; trying ${base + PORT_STEP}+`);
    }
  }
}

async function startOn(opts: TestStackOptions, engine: Engine, base: number, name: string): Promise<TestStack> {
  const projectDir = path.resolve(opts.projectDir);
  const dataRoot = opts.dataRoot ?? path.join(projectDir, '.local');
  const dataDir = path.join(dataRoot, name);
  rmSync(dataDir, { recursive: true, force: true });
  let cluster: Cluster | undefined;
  if (engine === 'postgres') cluster = startCluster(path.join(dataRoot, `${name}-pg`), base + 11);

  const url = `http://127.0.0.1:${base}`;
  const harness: Record<string, string> = {
    SUPABASE_WORKDIR: projectDir,
    STACK_API_PORT: String(base),
    STACK_DB_PORT: String(base + 1),
    STACK_INBOX_PORT: String(base + 3),
    STACK_SMTP_PORT: String(base + 4),
    STACK_DATA_DIR: dataDir,
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
    // A whole suite sends more e-mails than an hour's default allowance; tests of the limit pass their own.
    STACK_EMAIL_RATE_LIMIT: '1000',
    // A suite signs in, refreshes and verifies many times from 127.0.0.1; GoTrue's per-IP request
    // limits from config.toml would answer 429. Tests of the limits pass '' to fall back to
    // config.toml (see src/config.ts for the GOTRUE_* names).
    GOTRUE_RATE_LIMIT_OTP: '100000',
    GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '100000',
    GOTRUE_RATE_LIMIT_VERIFY: '100000',
    STACK_FUNCTIONS_TIMEOUT_MS: '8000',
    STACK_FUNCTIONS_WATCH: '0',
  };
  const extra = typeof opts.env === 'function' ? opts.env({ url, dataDir, env: harness }) : (opts.env ?? {});
  const env: Record<string, string> = { ...harness, ...extra };

  const launch = async (): Promise<ChildProcess> => {
    const child = fork(MAIN_FILE, [], {
      cwd: projectDir,
      env: { ...process.env, ...env },
      execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])],
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
      const limit = opts.startTimeoutMs ?? (Number(process.env.TEST_STACK_START_TIMEOUT_MS) || 60_000);
      const timer = setTimeout(() => reject(new Error(`stack did not start in ${limit / 1000} s:\n${output}`)), limit);
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

  const dbUrl =
    env.DATABASE_URL ?? `postgresql://postgres:postgres@127.0.0.1:${env.STACK_DB_PORT}/postgres?sslmode=disable`;

  let child: ChildProcess | null;
  try {
    child = await launch();
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
    send: (message: unknown) => (child?.connected ? child.send(message as object) : false),
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
      child ??= await launch();
    },
  };
}
