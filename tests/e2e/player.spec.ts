// The player in Chromium: a customer of its own (so seeded data stays as it is) with three
// 5-second image slides. Order and timings, pause, a save in the builder reaching the
// playing screen without a reload, playing on with the network cut, and the heartbeat.
import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, ANON_KEY, CAFE, signInAs, STACK_URL } from './support.ts';
import {
  changes,
  createPlayerCustomer,
  recordChanges,
  saveSlidesAsAdmin,
  serviceClient,
  waitForChanges,
  type PlayerCustomer,
} from './player-support.ts';

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
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, customer);
  await page.goto('/slides');
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

  // The heartbeat marked this browser's device online, playing the campaign.
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
        device_name: expect.stringMatching(/^Screen /),
        status: 'online',
        is_active: true,
        current_campaign_id: customer.campaignId,
      }),
    ]);
});

test('the cafe plays its seeded campaign in order, from the first slide', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, CAFE);
  await page.goto('/slides');
  await expect(page.getByTestId('slide-counter')).toHaveText('1 / 4', { timeout: 20_000 });
  const first = page.locator('[data-visible="true"]');
  await expect(first.getByRole('img', { name: 'Latte of the Week' })).toBeVisible();
  await expect(
    page.locator('[data-visible="false"]').getByRole('img', { name: 'Fresh Pastries', includeHidden: true }),
  ).toHaveCount(1);
  await screenshot(page, 'player');
  await expect(page.getByTestId('slide-counter')).toHaveText('2 / 4', { timeout: 15_000 });
  await expect(page.locator('[data-visible="true"]').getByRole('img', { name: 'Fresh Pastries' })).toBeVisible();
});
