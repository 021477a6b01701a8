// `npm run bench:dynamic`: the dynamic-content function under a day of screens.
// 500 screens each ask for the weather of one of 20 locations every 300 s for a
// simulated day (288 rounds), over real HTTP against a test stack whose function
// secrets point at a fake weather service. Simulated time reaches the function
// through its test clock header (DYNAMIC_CONTENT_TEST_CLOCK=1, test stacks only);
// the cache is the real public.dynamic_content_cache. Prints upstream calls per
// day and the latency of cache hits (p50/p99), sequential and under load.
// BENCH_ROUNDS, BENCH_SCREENS, BENCH_CONCURRENCY and STACK_ENGINE=postgres change the run.
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY } from 'supabase-local';
import { startProductStack } from '../tests/support/product-stack.ts';
import { startFakeUpstream } from '../tests/db/dynamic-content-upstream.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 288);
const SCREENS = Number(process.env.BENCH_SCREENS ?? 500);
const LOCATIONS = 20;
const PERIOD_S = 300;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SEQUENTIAL_HITS = 1000;
const ENGINE = process.env.STACK_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const STACK_PORT = 56735;
const UPSTREAM_PORT = 56751;

const CITIES = [
  'New York',
  'Los Angeles',
  'Chicago',
  'Houston',
  'Phoenix',
  'Philadelphia',
  'San Antonio',
  'San Diego',
  'Dallas',
  'Austin',
  'Jacksonville',
  'Columbus',
  'Charlotte',
  'Indianapolis',
  'Seattle',
  'Denver',
  'Boston',
  'Nashville',
  'Portland',
  'Miami',
].slice(0, LOCATIONS);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Answer {
  fallback: boolean;
  cached: boolean;
  stale: boolean;
}

async function main() {
  const upstream = await startFakeUpstream(UPSTREAM_PORT);
  const envFile = path.join(os.tmpdir(), `bench-dynamic-${process.pid}.env`);
  writeFileSync(
    envFile,
    [`WEATHER_API_KEY=bench-key`, `WEATHER_API_BASE_URL=${upstream.url}`, 'DYNAMIC_CONTENT_TEST_CLOCK=1'].join('\n'),
  );
  const stack = await startProductStack({
    engine: ENGINE,
    basePort: STACK_PORT,
    name: `bench-dynamic-${ENGINE}`,
    env: { STACK_FUNCTIONS_ENV_FILE: envFile },
  });
  try {
    const opts = {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: ws as never },
    };
    const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
    const created = await createClient(stack.url, DEFAULT_SERVICE_ROLE_KEY, opts).auth.admin.createUser({
      email,
      password: 'bench-password',
      email_confirm: true,
    });
    if (created.error) throw created.error;
    const session = await createClient(stack.url, DEFAULT_ANON_KEY, opts).auth.signInWithPassword({
      email,
      password: 'bench-password',
    });
    if (session.error) throw session.error;
    const token = session.data.session.access_token;
    const endpoint = `${stack.url}/functions/v1/dynamic-content`;

    async function ask(location: string, now: Date): Promise<{ answer: Answer; latency: number }> {
      const started = performance.now();
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          apikey: DEFAULT_ANON_KEY,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'x-dynamic-content-now': now.toISOString(),
        },
        body: JSON.stringify({ type: 'weather', location }),
      });
      const answer = (await res.json()) as Answer;
      const latency = performance.now() - started;
      if (res.status !== 200) throw new Error(`unexpected ${res.status}: ${JSON.stringify(answer)}`);
      return { answer, latency };
    }

    // Warm up the functions runtime (first request compiles the function).
    const t0 = new Date(Date.UTC(2026, 10, 23, 0, 0, 0));
    await ask('Warm Up', new Date(t0.getTime() - 86_400_000));
    upstream.reset();

    // The day: screen i asks at offset i × 300 s / SCREENS in each 300 s round, for location i mod 20.
    const jobs = ROUNDS * SCREENS;
    const hitLatencies: number[] = [];
    let misses = 0;
    let stale = 0;
    let fallbacks = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs) {
          const job = next++;
          const round = Math.floor(job / SCREENS);
          const screen = job % SCREENS;
          const now = new Date(t0.getTime() + (round * PERIOD_S + (screen * PERIOD_S) / SCREENS) * 1000);
          const { answer, latency } = await ask(CITIES[screen % LOCATIONS]!, now);
          if (answer.fallback) fallbacks++;
          else if (!answer.cached) misses++;
          else {
            hitLatencies.push(latency);
            if (answer.stale) stale++;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const refreshes = upstream.count('/data/2.5/weather');
    const forecasts = upstream.count('/data/2.5/forecast');

    // Cache hits one at a time, as a single screen sees them.
    const sequential: number[] = [];
    const hitTime = new Date(t0.getTime() + ROUNDS * PERIOD_S * 1000);
    await ask('New York', hitTime);
    for (let i = 0; i < SEQUENTIAL_HITS; i++) {
      const { answer, latency } = await ask('New York', hitTime);
      if (!answer.cached) throw new Error('expected a cache hit');
      sequential.push(latency);
    }

    hitLatencies.sort((a, b) => a - b);
    sequential.sort((a, b) => a - b);
    const budget = LOCATIONS * ROUNDS;
    const lines = [
      `dynamic-content bench (${ENGINE}): ${SCREENS} screens, ${LOCATIONS} locations, every ${PERIOD_S} s, ${ROUNDS} rounds (${((ROUNDS * PERIOD_S) / 3600).toFixed(1)} h simulated)`,
      `requests: ${jobs} in ${seconds.toFixed(1)} s (${(jobs / seconds).toFixed(0)}/s, ${CONCURRENCY} at a time); fresh fetches ${misses}, cache hits ${hitLatencies.length} (${stale} stale while refreshing), fallbacks ${fallbacks}`,
      `upstream refreshes: ${refreshes} (budget ${LOCATIONS} × ${ROUNDS} = ${budget}) ${refreshes <= budget ? 'OK' : 'OVER'}; HTTP calls ${refreshes + forecasts} (current + forecast)`,
      `cache hit latency, sequential (${SEQUENTIAL_HITS}): p50 ${ms(percentile(sequential, 50))}, p99 ${ms(percentile(sequential, 99))}`,
      `cache hit latency under load (${CONCURRENCY} concurrent): p50 ${ms(percentile(hitLatencies, 50))}, p99 ${ms(percentile(hitLatencies, 99))}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (refreshes > budget || fallbacks > 0) process.exitCode = 1;
  } finally {
    await stack.stop();
    await upstream.close();
    rmSync(envFile, { force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
