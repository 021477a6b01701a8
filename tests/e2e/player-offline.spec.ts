// A screen that must not stop. The network is really gone in these tests: the whole
// stack (API and the app's own server) is stopped and started again. A screen restarted
// meanwhile after its access token ran out, and a screen left playing, reloaded while
// everything is down. Each test has a customer of its own.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ANON_KEY, signInAs, STACK_URL, stackControl, STORAGE_KEY } from './support.ts';
import {
  createPlayerCustomer,
  openSlides,
  recordChanges,
  saveSlidesAsAdmin,
  waitForChanges,
  waitForOfflineReady,
  type PlayerCustomer,
} from './player-support.ts';
import { allowTest } from './timeouts.ts';

const customers: PlayerCustomer[] = [];

async function playerCustomer() {
  const customer = await createPlayerCustomer(STACK_URL, { count: 3, seconds: 5 });
  customers.push(customer);
  return customer;
}

test.afterAll(async () => {
  await stackControl.start(); // in case a test stopped it and failed before starting it again
  for (const customer of customers) await customer.remove();
});

const counter = (page: Page) => page.getByTestId('slide-counter');

/** Waits for the first of the campaign's three slides on screen, its image loaded. */
async function expectFirstSlide(page: Page, timeout: number) {
  await expect(counter(page)).toHaveText('1 / 3', { timeout });
  await expect(page.locator('[data-visible="true"] img')).toHaveJSProperty('complete', true);
}

/** After a reload: a slide of the loop on screen, its image painted (the loop resumes where it was, not at 1). */
async function expectResumed(page: Page, timeout: number) {
  await expect(counter(page)).toHaveText(/^[123] \/ 3$/, { timeout });
  await expect(page.locator('[data-visible="true"] img')).toHaveJSProperty('complete', true);
}

/** Plays /slides signed in as `customer` until it could start again offline. */
async function startPlaying(page: Page, customer: PlayerCustomer) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, customer);
  await openSlides(page);
  await expectFirstSlide(page, 20_000);
  await waitForOfflineReady(page);
}

/** Waits for `count` slide changes from now on, each slide of the campaign shown with its image. */
async function expectPlaying(page: Page, customer: PlayerCustomer, count: number) {
  await recordChanges(page);
  const played = await waitForChanges(page, count, (count + 1) * 5_000 + 5_000);
  expect(played.every((c) => c.id !== null && customer.slideIds.includes(c.id))).toBe(true);
  expect(played.every((c) => c.image)).toBe(true);
}

test('a screen restarted without a network after its access token ran out plays on, and catches up once the network is back', async ({
  page,
}) => {
  allowTest(180_000);
  const customer = await playerCustomer();
  await startPlaying(page, customer);

  // The network goes (the stack and the app's server stop), and the access token runs
  // out meanwhile: its expiry, as supabase-js keeps it, moves into the past.
  await stackControl.stop();
  await page.evaluate((key) => {
    const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number };
    localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 }));
  }, STORAGE_KEY);

  // The screen restarts: it stays on /slides and plays what it kept, images included.
  await page.reload();
  await expectResumed(page, 10_000);
  expect(new URL(page.url()).pathname).toBe('/slides');
  await expectPlaying(page, customer, 2);

  // The network is back: the session is renewed, and a slide saved now reaches the screen.
  await stackControl.start();
  await saveSlidesAsAdmin(STACK_URL, ANON_KEY, ADMIN, customer, [
    { title: 'Saved once the network was back', content: 'The screen caught up on its own.' },
  ]);
  // supabase-js retries a renewal for about 25 s, then waits a minute: up to two minutes.
  await expect(counter(page)).toHaveText(/ \/ 4$/, { timeout: 120_000 });
  await expect(page.locator('[data-visible="true"]')).toContainText('Saved once the network was back', {
    timeout: 30_000,
  });
  const renewed = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number }).expires_at ?? 0,
    STORAGE_KEY,
  );
  expect(renewed * 1000).toBeGreaterThan(Date.now());
});

test('a screen left playing keeps playing through a stopped and restarted stack, even reloaded meanwhile', async ({
  page,
}) => {
  allowTest(150_000);
  const customer = await playerCustomer();
  await startPlaying(page, customer);

  // Everything stops: the API, the database and the server the app came from.
  await stackControl.stop();
  await expectPlaying(page, customer, 3);

  // Reloaded while nothing answers: the service worker has the app, the device the playlist.
  await page.reload();
  await expectResumed(page, 15_000);
  await expectPlaying(page, customer, 2);

  // Started again: a slide saved in the builder reaches the screen without a reload.
  await stackControl.start();
  await saveSlidesAsAdmin(STACK_URL, ANON_KEY, ADMIN, customer, [
    { title: 'Saved after the restart', content: 'The screen caught up on its own.' },
  ]);
  await expect(counter(page)).toHaveText(/ \/ 4$/, { timeout: 60_000 });
  await expect(page.locator('[data-visible="true"]')).toContainText('Saved after the restart', { timeout: 30_000 });
});
