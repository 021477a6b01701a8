// Campaigns and the slide builder in Chromium against the test stack: a campaign made
// from the list, five slides (an uploaded image, a weather slide), reordering by mouse
// and by keyboard, saving and reloading, and a failed save that keeps the edits.
import { expect, test, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { screenshot } from './screenshot.ts';
import { ADMIN, signInAs } from './support.ts';
import { allowTest } from './timeouts.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** A small valid PNG (solid colour), so the upload is a real image. */
function png(width = 64, height = 40): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([79, 70, 229], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rowTitles = (page: Page) => page.getByTestId('slide-title').allTextContents();

async function addSlide(page: Page, title: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: 'Add Slide', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Slide' });
  await dialog.getByLabel('Title').fill(title);
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: 'Save Slide' }).click();
  await expect(dialog).toBeHidden();
}

async function saveCampaign(page: Page) {
  // The toast of an earlier save (2.5 s) must be gone, so the one awaited below is this save's.
  await expect(page.getByText('Campaign and slides saved!', { exact: true })).toHaveCount(0, { timeout: 5_000 });
  await page.getByRole('button', { name: 'Save Campaign' }).click();
  await expect(page.getByText('Campaign and slides saved!', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Unsaved changes')).toBeHidden();
}

test('a campaign of five slides is built, reordered by mouse and keyboard, saved and reloaded', async ({ page }) => {
  allowTest(90_000);
  await signInAs(page, ADMIN);
  const name = `Builder E2E ${Date.now()}`;

  // The list, then the form.
  await page.goto('/dashboard/campaigns');
  await expect(page.getByRole('heading', { name: 'Cafe Daily Specials' })).toBeVisible();
  await screenshot(page, 'campaigns-list');
  await page.getByRole('link', { name: 'Add Campaign' }).first().click();
  await page.getByLabel('Campaign name').fill(name);
  const customer = page.getByLabel('Customer *', { exact: true });
  await expect(customer).toBeEnabled();
  // Harbor Books has no login: the player tests play Corner Cafe's seeded campaigns and nothing else.
  const venue = await customer.locator('option', { hasText: 'Harbor Books' }).getAttribute('value');
  await customer.selectOption(venue);
  await page.getByLabel('Start date').fill('2026-12-01');
  await page.getByLabel('End date').fill('2026-11-01');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByText('End date cannot be before the start date')).toBeVisible();
  await page.getByLabel('End date').fill('2027-01-31');
  await screenshot(page, 'campaign-form');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page).toHaveURL(/\/dashboard\/campaigns$/);

  // Server-side search finds it; its card leads to the builder.
  await page.getByLabel('Search campaigns').fill(name);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card.getByText('0 slides')).toBeVisible();
  await card.getByRole('link', { name: `Builder for ${name}` }).click();

  await expect(page.getByRole('heading', { name: 'No Slides Yet' })).toBeVisible();

  // 1: an advertisement with an uploaded image.
  await page.getByRole('button', { name: 'Add Your First Slide' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New Slide' });
  await dialog.getByLabel('Title').fill('Alpha');
  await dialog.getByLabel('Slide image').setInputFiles({ name: 'alpha.png', mimeType: 'image/png', buffer: png() });
  await expect(dialog.getByText('Image uploaded successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('img', { name: 'Slide image preview' })).toBeVisible();
  await screenshot(page, 'slide-modal');
  await dialog.getByRole('button', { name: 'Save Slide' }).click();
  await expect(dialog).toBeHidden();

  // 2: weather, 3: promotional, 4: news, 5: an advertisement with the image from the library.
  await addSlide(page, 'Bravo', async (d) => {
    await d.getByLabel('Slide type').selectOption('weather');
    await d.getByLabel('Location').fill('Chicago');
    await d.getByLabel('Duration (seconds)').fill('20');
  });
  await addSlide(page, 'Charlie', async (d) => {
    await d.getByLabel('Slide type').selectOption('promotional');
    await d.getByLabel('Content text').fill('Two for one');
  });
  await addSlide(page, 'Delta', async (d) => {
    await d.getByLabel('Slide type').selectOption('news');
    await d.getByLabel('News category').selectOption('technology');
  });
  await page.getByRole('button', { name: 'Add Slide', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Add New Slide' });
  await dialog.getByLabel('Title').fill('Echo');
  await dialog.getByRole('button', { name: 'Choose from Media Library' }).click();
  const library = page.getByRole('dialog', { name: 'Media Library' });
  await expect(library.getByRole('list', { name: 'Media files' })).toBeVisible({ timeout: 20_000 });
  await library.getByRole('button', { name: 'List view' }).click();
  // Each file's real size (the fixed '~2.0 MB' only where Storage gives none).
  await expect(library.getByText(/^\d+(\.\d)? (B|KB|MB)$/).first()).toBeVisible();
  await library.getByRole('button', { name: 'Grid view' }).click();
  await library.getByPlaceholder('Search files...').fill('no-such-file-anywhere');
  await expect(library.getByText('No files found')).toBeVisible();
  await library.getByPlaceholder('Search files...').fill('');
  await library.getByRole('list', { name: 'Media files' }).getByRole('button').first().click();
  await screenshot(page, 'media-library');
  await library.getByRole('button', { name: 'Select File' }).click();
  await expect(library).toBeHidden();
  await expect(dialog.getByRole('img', { name: 'Slide image preview' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Slide' }).click();
  await expect(dialog).toBeHidden();

  expect(await rowTitles(page)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
  await expect(page.getByTestId('builder-summary')).toContainText('5 slides · 1:00');
  await saveCampaign(page);

  // Mouse: drag Echo's handle above Alpha.
  const handle = page.getByRole('button', { name: 'Reorder Echo' });
  const target = page.getByRole('button', { name: 'Reorder Alpha' });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 5, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => rowTitles(page)).toEqual(['Echo', 'Alpha', 'Bravo', 'Charlie', 'Delta']);

  // Keyboard: Alpha down two places (space, arrow, arrow, space), announced to screen readers.
  const alphaHandle = page.getByRole('button', { name: 'Reorder Alpha' });
  await alphaHandle.focus();
  await page.keyboard.press('Space');
  await expect(alphaHandle).toHaveAttribute('aria-pressed', 'true');
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await expect(announcer).toHaveText(/Alpha .* position 2 of 5/);
  await page.keyboard.press('ArrowDown');
  await expect(announcer).toHaveText('Alpha moved to position 3 of 5.');
  await page.keyboard.press('ArrowDown');
  await expect(announcer).toHaveText('Alpha moved to position 4 of 5.');
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText('Alpha dropped at position 4 of 5.');
  await expect.poll(() => rowTitles(page)).toEqual(['Echo', 'Bravo', 'Charlie', 'Alpha', 'Delta']);
  await expect(page.getByLabel('Position 1')).toBeVisible();
  await page.getByRole('button', { name: 'Preview Echo' }).click();
  await expect(page.getByRole('img', { name: 'Echo' })).toBeVisible();
  await screenshot(page, 'slide-builder');
  await saveCampaign(page);

  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect.poll(() => rowTitles(page)).toEqual(['Echo', 'Bravo', 'Charlie', 'Alpha', 'Delta']);
  await expect(page.getByTestId('builder-summary')).toContainText('5 slides · 1:00');
  await expect(page.getByText('2 dynamic', { exact: false })).toHaveCount(0);

  // The list shows the saved counts.
  await page.getByRole('link', { name: 'Back to campaigns' }).click();
  await page.getByLabel('Search campaigns').fill(name);
  await expect(page.getByRole('article', { name }).getByText('5 slides')).toBeVisible();
  await expect(page.getByRole('article', { name }).getByText('1:00')).toBeVisible();
});

test('a failed save shows the error and keeps the edits', async ({ page }) => {
  await signInAs(page, ADMIN);
  const name = `Builder failure ${Date.now()}`;
  await page.goto('/dashboard/campaigns/add');
  await page.getByLabel('Campaign name').fill(name);
  const customer = page.getByLabel('Customer *', { exact: true });
  await expect(customer).toBeEnabled();
  await customer.selectOption(await customer.locator('option', { hasText: 'Harbor Books' }).getAttribute('value'));
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page).toHaveURL(/\/dashboard\/campaigns$/);
  await page.getByLabel('Search campaigns').fill(name);
  await page
    .getByRole('article', { name })
    .getByRole('link', { name: `Builder for ${name}` })
    .click();
  await expect(page.getByRole('heading', { name: 'No Slides Yet' })).toBeVisible();

  await addSlide(page, 'Kept One');
  await addSlide(page, 'Kept Two');
  await page.route('**/rest/v1/rpc/save_campaign_slides', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'XX000', message: 'The database is unavailable.', details: null, hint: null }),
    }),
  );
  await page.getByRole('button', { name: 'Save Campaign' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The database is unavailable.' })).toBeVisible();
  expect(await rowTitles(page)).toEqual(['Kept One', 'Kept Two']);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.unroute('**/rest/v1/rpc/save_campaign_slides');

  // The same edits save once the server answers again.
  await saveCampaign(page);
  await page.reload();
  await expect.poll(() => rowTitles(page)).toEqual(['Kept One', 'Kept Two']);
});

test('the slide dialog keeps its actions in view at 1440 × 900, without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, ADMIN);
  await page.goto('/dashboard/campaigns');
  await page.getByRole('link', { name: 'Builder for Cafe Daily Specials' }).first().click();
  await page.getByRole('button', { name: 'Add Slide', exact: true }).click();
  // An advertisement: the tallest form (its image field and library button).
  const dialog = page.getByRole('dialog', { name: 'Add New Slide' });
  await expect(dialog.getByLabel('Slide image or video')).toBeAttached();
  await expect(dialog.getByRole('button', { name: 'Save Slide' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
});
