// A wall's media cache filling up, in Chromium with the origin's storage quota set small by
// the DevTools protocol (Storage.overrideQuotaForOrigin): the venue's one slide changes to
// another file again and again, one campaign coming back, so files pile up. Files that left
// the playlist stay while there is room; when there is none, the least recently shown of the
// ones the screen does not need go first (not the first one stored), the playlist's files are
// always kept, and the wall goes on showing pictures from the device.
import { expect, test, type Page } from '@playwright/test';
import { signInAs, STACK_URL } from './support.ts';
import {
  createPlayerCustomer,
  noisePng,
  openSlides,
  serviceClient,
  waitForOfflineReady,
  type PlayerCustomer,
} from './player-support.ts';
import { allowTest } from './timeouts.ts';

/** The player's cache (MEDIA_CACHE in src/features/player/api/media.ts). */
const MEDIA_CACHE = 'signage-player-media-v1';
const WIDTH = 320;
const HEIGHT = 300;

/** A PNG of random pixels: it does not compress, so each file weighs about WIDTH × HEIGHT × 3 bytes. */
const noiseFile = () => noisePng(WIDTH, HEIGHT);

let customer: PlayerCustomer;
/** The files the venue's slide shows in turn: A, B, then A again, C, D. */
const files: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };
let fileBytes = 0;

test.beforeAll(async () => {
  customer = await createPlayerCustomer(STACK_URL, { count: 1, seconds: 5 });
  const sb = serviceClient(STACK_URL);
  for (const name of Object.keys(files) as (keyof typeof files)[]) {
    const png = noiseFile();
    fileBytes = Math.max(fileBytes, png.length);
    const path = `${customer.files[0].path.replace(/\.png$/, '')}-${name}.png`;
    const upload = await sb.storage.from('ad-images').upload(path, png, { contentType: 'image/png', upsert: true });
    if (upload.error) throw new Error(`upload ${path}: ${upload.error.message}`);
    files[name] = path;
  }
  // The campaign's slide shows A from the start.
  const slide = await sb.from('campaign_items').update({ image_url: files.A }).eq('id', customer.slideIds[0]);
  if (slide.error) throw new Error(`slide: ${slide.error.message}`);
});

test.afterAll(async () => {
  if (!customer) return;
  await serviceClient(STACK_URL).storage.from('ad-images').remove(Object.values(files).filter(Boolean));
  await customer.remove();
});

/** The storage paths the player's cache holds, sorted (runs in the page: a string, since these tests are typed for Node). */
const cachedFiles = (page: Page) =>
  page.evaluate<string[]>(`(async () => {
    const cache = await caches.open('${MEDIA_CACHE}');
    return (await cache.keys()).map((r) => decodeURIComponent(new URL(r.url).pathname.split('/').pop())).sort();
  })()`);

/** The origin's storage use and quota as the page's browser tells them. */
const estimate = (page: Page) => page.evaluate<{ usage: number; quota: number }>('navigator.storage.estimate()');

let order = 1;

/**
 * The venue's slide is replaced by one showing `path` (a new slide is added, then the old one
 * removed, as an editor would); resolves once the new slide is on screen with its picture
 * painted from the device's cache.
 */
async function showNext(page: Page, path: string) {
  const sb = serviceClient(STACK_URL);
  const added = await sb
    .from('campaign_items')
    .insert({
      campaign_id: customer.campaignId,
      title: `Slide ${++order}`,
      image_url: path,
      media_kind: 'image',
      display_order: order,
      duration: 5,
    })
    .select('id')
    .single();
  if (added.error) throw new Error(`slide: ${added.error.message}`);
  const removed = await sb
    .from('campaign_items')
    .delete()
    .eq('campaign_id', customer.campaignId)
    .neq('id', added.data.id);
  if (removed.error) throw new Error(`removing the old slide: ${removed.error.message}`);
  const layer = page.locator(`[data-visible="true"][data-slide-id="${added.data.id}"]`);
  await expect(layer).toBeAttached({ timeout: 15_000 });
  const img = layer.locator('img');
  await expect(img).toHaveJSProperty('complete', true);
  await expect(img).not.toHaveJSProperty('naturalWidth', 0);
  expect(await img.getAttribute('src')).toMatch(/^blob:/);
}

test('a full media cache evicts the least recently shown files the wall no longer needs, never the playlist’s', async ({
  page,
}) => {
  allowTest(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, customer);
  await openSlides(page);
  await expect(page.locator('[data-visible="true"] img')).toHaveJSProperty('complete', true, { timeout: 20_000 });
  await waitForOfflineReady(page);
  await expect.poll(() => cachedFiles(page)).toContain(files.A);
  // Besides A, the network's fallback picture (the playlist needs it too, always).
  const always = (await cachedFiles(page)).filter((path) => path !== files.A);
  const holding = (...paths: string[]) => [...always, ...paths].sort();

  // A quota with room for two and a half more files beside what the origin keeps now (the
  // app's shell, A and the fallback). Chromium enforces it (a write past it fails for quota)
  // but its estimate() goes on telling the disk's quota: the player finds out by the failed
  // write, makes room and writes again.
  const { usage } = await estimate(page);
  const origin = new URL(page.url()).origin;
  const quotaSize = Math.ceil(usage + 2.5 * fileBytes);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize });

  // B, then A again (already on the device: shown, not downloaded), then C: three files fit.
  await showNext(page, files.B);
  await showNext(page, files.A);
  await showNext(page, files.C);
  expect(await cachedFiles(page)).toEqual(holding(files.A, files.B, files.C));

  // D needs room: B goes, shown longest ago, though A was stored before it; C (the playlist
  // swapped out, still on screen until D came up) and D stay.
  await showNext(page, files.D);
  expect(await cachedFiles(page)).toEqual(holding(files.A, files.C, files.D));

  // Usage stays within the quota; the wall says nothing of it.
  expect((await estimate(page)).usage).toBeLessThanOrEqual(quotaSize);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
