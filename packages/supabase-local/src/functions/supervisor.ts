// The edge runtime's supervisor: one Deno process (router.ts) serves every function in
// supabase/functions/<name>/index.ts, as Supabase's edge runtime does. This module
// starts it, restarts it when it dies or when a function file changes, and kills it on
// close; proxy.ts sends requests to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import type { StackConfig } from '../config.ts';
import type { StackContext } from '../http/server.ts';

/** The Deno program that serves every function (checked by `deno check` with the project's functions). */
export const ROUTER = fileURLToPath(new URL('./router.ts', import.meta.url));
const READY = /^FUNCTIONS_READY (\d+)$/;
const START_TIMEOUT_MS = 30_000;
const DEFAULT_TIMEOUT_MS = 150_000;
/** How long a request waits for the npm cache to be filled before it goes ahead anyway. */
export const WARM_WAIT_MS = 180_000;
/** Variables passed through from the stack's own environment (network, certificates, locale). */
const PASSED_ENV = [
  'PATH',
  'HOME',
  'TZ',
  'LANG',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NPM_CONFIG_REGISTRY',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'DENO_CERT',
];

export interface FunctionsSettings {
  /** Folders holding one folder per function; the first is the project's. */
  dirs: string[];
  /** Dotenv files whose variables every function sees, later files winning. */
  envFiles: string[];
  noVerify: Set<string>;
  timeoutMs: number;
  /** Restart the runtime when a file in `dirs` changes. */
  watch: boolean;
  denoBin: string;
  denoDir: string;
  configFile: string;
}

/** The Deno binary of the npm package `deno` (a dependency of this package). */
export function denoBinary(): string {
  const pkg = createRequire(import.meta.url).resolve('deno/package.json');
  return path.join(path.dirname(pkg), process.platform === 'win32' ? 'deno.exe' : 'deno');
}

function list(v: string | undefined): string[] {
  return (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function functionsSettings(config: StackConfig, env: NodeJS.ProcessEnv = process.env): FunctionsSettings {
  const projectDir = path.join(config.supabaseDir, 'functions');
  return {
    dirs: [projectDir, ...list(env.STACK_FUNCTIONS_DIRS).map((d) => path.resolve(config.root, d))],
    envFiles: [
      path.join(projectDir, '.env'),
      ...list(env.STACK_FUNCTIONS_ENV_FILE).map((f) => path.resolve(config.root, f)),
    ],
    noVerify: new Set(list(env.STACK_FUNCTIONS_NO_VERIFY)),
    timeoutMs: Number(env.STACK_FUNCTIONS_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS,
    watch: env.STACK_FUNCTIONS_WATCH !== '0',
    denoBin: env.STACK_DENO_BIN ?? denoBinary(),
    // One Deno cache for every stack of the project (test stacks have data folders of their own).
    denoDir: env.DENO_DIR ?? path.join(config.root, '.local', 'deno'),
    configFile: path.join(projectDir, 'deno.json'),
  };
}

/** Entry files of every function in the folders (folders starting with "_" hold shared code). */
export function functionEntries(dirs: string[]): string[] {
  const entries: string[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (name.startsWith('_') || name.startsWith('.')) continue;
      const file = path.join(dir, name, 'index.ts');
      if (existsSync(file) && statSync(file).isFile()) entries.push(file);
    }
  }
  return entries;
}

function readSecrets(files: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of files) {
    if (!existsSync(file)) continue;
    for (const [k, v] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
      // Supabase reserves the SUPABASE_ prefix for its own variables.
      if (v !== undefined && !k.startsWith('SUPABASE_')) out[k] = v;
    }
  }
  return out;
}

export function denoEnv(ctx: StackContext, s: FunctionsSettings): Record<string, string> {
  const { config } = ctx;
  const env: Record<string, string> = {};
  for (const k of PASSED_ENV) {
    const v = process.env[k];
    if (v !== undefined) env[k] = v;
  }
  return {
    ...env,
    ...readSecrets(s.envFiles),
    DENO_DIR: s.denoDir,
    // Trust the machine's certificate store as well as Deno's bundled one (npm downloads, outgoing fetch).
    DENO_TLS_CA_STORE: process.env.DENO_TLS_CA_STORE ?? 'system,mozilla',
    NO_COLOR: '1',
    SUPABASE_URL: config.apiUrl,
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
    SUPABASE_DB_URL: ctx.db.url ?? '',
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: config.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: config.secretKey }),
  };
}

function denoPermissions(s: FunctionsSettings): string[] {
  return [
    '--no-prompt',
    `--config=${s.configFile}`,
    '--allow-net',
    '--allow-env',
    `--allow-read=${[...s.dirs, s.denoDir].join(',')}`,
  ];
}

/** Prints a child's output line by line with a prefix. */
function lineWriter(write: (line: string) => void): (chunk: Buffer) => void {
  let buf = '';
  return (chunk) => {
    buf += chunk.toString();
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      write(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  };
}

const logOut = (line: string) => process.stdout.write(`[functions] ${line}\n`);
export const logErr = (line: string) => process.stderr.write(`[functions] ${line}\n`);

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (!(await waitForExit(child, 5_000))) {
    child.kill('SIGKILL');
    await waitForExit(child, 5_000);
  }
}

/** The Deno process: started on demand, restarted when it dies, stopped on close. */
export class DenoRuntime {
  private child: ChildProcess | undefined;
  private childPort: number | undefined;
  private ready: Promise<number> | undefined;
  private checking: Promise<void> | undefined;
  private closing = false;
  private crashes = 0;

  constructor(
    private readonly settings: FunctionsSettings,
    private readonly env: () => Record<string, string>,
  ) {}

  /** The port of a ready runtime, starting one if none runs (after any health check under way). */
  async port(): Promise<number> {
    if (this.checking) await this.checking;
    return this.ensure();
  }

  private ensure(): Promise<number> {
    if (this.closing) return Promise.reject(new Error('the functions runtime is stopping'));
    if (!this.ready) {
      const p = this.spawn();
      this.ready = p;
      p.catch(() => {
        if (this.ready === p) this.ready = undefined;
      });
    }
    return this.ready;
  }

  private spawn(): Promise<number> {
    const s = this.settings;
    const child = spawn(s.denoBin, ['run', ...denoPermissions(s), ROUTER, ...s.dirs], {
      cwd: s.dirs[0],
      env: this.env(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    const startedAt = Date.now();
    return new Promise<number>((resolve, reject) => {
      let isReady = false;
      const timer = setTimeout(() => {
        reject(new Error(`Deno did not start within ${START_TIMEOUT_MS / 1000} s`));
        void killChild(child);
      }, START_TIMEOUT_MS);
      child.stdout?.on(
        'data',
        lineWriter((line) => {
          const m = READY.exec(line);
          if (m && !isReady) {
            isReady = true;
            clearTimeout(timer);
            if (this.child === child) this.childPort = Number(m[1]);
            resolve(Number(m[1]));
          } else logOut(line);
        }),
      );
      child.stderr?.on('data', lineWriter(logErr));
      // stdin stays open: the runtime exits by itself when it closes.
      child.stdin?.on('error', () => undefined);
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(new Error(`cannot start Deno (${s.denoBin}): ${e.message}`));
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (!isReady) reject(new Error(`Deno exited (${code ?? signal}) before it was ready`));
        if (this.child !== child) return;
        this.child = undefined;
        this.ready = undefined;
        if (this.closing) return;
        this.crashes = Date.now() - startedAt < 5_000 ? this.crashes + 1 : 0;
        const delay = Math.min(5_000, 100 * 2 ** this.crashes);
        logErr(`Deno exited (${code ?? signal}); restarting`);
        setTimeout(() => {
          if (!this.closing && !this.ready) this.ensure().catch((e: Error) => logErr(e.message));
        }, delay);
      });
    });
  }

  /**
   * After a connection to `port` failed: when that runtime is dying, waits until
   * it is gone, so that the next request starts (or waits for) its replacement.
   */
  async settle(port: number): Promise<void> {
    const child = this.child;
    if (child && this.childPort === port) await waitForExit(child, 1_000);
  }

  /**
   * After a request to `port` timed out: probes the runtime and replaces it when
   * it no longer answers (a function blocking the event loop). Requests wait meanwhile.
   */
  checkHealth(port: number): void {
    if (this.checking || this.childPort !== port) return;
    this.checking = probe(port)
      .then(async (alive) => {
        if (!alive) await this.restart('it stopped answering');
      })
      .finally(() => {
        this.checking = undefined;
      });
  }

  /** Replaces the running process (after a file change, or when it stopped answering). */
  async restart(reason: string): Promise<void> {
    const child = this.child;
    this.child = undefined;
    this.childPort = undefined;
    this.ready = undefined;
    logOut(`restarting Deno: ${reason}`);
    if (child) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
    if (!this.closing) await this.ensure().catch((e: Error) => logErr(e.message));
  }

  async stop(): Promise<void> {
    this.closing = true;
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    if (child) await killChild(child);
  }
}

/** Fills Deno's npm cache for every function, so that the first request does not download. */
export function warmCache(
  s: FunctionsSettings,
  env: Record<string, string>,
): { done: Promise<void>; child?: ChildProcess } {
  const entries = functionEntries(s.dirs);
  if (entries.length === 0) return { done: Promise.resolve() };
  const child = spawn(s.denoBin, ['cache', `--config=${s.configFile}`, ...entries], {
    cwd: s.dirs[0],
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const done = new Promise<void>((resolve) => {
    child.on('error', (e) => {
      logErr(`cannot fill the Deno cache: ${e.message}`);
      resolve();
    });
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) logErr(`filling the Deno cache failed (exit ${code}):\n${output.trim()}`);
      resolve();
    });
  });
  return { done, child };
}

function probe(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const r = http.get({ host: '127.0.0.1', port, path: '/_internal/health', timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    r.on('timeout', () => r.destroy());
    r.on('error', () => resolve(false));
  });
}
