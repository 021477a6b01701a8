// `npm run bench:stack`: a typical list read under RLS through the REST service
// (1,000 parents, each with an embedded owner and 10 children, 20 rows a page),
// on PGlite and on PostgreSQL 15. Prints requests per second and p50/p99 latency.
import path from 'node:path';
import { SignJWT } from 'jose';
import { findPgBin } from 'supabase-local/testing';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET } from 'supabase-local';
import { startProductStack } from '../tests/support/product-stack.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const FIXTURE = path.join(import.meta.dirname, 'bench', 'stack-fixture.sql');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function bench(engine: 'pglite' | 'postgres') {
  const stack = await startProductStack({ engine, basePort: engine === 'pglite' ? 54800 : 54840, name: `bench-${engine}`, env: { STACK_FIXTURES: FIXTURE } });
  try {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sub: '00000000-0000-4000-8000-00000000b001', role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET));
    const headers = { apikey: DEFAULT_ANON_KEY, Authorization: `Bearer ${token}`, 'Accept-Profile': 'public' };
    const url = (page: number) =>
      `${stack.url}/rest/v1/bench_parents?select=id,name,created_at,owner:bench_owners(name),bench_children(id,label)&order=created_at.desc&offset=${page * 20}&limit=20`;

    // Warm up and check the shape once.
    const first = await fetch(url(0), { headers });
    const body = (await first.json()) as { owner: unknown; bench_children: unknown[] }[];
    if (first.status !== 200 || body.length !== 20 || body[0]!.bench_children.length !== 10 || !body[0]!.owner) {
      throw new Error(`unexpected answer ${first.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    for (let i = 0; i < 100; i++) await (await fetch(url(i % 50), { headers })).arrayBuffer();

    const latencies: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const i = next++;
          const s = performance.now();
          const r = await fetch(url(i % 50), { headers });
          await r.arrayBuffer();
          if (r.status !== 200) throw new Error(`status ${r.status}`);
          latencies.push(performance.now() - s);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    // Latency without queueing: one request at a time.
    const serial: number[] = [];
    for (let i = 0; i < 300; i++) {
      const s = performance.now();
      await (await fetch(url(i % 50), { headers })).arrayBuffer();
      serial.push(performance.now() - s);
    }
    latencies.sort((a, b) => a - b);
    serial.sort((a, b) => a - b);
    return {
      engine,
      rps: REQUESTS / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      serialP50: percentile(serial, 50),
      serialP99: percentile(serial, 99),
    };
  } finally {
    await stack.stop();
  }
}

const engines: ('pglite' | 'postgres')[] = findPgBin() ? ['pglite', 'postgres'] : ['pglite'];
console.log(`List read under RLS: 20 parents/page with a to-one and a to-many embed; ${REQUESTS} requests, ${CONCURRENCY} concurrent.`);
for (const engine of engines) {
  const r = await bench(engine);
  console.log(
    `${r.engine.padEnd(9)} ${r.rps.toFixed(0).padStart(6)} req/s   concurrent p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms   one-at-a-time p50 ${r.serialP50.toFixed(1)} ms  p99 ${r.serialP99.toFixed(1)} ms`,
  );
}
