// `npm run soak:wall [-- --days N] [-- --chunk-s S] [-- --seed N]`: walls playing for N days
// (30 by default) in a few minutes of real time, through what a month on a venue's wall
// brings (scripts/soak/month.ts): every midnight, both daylight-saving changes, dayparts
// opening and closing, campaigns starting and ending, token expiry and refresh, network drops,
// a week offline, stack restarts, Realtime changes, media filling the device's cache, and
// kills and relaunches of the browser. Prints one summary; exits non-zero when a rule breaks.
//
// How time is driven (docs/reliability.md):
//  - each wall's page has a virtual clock (scripts/soak/page-clock.ts): Date, performance.now(),
//    setTimeout and setInterval run on it, and it moves only when the soak says, timer by timer,
//    each page settling (its requests answered, its rendering done) before time moves on;
//  - the stack's process has the same wall clock (scripts/soak/stack-clock.ts, loaded with
//    --import): PGlite's now(), Auth's token times, Realtime's checks;
//  - the soak moves every wall and the stack together in steps (--chunk-s, 10 s by default;
//    1 s while a catch-up is being timed): the stack's clock is set to the step's start, the
//    pages run to its end. A page is thus at most one step ahead of the stack, well within the
//    5 s margin plus measured offset that record_plays allows a screen's clock.
// The stack runs on PGlite (its clock is the process's); PostgreSQL's clock cannot be moved.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { DEFAULT_ANON_KEY } from 'supabase-local';
import { findChromium } from '../tests/support/chromium.ts';
import { startProductStack } from '../tests/support/product-stack.ts';
import { nodeClient, serviceClient } from '../tests/e2e/player-support.ts';
import { DAY, HOUR, MINUTE, month, type Event, type WallPlan } from './soak/month.ts';
import { pageClockScript } from './soak/page-clock.ts';
import { startNetworkGate, type NetworkGate } from './soak/network-gate.ts';
import { changeNews, createVenue, newNewsImage, SLIDE_SECONDS, type Venue } from './soak/setup.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@example.com', password: 'demo-admin-pass' };

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '30' },
    'chunk-s': { type: 'string', default: '10' },
    seed: { type: 'string', default: '33' },
    'quota-mb': { type: 'string', default: '40' },
    verbose: { type: 'boolean', default: false },
  },
});
const DAYS = Number(values.days);
const CHUNK = Number(values['chunk-s']) * 1000;
const FINE = 1000;
const QUOTA = Number(values['quota-mb']) * 1024 * 1024;
const basePort = Number(process.env.SOAK_BASE_PORT ?? process.env.E2E_BASE_PORT ?? 58800);
const appPort = basePort + 80;
const APP = `http://127.0.0.1:${appPort}`;
const log = (...args: unknown[]) => console.error(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...args);

/** Rules: how soon a wall must catch up after the network (or the stack) is back, in virtual ms. */
const CATCH_UP_MS = 5000;
const CATCH_UP_POLL_MS = 60_000;
/** Heap growth allowed over a browser's life. */
const HEAP_GROWTH_MB = 10;

interface Metrics {
  heapMb: number;
  nodes: number;
  listeners: number;
  objectUrls: number;
}

interface Life {
  from: number;
  to: number | null;
  switches: [number, string][];
  warm: Metrics | null;
  last: Metrics | null;
  frames: number;
  blankFrames: number;
  blanks: unknown[];
  texts: string[];
  settleTimeouts: number;
}

interface Watch {
  reason: string;
  since: number;
  limit: number;
  version: string;
}

interface Wall {
  plan: WallPlan;
  index: number;
  venue: Venue;
  gate: NetworkGate;
  profile: string;
  context: BrowserContext | null;
  page: Page | null;
  cdp: CDPSession | null;
  deviceId: string;
  deviceName: string;
  lives: Life[];
  watch: Watch | null;
  deferred: Event[];
  /** When the wall's network or browser comes back (an outage under way). */
  until: { at: number; run: () => Promise<void> } | null;
  dead: boolean;
}

interface Check {
  wall: number;
  reason: string;
  from: number;
  to: number;
  expected: string[];
}

const failures: string[] = [];
const fail = (rule: string) => {
  failures.push(rule);
  log(`RULE BROKEN: ${rule}`);
};

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (see tests/support/chromium.ts).');
  const plan = month({ days: DAYS, seed: Number(values.seed) });
  const work = path.join(ROOT, '.local', `soak-wall-${basePort}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const clockFile = path.join(work, 'clock');
  writeFileSync(clockFile, String(plan.start - HOUR));
  const realStart = Date.now();

  log(`${DAYS} days from ${new Date(plan.start).toISOString()}; ${plan.events.length} events`);
  const stack = await startProductStack({
    basePort,
    engine: 'pglite',
    name: `soak-${basePort}`,
    execArgv: ['--import', path.join(ROOT, 'scripts', 'soak', 'stack-clock.ts')],
    env: { SOAK_CLOCK_FILE: clockFile },
  });
  let now = plan.start - HOUR;
  const setStackClock = (ms: number) => {
    writeFileSync(clockFile, String(ms));
    stack.send({ soakClock: ms });
  };
  setStackClock(now);

  const outDir = path.join(work, 'dist');
  process.env.VITE_SUPABASE_URL = stack.url;
  process.env.VITE_SUPABASE_ANON_KEY = stack.env.ANON_KEY ?? DEFAULT_ANON_KEY;
  await build({ root: ROOT, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: appPort, strictPort: true },
  });

  const admin = async () => {
    const client = nodeClient(stack.url, DEFAULT_ANON_KEY);
    const { error } = await client.auth.signInWithPassword(ADMIN);
    if (error) throw new Error(`admin sign-in: ${error.message}`);
    return client;
  };
  const service = serviceClient(stack.url);

  const walls: Wall[] = [];
  for (const [index, wallPlan] of plan.walls.entries()) {
    const venue = await createVenue(stack.url, wallPlan, index, plan.start, DAYS);
    walls.push({
      plan: wallPlan,
      index,
      venue,
      gate: await startNetworkGate(),
      profile: path.join(work, `profile-${index}`),
      context: null,
      page: null,
      cdp: null,
      deviceId: '',
      deviceName: `${wallPlan.name} window`,
      lives: [],
      watch: null,
      deferred: [],
      until: null,
      dead: true,
    });
  }

  // ---- A wall's browser
  const launch = async (wall: Wall, offline: boolean) => {
    wall.context = await chromium.launchPersistentContext(wall.profile, {
      executablePath,
      headless: true,
      viewport: { width: 1280, height: 720 },
      proxy: { server: `http://127.0.0.1:${wall.gate.port}`, bypass: '<-loopback>' },
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--proxy-bypass-list=<-loopback>'],
      offline,
    });
    await wall.context.addInitScript(await pageClockScript(now));
    wall.page = wall.context.pages()[0] ?? (await wall.context.newPage());
    wall.page.on('pageerror', (e) => log(`${wall.plan.name}: page error ${e.message}`));
    wall.cdp = await wall.context.newCDPSession(wall.page);
    await wall.cdp.send('Performance.enable');
    await wall.cdp.send('Storage.overrideQuotaForOrigin', { origin: APP, quotaSize: QUOTA });
    wall.lives.push({
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
    });
    await wall.page.goto(`${APP}/screen`, { waitUntil: 'domcontentloaded' });
    wall.dead = false;
  };

  const metrics = async (wall: Wall): Promise<Metrics> => {
    await wall.cdp!.send('HeapProfiler.collectGarbage');
    const { metrics: m } = await wall.cdp!.send('Performance.getMetrics');
    const value = (name: string) => m.find((x) => x.name === name)?.value ?? 0;
    return {
      heapMb: value('JSHeapUsedSize') / 1024 / 1024,
      nodes: value('Nodes'),
      listeners: value('JSEventListeners'),
      objectUrls: await wall.page!.evaluate<number>('window.__soak.liveObjectUrls'),
    };
  };

  /** Collects what the page noted since the last time (switches, frames, texts). */
  const collect = async (wall: Wall) => {
    if (wall.dead || !wall.page) return;
    const life = wall.lives[wall.lives.length - 1]!;
    const got = await wall.page.evaluate<{
      switches: [number, string][];
      frames: number;
      blankFrames: number;
      blanks: unknown[];
      texts: string[];
      settleTimeouts: number;
    }>(`(() => {
      const s = window.__soak;
      return { switches: s.drainSwitches(), frames: s.frames, blankFrames: s.blankFrames, blanks: s.blanks,
               texts: s.texts, settleTimeouts: s.settleTimeouts };
    })()`);
    life.switches.push(...got.switches);
    life.frames = got.frames;
    life.blankFrames = got.blankFrames;
    life.blanks = got.blanks;
    life.texts = got.texts;
    life.settleTimeouts = got.settleTimeouts;
  };

  const kill = async (wall: Wall) => {
    await collect(wall);
    const life = wall.lives[wall.lives.length - 1]!;
    life.last = await metrics(wall);
    life.to = now;
    // The kiosk's watchdog kills the browser: no goodbye, no unload.
    try {
      execFileSync('pkill', ['-9', '-f', `user-data-dir=${wall.profile}`]);
    } catch {
      // Already gone.
    }
    await wall.context?.close().catch(() => undefined);
    wall.context = null;
    wall.page = null;
    wall.cdp = null;
    wall.dead = true;
  };

  // ---- Moving time
  const pump = (wall: Wall, to: number) =>
    wall.dead || !wall.page ? Promise.resolve() : wall.page.evaluate<number>(`window.__soak.runUntil(${to})`).then(() => undefined);

  /** Runs every live wall (and the stack) to `to`, in steps. */
  const advance = async (to: number, step = CHUNK) => {
    while (now < to) {
      const next = Math.min(to, now + step);
      setStackClock(now);
      await Promise.all(walls.map((w) => pump(w, next)));
      now = next;
    }
  };

  /** Runs the walls until `ready` holds on `wall`'s page (checked each virtual second). */
  const until = async (wall: Wall, ready: string, what: string, limit = 2 * MINUTE) => {
    const from = now;
    for (;;) {
      if (await wall.page!.evaluate<boolean>(ready).catch(() => false)) return now - from;
      if (now - from > limit) throw new Error(`${wall.plan.name}: ${what} not within ${limit / 1000} s`);
      await advance(now + FINE, FINE);
    }
  };

  const savedVersion = (wall: Wall) =>
    wall.page!.evaluate<string | null>(`(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && key.startsWith('signage-player:playlist:')) {
          try { return JSON.parse(localStorage.getItem(key)).version ?? null; } catch { return null; }
        }
      }
      return null;
    })()`);

  const serverPlaylist = async (wall: Wall, at?: number) => {
    const client = await admin();
    const { data, error } = await client.rpc('player_playlist', {
      p_customer_id: wall.venue.customerId,
      p_device_id: wall.deviceId,
      ...(at ? { p_at: new Date(at).toISOString() } : {}),
    });
    if (error) throw new Error(`player_playlist: ${error.message}`);
    return data as unknown as { version: string; slides: { id: string; on_air: boolean; is_active: boolean; duration: number }[] };
  };

  // ---- Start: each wall pairs, as an installer does
  for (const wall of walls) {
    await launch(wall, false);
    const code = await (async () => {
      await until(wall, `Boolean(document.querySelector('[data-testid="pairing-code"]')?.textContent?.trim())`, 'pairing code');
      return (await wall.page!.getByTestId('pairing-code').textContent())!.replace(/\s/g, '');
    })();
    setStackClock(now);
    const client = await admin();
    const paired = await client.rpc('pair_screen', {
      p_code: code,
      p_customer_id: wall.venue.customerId,
      p_device_name: wall.deviceName,
    });
    if (paired.error) throw new Error(`pair_screen: ${paired.error.message}`);
    const device = await service.from('equipment_status').select('id').eq('device_name', wall.deviceName).single();
    if (device.error) throw new Error(`device: ${device.error.message}`);
    wall.deviceId = device.data.id;
    await until(wall, `Boolean(document.querySelector('[data-visible="true"] img'))`, 'first slide');
    log(`${wall.plan.name}: paired, playing`);
  }
  await advance(plan.start);
  for (const wall of walls) wall.lives[0]!.warm = await metrics(wall);

  // ---- The month
  const checks: Check[] = [];
  const catchUps: { wall: string; reason: string; ms: number; limit: number }[] = [];
  const counts: Record<string, number> = {};
  let lastDay = Math.floor(now / DAY);
  let peakCache = { usage: 0, quota: 0, files: 0 };
  let evictionsChecked = 0;

  const startWatch = async (wall: Wall, reason: string, limit: number) => {
    const { version } = await serverPlaylist(wall);
    wall.watch = { reason, since: now, limit, version };
  };

  const apply = async (event: Event) => {
    counts[event.kind] = (counts[event.kind] ?? 0) + 1;
    if (values.verbose && event.kind !== 'change') log(`${new Date(now).toISOString()} ${JSON.stringify(event)}`);
    if (event.kind === 'restart') {
      log(`stack restart (${Math.round(event.ms / 1000)} s down)`);
      await stack.halt();
      await advance(now + event.ms);
      setStackClock(now);
      await stack.resume();
      setStackClock(now);
      // Something changed while the stack was away from the walls: each must catch up.
      for (const wall of walls) {
        if (wall.dead || wall.until || wall.watch) continue;
        await changeNews(stack.url, wall.venue);
        await startWatch(wall, 'stack restart', CATCH_UP_MS);
      }
      return;
    }
    const wall = walls[event.wall]!;
    if (wall.watch || (wall.until && event.kind !== 'change' && event.kind !== 'media' && event.kind !== 'check')) {
      wall.deferred.push(event);
      return;
    }
    switch (event.kind) {
      case 'change':
        await changeNews(stack.url, wall.venue);
        return;
      case 'media':
        await newNewsImage(stack.url, wall.venue, now);
        return;
      case 'check': {
        if (wall.dead) return;
        const from = event.at + 90_000;
        const playlist = await serverPlaylist(wall, from);
        const expected = [...new Set(playlist.slides.filter((s) => s.on_air && s.is_active).map((s) => s.id))];
        const loop = playlist.slides.filter((s) => s.on_air && s.is_active).reduce((a, s) => a + s.duration * 1000, 0);
        checks.push({ wall: wall.index, reason: event.reason, from, to: from + loop + 2 * SLIDE_SECONDS * 1000, expected });
        return;
      }
      case 'drop':
      case 'offline': {
        wall.gate.set('cut');
        await wall.context!.setOffline(true);
        await changeNews(stack.url, wall.venue);
        wall.until = {
          at: event.at + event.ms,
          run: async () => {
            wall.gate.set('open');
            await wall.context!.setOffline(false);
            await startWatch(wall, event.kind === 'offline' ? 'a week offline' : `drop of ${Math.round(event.ms / 1000)} s`, CATCH_UP_MS);
          },
        };
        return;
      }
      case 'no-realtime': {
        wall.gate.set('no-realtime');
        await changeNews(stack.url, wall.venue);
        await startWatch(wall, 'Realtime down', CATCH_UP_POLL_MS);
        wall.until = { at: event.at + event.ms, run: async () => wall.gate.set('open') };
        return;
      }
      case 'relaunch': {
        log(`${wall.plan.name}: browser killed${event.offline ? ', relaunched offline' : ''}`);
        await kill(wall);
        wall.until = {
          at: event.at + event.ms,
          run: async () => {
            if (event.offline) wall.gate.set('cut');
            await launch(wall, event.offline);
            await until(wall, 'window.__soak.firstPicture !== null', 'a picture after relaunch', 30_000);
            if (event.offline) {
              await changeNews(stack.url, wall.venue);
              wall.until = {
                at: now + 10 * MINUTE,
                run: async () => {
                  wall.gate.set('open');
                  await wall.context!.setOffline(false);
                  await startWatch(wall, 'relaunched offline, network back', CATCH_UP_MS);
                },
              };
            } else {
              await startWatch(wall, 'relaunch', CATCH_UP_MS);
            }
            await advance(now + HOUR / 4);
            wall.lives[wall.lives.length - 1]!.warm = await metrics(wall);
          },
        };
        return;
      }
    }
  };

  let nextEvent = 0;
  let lastReport = Date.now();
  while (now < plan.end) {
    // Outages that end, then the month's events, then the catch-ups being timed.
    for (const wall of walls) {
      if (wall.until && wall.until.at <= now) {
        const { run } = wall.until;
        wall.until = null;
        await run();
      }
    }
    while (nextEvent < plan.events.length && plan.events[nextEvent]!.at <= now) await apply(plan.events[nextEvent++]!);
    let fine = false;
    for (const wall of walls) {
      if (!wall.watch || wall.dead) continue;
      fine = true;
      const version = await savedVersion(wall);
      const waited = now - wall.watch.since;
      if (version === wall.watch.version || waited > wall.watch.limit + MINUTE) {
        catchUps.push({ wall: wall.plan.name, reason: wall.watch.reason, ms: waited, limit: wall.watch.limit });
        if (values.verbose) log(`${wall.plan.name}: caught up in ${waited / 1000} s after ${wall.watch.reason}`);
        if (waited > wall.watch.limit) fail(`${wall.plan.name}: caught up ${waited / 1000} s after ${wall.watch.reason} (limit ${wall.watch.limit / 1000} s)`);
        wall.watch = null;
        const deferred = wall.deferred.splice(0);
        for (const e of deferred) await apply(e);
      }
    }
    await advance(now + (fine ? FINE : CHUNK), fine ? FINE : CHUNK);
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      const done = (now - plan.start) / DAY;
      const real = (Date.now() - realStart) / 1000;
      log(`day ${done.toFixed(2)} of ${DAYS} after ${Math.round(real)} s (${Math.round((now - plan.start) / 1000 / real)}× real time)`);
      if (values.verbose) {
        for (const wall of walls) {
          if (!wall.dead) log(`  ${wall.plan.name}: ${JSON.stringify(await wall.page!.evaluate('window.__soak.stats'))} timers ${await wall.page!.evaluate('window.__soak.timers()')}`);
        }
      }
    }

    if (Math.floor(now / HOUR) !== Math.floor((now - (fine ? FINE : CHUNK)) / HOUR)) {
      for (const wall of walls) await collect(wall);
    }
    if (Math.floor(now / DAY) !== lastDay) {
      lastDay = Math.floor(now / DAY);
      for (const wall of walls) {
        if (wall.dead) continue;
        const cache = await cacheState(wall.page!);
        if (cache.usage > peakCache.usage) peakCache = { usage: cache.usage, quota: cache.quota, files: cache.files.length };
        evictionsChecked += checkCache(wall, cache.files);
      }
    }
  }

  // ---- The end: outages over, everything uploaded
  for (const wall of walls) {
    if (wall.until) {
      const { run } = wall.until;
      wall.until = null;
      await run();
    }
    wall.gate.set('open');
  }
  await advance(now + 20 * MINUTE);
  for (const wall of walls) {
    await collect(wall);
    const life = wall.lives[wall.lives.length - 1]!;
    life.last = await metrics(wall);
    life.to = now;
  }

  // ---- Rules
  // Right slides at the right time.
  let checksPassed = 0;
  let checksSkipped = 0;
  for (const check of checks) {
    const wall = walls[check.wall]!;
    const life = wall.lives.find((l) => l.from <= check.from && (l.to ?? Infinity) >= check.to);
    if (!life) {
      checksSkipped++;
      continue;
    }
    const before = life.switches.filter((s) => s[0] <= check.from).at(-1);
    const shown = new Set(
      [...(before ? [before] : []), ...life.switches.filter((s) => s[0] > check.from && s[0] <= check.to)]
        .map((s) => s[1])
        .filter(Boolean),
    );
    const expected = new Set(check.expected);
    const missing = [...expected].filter((id) => !shown.has(id));
    const extra = [...shown].filter((id) => !expected.has(id));
    if (missing.length || extra.length) {
      fail(`${wall.plan.name}, ${check.reason}: ${missing.length} slides on air not shown, ${extra.length} shown off air`);
    } else checksPassed++;
  }

  // Every play recorded exactly once.
  const plays: { wall: string; expected: number; recorded: number; refused: number }[] = [];
  for (const wall of walls) {
    let expected = 0;
    for (const life of wall.lives) {
      for (let i = 0; i + 1 < life.switches.length; i++) {
        const [at, slide] = life.switches[i]!;
        if (slide && life.switches[i + 1]![0] - at >= 500) expected++;
      }
    }
    const recorded = await service.from('plays').select('id', { count: 'exact', head: true }).eq('device_id', wall.deviceId);
    const refusals = await service.from('play_refusals').select('plays').eq('device_id', wall.deviceId);
    const refused = (refusals.data ?? []).reduce((a, r) => a + (r.plays as number), 0);
    plays.push({ wall: wall.plan.name, expected, recorded: recorded.count ?? -1, refused });
    if (recorded.count !== expected) fail(`${wall.plan.name}: ${recorded.count} plays recorded, ${expected} played`);
    if (refused > 0) fail(`${wall.plan.name}: ${refused} plays refused`);
  }

  // Frames, text, memory.
  for (const wall of walls) {
    for (const [i, life] of wall.lives.entries()) {
      const name = `${wall.plan.name} (browser ${i + 1})`;
      if (life.blankFrames > 0) fail(`${name}: ${life.blankFrames} frames without a picture ${JSON.stringify(life.blanks.slice(0, 3))}`);
      if (life.texts.length > 0) fail(`${name}: text on the wall: ${life.texts.slice(0, 3).join(' | ')}`);
      if (life.warm && life.last) {
        const growth = life.last.heapMb - life.warm.heapMb;
        if (growth > HEAP_GROWTH_MB) fail(`${name}: heap grew ${growth.toFixed(1)} MB`);
        if (life.last.nodes > life.warm.nodes * 1.1 + 50) fail(`${name}: DOM nodes ${life.warm.nodes} → ${life.last.nodes}`);
        if (life.last.listeners > life.warm.listeners * 1.1 + 20)
          fail(`${name}: listeners ${life.warm.listeners} → ${life.last.listeners}`);
        if (life.last.objectUrls > life.warm.objectUrls + 2)
          fail(`${name}: object URLs ${life.warm.objectUrls} → ${life.last.objectUrls}`);
      }
    }
  }

  const realSeconds = Math.round((Date.now() - realStart) / 1000);
  const summary = {
    days: DAYS,
    from: new Date(plan.start).toISOString(),
    to: new Date(plan.end).toISOString(),
    realSeconds,
    load: (await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' '),
    events: counts,
    checks: { passed: checksPassed, skipped: checksSkipped, total: checks.length },
    catchUps: summarise(catchUps),
    plays,
    cache: { peakUsageMb: +(peakCache.usage / 1048576).toFixed(1), quotaMb: +(peakCache.quota / 1048576).toFixed(1), peakFiles: peakCache.files, evictionChecks: evictionsChecked },
    requests: Object.fromEntries(walls.map((w) => [w.plan.name, w.gate.counts])),
    walls: walls.map((w) => ({
      wall: w.plan.name,
      browsers: w.lives.map((l) => ({
        days: +(((l.to ?? now) - l.from) / DAY).toFixed(2),
        slideChanges: l.switches.length,
        frames: l.frames,
        blankFrames: l.blankFrames,
        textsShown: l.texts.length,
        heapMb: l.warm && l.last ? `${l.warm.heapMb.toFixed(1)} → ${l.last.heapMb.toFixed(1)}` : null,
        domNodes: l.warm && l.last ? `${l.warm.nodes} → ${l.last.nodes}` : null,
        listeners: l.warm && l.last ? `${l.warm.listeners} → ${l.last.listeners}` : null,
        objectUrls: l.warm && l.last ? `${l.warm.objectUrls} → ${l.last.objectUrls}` : null,
        settleTimeouts: l.settleTimeouts,
      })),
    })),
    rulesBroken: failures,
  };
  console.log(JSON.stringify(summary, null, 2));

  for (const wall of walls) {
    await wall.context?.close().catch(() => undefined);
    await wall.gate.close();
  }
  await server.close();
  await stack.stop();
  process.exitCode = failures.length > 0 ? 1 : 0;

  function checkCache(wall: Wall, files: string[]): number {
    // The playlist's files are always kept; of the others, the least recently shown go first.
    const cached = new Set(files);
    const current = wall.venue.newsFiles.at(-1)!.path;
    const needed = [...wall.venue.fixedFiles, current];
    for (const file of needed) {
      // A file of a campaign off air today may not have been fetched yet; the news and all-day ones are always on.
      if (file === current && !cached.has(file) && wall.venue.newsFiles.length > 1)
        fail(`${wall.plan.name}: the playlist's file ${file} is not in the cache`);
    }
    const left = wall.venue.newsFiles.filter((f) => f.until !== null);
    const kept = left.filter((f) => cached.has(f.path));
    const evicted = left.filter((f) => !cached.has(f.path));
    if (kept.length && evicted.length) {
      const newestEvicted = Math.max(...evicted.map((f) => f.until!));
      const oldestKept = Math.min(...kept.map((f) => f.until!));
      if (newestEvicted > oldestKept) fail(`${wall.plan.name}: a more recently shown file was evicted before an older one`);
    }
    return evicted.length > 0 ? 1 : 0;
  }
}

async function cacheState(page: Page) {
  return page.evaluate<{ usage: number; quota: number; files: string[] }>(`(async () => {
    const estimate = await navigator.storage.estimate();
    const names = await caches.keys();
    const files = [];
    for (const name of names.filter((n) => n.includes('media'))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) files.push(decodeURIComponent(new URL(request.url).pathname.split('/').pop()));
    }
    return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, files };
  })()`);
}

function summarise(items: { wall: string; reason: string; ms: number; limit: number }[]) {
  const group = (filter: (i: (typeof items)[number]) => boolean) => {
    const ms = items.filter(filter).map((i) => i.ms).sort((a, b) => a - b);
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
