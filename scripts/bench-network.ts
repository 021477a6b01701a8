// `npm run bench:network`: selling the network at scale, on PostgreSQL 15. 2,000 screens (each
// with its own login, as a paired screen has) across 200 venues, in 20 groups that span venues,
// and 200 network campaigns of 3 slides (one on the whole network; the others aimed at venues,
// groups and screens, a third with weekday mornings only), bulk-inserted in SQL. Prints:
//   (a) player_playlist() read by a screen as that screen through REST, as the player reads it
//       (BENCH_READS calls, one at a time, over 50 screens): p50 / p95 / p99; and the SQL alone;
//   (b) 2,000 Realtime sockets (raw Phoenix clients, the protocol supabase-js speaks), one per
//       screen, each joined to its venue's private topic 'venue:<id>' with its own token, each
//       holding its playlist (read once when joined, as the player does) and applying pushes with
//       the player's own code (src/features/player/lib/spot-push.ts). The campaign on all 2,000
//       screens is edited: from the commit until each screen holds the change, p50 / p99 / max,
//       and the player_playlist() calls the database answered meanwhile (pg_stat_user_functions,
//       track_functions = all). Then the same with the spot over the size limit ('read'): each
//       screen reads once after a random delay within BENCH_SPREAD_MS;
//   (c) network_availability() for every screen over 31 days, as an admin through REST (and the
//       SQL alone): median and slowest of 5.
// With the machine's load (/proc/loadavg) and cores. Environment: BENCH_READS (500),
// BENCH_SPREAD_MS (30000, the player's PUSH_READ_SPREAD_MS), BENCH_PORT (54960).
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { SignJWT } from 'jose';
import pg from 'pg';
import WebSocket from 'ws';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET } from 'supabase-local';
import { findPgBin, type TestStack } from 'supabase-local/testing';
import { startProductStack } from '../tests/support/product-stack.ts';
import { applySpotPush, isSpotPush, type SpotLike, type SpotPush } from '../src/features/player/lib/spot-push.ts';

const VENUES = 200;
const PER_VENUE = 10;
const GROUPS = 20;
const CAMPAIGNS = 200;
const READS = Number(process.env.BENCH_READS ?? 500);
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 30_000);
const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const venueId = (v: number) => `00000000-0000-4000-8000-0000000a${hex(v, 4)}`;
const screenId = (v: number, s: number) => `00000000-0000-4000-8000-0000b${hex(v, 3)}${hex(s, 4)}`;
const loginId = (v: number, s: number) => `00000000-0000-4000-8000-0000c${hex(v, 3)}${hex(s, 4)}`;
const campaignId = (c: number) => `00000000-0000-4000-8000-0000000d${hex(c, 4)}`;
/** The campaign on every screen of the network: the one edited. */
const EVERYWHERE = campaignId(1);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clock = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const load = () => {
  const [one, five, fifteen] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  return `load average ${one} ${five} ${fifteen} on ${os.cpus().length} cores`;
};

// The network, in SQL -----------------------------------------------------------------------------

const FIXTURE = `
set session_replication_role = replica; -- bulk load: no triggers (the bookings fit by design)

insert into public.customers (id, name, username, email, status, time_zone)
select ('00000000-0000-4000-8000-0000000a' || lpad(to_hex(v), 4, '0'))::uuid,
       'Network Venue ' || v, 'network-venue-' || v, 'network-venue-' || v || '@example.test', 'active',
       (array['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London'])[1 + v % 4]
from generate_series(1, ${VENUES}) v;

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000',
       ('00000000-0000-4000-8000-0000c' || lpad(to_hex(v), 3, '0') || lpad(to_hex(s), 4, '0'))::uuid,
       'authenticated', 'authenticated', 'screen-' || v || '-' || s || '@screens.invalid', '', now(),
       jsonb_build_object('provider', 'email', 'providers', array['email'],
         'screen_device_id', '00000000-0000-4000-8000-0000b' || lpad(to_hex(v), 3, '0') || lpad(to_hex(s), 4, '0')),
       '{}', now(), now()
from generate_series(1, ${VENUES}) v, generate_series(1, ${PER_VENUE}) s;

insert into public.equipment_status (id, customer_id, device_name, status, is_active, last_heartbeat,
                                     screen_user_id, paired_at, loop_seconds)
select ('00000000-0000-4000-8000-0000b' || lpad(to_hex(v), 3, '0') || lpad(to_hex(s), 4, '0'))::uuid,
       ('00000000-0000-4000-8000-0000000a' || lpad(to_hex(v), 4, '0'))::uuid,
       'Venue ' || v || ' screen ' || s, 'online', true, now(),
       ('00000000-0000-4000-8000-0000c' || lpad(to_hex(v), 3, '0') || lpad(to_hex(s), 4, '0'))::uuid, now(), 300
from generate_series(1, ${VENUES}) v, generate_series(1, ${PER_VENUE}) s;

insert into public.screen_groups (id, name)
select ('00000000-0000-4000-8000-0000000f' || lpad(to_hex(g), 4, '0'))::uuid, 'Network group ' || g
from generate_series(1, ${GROUPS}) g;

-- Each venue's screens are spread over ten groups; each group spans 100 venues.
insert into public.screen_group_members (group_id, device_id)
select ('00000000-0000-4000-8000-0000000f' || lpad(to_hex(1 + (v + s) % ${GROUPS}), 4, '0'))::uuid,
       ('00000000-0000-4000-8000-0000b' || lpad(to_hex(v), 3, '0') || lpad(to_hex(s), 4, '0'))::uuid
from generate_series(1, ${VENUES}) v, generate_series(1, ${PER_VENUE}) s;

insert into public.advertisers (id, advertiser_name, business_name, email, status)
select ('00000000-0000-4000-8000-00000001' || lpad(to_hex(a), 4, '0'))::uuid,
       'Contact ' || a, 'Network Advertiser ' || a, 'network-advertiser-' || a || '@example.test', 'active'
from generate_series(1, 40) a;

insert into public.campaigns (id, name, customer_id, advertiser_id, plays_on, status, start_date, spots_per_loop)
select ('00000000-0000-4000-8000-0000000d' || lpad(to_hex(c), 4, '0'))::uuid,
       'Network campaign ' || c, null,
       ('00000000-0000-4000-8000-00000001' || lpad(to_hex(1 + c % 40), 4, '0'))::uuid,
       case when c = 1 then 'network' else 'targets' end,
       case when c % 10 = 9 then 'scheduled' else 'active' end,
       case when c % 10 = 9 then current_date + 3 else current_date - 10 end,
       1
from generate_series(1, ${CAMPAIGNS}) c;

insert into public.campaign_items (campaign_id, title, content, display_order, duration, is_active, slide_type)
select ('00000000-0000-4000-8000-0000000d' || lpad(to_hex(c), 4, '0'))::uuid,
       'Network ad ' || c || '.' || k, 'Offer ' || k || ' of campaign ' || c, k, 5 * k, true, 'advertisement'
from generate_series(1, ${CAMPAIGNS}) c, generate_series(1, 3) k;

-- Targets: c % 4 = 0 one venue; 1 one group; 2 one group and five screens; 3 three venues.
insert into public.campaign_targets (campaign_id, customer_id, group_id, device_id)
select ('00000000-0000-4000-8000-0000000d' || lpad(to_hex(c), 4, '0'))::uuid, t.customer_id, t.group_id, t.device_id
from generate_series(2, ${CAMPAIGNS}) c
cross join lateral (
  select ('00000000-0000-4000-8000-0000000a' || lpad(to_hex(1 + (c * 7 + i * 61) % ${VENUES}), 4, '0'))::uuid as customer_id,
         null::uuid as group_id, null::uuid as device_id
  from generate_series(0, case when c % 4 = 3 then 2 else 0 end) i
  where c % 4 in (0, 3)
  union all
  select null, ('00000000-0000-4000-8000-0000000f' || lpad(to_hex(1 + c % ${GROUPS}), 4, '0'))::uuid, null
  where c % 4 in (1, 2)
  union all
  select null, null,
         ('00000000-0000-4000-8000-0000b' || lpad(to_hex(1 + (c * 13 + i * 37) % ${VENUES}), 3, '0')
           || lpad(to_hex(1 + i % ${PER_VENUE}), 4, '0'))::uuid
  from generate_series(0, 4) i
  where c % 4 = 2
) t;

insert into public.campaign_windows (campaign_id, days, start_time, end_time)
select ('00000000-0000-4000-8000-0000000d' || lpad(to_hex(c), 4, '0'))::uuid, '{1,2,3,4,5}', '07:00', '11:00'
from generate_series(2, ${CAMPAIGNS}) c
where c % 3 = 0;

set session_replication_role = origin;
`;

// Tokens ----------------------------------------------------------------------------------------

async function sign(claims: Record<string, unknown>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 6 * 3600, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET));
}

/** The token a paired screen's login gets (its app_metadata names its device). */
const screenToken = (v: number, s: number) =>
  sign({
    sub: loginId(v, s),
    email: `screen-${v}-${s}@screens.invalid`,
    app_metadata: { provider: 'email', providers: ['email'], screen_device_id: screenId(v, s) },
  });

async function rpc<T>(stack: TestStack, jwt: string, fn: string, body: unknown): Promise<T> {
  const res = await fetch(`${stack.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: DEFAULT_ANON_KEY, Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${fn}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The SQL of a request as `claims`, in a transaction (as PostgREST runs it), timed in ms. */
async function timedAs(db: pg.Client, claims: Record<string, unknown>, sql: string, args: unknown[]) {
  await db.query('begin');
  try {
    await db.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify(claims),
    ]);
    const t0 = clock();
    await db.query(sql, args);
    return clock() - t0;
  } finally {
    await db.query('rollback');
  }
}

// Screens on Realtime -----------------------------------------------------------------------------

interface Playlist {
  version: string;
  spots: (SpotLike & { slides: { title: string | null }[] })[];
}

/** One screen: a Phoenix socket joined to its venue's private topic, holding its playlist. */
class Screen {
  playlist: Playlist | undefined;
  /** When it came to hold the title the test waits for. */
  heldAt: number | undefined;
  reads = 0;
  private ws: WebSocket | undefined;
  private ref = 0;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  waitFor: string | undefined;

  constructor(
    readonly stack: TestStack,
    readonly v: number,
    readonly s: number,
    readonly token: string,
  ) {}

  /** Connects and joins 'venue:<id>' as a private channel; rejects if Realtime refuses. */
  join(): Promise<void> {
    const url = `${this.stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${DEFAULT_ANON_KEY}&vsn=1.0.0`;
    const topic = `realtime:venue:${venueId(this.v)}`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      this.ws = ws;
      ws.on('error', reject);
      ws.on('open', () => {
        ws.send(
          JSON.stringify({
            topic,
            event: 'phx_join',
            ref: '1',
            join_ref: '1',
            payload: {
              config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, private: true },
              access_token: this.token,
            },
          }),
        );
        this.heartbeat = setInterval(() => {
          ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: String(++this.ref) }));
        }, 25_000);
      });
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as { event: string; ref?: string; payload: Record<string, unknown> };
        if (m.event === 'phx_reply' && m.ref === '1') {
          if (m.payload.status === 'ok') resolve();
          else reject(new Error(`screen ${this.v}/${this.s}: ${JSON.stringify(m.payload)}`));
        } else if (m.event === 'broadcast' && m.payload.event === 'spot') {
          this.apply(m.payload.payload);
        }
      });
    });
  }

  /** Reads its playlist as itself, as the player does when it joins or is told to read. */
  async read(): Promise<void> {
    this.reads++;
    this.playlist = await rpc<Playlist>(this.stack, this.token, 'player_playlist', {});
    this.check();
  }

  private apply(payload: unknown) {
    if (!isSpotPush(payload) || !this.playlist) return;
    const next = applySpotPush(this.playlist, payload as SpotPush, screenId(this.v, this.s));
    if (next === 'read') {
      setTimeout(() => void this.read(), Math.random() * SPREAD_MS);
      return;
    }
    this.playlist = next;
    this.check();
  }

  private check() {
    if (this.heldAt !== undefined || !this.waitFor) return;
    const spot = this.playlist?.spots.find((s) => s.campaign_id === EVERYWHERE);
    if (spot?.slides[0]?.title === this.waitFor) this.heldAt = clock();
  }

  close() {
    clearInterval(this.heartbeat);
    this.ws?.close();
  }
}

/** player_playlist() calls the database has answered (track_functions = all). */
async function playlistCalls(db: pg.Client): Promise<number> {
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ calls: string }>(
    `select coalesce(sum(calls), 0) as calls from pg_stat_user_functions
     where schemaname = 'public' and funcname = 'player_playlist'`,
  );
  return Number(rows[0]!.calls);
}

/** Backends send their function counts at most every 10 s when idle (PostgreSQL 15). */
const STATS_SETTLE_MS = 11_000;

/** Edits the everywhere campaign's first slide; resolves at the commit, with its time. */
async function edit(db: pg.Client, title: string, maxBytes?: number): Promise<number> {
  await db.query('begin');
  if (maxBytes !== undefined)
    await db.query(`select set_config('signage.playlist_push_max_bytes', $1, true)`, [String(maxBytes)]);
  await db.query(`update public.campaign_items set title = $1 where campaign_id = $2 and display_order = 1`, [
    title,
    EVERYWHERE,
  ]);
  await db.query('commit');
  return clock();
}

async function until(done: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!done() && Date.now() < end) await sleep(20);
}

// The bench -------------------------------------------------------------------------------------

async function main() {
  if (!findPgBin()) throw new Error('bench:network needs PostgreSQL 15 binaries (see docs/testing.md).');
  console.log(
    `Network: ${VENUES * PER_VENUE} screens across ${VENUES} venues in ${GROUPS} groups, ${CAMPAIGNS} network campaigns; ${load()}`,
  );
  const stack = await startProductStack({
    engine: 'postgres',
    basePort: Number(process.env.BENCH_PORT ?? 54960),
    name: 'bench-network',
    env: {
      // Realtime's project limits as a network of this size needs (on Supabase: the plan's, or
      // raised by support; docs/network.md). The emulator's defaults (100 joins and 100 messages
      // a second) would refuse most joins and close the channels on the push to 2,000 screens.
      TENANT_MAX_JOINS_PER_SECOND: '5000',
      TENANT_MAX_EVENTS_PER_SECOND: '100000',
    },
  });
  const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  const screens: Screen[] = [];
  try {
    await db.query(`alter system set track_functions = 'all'`);
    await db.query('select pg_reload_conf()');
    let t0 = clock();
    await db.query(FIXTURE);
    await db.query('analyze');
    console.log(`filled in ${((clock() - t0) / 1000).toFixed(1)} s`);

    // (a) ------------------------------------------------------------------------------------
    const readers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ({ v: 1 + i * 4, s: 1 + (i % PER_VENUE) })).map(async (x) => ({
        ...x,
        token: await screenToken(x.v, x.s),
      })),
    );
    for (const r of readers.slice(0, 5)) await rpc(stack, r.token, 'player_playlist', {}); // warm up
    const rest: number[] = [];
    let spots = 0;
    for (let i = 0; i < READS; i++) {
      const r = readers[i % readers.length]!;
      const t = clock();
      const p = await rpc<Playlist>(stack, r.token, 'player_playlist', {});
      rest.push(clock() - t);
      spots += p.spots.length;
    }
    const sql: number[] = [];
    for (let i = 0; i < READS; i++) {
      const r = readers[i % readers.length]!;
      sql.push(
        await timedAs(db, { sub: loginId(r.v, r.s), role: 'authenticated' }, 'select public.player_playlist()', []),
      );
    }
    rest.sort((a, b) => a - b);
    sql.sort((a, b) => a - b);
    console.log(
      `\n(a) player_playlist() as a screen, ${READS} calls over ${readers.length} screens (${(spots / READS).toFixed(1)} spots each); ${load()}`,
    );
    console.log(
      `    through REST  p50 ${ms(percentile(rest, 50))}  p95 ${ms(percentile(rest, 95))}  p99 ${ms(percentile(rest, 99))}  (target p95 < 50 ms)`,
    );
    console.log(
      `    SQL alone     p50 ${ms(percentile(sql, 50))}  p95 ${ms(percentile(sql, 95))}  p99 ${ms(percentile(sql, 99))}`,
    );

    // (c) ------------------------------------------------------------------------------------
    const admin = await sign({ sub: ADMIN_ID, email: 'admin@example.com', aal: 'aal2' });
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const availRest: number[] = [];
    const availSql: number[] = [];
    let restRows = 0;
    for (let i = 0; i < 6; i++) {
      const t = clock();
      const answer = await rpc<unknown[]>(stack, admin, 'network_availability', { p_start: from, p_end: to });
      if (i > 0) availRest.push(clock() - t);
      restRows = answer.length;
    }
    const { rows: counted } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.equipment_status e cross join generate_series($1::date, $2::date, '1 day') d
       where e.customer_id is not null`,
      [from, to],
    );
    for (let i = 0; i < 6; i++) {
      const took = await timedAs(
        db,
        { sub: ADMIN_ID, role: 'authenticated', aal: 'aal2' },
        'select count(*) from public.network_availability($1, $2)',
        [from, to],
      );
      if (i > 0) availSql.push(took);
    }
    availRest.sort((a, b) => a - b);
    availSql.sort((a, b) => a - b);
    console.log(
      `\n(c) network_availability() for every screen over 31 days (${counted[0]!.n} rows), median / slowest of 5; ${load()}`,
    );
    console.log(`    SQL alone     ${ms(percentile(availSql, 50))} / ${ms(availSql.at(-1)!)}  (target < 500 ms)`);
    console.log(
      `    through REST  ${ms(percentile(availRest, 50))} / ${ms(availRest.at(-1)!)}  (the same work; REST answers its first ${restRows} rows, max_rows)`,
    );

    // (b) ------------------------------------------------------------------------------------
    t0 = clock();
    for (let v = 1; v <= VENUES; v++) {
      for (let s = 1; s <= PER_VENUE; s++) screens.push(new Screen(stack, v, s, await screenToken(v, s)));
    }
    for (let i = 0; i < screens.length; i += 100) await Promise.all(screens.slice(i, i + 100).map((x) => x.join()));
    const joined = (clock() - t0) / 1000;
    t0 = clock();
    for (let i = 0; i < screens.length; i += 8) await Promise.all(screens.slice(i, i + 8).map((x) => x.read()));
    console.log(
      `\n(b) ${screens.length} screens joined their venues' private topics in ${joined.toFixed(1)} s and read their playlists in ${((clock() - t0) / 1000).toFixed(1)} s`,
    );
    const [{ bytes }] = (
      await db.query<{ bytes: number }>(
        `select max(octet_length(jsonb_build_object('campaign_id', n.campaign_id, 'spot', n.spot)::text)) as bytes
         from private.network_spots(null, null, now(), array[$1::uuid]) n`,
        [EVERYWHERE],
      )
    ).rows as [{ bytes: number }];

    let edits = 0;
    const phase = async (name: string, maxBytes?: number) => {
      await sleep(STATS_SETTLE_MS);
      const callsBefore = await playlistCalls(db);
      const title = `Edit ${++edits} at ${new Date().toISOString()}`;
      for (const x of screens) {
        x.heldAt = undefined;
        x.waitFor = title;
      }
      const committed = await edit(db, title, maxBytes);
      await until(
        () => screens.every((x) => x.heldAt !== undefined),
        maxBytes === undefined ? 15_000 : SPREAD_MS + 15_000,
      );
      const window = clock() - committed;
      await sleep(STATS_SETTLE_MS);
      const calls = (await playlistCalls(db)) - callsBefore;
      const took = screens.filter((x) => x.heldAt !== undefined).map((x) => x.heldAt! - committed);
      took.sort((a, b) => a - b);
      console.log(`    ${name}; ${load()}`);
      console.log(
        `      holding the change: ${took.length}/${screens.length} screens, from commit p50 ${ms(percentile(took, 50))}  p99 ${ms(percentile(took, 99))}  max ${ms(took.at(-1) ?? NaN)}` +
          (maxBytes === undefined ? '  (target p99 < 2 s)' : ''),
      );
      console.log(
        `      player_playlist() calls answered by the database in those ${(window / 1000).toFixed(1)} s: ${calls} (${(calls / screens.length).toFixed(2)} per screen; target <= 1)`,
      );
    };
    await phase(`pushed: one message per venue (${VENUES} messages of ${bytes} bytes at most)`);
    await phase(`too large to push ('read'): each screen reads once within ${SPREAD_MS / 1000} s`, 1);
  } finally {
    for (const x of screens) x.close();
    await db.end();
    await stack.stop();
  }
}

await main();
