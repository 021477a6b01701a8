// `npm test`: every suite the project has, in order, and one closing line
// "N passed, N failed" counting them all. A suite that cannot start counts as failed.
//   typecheck, lint                  one check each
//   documentation links              vitest project "docs": every relative link in the Markdown resolves
//   unit and component tests         vitest projects "unit" and "unit-isolated" (jsdom, msw), all
//                                    with the browser in
//                                    Los Angeles; then those whose text deals with dates, times or
//                                    time zones again in Tokyo, so date logic that leans on the
//                                    machine's time zone fails in one of them
//   emulator units                   vitest project "emulator-units" (node, no stack: the Supabase
//                                    emulator's REST translation goldens, …)
//   emulator conformance on PGlite   vitest project "emulator": Supabase's behaviour, against a stack
//                                    of the emulator's fixture project (packages/supabase-local/tests),
//                                    but for the files of services' settings switched on stacks of
//                                    their own (EMULATOR_POSTGRES_ONLY)
//   emulator conformance on PostgreSQL   those files, against a throwaway PostgreSQL 15 cluster
//   database on PostgreSQL           vitest project "db": this product's rules, RPCs and edge functions
//                                    against a stack of this project (tests/db) on a throwaway
//                                    PostgreSQL 15 cluster, as hosted Supabase runs them
//   database on PGlite               the same on PGlite, but for the files that boot stacks of
//                                    their own (DB_POSTGRES_ONLY); only when named (NAMED_ONLY)
//   Deno tests of edge functions     deno test in supabase/functions
//   end-to-end in Chromium           Playwright with Debian's chromium, in two halves at once, each
//                                    with its stack on a throwaway PostgreSQL 15 cluster (as hosted
//                                    Supabase; native PostgreSQL leaves the other lanes the CPU
//                                    PGlite would take); the specs
//                                    that measure the player's clock and frames ("e2e-timing") run
//                                    last, alone, on PGlite (what `npm start` runs)
//   soak                             scripts/soak-wall.ts: one wall through two days of its month
//                                    in accelerated time (docs/reliability.md)
// A whole run goes in three lanes at once (see LANES and ORDER below), then e2e-timing and soak alone. Run one part with `npm test -- unit`
// (names: typecheck lint docs unit unit-tokyo emulator-units emulator emulator-pg db db-pg deno e2e
// e2e-timing soak). Stacks start on TEST_BASE_PORT (default 54420 on PGlite, 54520 on
// PostgreSQL, 100 above that for the product's database on PostgreSQL) and the ports above it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findPgBin } from 'supabase-local/testing';
import { ensureChromium } from '../tests/support/chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, '.local', 'test-results');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

interface Count {
  passed: number;
  failed: number;
  skipped: number;
}

interface Suite {
  name: string;
  title: string;
  run(): Promise<Count>;
}

/** Where a suite's output goes: straight to the terminal, or held until the suite ends (lanes). */
const write: (chunk: Buffer | string) => void = (chunk) => void process.stdout.write(chunk);
const sinks = new AsyncLocalStorage<(chunk: Buffer | string) => void>();

function exec(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  const sink = sinks.getStore() ?? write;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      sink(d);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (e) => resolve({ code: 127, output: `${output}\n${e.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A command that is one check: it passes when it exits 0. */
function check(name: string, title: string, cmd: string, args: string[]): Suite {
  return {
    name,
    title,
    async run() {
      const { code } = await exec(cmd, args);
      return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
    },
  };
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** What in a test's text says it deals with dates, times or time zones. */
const DATED =
  /\b(Date|date|dates|time_zone|timeZone|TZ|useFakeTimers|setSystemTime|toLocale\w*|Intl|dayparts?|calendar)\b|\d{4}-\d{2}-\d{2}/;

/**
 * The unit and component tests whose text deals with dates, times or time zones: the ones a
 * second time zone can fail. (All of them run in the first.)
 */
function datedUnitTests(): string[] {
  const src = path.join(ROOT, 'src');
  return readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => DATED.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(ROOT, file))
    .sort();
}

function vitest(
  name: string,
  title: string,
  project: string | string[],
  env: Record<string, string> = {},
  args: () => string[] = () => [],
): Suite {
  return {
    name,
    title,
    async run() {
      const out = path.join(RESULTS, `${name}.json`);
      rmSync(out, { force: true });
      const { code } = await exec(
        bin('vitest'),
        [
          'run',
          ...[project].flat().flatMap((p) => ['--project', p]),
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${out}`,
          ...args(),
        ],
        env,
      );
      const r = readJson<{
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      }>(out);
      if (!r) return { passed: 0, failed: 1, skipped: 0 };
      // A run that exits non-zero without a failing test (a failed setup, an unhandled error) still fails.
      const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
      return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
    },
  };
}

interface PlaywrightStats {
  expected: number;
  unexpected: number;
  flaky: number;
  skipped: number;
}

/** One Playwright run of `project`; its counts, or undefined when it wrote no report. */
async function playwright(
  name: string,
  project: string,
  env: Record<string, string>,
): Promise<{ code: number; stats?: PlaywrightStats }> {
  const out = path.join(RESULTS, `${name}.json`);
  rmSync(out, { force: true });
  const { code } = await exec(bin('playwright'), ['test', '--project', project, '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    ...env,
  });
  return { code, stats: readJson<{ stats: PlaywrightStats }>(out)?.stats };
}

function playwrightCount(runs: { code: number; stats?: PlaywrightStats }[]): Count {
  const count: Count = { passed: 0, failed: 0, skipped: 0 };
  for (const { code, stats } of runs) {
    if (!stats) {
      count.failed += 1;
      continue;
    }
    count.passed += stats.expected + stats.flaky;
    count.failed += stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
    count.skipped += stats.skipped;
  }
  return count;
}

/** A Playwright project in Debian's Chromium, against a stack and a production build of its own. */
function e2e(name: string, title: string, project: string, env: Record<string, string> = {}): Suite {
  return {
    name,
    title,
    async run() {
      const chromium = await ensureChromium();
      if (!chromium) return { passed: 0, failed: 1, skipped: 0 };
      return playwrightCount([await playwright(name, project, { CHROMIUM_PATH: chromium, ...env })]);
    },
  };
}

/**
 * A Playwright project in two halves at once (E2E_HALF, see playwright.config.ts), each against a
 * stack, a database and a production build of its own: the second 100 ports above the first. The
 * first half prints as it goes; the second's output follows when both have ended.
 */
function e2eHalves(name: string, title: string, project: string, env: Record<string, string> = {}): Suite {
  return {
    name,
    title,
    async run() {
      const chromium = await ensureChromium();
      if (!chromium) return { passed: 0, failed: 1, skipped: 0 };
      const base = Number(process.env.E2E_BASE_PORT ?? 57620);
      const sink = sinks.getStore() ?? write;
      const held: (Buffer | string)[] = [];
      const runs = await Promise.all([
        playwright(`${name}-1`, project, {
          CHROMIUM_PATH: chromium,
          ...env,
          E2E_HALF: '1',
          E2E_BASE_PORT: String(base),
        }),
        sinks.run(
          (chunk) => void held.push(chunk),
          () =>
            playwright(`${name}-2`, project, {
              CHROMIUM_PATH: chromium,
              ...env,
              E2E_HALF: '2',
              E2E_BASE_PORT: String(base + 100),
            }),
        ),
      ]);
      sink(`\n── ${title}: the second half (E2E_BASE_PORT ${base + 100}) ──\n`);
      for (const chunk of held) sink(chunk);
      return playwrightCount(runs);
    },
  };
}

/** A vitest project run against a PGlite stack, without the files `exclude` names. */
function onPglite(name: string, title: string, project: string, exclude: string[] = []): Suite {
  return vitest(
    name,
    title,
    project,
    { STACK_ENGINE: 'pglite', TEST_BASE_PORT: process.env.TEST_BASE_PORT ?? '54420' },
    () => exclude.flatMap((glob) => ['--exclude', glob]),
  );
}

/**
 * The emulator's conformance files that `npm test` runs on PostgreSQL only. Each tries GoTrue's
 * or Storage's settings switched the other way (sign-up open, confirmations, e-mail change,
 * request and e-mail limits, anonymous sign-ins, transformations off) on stacks of their own,
 * which boot slowly on PGlite (30 to 40 s each on a loaded machine, most of what these files
 * took there); what they check is the emulated service's own logic, the same SQL on either
 * engine, and the auth and storage schemas on PGlite stay covered by the other auth-* and
 * storage-* files. (The emulator's own `npm test --workspace supabase-local` runs them all.)
 */
const EMULATOR_POSTGRES_ONLY = [
  'tests/auth-signup.test.ts',
  'tests/auth-email-change.test.ts',
  'tests/auth-password.test.ts',
  'tests/auth-request-limits.test.ts',
  'tests/auth-rate-limit.test.ts',
  'tests/auth-config-switches.test.ts',
  'tests/storage-transform.test.ts',
];

/**
 * The product's database files that `npm test` runs on PostgreSQL only, for the same reason:
 * each boots stacks of its own (the edge function against a fake upstream, the signing keys,
 * the alert job's runs, the ports), 25 to 60 s each on PGlite on a loaded machine; what they
 * check is the same SQL and the same services on either engine, and PGlite stays covered by
 * every other file, on the shared stack. (`npx vitest run --project db` runs them all on PGlite.)
 */
const DB_POSTGRES_ONLY = [
  'tests/db/dynamic-content.test.ts',
  'tests/db/auth-signing-keys.test.ts',
  'tests/db/network-alerts.test.ts',
  'tests/db/stack-ports.test.ts',
];

/**
 * A vitest project run against a stack on a throwaway PostgreSQL 15 cluster, its stacks
 * `shift` ports above the PostgreSQL base (so two such suites in different lanes never meet);
 * only the files `only` names, when it names any.
 */
function onPostgres(name: string, title: string, project: string, shift = 0, only: string[] = []): Suite {
  return {
    name,
    title,
    async run() {
      if (!findPgBin()) {
        console.error('PostgreSQL is not installed. Install it with: apt-get install -y postgresql');
        return { passed: 0, failed: 1, skipped: 0 };
      }
      const base = Number(process.env.TEST_BASE_PORT ?? '54520') + shift;
      const env = { STACK_ENGINE: 'postgres', TEST_BASE_PORT: String(base) };
      return vitest(name, title, project, env, () => only).run();
    },
  };
}

/** The unit and component tests' projects (see vitest.config.ts): most share a worker, a few have modules of their own. */
const UNIT = ['unit', 'unit-isolated'];

const suites: Suite[] = [
  check('typecheck', 'Typecheck', 'npm', ['run', '--silent', 'typecheck']),
  check('lint', 'Lint', 'npm', ['run', '--silent', 'lint']),
  vitest('docs', 'Documentation links', 'docs'),
  vitest('unit', 'Unit tests (America/Los_Angeles)', UNIT, { TZ: 'America/Los_Angeles' }),
  vitest('unit-tokyo', 'Unit tests of dates (Asia/Tokyo)', UNIT, { TZ: 'Asia/Tokyo' }, datedUnitTests),
  vitest('emulator-units', 'Emulator units', 'emulator-units'),
  onPglite('emulator', 'Emulator conformance on PGlite', 'emulator', EMULATOR_POSTGRES_ONLY),
  onPostgres('emulator-pg', 'Emulator conformance on PostgreSQL', 'emulator', 0, EMULATOR_POSTGRES_ONLY),
  onPglite('db', 'Database on PGlite', 'db', DB_POSTGRES_ONLY),
  onPostgres('db-pg', 'Database on PostgreSQL', 'db', 100),
  {
    name: 'deno',
    title: 'Deno tests of edge functions',
    async run() {
      const { code, output } = await exec('npm', ['run', '--silent', 'test:deno']);
      const m = /(\d+) passed \| (\d+) failed(?: \((?:[^)]*)\))?/.exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
      const passed = m ? Number(m[1]) : 0;
      const failed = m ? Number(m[2]) : 0;
      return { passed, failed: failed + (code !== 0 && failed === 0 ? 1 : 0), skipped: 0 };
    },
  },
  e2eHalves('e2e', 'End-to-end in Chromium (PostgreSQL)', 'chromium', { STACK_ENGINE: 'postgres' }),
  e2e('e2e-timing', 'End-to-end: the player on time', 'timing'),
  check('soak', 'Soak: a wall through two days', bin('tsx'), ['scripts/soak-wall.ts', '--days', '2', '--walls', '1']),
];

/**
 * A whole run goes in three lanes at once, each taking the next suite of ORDER when its last
 * one ends, so whichever lane is done first does more. ORDER comes from the last whole run's
 * times: of the orders that start the end-to-end run first (the longest), the one whose lanes
 * end soonest when each suite takes the time it took then (971 s against 1,000 s for the
 * order before; the bound is 967 s, the suites' sum over three lanes). Any suite runs beside any other but those APART: the PostgreSQL suites and the
 * end-to-end run have ports of their own (the PostgreSQL base, `shift` above it,
 * E2E_BASE_PORT). Much of the end-to-end run and of the stack suites is waiting (on timers, on
 * the network, on a player's clock), so on two cores three lanes overlap well; each suite's
 * output is printed whole when it ends. TEST_LANES=1 (or naming suites) runs them one after
 * the other instead, printing as they go.
 */
const LANES = 3;
/**
 * Suites that never run beside each other: the two on PGlite stacks, which share one port
 * range, and whose stacks' boots (PostgreSQL in WebAssembly: each migration and the seed)
 * would take a core each and could miss their 60 s to start. A lane whose next suite waits
 * for its pair takes the one after it.
 */
const APART = [['emulator', 'db']];
const ORDER = [
  'e2e',
  'unit-tokyo',
  'db-pg',
  'typecheck',
  'emulator',
  'unit',
  'emulator-units',
  'lint',
  'docs',
  'emulator-pg',
  'deno',
];
/**
 * Suites a whole run leaves out, run when named: the product's database files on PGlite. A
 * whole run runs each stack file once: the product's on PostgreSQL (`db-pg`, as hosted
 * Supabase runs them), the emulator's on PGlite (`emulator`, its default engine) but for those
 * that boot stacks of their own (`emulator-pg`); the migrations, the seed and the player's
 * calls on PGlite are what `e2e-timing` and `soak` run against.
 */
const NAMED_ONLY = ['db'];
/**
 * Then, alone on the machine: what measures time and frames, and the soak (beside the lanes it
 * took 2,500 s on the slower machine, alone 512 s, and its own time is a figure it
 * reports).
 */
const LAST = ['e2e-timing', 'soak'];

interface Row {
  suite: Suite;
  count: Count;
  seconds: number;
}

async function runSuite(suite: Suite): Promise<Row> {
  const t0 = Date.now();
  let count: Count;
  try {
    count = await suite.run();
  } catch (e) {
    (sinks.getStore() ?? write)(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    count = { passed: 0, failed: 1, skipped: 0 };
  }
  return { suite, count, seconds: (Date.now() - t0) / 1000 };
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  for (const n of only) {
    if (!suites.some((s) => s.name === n)) {
      console.error(`Unknown suite "${n}". Suites: ${suites.map((s) => s.name).join(', ')}`);
      process.exit(2);
    }
  }
  const started = Date.now();
  // The end-to-end suites of this run share a production build per address (tests/e2e/global-setup.ts).
  process.env.E2E_BUILD_RUN ??= `${process.pid}-${started}`;
  // Three lanes on two cores: a stack on PGlite (each migration and the seed in WebAssembly)
  // may take well over a minute to start beside the others.
  process.env.TEST_STACK_START_TIMEOUT_MS ??= '180000';
  // The same for a test: its hang guards stretch (tests/timeout-scale.ts).
  if (!only.length && process.env.TEST_LANES !== '1') process.env.TEST_TIMEOUT_SCALE ??= '3';
  const rows: Row[] = [];
  if (only.length || process.env.TEST_LANES === '1') {
    for (const suite of suites.filter((s) => (only.length ? only.includes(s.name) : !NAMED_ONLY.includes(s.name)))) {
      console.log(`\n━━ ${suite.title} ━━`);
      rows.push(await runSuite(suite));
    }
  } else {
    const byName = new Map(suites.map((s) => [s.name, s]));
    const missing = suites.filter((s) => ![...ORDER, ...LAST, ...NAMED_ONLY].includes(s.name));
    if (missing.length) throw new Error(`suites in no lane: ${missing.map((s) => s.name).join(', ')}`);
    const done = new Map<string, Row>();
    const running = new Set<string>();
    const waiting: (() => void)[] = [];
    /** The first suite of `queue` none of whose APART is running, once there is one. */
    const next = async (queue: string[]): Promise<string | undefined> => {
      for (;;) {
        const i = queue.findIndex((n) => !APART.some((g) => g.includes(n) && g.some((o) => running.has(o))));
        if (i >= 0) return queue.splice(i, 1)[0];
        if (!queue.length) return undefined;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    };
    const runLane = async (queue: string[]) => {
      for (let name = await next(queue); name; name = await next(queue)) {
        running.add(name);
        const suite = byName.get(name)!;
        console.log(`▶ ${suite.title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        const held: (Buffer | string)[] = [];
        const row = await sinks.run(
          (chunk) => void held.push(chunk),
          () => runSuite(suite),
        );
        process.stdout.write(`\n━━ ${suite.title} ━━\n`);
        for (const chunk of held) process.stdout.write(chunk);
        console.log(
          `■ ${suite.title}: ${row.count.passed} passed, ${row.count.failed} failed (${row.seconds.toFixed(0)} s)`,
        );
        done.set(name, row);
        running.delete(name);
        for (const wake of waiting.splice(0)) wake();
      }
    };
    const queue = [...ORDER];
    await Promise.all(Array.from({ length: LANES }, () => runLane(queue)));
    await runLane([...LAST]);
    for (const s of suites) if (done.has(s.name)) rows.push(done.get(s.name)!);
  }
  console.log('\n━━ Summary ━━');
  for (const { suite, count, seconds } of rows) {
    const skipped = count.skipped ? `, ${count.skipped} skipped` : '';
    console.log(
      `  ${suite.title.padEnd(36)} ${count.passed} passed, ${count.failed} failed${skipped} (${seconds.toFixed(0)} s)`,
    );
  }
  console.log(`  ${'Wall clock'.padEnd(36)} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const total = rows.reduce((a, r) => ({ passed: a.passed + r.count.passed, failed: a.failed + r.count.failed }), {
    passed: 0,
    failed: 0,
  });
  console.log(`${total.passed} passed, ${total.failed} failed`);
  process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
}

if (!existsSync(path.join(ROOT, 'node_modules'))) {
  console.error('Dependencies are missing: run npm install first.');
  process.exit(1);
}
void main();
