import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, signInAs } from './support.ts';
import { allowTest } from './timeouts.ts';

test.use({ viewport: { width: 1280, height: 800 } });

// A 1×1 PNG, made here so the test needs no fixture file.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin adds an advertiser with a logo, finds it, views it and toggles it', async ({ page }) => {
  allowTest(60_000);
  const stamp = Date.now();
  const company = `Lighthouse Coffee ${stamp}`;
  await signInAs(page, ADMIN);

  await page.goto('/dashboard/advertisers');
  await expect(page.getByRole('heading', { name: 'Advertisers', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Sunrise Bakery Supply' })).toBeVisible();
  await screenshot(page, 'advertisers-list');

  await page.getByRole('link', { name: 'Add Advertiser' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/advertisers\/add$/);
  // The form checks its required fields before anything is sent.
  await page.getByRole('button', { name: 'Add Advertiser' }).click();
  await expect(page.getByText('Advertiser name is required')).toBeVisible();

  await page.getByLabel('Advertiser Name *').fill('Nora Quinn');
  await page.getByLabel('Email *').fill(`nora-${stamp}@example.com`);
  await page.getByLabel('Business Name *').fill(company);
  await page.getByLabel('Contact Number').fill('+1 555 010 2030');
  await page.getByLabel('Industry').selectOption('Food & Beverage');
  await page.getByLabel('Company Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('logo.png')).toBeVisible();
  await screenshot(page, 'advertiser-form');
  await page.getByRole('button', { name: 'Add Advertiser' }).click();

  // Back at the list at once; the new advertiser is found by a search the database answers.
  await expect(page).toHaveURL(/\/dashboard\/advertisers$/);
  await page.getByLabel('Search advertisers').fill(`Coffee ${stamp}`);
  const card = page.getByRole('article', { name: company });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card).toContainText('Active');
  await expect(card).toContainText('$0.00');

  await card.getByRole('button', { name: `Deactivate ${company}` }).click();
  await expect(card).toContainText('Inactive');
  await expect(card.getByRole('button', { name: `Activate ${company}` })).toBeVisible();
  await card.getByRole('button', { name: `Activate ${company}` }).click();
  await expect(card.getByRole('button', { name: `Deactivate ${company}` })).toBeVisible();

  await card.getByRole('link', { name: `View ${company}` }).click();
  await expect(page.getByRole('heading', { name: company })).toBeVisible();
  await expect(page.getByText('Nora Quinn', { exact: true })).toBeVisible();
  const logo = page.getByRole('img', { name: `${company} logo` });
  await expect(logo).toBeVisible();
  // The signed link really serves the uploaded image.
  await expect.poll(() => logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
  await screenshot(page, 'advertiser-detail');
});

test('a logo over 2MB is refused by the form', async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.goto('/dashboard/advertisers/add');
  await page.getByLabel('Advertiser Name *').fill('Big Logo');
  await page.getByLabel('Email *').fill('big@example.com');
  await page.getByLabel('Business Name *').fill(`Big Logo ${Date.now()}`);
  await page
    .getByLabel('Company Logo')
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await page.getByRole('button', { name: 'Add Advertiser' }).click();
  await expect(page.getByText('The logo is larger than 2MB. Choose a smaller image.')).toBeVisible();
  await expect(page).toHaveURL(/\/add$/);
});
