import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, signInAs } from './support.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const SEEDED = [
  'CAFE-COUNTER-01',
  'CAFE-WINDOW-01',
  'GYM-ENTRANCE-01',
  'GYM-ENTRANCE-02',
  'BOOKS-WINDOW-01',
  'SPARE-UNIT-01',
];

test('the equipment page shows the seeded devices and their counts', async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.goto('/dashboard/equipment');
  await expect(page.getByRole('heading', { name: 'Equipment Status', level: 1 })).toBeVisible();
  for (const name of SEEDED) await expect(page.getByRole('article', { name })).toBeVisible();

  // The four counts add up to every device there is.
  const total = Number(
    ((await page.getByRole('navigation', { name: 'Pagination' }).locator('p').textContent()) ?? '')
      .match(/([\d,]+) devices?$/)?.[1]
      ?.replace(/,/g, ''),
  );
  let sum = 0;
  for (const label of ['Online', 'Idle', 'Offline', 'Error']) {
    const value = page.getByRole('group', { name: label }).locator('p.text-2xl');
    await expect(value).toBeVisible();
    sum += Number(await value.textContent());
  }
  expect(sum).toBe(total);
  expect(total).toBeGreaterThanOrEqual(SEEDED.length);

  // Silent for 40 minutes when the stack was seeded (a little longer by now): reported
  // error, shown offline, and why.
  const gym = page.getByRole('article', { name: 'GYM-ENTRANCE-01' });
  await expect(gym).toContainText('Offline');
  await expect(gym).toContainText(/No heartbeat for 4\d min \(counted as offline\)/);
  await expect(gym).toContainText('Peak Gym');
  await screenshot(page, 'equipment');

  await gym.getByRole('button', { name: 'Check status of GYM-ENTRANCE-01' }).click();
  await expect(gym).toContainText('Offline');
  await gym.getByRole('button', { name: 'View details of GYM-ENTRANCE-01' }).click();
  const dialog = page.getByRole('dialog', { name: 'GYM-ENTRANCE-01' });
  await expect(dialog).toContainText('+1 718 555 0199');
  await expect(dialog).toContainText('480 Fitness Ave, Brooklyn, NY');
  await expect(dialog).toContainText('Error');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('article', { name: 'CAFE-COUNTER-01' })).toBeVisible();
});
