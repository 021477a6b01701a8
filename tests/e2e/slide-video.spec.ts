// A video slide made in the slide builder, in Chromium: the browser reads the uploaded
// video's length (the slide's duration) and draws its poster frame, the timeline shows a
// thumbnail that Storage's image transformation made of the poster, the Live Preview plays
// the video, and the media library lists it with its length.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN, signInAs, STACK_URL } from './support.ts';
import { serviceClient } from './player-support.ts';
import { allowTest } from './timeouts.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const HARBOR_BOOKS = 'c0000000-0000-4000-8000-000000000003';
let campaignId = '';

test.afterAll(async () => {
  const sb = serviceClient(STACK_URL);
  const { data } = await sb.from('campaign_items').select('image_url').eq('campaign_id', campaignId);
  const videos = (data ?? []).map((r) => r.image_url).filter((p): p is string => Boolean(p));
  await sb.from('campaigns').delete().eq('id', campaignId);
  if (videos.length > 0) {
    await sb.storage.from('ad-videos').remove(videos);
    await sb.storage.from('ad-images').remove(videos.map((p) => `posters/${p}.jpg`));
  }
});

test('a video slide: its length from the file, its poster frame, a thumbnail in the timeline, the preview and the library', async ({
  page,
}) => {
  allowTest(90_000);
  const { data, error } = await serviceClient(STACK_URL)
    .from('campaigns')
    .insert({ name: `Video slide E2E ${Date.now()}`, customer_id: HARBOR_BOOKS, status: 'paused' })
    .select('id')
    .single();
  expect(error).toBeNull();
  campaignId = data!.id;

  await signInAs(page, ADMIN);
  await page.goto(`/dashboard/campaigns/builder/${campaignId}`);
  await page.getByRole('button', { name: 'Add Your First Slide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Slide' });
  await dialog.getByLabel('Title').fill('Test pattern');
  await dialog.getByLabel('Slide image or video').setInputFiles({
    name: 'pattern.webm',
    mimeType: 'video/webm',
    buffer: readFileSync(new URL('./fixtures/pattern-a.webm', import.meta.url)),
  });
  await expect(dialog.getByText('Video uploaded successfully!')).toBeVisible({ timeout: 20_000 });

  // The browser read 5 s from the file: the slide lasts as long as its video.
  const duration = dialog.getByLabel('Duration (seconds)');
  await expect(duration).toHaveValue('5');
  await expect(dialog.getByText('The video is 0:05 long: it plays once.')).toBeVisible();
  // The poster frame it drew was stored, and shows.
  const poster = dialog.getByRole('img', { name: 'Slide video preview' });
  await expect(poster).toHaveJSProperty('complete', true);
  await expect(poster).toHaveJSProperty('naturalWidth', 640);
  await dialog.getByRole('button', { name: 'Save Slide' }).click();
  await expect(dialog).toBeHidden();

  // The timeline row: a video of 5 s, with a thumbnail rendered by Storage from the poster.
  const row = page.getByTestId('slide-row');
  await expect(row).toContainText('Video · 5s · Priority 1');
  const thumbnail = row.locator('img');
  await expect(thumbnail).toHaveAttribute('src', /\/render\/image\/sign\/ad-images\/posters\//);
  await expect(thumbnail).toHaveJSProperty('complete', true);
  await expect(thumbnail).toHaveJSProperty('naturalWidth', 160);

  // The Live Preview plays it as a screen does.
  await page.getByRole('button', { name: 'Preview Test pattern' }).click();
  const preview = page.locator('video');
  await expect(preview).toHaveAttribute('src', /\/object\/sign\/ad-videos\//);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => preview.evaluate((v) => (v as unknown as { currentTime: number }).currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);

  await page.getByRole('button', { name: 'Save Campaign' }).click();
  await expect(page.getByText('Campaign and slides saved!', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(page.getByTestId('slide-row')).toContainText('Video · 5s · Priority 1');

  // The media library lists it with its poster and length.
  await page.getByRole('button', { name: 'Add Slide', exact: true }).click();
  const next = page.getByRole('dialog', { name: 'Add New Slide' });
  await next.getByRole('button', { name: 'Choose from Media Library' }).click();
  const library = page.getByRole('dialog', { name: 'Media Library' });
  // Named as it was uploaded (the stored name's unique suffix is not shown), then its length.
  const tile = library.getByRole('button', { name: /^pattern\b/ });
  await expect(tile).toBeVisible({ timeout: 20_000 });
  await expect(tile.getByTestId('video-length')).toHaveText('0:05');
  await expect(tile.locator('img')).toHaveJSProperty('complete', true);
});
