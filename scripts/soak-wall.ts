// `npm run soak:wall [-- --days N] [-- --walls N] [-- --seed N]`: walls playing for N days
// (30 by default) in minutes of real time, through what a month on a venue's wall brings
// (scripts/soak/month.ts): every midnight, both daylight-saving changes, dayparts opening and
// closing, campaigns starting and ending, token expiry and refresh, network drops, a week
// offline, stack restarts, Realtime changes, media filling the device's cache, and kills and
// relaunches of the browser. Prints one summary; exits non-zero when a rule breaks.
//
// How time is driven (docs/reliability.md):
//  - each wall's page has a virtual clock (scripts/soak/page/clock.ts): Date, performance.now(),
//    setTimeout and setInterval run on it, and it moves only when the soak says, timer by timer,
//    the page settling (its requests answered, its rendering done) before time moves on;
//  - each wall has a stack of its own, whose process has the same wall clock
//    (scripts/soak/stack-clock.ts, loaded with --import): PGlite's now(), Auth's token times,
//    Realtime's checks. Each request from the page carries the page's time (a header the stack
//    reads as the request arrives) and the page hands its time over before a socket message
//    leaves it, so the stack's clock is the wall's, as a real wall's and a real server's agree;
//  - each wall's browser sends everything through a network gate of its own
//    (scripts/soak/network-gate.ts), which the soak cuts for drops and outages.
// The stacks run on PGlite (its clock is the process's); PostgreSQL's clock cannot be moved.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { DEFAULT_ANON_KEY } from 'supabase-local';
import { findChromium } from '../tests/support/chromium.ts';
import { startProductStack } from '../tests/support/product-stack.ts';
import { nodeClient, serviceClient } from '../tests/e2e/player-support.ts';
import { DAY, HOUR, MINUTE, month, WALLS, type Event, type WallPlan } from './soak/month.ts';
import { buildAndPreview } from './app-preview.ts';
import { pageClockScript } from './soak/page-clock.ts';
import { startNetworkGate } from './soak/network-gate.ts';
import { heapBytes, heapSnapshot } from './soak/heap.ts';
import { changeNews, createVenue, newNewsImage, SLIDE_SECONDS } from './soak/setup.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@example.com', password: 'demo-admin-pass' };

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '30' },
    walls: { type: 'string', default: '2' },
    seed: { type: 'string', default: '33' },
    'quota-mb': { type: 'string', default: '40' },
    verbose: { type: 'boolean', default: false },
    'heap-snapshots': { type: 'boolean', default: false },
  },
});
const DAYS = Number(values.days);
const QUOTA = Number(values['quota-mb']) * 1024 * 1024;
const basePort = Number(process.env.SOAK_BASE_PORT ?? 58800);
const appPort = basePort + 80;
const APP = `http://127.0.0.1:${appPort}`;
/** The stack address the app is built for; each wall's gate sends it to the wall's own stack. */
const STACK_HOST = 'stack.soak.test';
const BUILT_STACK_URL = `http://${STACK_HOST}:54321`;
const log = (...args: unknown[]) => console.error(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...args);

/** Rules: how soon a wall must catch up after the network (or the stack) is back, in virtual ms. */
const CATCH_UP_MS = 5000;
const CATCH_UP_POLL_MS = 60_000;
/** Heap growth allowed over a browser's life. */
const HEAP_GROWTH_MB = 10;
/** How far a wall runs between two looks at it (what it noted, the cache, progress). */
const STRIDE = HOUR;

/** What stops the stacks of the walls still running (their processes outlive the soak's otherwise). */
const running = new Set<() => Promise<unknown>>();

interface Metrics {
  /** The page's heap less what DevTools keeps for itself (scripts/soak/heap.ts). */
  heapMb: number;
  /** DevTools' own records in the page's heap (a kiosk has none). */
  devtoolsMb: number;
  nodes: number;
  listeners: number;
  objectUrls: number;
}

interface Life {
  from: number;
  to: number | null;
  /** [virtual ms, slide id, stored file shown or ''] at each slide change. */
  switches: [number, string, string][];
  warm: Metrics | null;
  last: Metrics | null;
  frames: number;
  blankFrames: number;
  blanks: unknown[];
  texts: string[];
  settleTimeouts: number;
  firstPictureMs: number | null;
}

interface Check {
  reason: string;
  from: number;
  to: number;
  expected: string[];
}

interface CatchUp {
  reason: string;
  ms: number;
  limit: number;
}

interface WallResult {
  wall: string;
  failures: string[];
  checks: { passed: number; skipped: number; total: number };
  catchUps: CatchUp[];
  plays: { expected: number; recorded: number; refused: number };
  events: Record<string, number>;
  cache: { peakUsageMb: number; quotaMb: number; peakFiles: number; daysWithEvictions: number };
  requests: Record<string, number>;
  realSeconds: Record<string, number>;
  browsers: unknown[];
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (see tests/support/chromium.ts).');
  const plan = month({ days: DAYS, seed: Number(values.seed), walls: WALLS.slice(0, Number(values.walls)) });
  const work = path.join(ROOT, '.local', `soak-wall-${basePort}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const realStart = Date.now();
  log(
    `${DAYS} days from ${new Date(plan.start).toISOString()}, ${plan.walls.length} walls, ${plan.events.length} events`,
  );

  const outDir = path.join(work, 'dist');
  const server = await buildAndPreview({
    outDir,
    stackUrl: BUILT_STACK_URL,
    anonKey: DEFAULT_ANON_KEY,
    port: appPort,
    root: ROOT,
  });
  let results: WallResult[];
  // Stopped or failed: the walls' stacks (processes of their own) are stopped with the soak.
  const stopAll = () => Promise.allSettled([...running].map((stop) => stop()));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void stopAll().finally(() => process.exit(130)));
  try {
    results = await Promise.all(
      plan.walls.map((wall, index) =>
        runWall({
          executablePath,
          plan: wall,
          index,
          start: plan.start,
          end: plan.end,
          events: plan.events.filter((e) => e.kind === 'restart' || e.wall === index),
          work,
          realStart,
        }),
      ),
    );
  } catch (error) {
    await stopAll();
    throw error;
  } finally {
    await server.close();
  }

  const failures = results.flatMap((r) => r.failures);
  const summary = {
    days: DAYS,
    from: new Date(plan.start).toISOString(),
    to: new Date(plan.end).toISOString(),
    realSeconds: Math.round((Date.now() - realStart) / 1000),
    load: loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
    walls: results.map(({ failures: _f, catchUps, ...r }) => ({ ...r, catchUps: summarise(catchUps) })),
    rulesBroken: failures,
  };
  console.log(JSON.stringify(summary, null, 2));
  process.exitCode = failures.length > 0 ? 1 : 0;
}

interface WallOptions {
  executablePath: string;
  plan: WallPlan;
  index: number;
  start: number;
  end: number;
  events: Event[];
  work: string;
  realStart: number;
}

/** One wall, its venue and its own stack, through its month. */
async function runWall({
  executablePath,
  plan,
  index,
  start,
  end,
  events,
  work,
  realStart,
}: WallOptions): Promise<WallResult> {
  const name = plan.name;
  const say = (...args: unknown[]) => log(`${name}:`, ...args);
  const failures: string[] = [];
  const fail = (rule: string) => {
    failures.push(`${name}: ${rule}`);
    say(`RULE BROKEN: ${rule}`);
  };

  const clockFile = path.join(work, `clock-${index}`);
  let now = start - HOUR;
  writeFileSync(clockFile, String(now));
  const stack = await startProductStack({
    basePort: basePort + index * 20,
    engine: 'pglite',
    name: `soak-${basePort}-${index}`,
    execArgv: ['--import', path.join(ROOT, 'scripts', 'soak', 'stack-clock.ts')],
    env: {
      SOAK_CLOCK_FILE: clockFile,
      ...(process.env.SOAK_TRACE ? { SOAK_STACK_TIMES: `${process.env.SOAK_TRACE}.stack-${index}.json` } : {}),
    },
    startTimeoutMs: 240_000,
  });
  const stopStack = () => stack.stop();
  running.add(stopStack);
  const setStackClock = (ms: number) => {
    writeFileSync(clockFile, String(ms));
    stack.send({ soakClock: ms });
  };
  const gate = await startNetworkGate({ [STACK_HOST]: new URL(stack.url).host });
  const service = serviceClient(stack.url);
  const admin = async () => {
    setStackClock(now);
    const client = nodeClient(stack.url, DEFAULT_ANON_KEY);
    const { error } = await client.auth.signInWithPassword(ADMIN);
    if (error) throw new Error(`admin sign-in: ${error.message}`);
    return client;
  };
  setStackClock(now);
  const venue = await createVenue(stack.url, plan, index, start, DAYS);
  const profile = path.join(work, `profile-${index}`);
  const deviceName = `${name} window`;
  let deviceId = '';
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  let cdp: CDPSession | null = null;
  const lives: Life[] = [];
  const life = () => lives[lives.length - 1]!;

  // ---- The wall's browser
  const launch = async (offline: boolean) => {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      viewport: { width: 1280, height: 720 },
      proxy: { server: `http://127.0.0.1:${gate.port}`, bypass: '<-loopback>' },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--proxy-bypass-list=<-loopback>',
      ],
      offline,
    });
    // The page's time goes to the stack before anything leaves the page.
    await context.exposeBinding('__soakTime', (_source, ms: number) => {
      if (ms > now) now = ms;
      setStackClock(ms);
    });
    await context.addInitScript(await pageClockScript(now));
    // CSS animations run on real time, which the soak's clock does not move: the slide's
    // progress bar alone had the browser draw 60 frames a second all run long, for nothing the
    // rules look at (a real wall draws them at its own pace).
    await context.addInitScript(`(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('*, *::before, *::after { animation: none !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    })();`);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => say(`page error ${e.message}`));
    cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (process.env.SOAK_CPU_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    }
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: APP, quotaSize: QUOTA });
    lives.push({
      from: now,
      to: null,
      switches: [],
      warm: null,
      last: null,
      frames: 0,
      blankFrames: 0,
      blanks: [],
      texts: [],
      settleTimeouts: 0,
      firstPictureMs: null,
    });
    await page.goto(`${APP}/screen`, { waitUntil: 'domcontentloaded' });
  };

  const metrics = async (): Promise<Metrics> => {
    const heap = heapBytes(await heapSnapshot(cdp!));
    const { metrics: m } = await cdp!.send('Performance.getMetrics');
    const value = (n: string) => m.find((x) => x.name === n)?.value ?? 0;
    return {
      heapMb: (heap.total - heap.devtools) / 1024 / 1024,
      devtoolsMb: heap.devtools / 1024 / 1024,
      nodes: value('Nodes'),
      listeners: value('JSEventListeners'),
      objectUrls: await page!.evaluate<number>('window.__soak.liveObjectUrls'),
    };
  };

  /** Takes what the page noted since the last time (switches, frames, texts). */
  const collect = async () => {
    if (!page) return;
    const got = await page.evaluate<{
      switches: [number, string, string][];
      frames: number;
      blankFrames: number;
      blanks: unknown[];
      texts: string[];
      settleTimeouts: number;
      firstPicture: number | null;
    }>(`(() => {
      const s = window.__soak;
      return { switches: s.drainSwitches(), frames: s.frames, blankFrames: s.blankFrames, blanks: s.blanks,
               texts: s.texts, settleTimeouts: s.settleTimeouts,
               firstPicture: s.firstPicture === null ? null : s.firstPicture - performance.timeOrigin * 0 };
    })()`);
    const l = life();
    l.switches.push(...got.switches);
    for (const [at, , file] of got.switches) if (file) lastShown.set(file, at);
    l.frames = got.frames;
    l.blankFrames = got.blankFrames;
    l.blanks = got.blanks;
    l.texts = got.texts;
    l.settleTimeouts = got.settleTimeouts;
  };

  const kill = async () => {
    await collect();
    life().last = await metrics();
    life().to = now;
    // The kiosk's watchdog kills the browser: no goodbye, no unload.
    try {
      execFileSync('pkill', ['-9', '-f', `user-data-dir=${profile}`]);
    } catch {
      // Already gone.
    }
    await context?.close().catch(() => undefined);
    context = null;
    page = null;
    cdp = null;
  };

  // ---- Moving time
  /** Runs the wall (and so its stack) to `to`. */
  /** Real ms spent: running the page's time, looking at it each stride, and in what the soak does itself. */
  const realMs = { running: 0, looking: 0, soak: 0 };
  const advance = async (to: number) => {
    while (now < to) {
      const next = Math.min(to, Math.floor(now / STRIDE) * STRIDE + STRIDE);
      const t0 = Date.now();
      if (page) await page.evaluate<number>(`window.__soak.runUntil(${next})`);
      realMs.running += Date.now() - t0;
      now = next;
      setStackClock(now);
      const t1 = Date.now();
      if (next % STRIDE === 0) await everyStride();
      realMs.looking += Date.now() - t1;
    }
  };

  /** Runs the wall until `ready` holds on its page, looking each virtual second. */
  const until = async (ready: string, what: string, limit = 2 * MINUTE) => {
    const from = now;
    for (;;) {
      if (await page!.evaluate<boolean>(ready).catch(() => false)) return now - from;
      if (now - from > limit) throw new Error(`${name}: ${what} not within ${limit / 1000} s`);
      await advance(now + 1000);
    }
  };

  const savedVersion = () =>
    page!.evaluate<string | null>(`(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && key.startsWith('signage-player:playlist:')) {
          try { return JSON.parse(localStorage.getItem(key)).version ?? null; } catch { return null; }
        }
      }
      return null;
    })()`);

  const serverPlaylist = async (at?: number) => {
    const client = await admin();
    const { data, error } = await client.rpc('player_playlist', {
      p_customer_id: venue.customerId,
      p_device_id: deviceId,
      ...(at ? { p_at: new Date(at).toISOString() } : {}),
    });
    if (error) throw new Error(`player_playlist: ${error.message}`);
    return data as unknown as {
      version: string;
      slides: { id: string; on_air: boolean; is_active: boolean; duration: number }[];
    };
  };

  /** After a change the wall could not hear of: how long until its playlist is the server's. */
  const catchUps: CatchUp[] = [];
  const catchUp = async (reason: string, limit: number) => {
    const { version } = await serverPlaylist();
    const since = now;
    for (;;) {
      const waited = now - since;
      if ((await savedVersion()) === version || waited > limit + MINUTE) {
        catchUps.push({ reason, ms: waited, limit });
        if (values.verbose) say(`caught up in ${waited / 1000} s after ${reason}`);
        if (waited > limit) {
          fail(`caught up ${waited / 1000} s after ${reason} (limit ${limit / 1000} s)`);
          if (values.verbose) {
            say(`  the wall shows: ${JSON.stringify(await page!.evaluate('document.body.innerText.slice(0, 200)'))}`);
            await page!.screenshot({ path: path.join(work, `late-${index}-${catchUps.length}.png`) });
            say(`  its last requests:\n${gate.recent.join('\n')}`);
            const events = await page!.evaluate<[number, string][]>('window.__soak.events');
            say(
              `  the page's last events:\n${events.map(([at, what]) => `${((at - since) / 1000).toFixed(1)} s ${what}`).join('\n')}`,
            );
          }
        }
        return;
      }
      await advance(now + 1000);
    }
  };

  let peakCache = { usage: 0, quota: 0, files: 0 };
  let daysWithEvictions = 0;
  let lastDay = Math.floor(now / DAY);
  let lastReport = Date.now();
  const everyStride = async () => {
    if (!page) return;
    await collect();
    if (Math.floor(now / DAY) !== lastDay) {
      lastDay = Math.floor(now / DAY);
      const cache = await cacheState(page);
      if (cache.usage > peakCache.usage)
        peakCache = { usage: cache.usage, quota: cache.quota, files: cache.files.length };
      daysWithEvictions += checkCache(cache.files);
      if (values['heap-snapshots']) {
        // What the page's heap holds at each midnight (UTC), for finding what grows.
        const file = path.join(work, `heap-${index}-day-${((now - start) / DAY).toFixed(1)}.heapsnapshot`);
        writeFileSync(file, await heapSnapshot(cdp!));
        say(`heap snapshot ${file}`);
      }
    }
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      const real = (Date.now() - realStart) / 1000;
      say(`day ${((now - start) / DAY).toFixed(2)} of ${DAYS} after ${Math.round(real)} s`);
      if (values.verbose) {
        say(JSON.stringify(await page.evaluate('window.__soak.stats')));
        const events = await page.evaluate<[number, string][]>('window.__soak.events');
        say(
          `the page's last events:\n${events.map(([at, what]) => `${new Date(at).toISOString()} ${what}`).join('\n')}`,
        );
      }
    }
  };

  /** When each stored file last came on screen, as the wall's switches showed (all its browsers). */
  const lastShown = new Map<string, number>();
  function checkCache(files: string[]): number {
    // The news file on screen last is the playlist's: always kept. Of the news files no longer
    // in the playlist, the least recently shown go first (one never shown before any other).
    const cached = new Set(files);
    const news = venue.newsFiles.map((f) => f.path);
    const current = news.filter((f) => lastShown.has(f)).sort((a, b) => lastShown.get(b)! - lastShown.get(a)!)[0];
    if (current && !cached.has(current)) fail(`the playlist's file ${current} is not in the cache`);
    const left = news.filter((f) => f !== current);
    const kept = left.filter((f) => cached.has(f));
    const evicted = left.filter((f) => !cached.has(f));
    if (kept.length && evicted.length) {
      const shown = (f: string) => lastShown.get(f) ?? 0;
      const newestEvicted = Math.max(...evicted.map(shown));
      const oldestKept = Math.min(...kept.map(shown));
      if (newestEvicted > oldestKept) fail('a more recently shown file was evicted before an older one');
    }
    return evicted.length > 0 ? 1 : 0;
  }

  // ---- Start: the wall pairs, as an installer does
  await launch(false);
  await until(`Boolean(document.querySelector('[data-testid="pairing-code"]')?.textContent?.trim())`, 'pairing code');
  const code = (await page!.getByTestId('pairing-code').textContent())!.replace(/\s/g, '');
  const paired = await (
    await admin()
  ).rpc('pair_screen', { p_code: code, p_customer_id: venue.customerId, p_device_name: deviceName });
  if (paired.error) throw new Error(`pair_screen: ${paired.error.message}`);
  const device = await service.from('equipment_status').select('id').eq('device_name', deviceName).single();
  if (device.error) throw new Error(`device: ${device.error.message}`);
  deviceId = device.data.id;
  await until(`Boolean(document.querySelector('[data-visible="true"] img'))`, 'first slide');
  say('paired, playing');
  await advance(start);
  life().warm = await metrics();

  // ---- The month
  const checks: Check[] = [];
  const counts: Record<string, number> = {};
  for (const event of events) {
    if (event.at >= end) break;
    if (event.at > now) await advance(event.at);
    counts[event.kind] = (counts[event.kind] ?? 0) + 1;
    const eventStart = Date.now();
    const inPage = realMs.running + realMs.looking;
    if (values.verbose && event.kind !== 'change' && event.kind !== 'check')
      say(`${new Date(now).toISOString()} ${JSON.stringify(event)}`);
    switch (event.kind) {
      case 'change':
        setStackClock(now);
        await changeNews(stack.url, venue);
        break;
      case 'media':
        setStackClock(now);
        await newNewsImage(stack.url, venue, now);
        break;
      case 'check': {
        if (!page) break;
        const from = event.at + 90_000;
        const playlist = await serverPlaylist(from);
        const onAir = playlist.slides.filter((s) => s.on_air && s.is_active);
        const loop = onAir.reduce((a, s) => a + s.duration * 1000, 0);
        checks.push({
          reason: event.reason,
          from,
          to: from + loop + 2 * SLIDE_SECONDS * 1000,
          expected: [...new Set(onAir.map((s) => s.id))],
        });
        break;
      }
      case 'drop':
      case 'offline': {
        gate.set('cut');
        await context!.setOffline(true);
        setStackClock(now);
        await changeNews(stack.url, venue);
        await advance(event.at + event.ms);
        gate.set('open');
        await context!.setOffline(false);
        await catchUp(
          event.kind === 'offline' ? 'a week offline' : `drop of ${Math.round(event.ms / 1000)} s`,
          CATCH_UP_MS,
        );
        break;
      }
      case 'no-realtime': {
        gate.set('no-realtime');
        setStackClock(now);
        await changeNews(stack.url, venue);
        await catchUp('Realtime down', CATCH_UP_POLL_MS);
        await advance(event.at + event.ms);
        gate.set('open');
        break;
      }
      case 'restart': {
        say(`stack restart (${Math.round(event.ms / 1000)} s down)`);
        await stack.halt();
        await advance(event.at + event.ms);
        setStackClock(now);
        await stack.resume();
        setStackClock(now);
        // Something changed while the stack was away: the wall must catch up.
        await changeNews(stack.url, venue);
        await catchUp('stack restart', CATCH_UP_MS);
        break;
      }
      case 'relaunch': {
        say(`browser killed${event.offline ? ', relaunched offline' : ''}`);
        await kill();
        // The watchdog's delay: the wall is dark (its stack's time goes on).
        now = event.at + event.ms;
        setStackClock(now);
        if (event.offline) gate.set('cut');
        await launch(event.offline);
        await until('window.__soak.firstPicture !== null', 'a picture after relaunch', 30_000);
        if (event.offline) {
          await changeNews(stack.url, venue);
          await advance(now + 10 * MINUTE);
          gate.set('open');
          await context!.setOffline(false);
          await catchUp('relaunched offline, network back', CATCH_UP_MS);
        } else {
          await catchUp('relaunch', CATCH_UP_MS);
        }
        await advance(now + HOUR / 4);
        life().warm = await metrics();
        break;
      }
    }
    realMs.soak += Date.now() - eventStart - (realMs.running + realMs.looking - inPage);
  }

  // ---- The end: the network open, everything uploaded
  gate.set('open');
  await advance(end + 20 * MINUTE);
  await collect();
  const session = cdp as CDPSession | null;
  if (process.env.SOAK_CPU_PROFILE && session) {
    const { profile: cpu } = await session.send('Profiler.stop');
    writeFileSync(`${process.env.SOAK_CPU_PROFILE}-${index}.cpuprofile`, JSON.stringify(cpu));
  }
  life().last = await metrics();
  life().to = now;

  // ---- Rules
  // Right slides at the right local time.
  let passed = 0;
  let skipped = 0;
  for (const check of checks) {
    const l = lives.find((x) => x.from <= check.from && (x.to ?? Infinity) >= check.to);
    if (!l) {
      skipped++;
      continue;
    }
    const before = l.switches.filter((sw) => sw[0] <= check.from).at(-1);
    const shown = new Set(
      [...(before ? [before] : []), ...l.switches.filter((sw) => sw[0] > check.from && sw[0] <= check.to)]
        .map((sw) => sw[1])
        .filter(Boolean),
    );
    const expected = new Set(check.expected);
    const missing = [...expected].filter((id) => !shown.has(id));
    const extra = [...shown].filter((id) => !expected.has(id));
    if (missing.length || extra.length)
      fail(`${check.reason}: ${missing.length} slides on air not shown, ${extra.length} shown off air`);
    else passed++;
  }

  // Every play recorded exactly once: the plays that ended before the wall's last two uploads
  // (it sends its queue once a minute and is still playing; the later ones are on their way).
  const counted = now - 2 * MINUTE;
  let expected = 0;
  for (const l of lives) {
    for (let i = 0; i + 1 < l.switches.length; i++) {
      const [at, slide] = l.switches[i]!;
      const ended = l.switches[i + 1]![0];
      if (slide && ended - at >= 500 && ended <= counted) expected++;
    }
  }
  // A play's record starts at its switch, within a second (the wall's clock set by the server's).
  const lastCounted = lives
    .flatMap((l) => l.switches.filter((sw, i) => sw[1] && (l.switches[i + 1]?.[0] ?? Infinity) <= counted))
    .reduce((a, sw) => Math.max(a, sw[0]), 0);
  const recorded = await service
    .from('plays')
    .select('id', { count: 'exact', head: true })
    .eq('device_id', deviceId)
    .lte('started_at', new Date(lastCounted + 1000).toISOString());
  const refusals = await service.from('play_refusals').select('plays').eq('device_id', deviceId);
  const refused = (refusals.data ?? []).reduce((a, r) => a + Number(r.plays), 0);
  if (recorded.count !== expected) {
    fail(`${recorded.count} plays recorded, ${expected} played`);
    // Which: the plays shown that the server has no play for (within a second of their start).
    const starts: number[] = [];
    for (let from = 0; ; from += 1000) {
      const page = await service
        .from('plays')
        .select('started_at')
        .eq('device_id', deviceId)
        .order('started_at')
        .range(from, from + 999);
      starts.push(...(page.data ?? []).map((r) => Date.parse(r.started_at as string)));
      if (!page.data || page.data.length < 1000) break;
    }
    const missing: string[] = [];
    for (const l of lives) {
      for (let i = 0; i + 1 < l.switches.length && missing.length < 5; i++) {
        const [at, slide] = l.switches[i]!;
        if (!slide || l.switches[i + 1]![0] - at < 500 || l.switches[i + 1]![0] > counted) continue;
        if (!starts.some((t) => Math.abs(t - at) <= 1000))
          missing.push(
            `${new Date(at).toISOString()} (${slide.slice(0, 8)}, shown ${(l.switches[i + 1]![0] - at) / 1000} s)`,
          );
      }
    }
    say(`  played but not recorded: ${missing.join(', ') || 'none found by start'}`);
  }
  if (refused > 0) fail(`${refused} plays refused`);

  // Frames, text, memory.
  for (const [i, l] of lives.entries()) {
    const browser = `browser ${i + 1}`;
    if (l.blankFrames > 0)
      fail(`${browser}: ${l.blankFrames} frames without a picture ${JSON.stringify(l.blanks.slice(0, 3))}`);
    if (l.texts.length > 0) fail(`${browser}: text on the wall: ${l.texts.slice(0, 3).join(' | ')}`);
    if (l.warm && l.last) {
      const growth = l.last.heapMb - l.warm.heapMb;
      if (growth > HEAP_GROWTH_MB) fail(`${browser}: heap grew ${growth.toFixed(1)} MB`);
      if (l.last.nodes > l.warm.nodes * 1.1 + 50) fail(`${browser}: DOM nodes ${l.warm.nodes} → ${l.last.nodes}`);
      if (l.last.listeners > l.warm.listeners * 1.1 + 20)
        fail(`${browser}: listeners ${l.warm.listeners} → ${l.last.listeners}`);
      if (l.last.objectUrls > l.warm.objectUrls + 2)
        fail(`${browser}: object URLs ${l.warm.objectUrls} → ${l.last.objectUrls}`);
    }
  }

  await (context as BrowserContext | null)?.close().catch(() => undefined);
  await gate.close();
  running.delete(stopStack);
  await stack.stop();
  return {
    wall: name,
    failures,
    checks: { passed, skipped, total: checks.length },
    catchUps,
    plays: { expected, recorded: recorded.count ?? -1, refused },
    events: counts,
    cache: {
      peakUsageMb: +(peakCache.usage / 1048576).toFixed(1),
      quotaMb: +(peakCache.quota / 1048576).toFixed(1),
      peakFiles: peakCache.files,
      daysWithEvictions,
    },
    requests: gate.counts,
    realSeconds: Object.fromEntries(Object.entries(realMs).map(([k, v]) => [k, Math.round(v / 1000)])),
    browsers: lives.map((l) => ({
      days: +(((l.to ?? now) - l.from) / DAY).toFixed(2),
      slideChanges: l.switches.length,
      frames: l.frames,
      blankFrames: l.blankFrames,
      textsShown: l.texts.length,
      heapMb: l.warm && l.last ? `${l.warm.heapMb.toFixed(1)} → ${l.last.heapMb.toFixed(1)}` : null,
      devtoolsRecordsMb: l.warm && l.last ? `${l.warm.devtoolsMb.toFixed(1)} → ${l.last.devtoolsMb.toFixed(1)}` : null,
      domNodes: l.warm && l.last ? `${l.warm.nodes} → ${l.last.nodes}` : null,
      listeners: l.warm && l.last ? `${l.warm.listeners} → ${l.last.listeners}` : null,
      objectUrls: l.warm && l.last ? `${l.warm.objectUrls} → ${l.last.objectUrls}` : null,
      settleTimeouts: l.settleTimeouts,
    })),
  };
}

/**
 * What the wall's media cache holds: its files and their bytes (summed from the cache itself:
 * Chromium enforces Storage.overrideQuotaForOrigin but navigator.storage.estimate() does not show it).
 */
async function cacheState(page: Page) {
  return page.evaluate<{ usage: number; quota: number; files: string[] }>(`(async () => {
    const files = [];
    let usage = 0;
    for (const name of (await caches.keys()).filter((n) => n.includes('media'))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        files.push(decodeURIComponent(new URL(request.url).pathname.split('/').pop()));
        const answer = await cache.match(request);
        usage += answer ? (await answer.blob()).size : 0;
      }
    }
    return { usage, quota: ${QUOTA}, files };
  })()`);
}

function summarise(items: CatchUp[]) {
  const group = (filter: (i: (typeof items)[number]) => boolean) => {
    const ms = items
      .filter(filter)
      .map((i) => i.ms)
      .sort((a, b) => a - b);
    if (!ms.length) return null;
    return { count: ms.length, medianS: ms[Math.floor(ms.length / 2)]! / 1000, maxS: ms.at(-1)! / 1000 };
  };
  return {
    afterDrop: group((i) => i.reason.startsWith('drop')),
    afterWeekOffline: group((i) => i.reason === 'a week offline'),
    afterStackRestart: group((i) => i.reason === 'stack restart'),
    afterRelaunch: group((i) => i.reason.startsWith('relaunch')),
    withoutRealtime: group((i) => i.reason === 'Realtime down'),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
