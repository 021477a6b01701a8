// Database read benchmark: a scratch PostgreSQL 15 with the migrations applied,
// filled with 10,000 customers, 2,000 campaigns and 40,000 slides (plus alerts
// and devices), then the product's heaviest reads timed and explained, run the
// way PostgREST runs them: as the caller's role, under row level security.
// Exits with status 1 when a plan scans a large table sequentially.
// `npm run bench:db`
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { migrate, openDb, type Db, type RequestScope } from 'supabase-local';
import { startCluster } from 'supabase-local/testing';
import { ROOT, SUPABASE_DIR } from './paths.ts';

const SIZES = { customers: 10_000, campaigns: 2_000, slidesPerCampaign: 20, alerts: 20_000, devices: 20_000 };
const RUNS = 20;
/** Tables with more rows than this must not be read by a sequential scan. */
const LARGE = 5_000;

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';
const CAFE_ID = 'a0000000-0000-4000-8000-000000000002';

const FILL = `
insert into public.customers (name, username, email, location, status, monthly_fee, created_at)
select 'Customer ' || n, 'customer' || n, 'customer' || n || '@bench.test', 'City ' || (n % 200),
  (array['active', 'inactive', 'maintenance'])[1 + n % 3], (n % 500)::numeric, now() - (n || ' minutes')::interval
from generate_series(1, ${SIZES.customers}) n;

create temporary table bench_customers as
select id, row_number() over (order by username) as n from public.customers where email like '%@bench.test';
create index on bench_customers (n);
analyze bench_customers;

insert into public.campaigns (name, customer_id, status, content_type, created_at)
select 'Campaign ' || g.k, c.id, (array['active', 'paused', 'scheduled', 'completed'])[1 + g.k % 4], 'mixed',
  now() - (g.k || ' minutes')::interval
from generate_series(1, ${SIZES.campaigns}) g (k)
join bench_customers c on c.n = 1 + g.k * 5 % ${SIZES.customers};

insert into public.campaign_items (campaign_id, content_type, slide_type, title, display_order, duration, settings)
select c.id, 'static', 'advertisement', 'Slide ' || i, i, 5 + (i * 7) % 60, '{}'::jsonb
from public.campaigns c, generate_series(1, ${SIZES.slidesPerCampaign}) i
where c.name like 'Campaign %';

update public.campaigns c set slide_count = s.n, total_duration = s.total
from (select campaign_id, count(*)::int n, sum(duration)::int total from public.campaign_items group by campaign_id) s
where s.campaign_id = c.id;

insert into public.system_alerts (customer_id, alert_type, severity, message, resolved, created_at)
select (select id from bench_customers c where c.n = 1 + s.n % ${SIZES.customers}),
  (array['offline', 'wifi_lost', 'back_online', 'maintenance', 'other'])[1 + s.n % 5],
  (array['high', 'medium', 'low'])[1 + s.n % 3], 'Alert ' || s.n, s.n % 4 <> 0, now() - (s.n || ' minutes')::interval
from generate_series(1, ${SIZES.alerts}) s (n);

insert into public.equipment_status (customer_id, device_name, location, status, last_heartbeat)
select (select id from bench_customers c where c.n = 1 + s.n % ${SIZES.customers}),
  'DEVICE-' || s.n, 'Site ' || s.n, (array['online', 'offline', 'idle', 'error'])[1 + s.n % 4], now() - (s.n || ' seconds')::interval
from generate_series(1, ${SIZES.devices}) s (n);

analyze;
`;

interface Read {
  name: string;
  as: 'admin' | 'cafe';
  sql: string;
}

// The statements below have the shape of PostgREST's for the product's calls (spec section 7).
const READS: Read[] = [
  {
    name: 'customers, newest first (first 1000)',
    as: 'admin',
    sql: `select * from public.customers order by created_at desc limit 1000`,
  },
  {
    name: 'campaigns with customer and slides, newest first (first 1000)',
    as: 'admin',
    sql: `select c.*, to_jsonb(cu) as customers, coalesce(s.items, '[]') as campaign_items
      from public.campaigns c
      left join lateral (select x.name, x.location from public.customers x where x.id = c.customer_id) cu on true
      left join lateral (select json_agg(i) as items from public.campaign_items i where i.campaign_id = c.id) s on true
      order by c.created_at desc limit 1000`,
  },
  {
    name: 'system alerts with customer, newest 50',
    as: 'admin',
    sql: `select a.*, to_jsonb(cu) as customers from public.system_alerts a
      left join lateral (select x.name, x.location from public.customers x where x.id = a.customer_id) cu on true
      order by a.created_at desc limit 50`,
  },
  {
    name: 'equipment with customer by last heartbeat (first 1000)',
    as: 'admin',
    sql: `select e.*, to_jsonb(cu) as customers from public.equipment_status e
      left join lateral (select x.name, x.location, x.contact_phone from public.customers x where x.id = e.customer_id) cu on true
      order by e.last_heartbeat desc nulls last limit 1000`,
  },
  {
    name: 'slide builder: one campaign slides in order',
    as: 'admin',
    sql: `select * from public.campaign_items
      where campaign_id = (select id from public.campaigns order by created_at desc offset 1000 limit 1) order by display_order`,
  },
  {
    name: 'customer home: own customer row',
    as: 'cafe',
    sql: `select * from public.customers where email = 'cafe@example.com'`,
  },
  {
    name: 'player: own active campaigns with slides',
    as: 'cafe',
    sql: `select c.*, coalesce(s.items, '[]') as campaign_items from public.campaigns c
      left join lateral (select json_agg(i order by i.display_order) as items from public.campaign_items i where i.campaign_id = c.id) s on true
      where c.customer_id = 'c0000000-0000-4000-8000-000000000001' and c.status = 'active'`,
  },
  {
    name: 'users: own role',
    as: 'cafe',
    sql: `select role from public.users where id = '${CAFE_ID}'`,
  },
];

function scope(who: Read['as']): RequestScope {
  const sub = who === 'admin' ? ADMIN_ID : CAFE_ID;
  return { role: 'authenticated', claims: { sub, role: 'authenticated', aud: 'authenticated' }, readOnly: true };
}

async function largeTables(db: Db): Promise<Set<string>> {
  const { rows } = await db.query<{ relname: string }>(
    `select relname from pg_stat_user_tables where schemaname = 'public' and n_live_tup > $1`,
    [LARGE],
  );
  return new Set(rows.map((r) => r.relname));
}

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_DB_PG_PORT ?? 55491);
  const cluster = startCluster(path.join(ROOT, '.local', `bench-db-pg-${port}`), port);
  const db = await openDb({ databaseUrl: cluster.url });
  let seqScans = 0;
  try {
    await migrate(db, SUPABASE_DIR);
    const t0 = performance.now();
    await db.exec(FILL);
    const counts = await db.query<Record<string, string>>(
      `select (select count(*) from public.customers) customers, (select count(*) from public.campaigns) campaigns,
        (select count(*) from public.campaign_items) slides, (select count(*) from public.system_alerts) alerts,
        (select count(*) from public.equipment_status) devices`,
    );
    process.stdout.write(`filled in ${Math.round(performance.now() - t0)} ms: ${JSON.stringify(counts.rows[0])}\n\n`);
    const large = await largeTables(db);

    for (const read of READS) {
      const times: number[] = [];
      let rowCount = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        rowCount = await db.withRequest(scope(read.as), async (tx) => (await tx.query(read.sql)).rowCount);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      const plan = await db.withRequest(scope(read.as), async (tx) => {
        const r = await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${read.sql}`);
        return r.rows.map((x) => x['QUERY PLAN']);
      });
      const scans = plan.filter((line) => {
        const m = /Seq Scan on (\w+)/.exec(line);
        return m !== null && large.has(m[1]!);
      });
      seqScans += scans.length;
      process.stdout.write(
        `== ${read.name} (as ${read.as}): ${rowCount} rows, median ${median.toFixed(2)} ms, p90 ${times[Math.floor(times.length * 0.9)]!.toFixed(2)} ms${scans.length ? '  [SEQUENTIAL SCAN OF A LARGE TABLE]' : ''}\n`,
      );
      for (const line of plan) process.stdout.write(`   ${line}\n`);
      process.stdout.write('\n');
    }
  } finally {
    await db.close();
    cluster.stop();
  }
  if (seqScans > 0) {
    console.error(`${seqScans} sequential scan(s) of large tables found.`);
    process.exit(1);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
