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
// Environment: BENCH_CLIENTS (500), BENCH_SECONDS (60), BENCH_ENGINES (postgres,pglite).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import ws from 'ws';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY } from 'supabase-local';
import { findPgBin, type TestStack } from 'supabase-local/testing';
import { startProductStack } from '../tests/support/product-stack.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const FIXTURE = path.join(import.meta.dirname, 'bench', 'realtime-fixture.sql');
const hex = (n: number) => n.toString(16).padStart(3, '0');
const userId = (n: number) => `00000000-0000-4000-8000-00000000b${hex(n)}`;
const venueId = (n: number) => `00000000-0000-4000-8000-00000000c${hex(n)}`;
const campaignId = (n: number) => `00000000-0000-4000-8000-00000000d${hex(n)}`;
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

async function tokenFor(n: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub: userId(n),
    email: `bench-venue-${n}@example.test`,
    role: 'authenticated',
    aud: 'authenticated',
    app_metadata: { provider: 'email', providers: ['email'] },
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

async function bench(engine: 'postgres' | 'pglite'): Promise<void> {
  const stack: TestStack = await startProductStack({
    engine,
    basePort: engine === 'postgres' ? 54880 : 54920,
    name: `bench-realtime-${engine}`,
    env: {
      STACK_FIXTURES: FIXTURE,
      // Realtime's project-wide limits raised as a network of this size needs (on Supabase a
      // tenant setting; the defaults, 100 joins and 100 messages a second, would refuse the
      // screens' joins and close their channels: see docs on Realtime quotas).
      TENANT_MAX_JOINS_PER_SECOND: String(Math.max(100, CLIENTS * 2)),
      TENANT_MAX_EVENTS_PER_SECOND: String(Math.max(100, CLIENTS * 20)),
    },
  });
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
    await stack.stop();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite')
  .split(',')
  .filter((e): e is 'postgres' | 'pglite' => e === 'postgres' || e === 'pglite')
  .filter((e) => e === 'pglite' || findPgBin());
console.log(
  `Realtime: ${CLIENTS} supabase-js clients, each subscribed to its own venue's campaigns (postgres_changes, filter customer_id=eq.<venue>, row-level security checked per change).`,
);
for (const engine of engines) await bench(engine);
