// A wall never goes white because the development server restarted: Vite's client, which
// reloads a page when its server comes back, leaves the kiosk routes alone (vite.config.ts,
// kioskKeepsPlaying). The wall is served by a Vite dev server of its own, on a port of its
// own, against this run's stack; the server is stopped and started again under it.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { createPlayerCustomer, nodeClient } from './player-support.ts';
import { e2ePorts } from './ports.ts';
import { ADMIN, ANON_KEY, STACK_URL } from './support.ts';
import { allowTest } from './timeouts.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DEV_PORT = e2ePorts().appPort + 60;

async function startDevServer(): Promise<ViteDevServer> {
  const server = await createServer({
    root: ROOT,
    logLevel: 'warn',
    clearScreen: false,
    server: { host: '127.0.0.1', port: DEV_PORT, strictPort: true },
  });
  await server.listen();
  return server;
}

/** Samples `count` times, every half second, which slide the wall shows (null: none). */
async function sampleShown(page: Page, count: number): Promise<(string | null)[]> {
  const shown: (string | null)[] = [];
  for (let i = 0; i < count; i++) {
    shown.push(
      await page.evaluate<string | null>(`document.querySelector('[data-visible="true"]')?.dataset.slideId ?? null`),
    );
    await page.waitForTimeout(500);
  }
  return shown;
}

test('a dev-server restart under a playing wall keeps it showing slides', async ({ browser }) => {
  // A dev server's first page builds the app's modules on demand: slow on a fresh clone.
  allowTest(180_000);
  const customer = await createPlayerCustomer(STACK_URL, { count: 2, seconds: 5 });
  let dev = await startDevServer();
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${DEV_PORT}` });
  try {
    const page = await context.newPage();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await page.goto('/screen');
    const code = page.getByTestId('pairing-code');
    await expect(code).toHaveText(/^[A-HJ-NP-Z2-9]{3} [A-HJ-NP-Z2-9]{3}$/, { timeout: 120_000 });
    const admin = nodeClient(STACK_URL, ANON_KEY);
    expect((await admin.auth.signInWithPassword(ADMIN)).error).toBeNull();
    const { error } = await admin.rpc('pair_screen', {
      p_code: (await code.textContent())!.replace(/\s/g, ''),
      p_customer_id: customer.customerId,
      p_device_name: `Dev restart screen ${Date.now()}`,
    });
    expect(error).toBeNull();
    await expect(page.getByTestId('slide-counter')).toBeVisible({ timeout: 30_000 });

    const loaded = navigations;
    await page.evaluate('window.__sameDocument = true');
    await dev.close();
    const whileDown = await sampleShown(page, 4);
    dev = await startDevServer();
    // Vite's client polls every second and would reload the page once the server answers.
    const afterRestart = await sampleShown(page, 14);

    expect(navigations).toBe(loaded);
    expect(await page.evaluate<boolean | undefined>('window.__sameDocument')).toBe(true);
    for (const id of [...whileDown, ...afterRestart]) expect(customer.slideIds).toContain(id ?? 'none');
    // It kept playing its loop meanwhile, not a frozen slide.
    expect(new Set(afterRestart).size).toBe(2);
  } finally {
    await context.close();
    await dev.close();
    await customer.remove();
  }
});
