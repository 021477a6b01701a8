// `npm run bench:builder`: the slide builder with a 300-slide campaign in Chromium.
// Starts a test stack (PGlite unless STACK_ENGINE=postgres) and a production build of
// the app, inserts the campaign through the service role, then measures
//  * opening the builder: navigation start to all 300 rows rendered (median of 5 loads);
//  * dragging: requestAnimationFrame deltas while a row is dragged across the list
//    with a scripted mouse drag (median and p95 frame time, share of frames over 16.7 ms).
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import ws from 'ws';
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY } from 'supabase-local';
import { requireChromium } from '../tests/support/chromium.ts';
import { startProductStack } from '../tests/support/product-stack.ts';
import type { Database } from '../src/types/database.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 56500);
const APP_PORT = BASE_PORT + 80;
const SLIDES = 300;
const LOADS = 5;
const CAFE_ID = 'c0000000-0000-4000-8000-000000000001';
const ADMIN = { email: 'admin@example.com', password: 'demo-admin-pass' };

// Code run in the page, as source text: the script's own functions would carry the
// bundler's helpers (such as __name) that the page does not have.

/** Resolves with performance.now() once every row is in the page. */
const ALL_ROWS_RENDERED = `new Promise((resolve) => {
  const check = () =>
    document.querySelectorAll('[data-testid="slide-row"]').length >= ${SLIDES}
      ? resolve(performance.now())
      : requestAnimationFrame(check);
  check();
})`;

/** Records the time between animation frames until stopped. */
const START_FRAME_RECORDING = `(() => {
  window.__frames = [];
  window.__recording = true;
  let last = performance.now();
  const tick = (now) => {
    window.__frames.push(now - last);
    last = now;
    if (window.__recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const STOP_FRAME_RECORDING = `(() => {
  window.__recording = false;
  return window.__frames.slice(1);
})()`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function main() {
  const executablePath = await requireChromium();
  const stack = await startProductStack({ basePort: BASE_PORT, name: `bench-builder-${BASE_PORT}` });
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const anonKey = stack.env.ANON_KEY ?? DEFAULT_ANON_KEY;
    const service = createClient<Database>(stack.url, stack.env.SERVICE_ROLE_KEY ?? DEFAULT_SERVICE_ROLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no WebSocket of its own.
      realtime: { transport: ws as never },
    });
    const { data: campaign, error } = await service
      .from('campaigns')
      .insert({ name: `Bench ${SLIDES} slides`, customer_id: CAFE_ID, status: 'paused' })
      .select('id')
      .single();
    if (error) throw error;
    const types = ['advertisement', 'promotional', 'business_info', 'weather', 'news', 'sports'] as const;
    const rows = Array.from({ length: SLIDES }, (_, i) => {
      const slideType = types[i % types.length]!;
      return {
        campaign_id: campaign.id,
        title: `Bench slide ${i + 1}`,
        slide_type: slideType,
        content_type: ['weather', 'news', 'sports'].includes(slideType) ? 'dynamic' : 'static',
        content: slideType === 'weather' ? null : `Text of slide ${i + 1}`,
        display_order: i + 1,
        duration: 5 + (i % 20),
        settings: slideType === 'weather' ? { location: 'New York', refresh_interval: 300 } : {},
      };
    });
    const inserted = await service.from('campaign_items').insert(rows);
    if (inserted.error) throw inserted.error;

    const outDir = path.join(ROOT, '.local', 'bench', `dist-${APP_PORT}`);
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY = anonKey;
    await build({ root: ROOT, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    server = await preview({
      root: ROOT,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: APP_PORT, strictPort: true },
    });

    // Signed in as the admin: the session where supabase-js keeps it.
    const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
    const session = JSON.stringify(await response.json());
    const storageKey = `sb-${new URL(stack.url).hostname.split('.')[0]}-auth-token`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      ([key, value]) => {
        const storage = (globalThis as unknown as { localStorage: Storage }).localStorage;
        if (!storage.getItem(key)) storage.setItem(key, value);
      },
      [storageKey, session] as const,
    );
    const page = await context.newPage();
    const builderUrl = `${appUrl}/dashboard/campaigns/builder/${campaign.id}`;

    // Warm-up load (caches the bundle as a returning admin would have it).
    await page.goto(builderUrl);
    await page
      .getByTestId('slide-row')
      .nth(SLIDES - 1)
      .waitFor({ timeout: 60_000 });

    const opens: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      await page.goto(builderUrl);
      await page
        .getByTestId('slide-row')
        .nth(SLIDES - 1)
        .waitFor({ timeout: 60_000 });
      // From navigation start to the moment all rows are in the page.
      const rendered = await page.evaluate<number>(ALL_ROWS_RENDERED);
      opens.push(rendered);
    }

    // A scripted mouse drag of the first row down across the visible list, then back.
    const handle = page.getByRole('button', { name: 'Reorder Bench slide 1', exact: true });
    const box = (await handle.boundingBox())!;
    await page.evaluate(START_FRAME_RECORDING);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    const STEPS = 120;
    const distance = 700;
    for (let step = 1; step <= STEPS; step++) {
      await page.mouse.move(x, y + (distance * step) / STEPS);
    }
    for (let step = STEPS; step >= 0; step--) {
      await page.mouse.move(x, y + (distance * step) / STEPS);
    }
    await page.mouse.up();
    const frames = await page.evaluate<number[]>(STOP_FRAME_RECORDING);

    const over = frames.filter((f) => f > 1000 / 60 + 1).length;
    const result = {
      slides: SLIDES,
      engine: stack.engine,
      openMs: { median: Math.round(median(opens)), all: opens.map(Math.round) },
      dragFrames: {
        count: frames.length,
        medianMs: Number(median(frames).toFixed(1)),
        p95Ms: Number(percentile(frames, 95).toFixed(1)),
        maxMs: Number(Math.max(...frames).toFixed(1)),
        over16_7ms: `${((over / frames.length) * 100).toFixed(1)}%`,
        medianFps: Math.round(1000 / median(frames)),
      },
    };
    console.log(`Slide builder, ${SLIDES} slides (${stack.engine}, Chromium headless, 1280x800)`);
    console.log(
      `  open (navigation → all rows rendered): median ${result.openMs.median} ms [${result.openMs.all.join(', ')}]`,
    );
    console.log(
      `  drag: ${frames.length} frames, median ${result.dragFrames.medianMs} ms (${result.dragFrames.medianFps} fps), p95 ${result.dragFrames.p95Ms} ms, max ${result.dragFrames.maxMs} ms, ${result.dragFrames.over16_7ms} over 16.7 ms`,
    );
    console.log(JSON.stringify(result));
    await context.close();
  } finally {
    await browser.close();
    await server?.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
