// `npm run bench:plays`: proof of play at network scale, on PostgreSQL 15.
//   1. Ingestion: 500 screens (100 venues, scripts/bench/plays-fixture.sql) upload one day of
//      10-second slides, 8,640 plays per screen, 4.32 million in all, through REST as players
//      do (record_plays with the venue's login and the device, BENCH_BATCH records per call,
//      BENCH_CONCURRENCY calls at once). Prints plays per second against the network's real
//      rate (4.32 million a day is 50 a second), and checks every play was counted once and
//      none refused: each is checked against the schedule (record_plays), the whole day's
//      plays of a screen follow each other without overlap, each within its slide's time.
//   2. Reports: the day's sums are repeated over 29 more days (30 days of hourly and daily
//      sums, as a month of that network makes), then each query the Reports page and the
//      dashboard make is timed through REST as an admin: median and slowest of 5 runs. So are
//      an advertiser's monthly statement (ten network campaigns bought by one advertiser,
//      each given a venue campaign's month of sums) and the refresh of every advertiser's
//      total spent from its closed months.
// Environment: BENCH_SCREENS (500, a multiple of 5), BENCH_HOURS (24), BENCH_BATCH (1000),
// BENCH_CONCURRENCY (4).
//
// `npm run bench:plays -- --device-queue [--engine pglite|postgres]`: instead, one screen's
// queue after a month offline. In Chromium, the player's own queue (play-queue.ts, bundled)
// holds BENCH_QUEUE plays (260,000: 30 days of 10-second slides); it times one recordPlay with
// the queue empty and with it full, then uploads the queue as the player does (oldest first,
// BENCH_BATCH a call, one call at a time: read a batch, send it to record_plays, take it out)
// and times it, the device's part and the server's apart (BENCH_UPLOAD=0: the appends only).
//
// `npm run bench:plays -- --edited-slide [--engine pglite|postgres]`: instead, one screen's
// minute of plays (6 plays of 10 s, one record_plays call) of a slide edited BENCH_EDITS times
// (2,500: a news title changed every 17 minutes for a month, as the 30-day soak does), each
// edit a version in the slide's history that judging a play looks up. Prints the median and
// slowest of BENCH_CALLS calls (200) before the edits and after them, and of an unedited slide
// of the same campaign after them.
import { createServer } from 'node:http';
import path from 'node:path';
import { build as bundle } from 'esbuild';
import { SignJWT } from 'jose';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET } from 'supabase-local';
import { findPgBin, type TestStack } from 'supabase-local/testing';
import { findChromium } from '../tests/support/chromium.ts';
import { startProductStack } from '../tests/support/product-stack.ts';

const SCREENS = Number(process.env.BENCH_SCREENS ?? 500);
const HOURS = Number(process.env.BENCH_HOURS ?? 24);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SLIDE_SECONDS = 10;
const SLIDES = 12;
const PER_SCREEN = (HOURS * 3600) / SLIDE_SECONDS;
const FIXTURE = path.join(import.meta.dirname, 'bench', 'plays-fixture.sql');
const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const loginId = (venue: number) => `00000000-0000-4000-8000-0000000e${hex(venue, 4)}`;
const venueId = (venue: number) => `00000000-0000-4000-8000-0000000f${hex(venue, 4)}`;
const campaignId = (venue: number) => `00000000-0000-4000-8000-00000001${hex(venue, 4)}`;
const screenId = (venue: number, s: number) => `00000000-0000-4000-8000-0000002${hex(venue, 3)}${hex(s, 2)}`;
const slideId = (venue: number, k: number) => `00000000-0000-4000-8000-0000003${hex(venue, 3)}${hex(k, 2)}`;
const advertiserId = (a: number) => `00000000-0000-4000-8000-0000005000${hex(a, 2)}`;

async function token(sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 24 * 3600 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET));
}

async function rpc(stack: TestStack, jwt: string, fn: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${stack.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: DEFAULT_ANON_KEY, Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${fn}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

interface Job {
  venue: number;
  screen: number;
  from: number;
}

/** The calls of the day: each screen's plays in batches, screens interleaved as a network sends them. */
function* jobs(): Generator<Job> {
  for (let from = 0; from < PER_SCREEN; from += BATCH)
    for (let i = 0; i < SCREENS; i++) yield { venue: 1 + Math.floor(i / 5), screen: 1 + (i % 5), from };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main() {
  if (!findPgBin()) throw new Error('PostgreSQL 15 is needed (apt-get install postgresql)');
  if (SCREENS % 5 !== 0) throw new Error('BENCH_SCREENS must be a multiple of 5');
  console.log(
    `bench:plays  ${SCREENS} screens × ${PER_SCREEN} plays (${HOURS} h of ${SLIDE_SECONDS}-s slides), batches of ${BATCH}, ${CONCURRENCY} at once`,
  );
  const stack = await startProductStack({ engine: 'postgres', name: 'bench-plays', env: { STACK_FIXTURES: FIXTURE } });
  const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  try {
    // Only the benchmark's plays: the seed's demo days go.
    await db.query('truncate public.plays; truncate public.play_hours; truncate public.play_days');
    const venues = SCREENS / 5;
    const tokens = new Map<number, string>();
    for (let v = 1; v <= venues; v++) tokens.set(v, await token(loginId(v)));

    // Yesterday, UTC: every play lands in a day partition.
    const dayStart =
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 86_400_000;
    const total = SCREENS * PER_SCREEN;
    const queue = jobs();
    let done = 0;
    let accepted = 0;
    let refused = 0;
    let firstRefusal = '';
    const started = performance.now();
    let lastReport = started;
    const worker = async () => {
      for (let next = queue.next(); !next.done; next = queue.next()) {
        const { venue, screen, from } = next.value;
        const count = Math.min(BATCH, PER_SCREEN - from);
        const plays = Array.from({ length: count }, (_, j) => {
          const i = from + j;
          return {
            id: crypto.randomUUID(),
            started_at: new Date(dayStart + i * SLIDE_SECONDS * 1000 + screen * 137).toISOString(),
            seconds: SLIDE_SECONDS,
            campaign_id: campaignId(venue),
            slide_id: slideId(venue, 1 + (i % SLIDES)),
          };
        });
        const result = (await rpc(stack, tokens.get(venue)!, 'record_plays', {
          p_plays: plays,
          p_device_id: screenId(venue, screen),
        })) as { accepted: number; rejected: { reason: string }[] };
        accepted += result.accepted;
        refused += result.rejected.length;
        if (result.rejected.length > 0 && !firstRefusal) firstRefusal = result.rejected[0]!.reason;
        done += count;
        const now = performance.now();
        if (now - lastReport > 15_000) {
          lastReport = now;
          const rate = done / ((now - started) / 1000);
          console.log(
            `  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} plays, ${Math.round(rate)} a second`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const rate = total / seconds;

    const counted = await db.query<{ raw: string; days: string; hours: string }>(
      `select (select count(*) from public.plays) as raw,
              (select coalesce(sum(plays), 0) from public.play_days) as days,
              (select coalesce(sum(plays), 0) from public.play_hours) as hours`,
    );
    const { raw, days, hours } = counted.rows[0]!;
    console.log('\nIngestion');
    console.log(
      `  ${total.toLocaleString('en-US')} plays in ${seconds.toFixed(1)} s: ${Math.round(rate).toLocaleString('en-US')} plays a second`,
    );
    console.log(`  refused ${refused.toLocaleString('en-US')}${refused ? ` (first: ${firstRefusal})` : ''}`);
    // A screen plays one slide every SLIDE_SECONDS, all day.
    const realRate = SCREENS / SLIDE_SECONDS;
    console.log(
      `  the network's real rate: ${realRate.toFixed(0)} a second (${SCREENS} screens): ${(rate / realRate).toFixed(0)}× that (aim: at least 10×)`,
    );
    console.log(
      `  accepted ${accepted.toLocaleString('en-US')}; counted raw ${Number(raw).toLocaleString('en-US')}, in day sums ${Number(days).toLocaleString('en-US')}, in hour sums ${Number(hours).toLocaleString('en-US')}${Number(raw) === total && Number(days) === total && Number(hours) === total ? ' (each once)' : ' — MISMATCH'}`,
    );

    // 29 more days of sums: the ingested day's, shifted back (a month of this network; a UTC
    // day covers two venue-local days, so shifted halves add up).
    const fill = performance.now();
    await db.query(`insert into public.play_hours (hour, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
      select h.hour - make_interval(days => k), h.device_id, h.customer_id, h.campaign_id, h.slide_id, h.ad_id, h.label_id, h.advertiser_id, h.plays, h.seconds
      from public.play_hours h cross join generate_series(1, 29) k`);
    await db.query(`insert into public.play_days as d (day, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
      select s.day - k, s.device_id, s.customer_id, s.campaign_id, s.slide_id, s.ad_id, s.label_id, max(s.advertiser_id::text)::uuid, sum(s.plays), sum(s.seconds)
      from public.play_days s cross join generate_series(1, 29) k
      group by 1, 2, 3, 4, 5, 6, 7
      on conflict (day, device_id, campaign_id, slide_id, ad_id, label_id) do update
        set plays = d.plays + excluded.plays, seconds = d.seconds + excluded.seconds`);
    await db.query('analyze public.play_hours; analyze public.play_days');
    const sizes = await db.query<{ hours: string; days: string }>(
      'select (select count(*) from public.play_hours) as hours, (select count(*) from public.play_days) as days',
    );
    console.log(
      `\nReports over 30 days (${Number(sizes.rows[0]!.hours).toLocaleString('en-US')} hour sums, ${Number(sizes.rows[0]!.days).toLocaleString('en-US')} day sums; filled in ${((performance.now() - fill) / 1000).toFixed(0)} s)`,
    );

    const admin = await token(ADMIN_ID);
    const to = new Date(dayStart).toISOString().slice(0, 10);
    const from = new Date(dayStart - 29 * 86_400_000).toISOString().slice(0, 10);
    // Statements: advertiser 1 also buys ten network campaigns over the month, half per 1,000
    // plays and half at a fixed price; each delivered what one venue's campaign did (its 30
    // days of sums, copied), so its statement reads ten lines over a month of day sums.
    await db.query(
      `insert into public.campaigns (id, name, customer_id, advertiser_id, plays_on, status, start_date, end_date, price_basis, price_amount)
       select ('00000000-0000-4000-8000-00000006' || lpad(to_hex(n), 4, '0'))::uuid, 'Bench Network ' || n, null, $1::uuid,
              'targets', 'active', $2::date, $3::date,
              case when n % 2 = 0 then 'cpm' else 'fixed' end, case when n % 2 = 0 then 12 else 1000 end
       from generate_series(1, 10) n`,
      [advertiserId(1), from, to],
    );
    await db.query(
      `insert into public.play_days (day, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
       select d.day, d.device_id, d.customer_id, ('00000000-0000-4000-8000-00000006' || lpad(to_hex(n), 4, '0'))::uuid,
              d.slide_id, d.ad_id, d.label_id, $1::uuid, d.plays, d.seconds
       from generate_series(1, 10) n
       join public.play_days d on d.campaign_id = ('00000000-0000-4000-8000-00000001' || lpad(to_hex(n), 4, '0'))::uuid`,
      [advertiserId(1)],
    );
    await db.query('analyze public.play_days; analyze public.campaigns');

    const queries: [string, string, Record<string, unknown>][] = [
      ['plays by day', 'plays_by_day', { p_from: from, p_to: to }],
      ...(['campaign', 'advertiser', 'ad', 'venue', 'screen', 'day'] as const).map(
        (g): [string, string, Record<string, unknown>] => [
          `by ${g}`,
          'plays_report',
          { p_from: from, p_to: to, p_group: g },
        ],
      ),
      [
        'one venue, by screen',
        'plays_report',
        { p_from: from, p_to: to, p_group: 'screen', p_customer_id: venueId(1) },
      ],
      ['one venue, by day', 'plays_by_day', { p_from: from, p_to: to, p_customer_id: venueId(1) }],
      [
        'one advertiser, by venue',
        'plays_report',
        { p_from: from, p_to: to, p_group: 'venue', p_advertiser_id: advertiserId(1) },
      ],
      ['one advertiser, by day', 'plays_by_day', { p_from: from, p_to: to, p_advertiser_id: advertiserId(1) }],
      ["one advertiser's statement", 'advertiser_statement', { p_advertiser_id: advertiserId(1), p_month: to }],
      ['total spent, every advertiser', 'refresh_advertiser_totals', {}],
      ['dashboard figures', 'dashboard_figures', {}],
      ['shell figures', 'network_summary', {}],
    ];
    let slowest = 0;
    for (const [label, fn, args] of queries) {
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < 5; run++) {
        const t = performance.now();
        const data = await rpc(stack, admin, fn, args);
        times.push(performance.now() - t);
        rows = Array.isArray(data) ? data.length : 1;
      }
      slowest = Math.max(slowest, ...times);
      console.log(
        `  ${label.padEnd(26)} median ${median(times).toFixed(0).padStart(4)} ms, slowest ${Math.max(...times)
          .toFixed(0)
          .padStart(4)} ms (${rows} rows)`,
      );
    }
    console.log(`  slowest of all: ${slowest.toFixed(0)} ms (aim: every query under 500 ms)`);
  } finally {
    await db.end();
    await stack.stop();
  }
}

/** The page's side of the device-queue phase: the player's queue module, bundled, on window. */
async function queueBundle(): Promise<string> {
  const out = await bundle({
    stdin: {
      contents: `import { playQueue, PLAYS_DB, PLAYS_STORE } from './src/features/player/api/play-queue.ts';
        Object.assign(window, { playQueue, PLAYS_DB, PLAYS_STORE });`,
      resolveDir: path.join(import.meta.dirname, '..'),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    write: false,
    alias: { '@': path.join(import.meta.dirname, '..', 'src') },
  });
  return out.outputFiles[0]!.text;
}

/** In the page: the time of `n` appends to the player's queue (ms each: mean and 95th percentile). */
const TIME_APPENDS = `async (n, device) => {
  const queue = await window.playQueue();
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await queue.append([crypto.randomUUID(), Date.now(), 10, 'c', 's', device]);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { kind: queue.kind, mean: times.reduce((a, b) => a + b, 0) / n, p95: times[Math.floor(n * 0.95)] };
}`;

async function deviceQueue(engine: 'pglite' | 'postgres') {
  const total = Number(process.env.BENCH_QUEUE ?? 260_000);
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (see tests/support/chromium.ts).');
  if (engine === 'postgres' && !findPgBin()) throw new Error('PostgreSQL 15 is needed (apt-get install postgresql)');
  console.log(`bench:plays --device-queue  ${total} queued plays, batches of ${BATCH}, ${engine}`);
  const stack = await startProductStack({
    engine,
    name: `bench-plays-queue-${engine}`,
    env: { STACK_FIXTURES: FIXTURE },
  });
  const script = await queueBundle();
  const server = createServer((req, res) => {
    if (req.url === '/queue.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><script type="module" src="/queue.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    page.on('console', (message) => console.log(`  ${message.text()}`));
    const open = async () => {
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.waitForFunction('typeof window.playQueue === "function"');
    };
    await open();
    const device = screenId(1, 1);
    const empty = (await page.evaluate(`(${TIME_APPENDS})(200, ${JSON.stringify(device)})`)) as {
      kind: string;
      mean: number;
      p95: number;
    };
    if (empty.kind !== 'indexeddb') throw new Error(`the queue is in ${empty.kind}`);

    // A month offline: the plays of the last `total` × 10 s, the venue's slides in turn.
    const first = Date.now() - total * SLIDE_SECONDS * 1000 - 3_600_000;
    const seeded = performance.now();
    await page.evaluate(
      `(async ({ total, first, device, campaign, slides }) => {
        const db = await new Promise((resolve, reject) => {
          const r = indexedDB.open(window.PLAYS_DB);
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
        const clear = db.transaction(window.PLAYS_STORE, 'readwrite');
        clear.objectStore(window.PLAYS_STORE).clear();
        await new Promise((resolve) => (clear.oncomplete = resolve));
        for (let from = 0; from < total; from += 10000) {
          const tx = db.transaction(window.PLAYS_STORE, 'readwrite');
          const store = tx.objectStore(window.PLAYS_STORE);
          for (let i = from; i < Math.min(total, from + 10000); i++)
            store.add([crypto.randomUUID(), first + i * 10000 + 137, 10, campaign, slides[i % slides.length], device]);
          await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
        }
        db.close();
      })(${JSON.stringify({ total, first, device, campaign: campaignId(1), slides: Array.from({ length: SLIDES }, (_, k) => slideId(1, 1 + k)) })})`,
    );
    console.log(
      `  seeded ${total.toLocaleString('en-US')} plays in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    // The kiosk relaunched: the player counts its queue once as it opens it.
    await open();
    const full = (await page.evaluate(`(${TIME_APPENDS})(200, ${JSON.stringify(device)})`)) as {
      mean: number;
      p95: number;
    };

    if (process.env.BENCH_UPLOAD === '0') {
      console.log(
        `\nrecordPlay (one append, 200 each): queue empty mean ${empty.mean.toFixed(2)} ms, p95 ${empty.p95.toFixed(2)} ms; ${total.toLocaleString('en-US')} queued mean ${full.mean.toFixed(2)} ms, p95 ${full.p95.toFixed(2)} ms`,
      );
      return;
    }
    const jwt = await token(loginId(1));
    const result = (await page.evaluate(
      `(async ({ url, apikey, jwt, batch }) => {
        const queue = await window.playQueue();
        let deviceMs = 0, serverMs = 0, calls = 0, accepted = 0, duplicates = 0, refused = 0, size = batch, timeouts = 0;
        const reasons = {};
        const started = performance.now();
        for (;;) {
          let t = performance.now();
          const next = await queue.nextBatch(size);
          deviceMs += performance.now() - t;
          if (!next) break;
          t = performance.now();
          const res = await fetch(url + '/rest/v1/rpc/record_plays', {
            method: 'POST',
            headers: { apikey, Authorization: 'Bearer ' + jwt, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              p_device_id: next.records[0][5],
              p_plays: next.records.map(([id, startedAt, seconds, campaign_id, slide_id]) =>
                ({ id, started_at: new Date(startedAt).toISOString(), seconds, campaign_id, slide_id })),
            }),
          });
          const body = await res.json();
          serverMs += performance.now() - t;
          // As the player does: a batch the server ran out of time on goes again in halves.
          if (body.code === '57014' && size > 50) { size = Math.max(50, Math.floor(size / 2)); timeouts++; continue; }
          if (!res.ok) return { failed: 'call ' + (calls + 1) + ' after ' + Math.round(performance.now() - t) + ' ms: ' + res.status + ' ' + JSON.stringify(body), calls };
          calls++;
          if (calls % 20 === 0) console.log(calls + ' calls, ' + (accepted + duplicates + refused) + ' answered, ' + Math.round(performance.now() - started) + ' ms; last call ' + Math.round(performance.now() - t) + ' ms');
          accepted += body.accepted;
          duplicates += body.duplicates;
          refused += body.rejected.length;
          for (const r of body.rejected) { const k = r.reason.split(':')[0]; reasons[k] = (reasons[k] || 0) + 1; }
          t = performance.now();
          await queue.remove(next);
          deviceMs += performance.now() - t;
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        return { ms: performance.now() - started, deviceMs, serverMs, calls, timeouts, size, accepted, duplicates, refused, reasons,
          left: (await queue.all()).length };
      })(${JSON.stringify({ url: stack.url, apikey: DEFAULT_ANON_KEY, jwt, batch: BATCH })})`,
    )) as {
      failed?: string;
      timeouts: number;
      size: number;
      ms: number;
      deviceMs: number;
      serverMs: number;
      calls: number;
      accepted: number;
      duplicates: number;
      refused: number;
      reasons: Record<string, number>;
      left: number;
    };
    if (result.failed) throw new Error(`the upload stopped at ${result.failed}`);
    const answered = result.accepted + result.duplicates + result.refused;
    console.log('\nrecordPlay (one append to the queue, 200 each)');
    console.log(`  queue empty:      mean ${empty.mean.toFixed(2)} ms, p95 ${empty.p95.toFixed(2)} ms`);
    console.log(
      `  ${total.toLocaleString('en-US')} queued: mean ${full.mean.toFixed(2)} ms, p95 ${full.p95.toFixed(2)} ms`,
    );
    console.log(`\nUpload of ${total.toLocaleString('en-US')} queued plays (${engine}, batches of ${BATCH})`);
    console.log(
      `  ${(result.ms / 1000).toFixed(1)} s in ${result.calls} calls: ${Math.round(total / (result.ms / 1000)).toLocaleString('en-US')} plays a second; the device (read and take out) ${(result.deviceMs / 1000).toFixed(1)} s, the calls ${(result.serverMs / 1000).toFixed(1)} s`,
    );
    if (result.timeouts > 0)
      console.log(`  ${result.timeouts} calls ran out of the server's time; the batch ended at ${result.size}`);
    console.log(
      `  answered ${answered.toLocaleString('en-US')}${answered === total ? ' (each once)' : ' — MISMATCH'}: accepted ${result.accepted.toLocaleString('en-US')}, duplicates ${result.duplicates}, refused ${result.refused.toLocaleString('en-US')} ${JSON.stringify(result.reasons)}; left on the device ${result.left}`,
    );
  } finally {
    await browser.close();
    server.close();
    await stack.stop();
  }
}

/** Median and slowest ms of `calls` record_plays calls of 6 plays of `slide`, on the screen's next free minutes. */
async function timeMinutes(
  stack: TestStack,
  jwt: string,
  slide: string,
  calls: number,
  clock: { at: number },
): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (let c = 0; c < calls; c++) {
    const plays = Array.from({ length: 6 }, (_, j) => ({
      id: crypto.randomUUID(),
      started_at: new Date(clock.at + j * SLIDE_SECONDS * 1000).toISOString(),
      seconds: SLIDE_SECONDS,
      campaign_id: campaignId(1),
      slide_id: slide,
    }));
    clock.at += 6 * SLIDE_SECONDS * 1000;
    const t = performance.now();
    const result = (await rpc(stack, jwt, 'record_plays', { p_plays: plays, p_device_id: screenId(1, 1) })) as {
      accepted: number;
      rejected: { reason: string }[];
    };
    times.push(performance.now() - t);
    if (result.accepted !== 6) throw new Error(`record_plays refused plays: ${JSON.stringify(result.rejected[0])}`);
  }
  return { median: median(times), max: Math.max(...times) };
}

async function editedSlide(engine: 'pglite' | 'postgres') {
  const edits = Number(process.env.BENCH_EDITS ?? 2500);
  const calls = Number(process.env.BENCH_CALLS ?? 200);
  if (engine === 'postgres' && !findPgBin()) throw new Error('PostgreSQL 15 is needed (apt-get install postgresql)');
  console.log(`bench:plays --edited-slide  ${edits} edits, ${calls} calls of 6 plays each, ${engine}`);
  const stack = await startProductStack({
    engine,
    name: `bench-plays-edited-${engine}`,
    env: { STACK_FIXTURES: FIXTURE },
  });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    const jwt = await token(loginId(1));
    const edited = slideId(1, 1);
    // Two days ago, UTC: before every edit, so each play is judged by the slide's first version.
    const clock = {
      at: Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 2 * 86_400_000,
    };
    const fmt = (r: { median: number; max: number }) =>
      `median ${r.median.toFixed(1)} ms, slowest ${r.max.toFixed(1)} ms`;
    console.log(`  the slide with 1 version:        ${fmt(await timeMinutes(stack, jwt, edited, calls, clock))}`);
    const started = performance.now();
    // Each edit its own transaction, so each is a version of its own.
    for (let i = 1; i <= edits; i++)
      await db.query('update public.campaign_items set title = $1 where id = $2', [`News ${i}`, edited]);
    const versions = await db.query<{ n: string }>(
      'select count(*) as n from private.slide_history where slide_id = $1',
      [edited],
    );
    console.log(
      `  ${edits} edits in ${((performance.now() - started) / 1000).toFixed(1)} s: ${versions.rows[0]!.n} versions`,
    );
    console.log(
      `  the slide with ${versions.rows[0]!.n} versions: ${fmt(await timeMinutes(stack, jwt, edited, calls, clock))}`,
    );
    console.log(
      `  an unedited slide beside it:     ${fmt(await timeMinutes(stack, jwt, slideId(1, 2), calls, clock))}`,
    );
  } finally {
    await db.end();
    await stack.stop();
  }
}

const args = process.argv.slice(2);
const engineArg = args.includes('--engine') ? args[args.indexOf('--engine') + 1] : 'postgres';
const engine = engineArg === 'pglite' ? 'pglite' : 'postgres';
(args.includes('--device-queue')
  ? deviceQueue(engine)
  : args.includes('--edited-slide')
    ? editedSlide(engine)
    : main()
).catch((e) => {
  console.error(e);
  process.exit(1);
});
