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
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { DEFAULT_ANON_KEY } from 'supabase-local';
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
  },
});
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
    firstImage: null, lastImageFrame: null, longestGap: 0, blankFrames: 0, frames: 0, changes: [],
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

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (see tests/support/chromium.ts).');
  const stack = await startProductStack({ basePort, name: `bench-player-${basePort}` });
  const outDir = path.join(ROOT, '.local', 'bench-player', 'dist');
  process.env.VITE_SUPABASE_URL = stack.url;
  process.env.VITE_SUPABASE_ANON_KEY = stack.env.ANON_KEY ?? DEFAULT_ANON_KEY;
  await build({ root: ROOT, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: appPort, strictPort: true },
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

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(`localStorage.setItem(${JSON.stringify(storageKey)}, ${JSON.stringify(session)});`);
    // A kiosk set up before: it was told once which of the venue's screens it is.
    await page.addInitScript(`localStorage.setItem('signage-player:device-id', ${JSON.stringify(customer.deviceId)});`);
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
