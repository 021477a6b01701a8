// `npm run bench:player [-- --duration-ms N] [-- --slides N] [-- --media mixed]`: the player
// in Chromium with a campaign of image slides at 5 s (the shortest duration a slide may
// have), or with --media mixed image and video slides (image, video, video, image, video, …;
// the videos are the 5-second test patterns of tests/e2e/fixtures). Starts its own test
// stack, builds and serves the app, and measures:
//  - first slide: from navigation start to the first frame with a decoded slide image on screen;
//  - blank frames: frames with no picture on screen (no decoded image, or no frame of the
//    video drawn yet), sampled every animation frame, and the longest stretch between pictures;
//  - video start: from a switch to a video until a frame of it is on screen, and until it plays;
//  - dropped frames: the videos' own count (getVideoPlaybackQuality) over all their frames;
//  - drift: each slide change against its schedule (first change + n × 5 s);
//  - JS heap (CDP Performance.getMetrics, after a forced GC) before and after.
// 200 transitions take 1000 s (--transitions N for another count); --duration-ms runs for
// that long instead. --cpu-throttle N slows the page's CPU N times (CDP
// Emulation.setCPUThrottlingRate), a repeatable stand-in for a busy machine or a slow kiosk.
//
// --start cold|warm|warm-offline|all (with --runs N, default 7) measures the start instead,
// navigation start to the first slide on screen, N times each, and prints median and p95:
//  - cold: a new browser profile each run (nothing cached: no service worker, no playlist,
//    no media on the device);
//  - warm: one persistent profile (its own --user-data-dir) that played, the browser killed
//    (SIGKILL of its process group, as a kiosk's watchdog does) and launched again on it;
//  - warm-offline: the same relaunch with the network down: the browser's every request,
//    the app's own origin and the stack's included, goes to a proxy that is not there
//    (--proxy-server with loopback not bypassed), so pages, the service worker and the
//    player's reads all fail at once, as on a kiosk whose cable is out.
// Each warm run also records whether the wall's loading screen was ever on screen before
// the first slide (a warm start should go straight to the slide it was on).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { DEFAULT_ANON_KEY } from 'supabase-local';
import { buildAndPreview } from './app-preview.ts';
import { findChromium } from '../tests/support/chromium.ts';
import { startProductStack } from '../tests/support/product-stack.ts';
import { createPlayerCustomer } from '../tests/e2e/player-support.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SLIDE_MS = 5000;

const { values } = parseArgs({
  options: {
    'duration-ms': { type: 'string' },
    transitions: { type: 'string', default: '200' },
    slides: { type: 'string', default: '5' },
    media: { type: 'string', default: 'images' },
    'cpu-throttle': { type: 'string', default: '1' },
    start: { type: 'string' },
    runs: { type: 'string', default: '7' },
    timeline: { type: 'boolean', default: false },
    'cpu-profile': { type: 'boolean', default: false },
  },
});
const START_PHASES = ['cold', 'warm', 'warm-offline'] as const;
type StartPhase = (typeof START_PHASES)[number];
const startPhases: StartPhase[] =
  values.start === undefined
    ? []
    : values.start === 'all'
      ? [...START_PHASES]
      : values.start.split(',').map((p) => {
          if (!(START_PHASES as readonly string[]).includes(p)) throw new Error(`--start: ${p}? (cold, warm, warm-offline or all)`);
          return p as StartPhase;
        });
const runs = Number(values.runs);
const transitions = values['duration-ms']
  ? Math.max(2, Math.floor(Number(values['duration-ms']) / SLIDE_MS))
  : Number(values.transitions);
const slideCount = Number(values.slides);
const mixed = values.media === 'mixed';
/** Mixed: image, video, video, image, video, … (every kind of switch: image→video, video→video, video→image). */
const kinds = Array.from({ length: slideCount }, (_, i) => (mixed && [1, 2, 4].includes(i % 5) ? 'video' : 'image'));
const cpuThrottle = Number(values['cpu-throttle']);
const basePort = Number(process.env.BENCH_BASE_PORT ?? process.env.E2E_BASE_PORT ?? 57000);
const appPort = basePort + 80;

// Runs in the page from its first script: a frame sampler, a slide-change recorder and the
// videos' own frame counts (read from each video element as it leaves the page).
const SAMPLER = `(() => {
  const s = (window.__bench = {
    firstImage: null, firstRender: null, loadingSeen: false, lastImageFrame: null, longestGap: 0, blankFrames: 0, frames: 0, changes: [],
    blanks: [], videoStarts: [], videoPlays: [], videoFrames: 0, droppedFrames: 0, videosPlayed: 0, droppedPerVideo: [],
  });
  // Videos with a frame handed to the compositor (requestVideoFrameCallback).
  const drawn = new WeakSet();
  const counted = new WeakSet();
  const count = (video) => {
    if (counted.has(video) || typeof video.getVideoPlaybackQuality !== 'function') return;
    counted.add(video);
    const q = video.getVideoPlaybackQuality();
    if (q.totalVideoFrames === 0) return;
    s.videoFrames += q.totalVideoFrames;
    s.droppedFrames += q.droppedVideoFrames;
    s.droppedPerVideo.push(q.droppedVideoFrames);
    s.videosPlayed++;
  };
  const onVideo = (video) => {
    if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => drawn.add(video));
    else drawn.add(video);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) if (n.nodeType === 1) (n.matches('video') ? [n] : n.querySelectorAll('video')).forEach(onVideo);
      for (const n of r.removedNodes) if (n.nodeType === 1) (n.matches('video') ? [n] : n.querySelectorAll('video')).forEach(count);
    }
  }).observe(document, { childList: true, subtree: true });
  window.__countVideos = () => document.querySelectorAll('video').forEach(count);

  // A switch to a video: when its picture is first on screen, and when it first plays on.
  let pending = null;
  const painted = () => {
    const layer = document.querySelector('[data-visible="true"]');
    if (!layer) return false;
    const img = layer.querySelector('img');
    if (img) return img.complete && img.naturalWidth > 0;
    const video = layer.querySelector('video');
    return Boolean(video && video.readyState >= 2 && drawn.has(video));
  };
  const frame = (t) => {
    const ok = painted();
    // Anything of the app on screen yet, and the wall's loading screen (a spinner) before the first slide.
    if (s.firstRender === null && document.getElementById('root')?.firstElementChild) s.firstRender = performance.now();
    if (s.firstImage === null && document.querySelector('[role="status"], .animate-spin')) s.loadingSeen = true;
    if (s.firstImage !== null) {
      s.frames++;
      if (ok) {
        s.longestGap = Math.max(s.longestGap, t - s.lastImageFrame);
        s.lastImageFrame = t;
      } else {
        s.blankFrames++;
        // What was on screen instead: the first 50 blank frames, for finding their cause.
        if (s.blanks.length < 50) {
          const layer = document.querySelector('[data-visible="true"]');
          const video = layer && layer.querySelector('video');
          const player = document.querySelector('[data-testid="player"]');
          s.blanks.push({
            msAfterSwitch: Math.round(performance.now() - (s.changes[s.changes.length - 1] ?? 0)),
            slideIndex: player ? Number(player.dataset.slideIndex) : null,
            shown: !layer ? 'no visible layer' : video ? 'video' : layer.querySelector('img') ? 'image' : 'nothing',
            readyState: video ? video.readyState : null,
            frameDrawn: video ? drawn.has(video) : null,
          });
        }
      }
    } else if (ok) {
      s.firstImage = performance.now();
      s.lastImageFrame = t;
    }
    if (pending) {
      const video = document.querySelector('[data-visible="true"] video');
      const now = performance.now();
      if (ok && pending.picture === null) pending.picture = now - pending.at;
      if (video && video.currentTime > 0 && !video.paused && pending.playing === null) pending.playing = now - pending.at;
      if (pending.picture !== null && pending.playing !== null) {
        s.videoStarts.push(pending.picture);
        s.videoPlays.push(pending.playing);
        pending = null;
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const watch = () => {
    const player = document.querySelector('[data-testid="player"]');
    if (!player) return setTimeout(watch, 20);
    new MutationObserver(() => {
      const at = performance.now();
      s.changes.push(at);
      pending = document.querySelector('[data-visible="true"] video') ? { at, picture: null, playing: null } : null;
    }).observe(player, {
      attributes: true,
      attributeFilter: ['data-slide-index'],
    });
  };
  watch();
})()`;

interface BenchState {
  firstImage: number | null;
  longestGap: number;
  blankFrames: number;
  blanks: unknown[];
  frames: number;
  changes: number[];
  videoStarts: number[];
  videoPlays: number[];
  videoFrames: number;
  droppedFrames: number;
  videosPlayed: number;
  droppedPerVideo: number[];
}

const slidesUrl = () => `http://127.0.0.1:${appPort}/slides`;
const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)));

interface StartRun {
  firstSlideMs: number;
  /** The first frame with anything of the app on screen. */
  firstRenderMs: number | null;
  loadingScreenSeen: boolean;
  /** With --timeline: the page's requests (start → end, ms after navigation start). */
  timeline?: string[];
  /** With --cpu-profile: the main thread's time to the first slide by script (self time, ms). */
  cpu?: Record<string, number>;
}

function summary(list: StartRun[]) {
  const sorted = list.map((r) => r.firstSlideMs).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return {
    firstSlideMs: { median: at(0.5), p95: at(0.95), min: sorted[0], max: sorted[sorted.length - 1] },
    runsMs: list.map((r) => r.firstSlideMs),
    firstRenderMs: list.map((r) => r.firstRenderMs),
    loadingScreenSeen: list.filter((r) => r.loadingScreenSeen).length,
    ...(values.timeline && { timelineOfLastRun: list[list.length - 1]!.timeline }),
    ...(values['cpu-profile'] && { cpuOfLastRun: list[list.length - 1]!.cpu }),
  };
}

/** Navigates a page to the wall and reads its first slide (and what was on screen before it). */
async function firstSlide(context: BrowserContext): Promise<StartRun> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  if (values['cpu-profile']) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
  }
  await page.goto(slidesUrl(), { waitUntil: 'commit' });
  await page.waitForFunction('window.__bench && window.__bench.firstImage !== null', undefined, { timeout: 30_000 });
  let cpu: Record<string, number> | undefined;
  if (values['cpu-profile']) {
    const { profile } = await cdp.send('Profiler.stop');
    // Self time up to the first slide, by script (and the engine's own work: parse and compile, GC).
    // The profile starts just before the navigation: samples within the first slide's time of its start.
    const firstImageUs = (await page.evaluate<number>('window.__bench.firstImage')) * 1000;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const totals = new Map<string, number>();
    let t = profile.startTime;
    profile.samples?.forEach((id, i) => {
      t += profile.timeDeltas![i]!;
      if (t - profile.startTime > firstImageUs) return;
      const frame = nodes.get(id)!.callFrame;
      const where = frame.url ? frame.url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+/, '') : frame.functionName;
      totals.set(where, (totals.get(where) ?? 0) + profile.timeDeltas![i]! / 1000);
    });
    cpu = Object.fromEntries(
      [...totals]
        .filter(([where]) => where !== '(idle)')
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([where, ms]) => [where, Math.round(ms)]),
    );
  }
  const run = await page.evaluate<{ firstImage: number; firstRender: number | null; loadingSeen: boolean }>(
    '({ firstImage: window.__bench.firstImage, firstRender: window.__bench.firstRender, loadingSeen: window.__bench.loadingSeen })',
  );
  const timeline = values.timeline
    ? await page.evaluate<string[]>(`(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const rows = [\`navigation \${Math.round(nav.requestStart)}→\${Math.round(nav.responseEnd)} dcl \${Math.round(nav.domContentLoadedEventEnd)} (worker \${Math.round(nav.workerStart)})\`];
        for (const e of performance.getEntriesByType('resource')) {
          if (e.startTime > window.__bench.firstImage) continue;
          rows.push(\`\${Math.round(e.startTime)}→\${Math.round(e.responseEnd)} \${e.name.replace(location.origin, '').slice(0, 90)}\`);
        }
        for (const m of performance.getEntriesByType('mark')) rows.push(\`mark \${m.name} \${Math.round(m.startTime)}\`);
        return rows;
      })()`)
    : undefined;
  return {
    firstSlideMs: Math.round(run.firstImage),
    firstRenderMs: run.firstRender === null ? null : Math.round(run.firstRender),
    loadingScreenSeen: run.loadingSeen,
    ...(timeline && { timeline }),
    ...(cpu && { cpu }),
  };
}

/** Cold: a new profile each time (a browser context keeps nothing from the one before). */
async function coldStarts(browser: Browser, setUp: string[]) {
  const list: StartRun[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    for (const script of setUp) await context.addInitScript(script);
    await context.addInitScript(SAMPLER);
    list.push(await firstSlide(context));
    await context.close();
    console.error(`cold ${i + 1}/${runs}: ${list[i]!.firstSlideMs} ms`);
  }
  return summary(list);
}

/**
 * A kiosk's browser on a profile of its own, started as a process group of its own so that
 * it can be killed as a watchdog kills it (no orderly shutdown), and driven over CDP.
 */
async function launchKiosk(executablePath: string, profile: string, offline: boolean) {
  const child: ChildProcess = spawn(
    executablePath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--window-size=1280,800',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      ...(offline ? ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>'] : []),
      'about:blank',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${text}`)), 30_000);
    child.stderr!.on('data', (data: Buffer) => {
      text += data.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${text}`)));
  });
  child.stderr!.resume();
  const browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0]!;
  const kill = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await exited;
  };
  return { browser, context, kill };
}

/**
 * Warm: the kiosk plays once on a new profile (its service worker installed, the playlist, the
 * place and the media kept), then, each run, is killed and launched again on the same profile,
 * online or offline, to its first slide. Between runs it plays a slide change on, and waits for
 * the browser to have written what it keeps (localStorage reaches the disk within seconds).
 */
async function warmStarts(executablePath: string, setUp: string[], phase: StartPhase) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-player-kiosk-'));
  const offline = phase === 'warm-offline';
  try {
    {
      const kiosk = await launchKiosk(executablePath, profile, false);
      for (const script of setUp) await kiosk.context.addInitScript(script);
      await kiosk.context.addInitScript(SAMPLER);
      const first = await firstSlide(kiosk.context);
      const page = kiosk.context.pages().find((p) => p.url().startsWith(slidesUrl()))!;
      await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 });
      await page.waitForFunction('window.__bench.changes.length >= 2', undefined, { timeout: 30_000 });
      await sleep(6000);
      console.error(`${phase}: played once on a new profile (first slide ${first.firstSlideMs} ms)`);
      await kiosk.kill();
    }
    const list: StartRun[] = [];
    for (let i = 0; i < runs; i++) {
      const kiosk = await launchKiosk(executablePath, profile, offline);
      await kiosk.context.addInitScript(SAMPLER);
      list.push(await firstSlide(kiosk.context));
      const page = kiosk.context.pages().find((p) => p.url().startsWith(slidesUrl()))!;
      await page.waitForFunction('window.__bench.changes.length >= 1', undefined, { timeout: 30_000 });
      await sleep(6000);
      await kiosk.kill();
      console.error(`${phase} ${i + 1}/${runs}: ${list[i]!.firstSlideMs} ms`);
    }
    return summary(list);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (see tests/support/chromium.ts).');
  const stack = await startProductStack({ basePort, name: `bench-player-${basePort}` });
  const outDir = path.join(ROOT, '.local', 'bench-player', 'dist');
  const server = await buildAndPreview({
    outDir,
    stackUrl: stack.url,
    anonKey: stack.env.ANON_KEY ?? DEFAULT_ANON_KEY,
    port: appPort,
    root: ROOT,
  });
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const customer = await createPlayerCustomer(stack.url, { kinds, seconds: SLIDE_MS / 1000 });
  try {
    const login = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: DEFAULT_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    const session = await login.text();
    const storageKey = `sb-${new URL(stack.url).hostname.split('.')[0]}-auth-token`;
    // A kiosk set up before: signed in, and told once which of the venue's screens it is.
    const kioskSetUp = [
      `localStorage.setItem(${JSON.stringify(storageKey)}, ${JSON.stringify(session)});`,
      `localStorage.setItem('signage-player:device-id', ${JSON.stringify(customer.deviceId)});`,
    ];
    if (startPhases.length > 0) {
      const results: Record<string, unknown> = {};
      for (const phase of startPhases) {
        results[phase] =
          phase === 'cold' ? await coldStarts(browser, kioskSetUp) : await warmStarts(executablePath, kioskSetUp, phase);
      }
      console.log(
        JSON.stringify(
          { date: new Date().toISOString(), load: loadAverage(), slides: slideCount, runs, cpuThrottle, start: results },
          null,
          2,
        ),
      );
      return;
    }

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    for (const script of kioskSetUp) await page.addInitScript(script);
    await page.addInitScript(SAMPLER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    };

    await page.goto(`http://127.0.0.1:${appPort}/slides`);
    await page.waitForFunction('window.__bench.firstImage !== null', undefined, { timeout: 30_000 });
    const firstImage = await page.evaluate<number>('window.__bench.firstImage');
    // Let the first loop cache every image before the "before" heap reading.
    await page.waitForFunction(`window.__bench.changes.length >= ${Math.min(slideCount, transitions)}`, undefined, {
      timeout: slideCount * SLIDE_MS + 30_000,
    });
    const heapBefore = await heap();

    console.error(`running ${transitions} transitions (~${Math.round((transitions * SLIDE_MS) / 1000)} s)...`);
    await page.waitForFunction(`window.__bench.changes.length >= ${transitions + 1}`, undefined, {
      timeout: (transitions + 2) * SLIDE_MS + 60_000,
      polling: 1000,
    });
    const heapAfter = await heap();
    await page.evaluate('window.__countVideos()');
    const state = await page.evaluate<BenchState>('window.__bench');

    const origin = state.changes[0]!;
    const drifts = state.changes.slice(0, transitions + 1).map((t, n) => Math.abs(t - (origin + n * SLIDE_MS)));
    const intervals = state.changes.slice(1, transitions + 1).map((t, i) => t - state.changes[i]!);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
    const spread = (values: number[]) =>
      values.length === 0
        ? null
        : {
            mean: Math.round(values.reduce((a, b) => a + b, 0) / values.length),
            max: Math.round(Math.max(...values)),
          };
    const result = {
      date: new Date().toISOString(),
      media: mixed ? `mixed (${kinds.join(', ')})` : 'images',
      slides: slideCount,
      slideSeconds: SLIDE_MS / 1000,
      transitions,
      cpuThrottle,
      runSeconds: Math.round((state.changes[transitions]! - origin) / 1000),
      firstSlideMs: Math.round(firstImage),
      framesSampled: state.frames,
      blankFrames: state.blankFrames,
      ...(state.blanks.length > 0 ? { blankFrameDetails: state.blanks } : {}),
      longestFrameGapMs: Math.round(state.longestGap),
      ...(mixed
        ? {
            videoSwitches: state.videoStarts.length,
            videoPictureAfterSwitchMs: spread(state.videoStarts),
            videoPlayingAfterSwitchMs: spread(state.videoPlays),
            videosPlayed: state.videosPlayed,
            videoFrames: state.videoFrames,
            droppedVideoFrames: state.droppedFrames,
            droppedPercent: state.videoFrames
              ? Number(((100 * state.droppedFrames) / state.videoFrames).toFixed(3))
              : null,
            videosWithDrops: state.droppedPerVideo.filter((n) => n > 0).length,
            mostDroppedInOneVideo: Math.max(0, ...state.droppedPerVideo),
          }
        : {}),
      maxDriftMs: Math.round(Math.max(...drifts)),
      meanDriftMs: Math.round(drifts.reduce((a, b) => a + b, 0) / drifts.length),
      slideMs: { min: Math.round(Math.min(...intervals)), max: Math.round(Math.max(...intervals)) },
      heapBeforeMb: mb(heapBefore),
      heapAfterMb: mb(heapAfter),
      heapGrowthMb: mb(heapAfter - heapBefore),
    };
    console.log(JSON.stringify(result, null, 2));
    await context.close();
  } finally {
    await customer.remove().catch(() => undefined);
    await browser.close();
    await server.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
