// Dayparts on a real screen: a campaign whose time window opens while the screen plays comes
// on within a second of the window's edge, with the network off, with no reload (the playlist
// carries the schedule; the screen looks at its clock every second).
import { expect, test } from '@playwright/test';
import { ADMIN, ANON_KEY, signInAs, STACK_URL } from './support.ts';
import {
  createPlayerCustomer,
  nodeClient,
  openSlides,
  recordChanges,
  serviceClient,
  type PlayerCustomer,
} from './player-support.ts';
import { allowTest } from './timeouts.ts';

let venue: PlayerCustomer;

test.beforeAll(async () => {
  // Slides of 300 s (the longest): the first is still on screen at the edge, 25 to 85 s
  // away, so the switch the test sees is the daypart's, from slide 1 to the lunch slide.
  venue = await createPlayerCustomer(STACK_URL, { count: 2, seconds: 300 });
});

test.afterAll(async () => {
  await venue?.remove();
});

/** 'HH:MM' of an instant in New York (the test venue's default time zone). */
const newYork = (at: number) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));

test('a daypart opening moves a playing screen to its campaign within a second of its edge, offline', async ({
  browser,
}) => {
  allowTest(180_000);
  // The next minute boundary at least 25 s away: time for the screen to start and go offline
  // (it takes under 10 s alone on the machine, as this suite runs).
  const edge = Math.ceil((Date.now() + 25_000) / 60_000) * 60_000;

  // An admin adds a lunch campaign for that window, as the campaign form saves it.
  const admin = nodeClient(STACK_URL, ANON_KEY);
  expect((await admin.auth.signInWithPassword(ADMIN)).error).toBeNull();
  const saved = await admin.rpc('save_campaign', {
    p_name: 'Lunch window',
    p_customer_id: venue.customerId,
    p_status: 'active',
    p_plays_on: 'all',
    p_priority: 1,
    p_windows: [{ days: [1, 2, 3, 4, 5, 6, 7], start: newYork(edge), end: newYork(edge + 3_600_000) }],
  });
  expect(saved.error).toBeNull();
  const lunch = await serviceClient(STACK_URL)
    .from('campaign_items')
    .insert({
      campaign_id: saved.data!,
      title: 'Lunch special',
      content: 'Soup of the day',
      slide_type: 'promotional',
      display_order: 1,
      duration: 60,
    })
    .select('id')
    .single();
  expect(lunch.error).toBeNull();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, venue);
  await openSlides(page);
  await expect(page.getByTestId('slide-counter')).toHaveText('1 / 2', { timeout: 20_000 });
  await expect(page.locator('[data-visible="true"]')).toHaveAttribute('data-slide-id', venue.slideIds[0]);
  await recordChanges(page);
  expect(Date.now()).toBeLessThan(edge - 5000);

  // No network from here on: the switch is the screen's own.
  await context.setOffline(true);
  const lunchId = lunch.data!.id;
  await page.waitForFunction(`window.__changes.some((c) => c.id === '${lunchId}')`, undefined, {
    timeout: edge - Date.now() + 10_000,
  });
  const { switchedAt, origin } = await page.evaluate<{ switchedAt: number; origin: number }>(
    `({ switchedAt: window.__changes.find((c) => c.id === '${lunchId}').t, origin: performance.timeOrigin })`,
  );
  const late = origin + switchedAt - edge;
  test.info().annotations.push({ type: 'switched after the edge', description: `${Math.round(late)} ms` });
  expect(late).toBeGreaterThanOrEqual(-50);
  expect(late).toBeLessThan(1000);
  await expect(page.locator('[data-visible="true"]')).toContainText('Lunch special');
  // Its campaign joins the loop: three slides now (merged by display order with the others).
  await expect(page.getByTestId('slide-counter')).toHaveText(/^\d \/ 3$/);
  await context.close();
});
