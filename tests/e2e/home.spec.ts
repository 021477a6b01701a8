// The customer's account page with the seeded Corner Cafe.
import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { CAFE, signInAs } from './support.ts';

test('the cafe sees its account, opens its agreement through a signed link, and goes to its slides', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, CAFE);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Welcome, Corner Cafe' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('$149.00')).toBeVisible();
  await expect(page.getByText('+1 212 555 0142')).toBeVisible();
  await expect(page.getByText('Prefers morning content updates.')).toBeVisible();
  await screenshot(page, 'customer-home');

  const tabOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Agreement Document' }).click();
  const tab = await tabOpened;
  await expect
    .poll(() => tab.url(), { timeout: 10_000 })
    .toMatch(/\/storage\/v1\/object\/sign\/customer-files\/.*agreement\.pdf\?token=/);
  await tab.close();

  await page.getByRole('link', { name: 'View Slides' }).click();
  await expect(page).toHaveURL(/\/slides$/);
  // A browser new to the venue is asked which of its screens it is; the cafe picks its counter screen.
  await expect(page.getByRole('heading', { name: 'Which screen is this?' })).toBeVisible({ timeout: 20_000 });
  await page
    .getByRole('list', { name: 'Your screens' })
    .getByRole('button', { name: /^CAFE-COUNTER-01\b/ })
    .click();
  await expect(page.getByTestId('slide-counter')).toBeVisible({ timeout: 20_000 });
});
