// Network campaigns in Chromium against the test stack and its demo data: a new network
// campaign on the group "Storefront windows" is checked live as its spots change (fits, then
// does not), and the seeded Brightline campaign, given more spots than the screens' loops
// hold, is refused by the database at Spots per loop with every edit kept.
import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, signInAs } from './support.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const BRIGHTLINE = 'ca000000-0000-4000-8000-000000000005';

test('a new network campaign says whether it fits as its spots change', async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.goto('/dashboard/campaigns/add');
  await page.getByLabel('Campaign name *').fill('Acme December');
  await page.getByRole('radio', { name: /Network campaign \(advertiser\)/ }).check();
  const advertiser = page.getByLabel('Advertiser *');
  await expect(advertiser).toBeEnabled();
  await advertiser.selectOption({ label: 'Brightline Mobile' });
  await page
    .getByRole('list', { name: 'Screen groups' })
    .getByRole('checkbox', { name: /Storefront windows/ })
    .check();
  const availability = page.getByRole('status', { name: 'Availability' });
  await expect(availability).toHaveText('Fits on 2 screens.');

  // Twenty 15 s spots fill the loop; the spots already sold there overflow it.
  await page.getByLabel('Spot length (seconds)').fill('15');
  await page.getByLabel('Spots per loop').fill('20');
  await expect(availability).toContainText(
    /Does not fit: .* would be overbooked on .*: \d+ s of its 300 s loop booked\./,
  );
  await screenshot(page, 'network-campaign-form');
  await page.getByLabel('Spots per loop').fill('4');
  await expect(availability).toHaveText('Fits on 2 screens.');
});

test('a booking the loops cannot hold is refused at its field, and nothing is saved', async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.goto(`/dashboard/campaigns/edit/${BRIGHTLINE}`);
  const spots = page.getByLabel('Spots per loop');
  await expect(spots).toHaveValue('2');
  await expect(page.getByRole('region', { name: 'Delivery' })).toBeVisible();
  await spots.fill('20');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toHaveText(
    'Not saved: it does not fit. See Spots per loop.',
  );
  await expect(spots).toHaveAccessibleDescription(/would be overbooked on .* loop booked\./);
  await expect(spots).toHaveValue('20');
  await expect(page).toHaveURL(new RegExp(`/dashboard/campaigns/edit/${BRIGHTLINE}$`));

  // The list still shows two spots, with the Network badge and the advertiser.
  await page.goto('/dashboard/campaigns');
  const card = page.getByRole('article', { name: 'Brightline 5G on the street' });
  await expect(card.getByText('Network', { exact: true })).toBeVisible();
  await expect(card.getByText(/2 spots per loop/)).toBeVisible();
  await expect(card.getByText('Brightline Mobile')).toBeVisible();
});
