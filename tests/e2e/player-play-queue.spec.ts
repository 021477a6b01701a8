// A screen back from a long outage: five thousand plays wait in its queue (IndexedDB).
// It uploads every one (the server holds each, counted or refused) while its slides keep
// switching on time.
import { expect, test } from '@playwright/test';
import { signInAs, STACK_URL } from './support.ts';
import {
  createPlayerCustomer,
  openSlides,
  recordChanges,
  serviceClient,
  waitForChanges,
  type PlayerCustomer,
} from './player-support.ts';
import { allowTest } from './timeouts.ts';

/** Plays kept on the device: about 14 hours of 5-second slides. */
const QUEUED = 5_000;

let customer: PlayerCustomer;

test.beforeAll(async () => {
  customer = await createPlayerCustomer(STACK_URL, { count: 3, seconds: 5 });
});

test.afterAll(async () => {
  await customer?.remove();
});

/** The server's count of this screen's plays before `before`, and of its refused plays. */
async function serverCount(before: number) {
  const sb = serviceClient(STACK_URL);
  const plays = await sb
    .from('plays')
    .select('id', { count: 'exact', head: true })
    .eq('device_id', customer.deviceId)
    .lt('started_at', new Date(before).toISOString());
  const refusals = await sb.from('play_refusals').select('plays').eq('device_id', customer.deviceId);
  return (plays.count ?? 0) + (refusals.data ?? []).reduce((sum, r) => sum + r.plays, 0);
}

test('a screen uploads five thousand queued plays, each once, while its slides switch on time', async ({
  page,
}) => {
  // The upload's pace is the server's: beside the other lanes of npm test, a batch can take seconds.
  allowTest(240_000);
  await signInAs(page, customer);
  await openSlides(page);
  await expect(page.getByTestId('slide-counter')).toHaveText(/ \/ 3$/, { timeout: 20_000 });

  // The queue as a month's outage leaves it: plays of this screen, one after the other, that
  // ended an hour ago.
  const end = Date.now() - 3_600_000;
  await page.evaluate(`(async ({ count, end, campaign, slides, device }) => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('signage-player', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('plays', { autoIncrement: true });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction('plays', 'readwrite');
    const store = tx.objectStore('plays');
    for (let i = 0; i < count; i++)
      store.add([crypto.randomUUID(), end - (count - i) * 5000, 5, campaign, slides[i % slides.length], device]);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  })(${JSON.stringify({ count: QUEUED, end, campaign: customer.campaignId, slides: customer.slideIds, device: customer.deviceId })})`);

  // The kiosk relaunches: it plays at once and sends its queue.
  await page.reload();
  await expect(page.getByTestId('slide-counter')).toBeVisible({ timeout: 20_000 });
  await recordChanges(page);
  const started = Date.now();
  await expect.poll(() => serverCount(end), { timeout: 180_000, intervals: [1000] }).toBe(QUEUED);
  const uploadMs = Date.now() - started;

  // The slides went on switching every 5 s throughout, none more than a second late.
  const switched = await waitForChanges(page, 2);
  const now = await page.evaluate<number>('performance.now()');
  expect(switched.length).toBeGreaterThanOrEqual(Math.floor(uploadMs / 5000) - 1);
  const gaps = [...switched.map((c) => c.t), now].map((t, i, all) => (i === 0 ? 0 : t - all[i - 1])).slice(1);
  expect(Math.max(...gaps)).toBeLessThan(6000);
  // Every play once: none of them is left on the device, and the server's count stays.
  const left = await page.evaluate<number>(`new Promise((resolve, reject) => {
    const open = indexedDB.open('signage-player');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('plays').objectStore('plays').getAll();
      all.onsuccess = () => resolve(all.result.filter((r) => r[1] < ${end}).length);
    };
  })`);
  expect(left).toBe(0);
  expect(await serverCount(end)).toBe(QUEUED);
});
