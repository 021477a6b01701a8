import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, signInAs } from './support.ts';
import { allowTest } from './timeouts.ts';

test('the Dynamic Content Test page previews weather, news and sports with the sample-data notice', async ({
  page,
}) => {
  allowTest(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, ADMIN);
  await page.goto('/dashboard/campaigns/test-dynamic');
  await expect(page.getByRole('heading', { level: 1, name: 'Dynamic Content Test' })).toBeVisible();
  await expect(page.getByText('Test and preview dynamic content for your digital signage campaigns')).toBeVisible();

  const preview = page.getByRole('region', { name: 'Dynamic content preview' });
  const notice = preview.getByRole('status').filter({ hasText: 'Showing sample data' });

  // Weather (default, New York): the function has no key here, so it answers its sample data.
  await expect(page.getByLabel('Content Type')).toHaveValue('weather');
  await expect(page.getByLabel('Location')).toHaveValue('New York');
  await expect(preview.getByRole('heading', { name: 'New York' })).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByText('Humidity')).toBeVisible();
  await expect(preview.getByText('5-Day Forecast')).toBeVisible();
  await expect(notice).toContainText('Failed to fetch weather data');
  await screenshot(page, 'test-dynamic-weather');

  // News, technology category.
  await page.getByLabel('News Category').selectOption('technology');
  await page.getByLabel('Content Type').selectOption('news');
  await expect(preview.getByRole('heading', { name: 'Technology News' })).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByRole('article', { name: 'Featured article' }).getByRole('heading')).not.toBeEmpty();
  await expect(notice).toContainText('Failed to fetch news data');
  await screenshot(page, 'test-dynamic-news');

  // Sports.
  await page.getByLabel('Content Type').selectOption('sports');
  await expect(preview.getByRole('heading', { name: 'Live Sports' })).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByRole('listitem', { name: 'Game' })).toHaveCount(5);
  await expect(preview.getByText('Live', { exact: true })).toBeVisible();
  await expect(notice).toContainText('Failed to fetch sports data');
  await screenshot(page, 'test-dynamic-sports');
});
