// `npm run bench:admin`: how fast the admin lists are at scale. Starts its own test
// stack (PGlite, or PostgreSQL 15 with STACK_ENGINE=postgres), fills it with the large
// data set (scripts/seed-large.ts: 10,000 customers, 5,000 devices, 2,000 advertisers),
// builds and serves the app, then measures in Chromium, several runs each:
//   - navigation → the list's first page on screen (customers, advertisers, devices);
//   - typing a search → only matching rows on screen, in total (with the 300 ms
//     debounce) and from the moment the search request left;
//   - dashboard after sign-in: a new browser context with the session kept opens /dashboard;
//     from the shell's first paint (the side menu on screen) until the side menu's figures
//     and the dashboard's cards show numbers, in English and with Spanish chosen (its
//     catalogue chunk must load beside the screen's code, not after it).
// BENCH_ONLY=dashboard measures only the dashboard; BENCH_ONLY=customers,equipment only those lists.
// Prints median and p95 of each. Ports: BENCH_BASE_PORT (default 56300) and +80 for the app.
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build, preview } from 'vite';
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY } from 'supabase-local';
import { startProductStack } from '../tests/support/product-stack.ts';
import { seedLarge } from './seed-large.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 56300);
const APP_PORT = BASE_PORT + 80;
/** The browser globals the in-page functions use (this file is typed for Node). */
interface PageGlobals {
  document: { querySelector(selector: string): unknown; querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
  __t0: number;
}

const ADMIN = { email: 'admin@example.com', password: 'demo-admin-pass' };

interface ListCase {
  name: string;
  path: string;
  /** aria-label of the list's <ul>. */
  list: string;
  /** Label of the search box. */
  searchLabel: string;
  /** A search that matches some rows (by their shown text). */
  term: string;
  /** The side menu's link to the list. */
  menuLink: string;
}

const CASES: ListCase[] = [
  { name: 'customers', path: '/dashboard/customers', list: 'Customers', searchLabel: 'Search customers', term: 'Pizzeria 1', menuLink: 'Customers' },
  { name: 'advertisers', path: '/dashboard/advertisers', list: 'Advertisers', searchLabel: 'Search advertisers', term: 'Media 1', menuLink: 'Advertisers' },
  { name: 'equipment', path: '/dashboard/equipment', list: 'Devices', searchLabel: 'Search devices', term: 'SCREEN-012', menuLink: 'Equipment Status' },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)) };
}

async function session(stackUrl: string, anonKey: string): Promise<string> {
  const response = await fetch(`${stackUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  return response.text();
}

/** A fresh browser context (cold cache) with the admin's session stored as supabase-js keeps it. */
async function adminPage(browser: Browser, storageKey: string, sessionJson: string, locale = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: `http://127.0.0.1:${APP_PORT}` });
  await context.addInitScript(
    ([key, value, language]) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      storage.setItem(key, value);
      // The language chosen on this device (src/i18n).
      storage.setItem('signage:locale', language);
    },
    [storageKey, sessionJson, locale] as const,
  );
  return context.newPage();
}

/** ms since navigation start when the list first shows rows. */
async function timeToList(page: Page, c: ListCase): Promise<number> {
  await page.goto(c.path, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (label) => ((globalThis as unknown as PageGlobals).document.querySelector(`ul[aria-label="${label}"] > li`) ? performance.now() : null),
    c.list,
    { polling: 'raf', timeout: 30_000 },
  );
  const shown = (await handle.jsonValue()) as number;
  if (process.env.BENCH_DEBUG) {
    const entries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => `${Math.round(e.startTime)}+${Math.round(e.duration)} ${e.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 110)}`),
    );
    process.stdout.write(`  ${c.name}: shown at ${Math.round(shown)}\n    ${entries.join('\n    ')}\n`);
  }
  return shown;
}

/** ms from a click on the side menu (from the overview, app already loaded) until the list shows rows. */
async function timeInApp(page: Page, c: ListCase): Promise<number> {
  await page.goto('/dashboard');
  await page.getByRole('group', { name: 'Active Customers' }).locator('p.text-2xl').waitFor();
  await page.evaluate(() => {
    (globalThis as unknown as PageGlobals).__t0 = performance.now();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: c.menuLink, exact: true }).click();
  const handle = await page.waitForFunction(
    (label) =>
      (globalThis as unknown as PageGlobals).document.querySelector(`ul[aria-label="${label}"] > li`)
        ? performance.now() - (globalThis as unknown as PageGlobals).__t0
        : null,
    c.list,
    { polling: 'raf', timeout: 30_000 },
  );
  const shown = (await handle.jsonValue()) as number;
  // A slow click (an outlier) prints what the page fetched after the click, and when.
  if (process.env.BENCH_DEBUG && shown > 1000) {
    const entries = await page.evaluate(() => {
      const t0 = (globalThis as unknown as PageGlobals).__t0;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= t0 - 50)
        .map((e) => `${Math.round(e.startTime - t0)}+${Math.round(e.duration)} ${e.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 110)}`);
    });
    process.stdout.write(`  ${c.name} menu click: shown after ${Math.round(shown)}\n    ${entries.join('\n    ')}\n`);
  }
  return shown;
}

/** After typing the search: [total ms, ms from the search request leaving] until only matches show. */
async function timeToFiltered(page: Page, c: ListCase): Promise<[number, number]> {
  const box = page.getByLabel(c.searchLabel, { exact: true });
  await box.fill('');
  await page.evaluate(() => {
    (globalThis as unknown as PageGlobals).__t0 = performance.now();
    performance.clearResourceTimings();
  });
  await box.fill(c.term);
  const handle = await page.waitForFunction(
    ([label, term]) => {
      const items = Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll(`ul[aria-label="${label}"] > li`));
      if (items.length === 0 || !items.every((li) => li.textContent?.toLowerCase().includes(term.toLowerCase()))) return null;
      const now = performance.now();
      const request = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/rest/v1/') && decodeURIComponent(e.name.replace(/\+/g, ' ')).includes(term));
      const t0 = (globalThis as unknown as PageGlobals).__t0;
      return [now - t0, request ? now - request.startTime : now - t0];
    },
    [c.list, c.term] as const,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as [number, number];
}

interface DashboardTiming {
  /** ms since navigation start: the side menu painted. */
  shell: number;
  /** ms since navigation start: side menu figures and the cards' numbers on screen. */
  figures: number;
  /** Requests to dashboard_overview() and the other REST/RPC reads before the figures showed. */
  reads: string[];
  /** [start, end] ms of the route's chunk and of the language's catalogue chunk (when not English). */
  chunks: { name: string; start: number; end: number }[];
}

/** A fresh context with the session kept (as after sign-in) opens /dashboard: when the shell and then its figures show. */
async function timeDashboard(page: Page): Promise<DashboardTiming> {
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const g = globalThis as unknown as PageGlobals & { __shellAt?: number };
      const doc = g.document as unknown as {
        querySelector(s: string): { textContent: string | null } | null;
        querySelectorAll(s: string): ArrayLike<{ textContent: string | null }>;
      };
      if (g.__shellAt === undefined && doc.querySelector('aside nav a')) g.__shellAt = performance.now();
      if (g.__shellAt === undefined) return null;
      const figures = Array.from(doc.querySelectorAll('aside dl dd'));
      const sidebarReady = figures.length > 0 && figures.every((dd) => !(dd.textContent ?? '').startsWith('—'));
      const card = doc.querySelector('section[aria-label] [role="group"] p.text-2xl');
      return sidebarReady && card ? [g.__shellAt, performance.now()] : null;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const [shell, figures] = (await handle.jsonValue()) as [number, number];
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
  );
  const reads = entries
    .filter((e) => /\/(rest|auth)\/v1\//.test(e.name) && e.start < figures)
    .map((e) => `${Math.round(e.start)}–${Math.round(e.end)} ${e.name.replace(/^https?:\/\/[^/]+/, '').split('?')[0]}`);
  const chunks = entries
    .filter((e) => /\/assets\/(dashboard|index)-[^/]*\.js$/.test(e.name))
    .map((e) => ({ name: e.name.split('/').pop()!.replace(/-[\w-]+\.js$/, ''), start: e.start, end: e.end }));
  return { shell, figures, reads, chunks };
}

async function benchDashboard(browser: Browser, storageKey: string, sessionJson: string): Promise<string[]> {
  const lines: string[] = [];
  for (const locale of ['en', 'es'] as const) {
    const afterShell: number[] = [];
    const total: number[] = [];
    let last: DashboardTiming | undefined;
    for (let run = 0; run <= RUNS; run++) {
      const page = await adminPage(browser, storageKey, sessionJson, locale);
      const timing = await timeDashboard(page);
      await page.context().close();
      if (run === 0) continue;
      afterShell.push(timing.figures - timing.shell);
      total.push(timing.figures);
      last = timing;
    }
    const a = summary(afterShell);
    const t = summary(total);
    lines.push(`| dashboard after sign-in (${locale}) | ${a.median} / ${a.p95} | ${t.median} / ${t.p95} |`);
    if (last && process.env.BENCH_DEBUG) {
      process.stdout.write(`  dashboard (${locale}), last run: shell ${Math.round(last.shell)}, figures ${Math.round(last.figures)}\n`);
      for (const read of last.reads) process.stdout.write(`    ${read}\n`);
    }
  }
  return lines;
}

/** The language chunk beside the route's chunk: when each started and ended, Spanish chosen. */
async function languageChunks(browser: Browser, storageKey: string, sessionJson: string): Promise<string> {
  const page = await adminPage(browser, storageKey, sessionJson, 'es');
  await timeDashboard(page);
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js'))
      .map((e) => `${Math.round(e.startTime)}–${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name.split('/').pop()}`),
  );
  await page.context().close();
  return entries.join('\n    ');
}

async function main() {
  const t0 = performance.now();
  const stack = await startProductStack({ basePort: BASE_PORT, name: `bench-admin-${BASE_PORT}` });
  const engine = stack.engine;
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  let browser: Browser | undefined;
  try {
    const anonKey = stack.env.ANON_KEY ?? DEFAULT_ANON_KEY;
    process.stdout.write(`stack (${engine}) at ${stack.url}; seeding…\n`);
    await seedLarge({
      url: stack.url,
      serviceKey: stack.env.SERVICE_ROLE_KEY ?? DEFAULT_SERVICE_ROLE_KEY,
      log: (line) => process.stdout.write(`  ${line}\n`),
    });
    process.stdout.write('building the app…\n');
    const outDir = path.join(ROOT, '.local', 'bench-admin', 'dist');
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY = anonKey;
    await build({ root: ROOT, mode: 'production', logLevel: 'error', build: { outDir, emptyOutDir: true } });
    server = await preview({
      root: ROOT,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: APP_PORT, strictPort: true },
    });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const storageKey = `sb-${new URL(stack.url).hostname.split('.')[0]}-auth-token`;
    const sessionJson = await session(stack.url, anonKey);

    // BENCH_ONLY: `dashboard`, or list names separated by commas (`customers,equipment`).
    const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
    const dashboard = !only || only.includes('dashboard') ? await benchDashboard(browser, storageKey, sessionJson) : [];
    const chunks = dashboard.length > 0 ? await languageChunks(browser, storageKey, sessionJson) : '';
    if (dashboard.length > 0) process.stdout.write(
      [
        '',
        `Dashboard after sign-in, ${engine}, ${RUNS} runs each, median / p95 in ms:`,
        '| measure | shell painted → figures shown | navigation → figures shown |',
        '|---|---|---|',
        ...dashboard,
        '',
        'Scripts of one run with Spanish chosen (start–end ms since navigation):',
        `    ${chunks}`,
        '',
      ].join('\n'),
    );
    const results: string[] = [];
    for (const c of CASES.filter((c) => !only || only.includes(c.name))) {
      const list: number[] = [];
      const inApp: number[] = [];
      const filtered: number[] = [];
      const afterRequest: number[] = [];
      // One warm-up run (the preview server's first answers, the database's first plans), then RUNS measured.
      for (let run = 0; run <= RUNS; run++) {
        const page = await adminPage(browser, storageKey, sessionJson);
        const toList = await timeToList(page, c);
        const [total, fromRequest] = await timeToFiltered(page, c);
        const viaMenu = await timeInApp(page, c);
        await page.context().close();
        if (run === 0) continue;
        list.push(toList);
        inApp.push(viaMenu);
        filtered.push(total);
        afterRequest.push(fromRequest);
      }
      const a = summary(list);
      const b = summary(filtered);
      const d = summary(afterRequest);
      const m = summary(inApp);
      results.push(
        `| ${c.name} | ${a.median} / ${a.p95} | ${m.median} / ${m.p95} | ${b.median} / ${b.p95} | ${d.median} / ${d.p95} |`,
      );
    }
    process.stdout.write(
      [
        '',
        `Admin lists, ${engine}, ${RUNS} runs each, median / p95 in ms:`,
        '| list | page load (cold browser) → first page shown | menu click → first page shown | search typed → only matches shown (incl. 300 ms debounce) | search request sent → matches shown |',
        '|---|---|---|---|---|',
        ...results,
        '',
        `total ${((performance.now() - t0) / 1000).toFixed(0)} s`,
        '',
      ].join('\n'),
    );
  } finally {
    await browser?.close();
    await server?.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
