// The player in Chromium: a customer of its own (so seeded data stays as it is) with three
// 5-second image slides. Order and timings, pause, a save in the builder reaching the
// playing screen without a reload, playing on with the network cut, and the heartbeat.
import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, ANON_KEY, CAFE, signInAs, STACK_URL } from './support.ts';
import {
  changes,
  createPlayerCustomer,
  openSlides,
  PLAYER_SCREEN,
  recordChanges,
  saveSlidesAsAdmin,
  serviceClient,
  waitForChanges,
  type PlayerCustomer,
} from './player-support.ts';
import { allowTest } from './timeouts.ts';

let customer: PlayerCustomer;

test.beforeAll(async () => {
  customer = await createPlayerCustomer(STACK_URL, { count: 3, seconds: 5 });
});

test.afterAll(async () => {
  await customer?.remove();
});

test('the player plays its campaign in order and on time, pauses, takes a saved change live, plays on offline, and reports a heartbeat', async ({
  page,
  context,
}) => {
  allowTest(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, customer);
  await openSlides(page);
  await expect(page.getByTestId('slide-counter')).toHaveText('1 / 3', { timeout: 20_000 });
  await expect(page.locator('[data-visible="true"] img')).toHaveJSProperty('complete', true);
  await recordChanges(page);

  // In order, 5 s each, every slide with its image painted when it is shown.
  const played = await waitForChanges(page, 3);
  expect(played.map((c) => c.id)).toEqual([customer.slideIds[1], customer.slideIds[2], customer.slideIds[0]]);
  expect(played.every((c) => c.image)).toBe(true);
  for (let i = 1; i < played.length; i++) {
    expect(Math.abs(played[i].t - played[i - 1].t - 5000)).toBeLessThan(400);
  }

  // Pause stops the timer.
  await page.mouse.move(640, 400);
  await page.getByRole('button', { name: 'Pause' }).click();
  const pausedAt = (await changes(page)).length;
  const counter = await page.getByTestId('slide-counter').textContent();
  await page.waitForTimeout(6000); // longer than a slide: nothing may change meanwhile
  expect((await changes(page)).length).toBe(pausedAt);
  await expect(page.getByTestId('slide-counter')).toHaveText(counter!);
  // The controls hid while idle: a move brings them back.
  await page.mouse.move(600, 420);
  await page.getByRole('button', { name: 'Play' }).click();
  await waitForChanges(page, pausedAt + 1, 10_000);

  // An admin saves the campaign with a new slide: it reaches the screen without a reload.
  await saveSlidesAsAdmin(STACK_URL, ANON_KEY, ADMIN, customer, [
    { title: 'Fresh from the builder', content: 'Saved a moment ago.' },
  ]);
  await expect(page.getByTestId('slide-counter')).toHaveText(/ \/ 4$/, { timeout: 60_000 });
  await expect(page.locator('[data-visible="true"]')).toContainText('Fresh from the builder', { timeout: 30_000 });
  await screenshot(page, 'player-live-change');

  // The network is cut: the player keeps cycling through the kept slides, images shown.
  await context.setOffline(true);
  const before = (await changes(page)).length;
  const offline = (await waitForChanges(page, before + 3, 30_000)).slice(before);
  const imageSlides = offline.filter((c) => c.id && customer.slideIds.includes(c.id));
  expect(imageSlides.length).toBeGreaterThan(0);
  expect(imageSlides.every((c) => c.image)).toBe(true);
  await context.setOffline(false);

  // The heartbeat marked the screen this browser was told it is online, playing the
  // campaign; it made no device of its own.
  await expect
    .poll(
      async () => {
        const { data } = await serviceClient(STACK_URL)
          .from('equipment_status')
          .select('device_name, status, is_active, last_heartbeat, current_campaign_id')
          .eq('customer_id', customer.customerId);
        return data ?? [];
      },
      { timeout: 10_000 },
    )
    .toEqual([
      expect.objectContaining({
        device_name: PLAYER_SCREEN,
        status: 'online',
        is_active: true,
        current_campaign_id: customer.campaignId,
      }),
    ]);
});

test('the cafe plays its seeded campaign in order, from the first slide', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, CAFE);
  await openSlides(page, 'CAFE-COUNTER-01');
  await expect(page.getByTestId('slide-counter')).toHaveText('1 / 5', { timeout: 20_000 });
  const first = page.locator('[data-visible="true"]');
  await expect(first.getByRole('img', { name: 'Latte of the Week' })).toBeVisible();
  await expect(
    page.locator('[data-visible="false"]').getByRole('img', { name: 'Fresh Pastries', includeHidden: true }),
  ).toHaveCount(1);
  await screenshot(page, 'player');
  await expect(page.getByTestId('slide-counter')).toHaveText('2 / 5', { timeout: 15_000 });
  await expect(page.locator('[data-visible="true"]').getByRole('img', { name: 'Fresh Pastries' })).toBeVisible();
});

test('two fresh browsers of one venue make no ghost device: each is asked once which screen it is', async ({
  browser,
}) => {
  allowTest(90_000);
  const devices = async () => {
    const { data } = await serviceClient(STACK_URL)
      .from('equipment_status')
      .select('device_name')
      .eq('customer_id', customer.customerId)
      .order('device_name');
    return (data ?? []).map((d) => d.device_name);
  };
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const one = await first.newPage();
    await signInAs(one, customer);
    await one.goto('/slides');
    await expect(one.getByRole('heading', { name: 'Which screen is this?' })).toBeVisible({ timeout: 20_000 });
    await screenshot(one, 'slides-which-screen');
    // Asking made nothing.
    expect(await devices()).toEqual([PLAYER_SCREEN]);
    await one.getByRole('button', { name: new RegExp(`^${PLAYER_SCREEN}`) }).click();
    await expect(one.getByTestId('slide-counter')).toBeVisible({ timeout: 20_000 });

    const two = await second.newPage();
    await signInAs(two, customer);
    await openSlides(two, 'Bar');
    await expect(two.getByTestId('slide-counter')).toBeVisible({ timeout: 20_000 });

    // A restart remembers the answer: no question, no new device.
    await one.reload();
    await expect(one.getByTestId('slide-counter')).toBeVisible({ timeout: 20_000 });
    await expect(one.getByRole('heading', { name: 'Which screen is this?' })).toHaveCount(0);
    await expect.poll(devices, { timeout: 10_000 }).toEqual(['Bar', PLAYER_SCREEN]);
  } finally {
    await first.close();
    await second.close();
  }
});
