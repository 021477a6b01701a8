// `npm run bench:realtime`: Realtime under a network's load. 500 supabase-js clients,
// each signed in as its own venue and subscribed to postgres_changes of its venue's
// campaigns only (filter customer_id=eq.<venue>), as 500 playing screens are; then one
// committed change per second for a minute, each to one venue's campaign, and a second
// phase at 20 changes per second for 30 s. Prints, per engine (PostgreSQL 15, then PGlite):
//   - delivery latency from commit to the client's callback, p50 / p99 / max: each change is a
//     PATCH through REST with the service role (as an admin's save), timed from its answer,
//     which PostgREST sends after the commit
//   - messages lost (changes that never reached their venue's client) and misdelivered
//     (a change reaching another venue's client); both must be 0
//   - memory of the stack's process per connection (RSS with 500 joined sockets less RSS before)
//   - CPU of the stack's process (and of PostgreSQL's processes) during each phase, in % of one core
// Then the reconnect storm (`--phase storm` alone; `--phase changes` for the above alone): 500
// paired screens, each signed in with its own screen login and joined as the player joins
// (its `player:` channel of postgres_changes, its venue's and its device's private topics),
// reading its playlist (player_playlist) on each (re)subscription as the player does. The
// stack is stopped, left down for BENCH_STORM_PAUSE seconds as a restart would, and started
// again on the same data, once with the screens reconnecting in lockstep (supabase-js's fixed
// steps, a read at once: the player before jitter) and once with the player's jitter
// (src/lib/reconnect-jitter.ts). Prints, per engine and round:
//   - for each screen, the time from the stack being back to its first successful playlist
//     read: p50 / p95 / p99 / max; the bench exits non-zero when one waits more than 30 s
//   - the stack process's CPU per second over the storm (from /proc/<pid>/stat), peak and mean,
//     in % of one core (and PostgreSQL's mean, and the clients' own process's)
// Environment: BENCH_CLIENTS (500), BENCH_SECONDS (60), BENCH_ENGINES (postgres,pglite),
// BENCH_STORM_PAUSE (10), BENCH_STORM_ROUNDS (lockstep,jitter).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import ws from 'ws';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY } from 'supabase-local';
import { findPgBin, type TestStack } from 'supabase-local/testing';
import { startProductStack } from '../tests/support/product-stack.ts';
import {
  jitteredReconnectAfterMs,
  resubscribeReadDelayMs,
  runOnceAfter,
  steppedReconnectAfterMs,
} from '../src/lib/reconnect-jitter.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const FIXTURE = path.join(import.meta.dirname, 'bench', 'realtime-fixture.sql');
const hex = (n: number) => n.toString(16).padStart(3, '0');
const userId = (n: number) => `00000000-0000-4000-8000-00000000b${hex(n)}`;
const venueId = (n: number) => `00000000-0000-4000-8000-00000000c${hex(n)}`;
const campaignId = (n: number) => `00000000-0000-4000-8000-00000000d${hex(n)}`;
const screenUserId = (n: number) => `00000000-0000-4000-8000-00000000a${hex(n)}`;
const deviceId = (n: number) => `00000000-0000-4000-8000-00000000e${hex(n)}`;
const PHASES = (() => {
  const i = process.argv.indexOf('--phase');
  const named = i >= 0 ? process.argv[i + 1] : undefined;
  if (named && named !== 'changes' && named !== 'storm') throw new Error(`--phase changes or --phase storm, not ${named}`);
  return { changes: named !== 'storm', storm: named !== 'changes' };
})();
const STORM_PAUSE_S = Number(process.env.BENCH_STORM_PAUSE ?? 10);
const STORM_ROUNDS = (process.env.BENCH_STORM_ROUNDS ?? 'lockstep,jitter')
  .split(',')
  .filter((r): r is 'lockstep' | 'jitter' => r === 'lockstep' || r === 'jitter');
/** No screen may wait longer than this for its playlist after the stack is back (issue 33). */
const STORM_LIMIT_MS = 30_000;
/** The player's heartbeat (src/lib/supabase.ts's REALTIME_HEARTBEAT_MS; that module needs the app's env). */
const HEARTBEAT_MS = 25_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Wall-clock milliseconds with sub-millisecond precision (the bench and its clients share one clock). */
const clock = () => performance.timeOrigin + performance.now();

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

const TICKS = 100; // clock ticks per second of /proc/<pid>/stat (USER_HZ on Linux)

/** CPU seconds (user + system) of a process. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * CPU seconds of the PostgreSQL server so far: its postmaster, the children it has reaped
 * (cutime, cstime) and the children still running (backends, writers), found by /proc.
 */
function clusterCpuSeconds(dataDir: string | undefined): number {
  if (!dataDir) return 0;
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  const fieldsOf = (pid: number | string) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  let total = 0;
  try {
    const f = fieldsOf(postmaster);
    total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS;
  } catch {
    return 0;
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const f = fieldsOf(entry);
      if (Number(f[1]) === postmaster) total += (Number(f[11]) + Number(f[12])) / TICKS;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

async function tokenFor(n: number, screen = false): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub: screen ? screenUserId(n) : userId(n),
    email: screen ? `screen-bench-${n}@screens.invalid` : `bench-venue-${n}@example.test`,
    role: 'authenticated',
    aud: 'authenticated',
    app_metadata: screen
      ? { provider: 'email', providers: ['email'], screen_device_id: deviceId(n) }
      : { provider: 'email', providers: ['email'] },
    iat: now,
    exp: now + 3600,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET));
}

interface Delivery {
  seq: number;
  venue: number;
  at: number;
}

/** Connects venue n's client and subscribes it to its own campaigns; resolves once SUBSCRIBED. */
async function connect(url: string, n: number, onChange: (d: Delivery) => void): Promise<SupabaseClient> {
  const client = createClient(url, DEFAULT_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  await client.realtime.setAuth(await tokenFor(n));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`venue ${n} did not subscribe in 60 s`)), 60_000);
    client
      .channel(`venue-${n}`)
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'campaigns', filter: `customer_id=eq.${venueId(n)}` },
        (p) => {
          const at = clock();
          const m = /^bench (\d+)$/.exec(String((p.new as { name?: unknown }).name));
          if (m) onChange({ seq: Number(m[1]), venue: n, at });
        },
      )
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') {
          clearTimeout(timer);
          resolve();
        } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          clearTimeout(timer);
          reject(err ?? new Error(`venue ${n}: ${status}`));
        }
      });
  });
  return client;
}

interface PhaseResult {
  name: string;
  sent: number;
  received: number;
  lost: number;
  misdelivered: number;
  p50: number;
  p99: number;
  max: number;
  stackCpu: number;
  dbCpu: number;
}

/**
 * Starts the bench's stack; on a machine busy enough that it takes longer than the harness's
 * 60 s to come up (migrations and functions runtime on a shared 2-core machine), tries again.
 */
async function startStack(options: Parameters<typeof startProductStack>[0], attempts = 3): Promise<TestStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startProductStack(options);
    } catch (e) {
      if (attempt >= attempts || !(e instanceof Error) || !/did not start/.test(e.message)) throw e;
      console.warn(`[bench] the stack did not start in 60 s (load ${loadAverage()}); trying again`);
      // The harness leaves a stack that did not start in time running: this process's own child.
      for (const pid of childStacks()) process.kill(pid, 'SIGKILL');
      await sleep(1000);
    }
  }
}

/** The stack processes this bench started (its children running the emulator's main.ts). */
function childStacks(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === process.pid && command.includes('supabase-local/src/main.ts')) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

async function bench(engine: 'postgres' | 'pglite'): Promise<void> {
  const stack: TestStack = await startStack({
    engine,
    basePort: engine === 'postgres' ? 54880 : 54920,
    name: `bench-realtime-${engine}`,
    env: {
      STACK_FIXTURES: FIXTURE,
      // Realtime's project-wide limits raised as a network of this size needs (on Supabase a
      // tenant setting; the defaults, 100 joins and 100 messages a second, would refuse the
      // screens' joins and close their channels: see docs on Realtime quotas). A playing
      // screen joins three channels.
      TENANT_MAX_JOINS_PER_SECOND: String(Math.max(100, CLIENTS * 3)),
      TENANT_MAX_EVENTS_PER_SECOND: String(Math.max(100, CLIENTS * 20)),
    },
  });
  try {
    if (PHASES.changes) await changes(stack, engine);
    if (PHASES.storm) await storm(stack, engine);
  } finally {
    await stack.stop();
  }
}

async function changes(stack: TestStack, engine: 'postgres' | 'pglite'): Promise<void> {
  const clients: SupabaseClient[] = [];
  const serviceHeaders = { apikey: DEFAULT_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}` };
  try {
    const pid = stack.pid()!;
    await sleep(2000);
    const rssBefore = rssMb(pid);

    const deliveries: Delivery[] = [];
    const started = clock();
    for (let first = 1; first <= CLIENTS; first += 50) {
      const batch = Array.from({ length: Math.min(50, CLIENTS - first + 1) }, (_, i) => first + i);
      clients.push(...(await Promise.all(batch.map((n) => connect(stack.url, n, (d) => deliveries.push(d))))));
    }
    const joinSeconds = (clock() - started) / 1000;
    await sleep(3000);
    const rssAfter = rssMb(pid);

    let seq = 0;
    const committed = new Map<number, { venue: number; at: number }>();
    const phase = async (name: string, perSecond: number, seconds: number): Promise<PhaseResult> => {
      const from = deliveries.length;
      const firstSeq = seq + 1;
      const stackCpu0 = cpuSeconds(pid);
      const dbCpu0 = clusterCpuSeconds(stack.clusterDataDir);
      const t0 = clock();
      const total = perSecond * seconds;
      for (let i = 0; i < total; i++) {
        const wait = t0 + (i * 1000) / perSecond - clock();
        if (wait > 0) await sleep(wait);
        const s = ++seq;
        const venue = ((s - 1) % CLIENTS) + 1;
        // Through REST with the service role, as an admin's save goes: the answer comes after the commit.
        const r = await fetch(`${stack.url}/rest/v1/campaigns?id=eq.${campaignId(venue)}`, {
          method: 'PATCH',
          headers: { ...serviceHeaders, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
          body: JSON.stringify({ name: `bench ${s}` }),
        });
        if (r.status !== 204) throw new Error(`update ${s}: ${r.status} ${await r.text()}`);
        committed.set(s, { venue, at: clock() });
      }
      await sleep(3000); // let the last changes arrive
      const wall = (clock() - t0) / 1000;
      const stackCpu = ((cpuSeconds(pid) - stackCpu0) / wall) * 100;
      const dbCpu = ((clusterCpuSeconds(stack.clusterDataDir) - dbCpu0) / wall) * 100;
      const got = deliveries.slice(from).filter((d) => d.seq >= firstSeq && d.seq <= seq);
      const latencies: number[] = [];
      let misdelivered = 0;
      const seen = new Set<number>();
      for (const d of got) {
        const c = committed.get(d.seq)!;
        if (c.venue !== d.venue) {
          misdelivered++;
          continue;
        }
        seen.add(d.seq);
        latencies.push(d.at - c.at);
      }
      latencies.sort((a, b) => a - b);
      return {
        name,
        sent: total,
        received: seen.size,
        lost: total - seen.size,
        misdelivered,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? NaN,
        stackCpu,
        dbCpu,
      };
    };

    const results = [
      await phase(`1 change/s for ${SECONDS} s`, 1, SECONDS),
      await phase('20 changes/s for 30 s', 20, 30),
    ];
    console.log(
      `\n${engine === 'postgres' ? 'PostgreSQL 15' : 'PGlite'}: ${clients.length} clients joined in ${joinSeconds.toFixed(1)} s; ` +
        `stack RSS ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB with them: ` +
        `${(((rssAfter - rssBefore) * 1024) / clients.length).toFixed(1)} kB per connection`,
    );
    for (const r of results) {
      console.log(
        `  ${r.name.padEnd(22)} latency p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  max ${r.max.toFixed(1)} ms   ` +
          `lost ${r.lost}/${r.sent}  misdelivered ${r.misdelivered}   CPU stack ${r.stackCpu.toFixed(1)} %` +
          (engine === 'postgres' ? `, PostgreSQL ${r.dbCpu.toFixed(1)} %` : ''),
      );
    }
  } finally {
    await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)));
    await Promise.all(clients.map((c) => c.realtime.disconnect().catch(() => undefined)));
  }
}

/** A playing screen of the storm: its client, and when its playlist was last read. */
interface StormScreen {
  n: number;
  client: SupabaseClient;
  /** The channels subscribed since `since` (three once it is back). */
  joined: Set<string>;
  /** When its first successful playlist read since `since` answered; null until then. */
  readAt: number | null;
  reads: number;
}

/** What the storm's screens do now: reconnect with the player's jitter or in lockstep; count reads from `since`. */
const stormMode = { jitter: true, since: 0 };

/**
 * Signs screen n in with its screen login and joins it as the player does: `player:<random>`
 * with postgres_changes of its venue's campaigns, slides, screens and windows and of its own
 * device (usePlaylistLive), its venue's private topic (useSpotPushes) and its device's
 * (useScreenCommands). The playlist is read on each subscription of the first two (once while a
 * read is under way, as React Query's refetch without cancelling); back after being away, with
 * the jitter, once for both after resubscribeReadDelayMs() (the player's spread). The device's
 * topic reads the queued commands on each subscription. Resolves once all three are joined
 * and the first playlist read answered.
 */
async function connectScreen(url: string, n: number): Promise<StormScreen> {
  const token = await tokenFor(n, true);
  const client = createClient(url, DEFAULT_ANON_KEY, {
    accessToken: async () => token,
    realtime: {
      transport: ws as never,
      heartbeatIntervalMs: HEARTBEAT_MS,
      reconnectAfterMs: (tries: number) =>
        stormMode.jitter ? jitteredReconnectAfterMs(tries) : steppedReconnectAfterMs(tries),
    },
  });
  const screen: StormScreen = { n, client, joined: new Set(), readAt: null, reads: 0 };
  let reading = false;
  const read = async () => {
    if (reading) return;
    reading = true;
    try {
      const { data, error } = await client.rpc('player_playlist').retry(false);
      const customer = (data as { customer?: { id?: string } } | null)?.customer;
      if (!error && customer?.id === venueId(n)) {
        screen.reads++;
        if (screen.readAt === null) screen.readAt = clock();
      }
    } catch {
      // the stack went away meanwhile: the next subscription reads again
    } finally {
      reading = false;
    }
  };
  let cancelSpread = () => {};
  const subscribedBefore = new Set<string>();
  const onStatus = (name: string, onJoined: (again: boolean) => void) => (status: string) => {
    if (status !== 'SUBSCRIBED') return;
    screen.joined.add(name);
    onJoined(subscribedBefore.has(name));
    subscribedBefore.add(name);
  };
  const readOnJoin = (again: boolean) => {
    if (!again || !stormMode.jitter) return void read();
    cancelSpread();
    cancelSpread = runOnceAfter(`bench-screen-${n}`, resubscribeReadDelayMs(), () => void read());
  };

  await client.realtime.setAuth();
  const player = client.channel(`player:${Math.random().toString(36).slice(2, 10)}`);
  for (const table of ['campaigns', 'campaign_items', 'campaign_screens', 'campaign_windows']) {
    player.on('postgres_changes', { event: '*', schema: 'public', table } as never, () => undefined);
  }
  player.on(
    'postgres_changes',
    { event: '*', schema: 'public', table: 'equipment_status', filter: `id=eq.${deviceId(n)}` } as never,
    () => undefined,
  );
  player.subscribe(onStatus('player', readOnJoin));
  client
    .channel(`venue:${venueId(n)}`, { config: { private: true } })
    .on('broadcast', { event: 'spot' }, () => undefined)
    .subscribe(onStatus('venue', readOnJoin));
  client
    .channel(`screen:${deviceId(n)}`, { config: { private: true } })
    .on('broadcast', { event: 'command' }, () => undefined)
    .subscribe(
      onStatus('screen', () => {
        void Promise.resolve(client.rpc('my_screen_commands')).catch(() => undefined);
      }),
    );
  const deadline = clock() + 60_000;
  while (screen.joined.size < 3 || screen.readAt === null) {
    if (clock() > deadline) throw new Error(`screen ${n} did not join and read in 60 s`);
    await sleep(50);
  }
  return screen;
}

interface StormResult {
  round: 'lockstep' | 'jitter';
  read: number;
  rejoined: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  late: number;
  stormSeconds: number;
  cpuPeak: number;
  cpuMean: number;
  dbCpuMean: number;
  clientsCpuMean: number;
  bootSeconds: number;
  haltSeconds: number;
  /** The most first reads that answered within one second. */
  busiestSecond: number;
  load: string;
}

/** The most of these sorted times (ms) within any one second. */
function busiestSecond(sorted: number[]): number {
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** One restart of the stack under the screens: halted, down STORM_PAUSE_S, started again. */
async function stormRound(stack: TestStack, screens: StormScreen[], round: 'lockstep' | 'jitter'): Promise<StormResult> {
  stormMode.jitter = round === 'jitter';
  await sleep(2000);
  const load = loadAverage();
  for (const s of screens) {
    s.readAt = null;
    s.joined.clear();
  }
  stormMode.since = clock();
  await stack.halt();
  const haltSeconds = (clock() - stormMode.since) / 1000;
  await sleep(STORM_PAUSE_S * 1000);
  const booting = clock();
  await stack.resume();
  const back = clock();
  const pid = stack.pid()!;
  // The stack's CPU per second from its being back until every screen has read (or the limit).
  const samples: number[] = [];
  const cpuBack = cpuSeconds(pid);
  const dbBack = clusterCpuSeconds(stack.clusterDataDir);
  const clientsBack = process.cpuUsage();
  let last = { cpu: cpuBack, at: back };
  const sampler = setInterval(() => {
    const now = { cpu: cpuSeconds(pid), at: clock() };
    samples.push(((now.cpu - last.cpu) / ((now.at - last.at) / 1000)) * 100);
    last = now;
  }, 1000);
  const deadline = back + 2 * STORM_LIMIT_MS;
  while (screens.some((s) => s.readAt === null || s.joined.size < 3) && clock() < deadline) await sleep(100);
  const end = clock();
  clearInterval(sampler);
  const seconds = (end - back) / 1000;
  const clientsUsed = process.cpuUsage(clientsBack);
  const waits = screens
    .filter((s) => s.readAt !== null)
    .map((s) => Math.max(0, s.readAt! - back))
    .sort((a, b) => a - b);
  const missing = screens.length - waits.length;
  return {
    round,
    read: waits.length,
    rejoined: screens.filter((s) => s.joined.size === 3).length,
    p50: percentile(waits, 50),
    p95: percentile(waits, 95),
    p99: percentile(waits, 99),
    max: missing ? Number.POSITIVE_INFINITY : (waits.at(-1) ?? NaN),
    late: missing + waits.filter((w) => w > STORM_LIMIT_MS).length,
    stormSeconds: seconds,
    cpuPeak: Math.max(0, ...samples),
    cpuMean: ((cpuSeconds(pid) - cpuBack) / seconds) * 100,
    dbCpuMean: ((clusterCpuSeconds(stack.clusterDataDir) - dbBack) / seconds) * 100,
    clientsCpuMean: ((clientsUsed.user + clientsUsed.system) / 1e6 / seconds) * 100,
    bootSeconds: (back - booting) / 1000,
    haltSeconds,
    busiestSecond: busiestSecond(waits),
    load,
  };
}

async function storm(stack: TestStack, engine: 'postgres' | 'pglite'): Promise<void> {
  const screens: StormScreen[] = [];
  try {
    stormMode.jitter = true;
    const started = clock();
    for (let first = 1; first <= CLIENTS; first += 50) {
      const batch = Array.from({ length: Math.min(50, CLIENTS - first + 1) }, (_, i) => first + i);
      screens.push(...(await Promise.all(batch.map((n) => connectScreen(stack.url, n)))));
    }
    const joinSeconds = (clock() - started) / 1000;
    const results: StormResult[] = [];
    for (const round of STORM_ROUNDS) results.push(await stormRound(stack, screens, round));
    console.log(
      `\n${engine === 'postgres' ? 'PostgreSQL 15' : 'PGlite'}: reconnect storm: ${screens.length} screens joined ` +
        `(3 channels each) and read in ${joinSeconds.toFixed(1)} s; the stack stopped, down ${STORM_PAUSE_S} s, started again:`,
    );
    const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never');
    for (const r of results) {
      console.log(
        `  ${r.round.padEnd(8)} first playlist read after the stack is back: p50 ${s(r.p50)}  p95 ${s(r.p95)}  ` +
          `p99 ${s(r.p99)}  max ${s(r.max)}  (${r.read}/${screens.length} read, ${r.rejoined} rejoined, ` +
          `${r.late} over ${STORM_LIMIT_MS / 1000} s; busiest second ${r.busiestSecond} reads)   CPU stack peak ${r.cpuPeak.toFixed(0)} %  mean ${r.cpuMean.toFixed(0)} % ` +
          `over ${r.stormSeconds.toFixed(1)} s` +
          (engine === 'postgres' ? `, PostgreSQL ${r.dbCpuMean.toFixed(0)} %` : '') +
          `, clients ${r.clientsCpuMean.toFixed(0)} %   (stop ${r.haltSeconds.toFixed(1)} s, start ${r.bootSeconds.toFixed(1)} s, load ${r.load})`,
      );
      if (r.late > 0) process.exitCode = 1;
    }
  } finally {
    await Promise.all(screens.map((x) => x.client.removeAllChannels().catch(() => undefined)));
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite')
  .split(',')
  .filter((e): e is 'postgres' | 'pglite' => e === 'postgres' || e === 'pglite')
  .filter((e) => e === 'pglite' || findPgBin());
if (PHASES.changes) {
  console.log(
    `Realtime: ${CLIENTS} supabase-js clients, each subscribed to its own venue's campaigns (postgres_changes, filter customer_id=eq.<venue>, row-level security checked per change).`,
  );
}
if (PHASES.storm) {
  console.log(
    `Reconnect storm: ${CLIENTS} paired screens joined as the player joins, through a stack restart (${STORM_ROUNDS.join(', then ')}); ` +
      `each screen's wait from the stack being back to its first playlist read (limit ${STORM_LIMIT_MS / 1000} s), and the stack's CPU.`,
  );
}
for (const engine of engines) await bench(engine);
