import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, ANON_KEY, STACK_URL, signInAs } from './support.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** The local stack's service role key (Supabase CLI demo value), for setting up rows. */
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const asService = { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' };

test('an admin sees the overview and resolves an alert', async ({ page }) => {
  const message = `Lobby screen froze ${Date.now()}`;
  const created = await fetch(`${STACK_URL}/rest/v1/system_alerts`, {
    method: 'POST',
    headers: { ...asService, Prefer: 'return=representation' },
    body: JSON.stringify({
      customer_id: 'c0000000-0000-4000-8000-000000000001',
      alert_type: 'other',
      severity: 'high',
      message,
    }),
  });
  expect(created.status).toBe(201);
  const alert = ((await created.json()) as { id: string }[])[0];

  await signInAs(page, ADMIN);
  await page.goto('/dashboard');
  for (const [title, change] of [
    ['Active Customers', '+12%'],
    ['Active Advertisers', '+8%'],
    ['Running Ads', '+15%'],
    ['Monthly Revenue', '+23%'],
  ]) {
    const card = page.getByRole('group', { name: title });
    await expect(card).toContainText(change);
    await expect(card.locator('p.text-2xl')).toBeVisible();
  }
  await expect(page.getByText('Chart integration coming soon')).toBeVisible();
  await expect(page.getByText('99.2%')).toBeVisible();
  const ads = page.getByRole('list', { name: 'Recent ads' });
  await expect(ads.getByRole('listitem')).toHaveCount(5);

  const alerts = page.getByRole('list', { name: 'System alerts' });
  const row = alerts.getByRole('listitem', { name: message });
  await expect(row).toContainText('Corner Cafe');
  await expect(row).toContainText('Just now');
  await screenshot(page, 'dashboard');

  await row.getByRole('button', { name: `Resolve: ${message}` }).click();
  await expect(row).toContainText('Resolved');
  await expect(row.getByRole('button', { name: /Resolve/ })).toHaveCount(0);

  // The database has it resolved.
  await expect
    .poll(async () => {
      const r = await fetch(`${STACK_URL}/rest/v1/system_alerts?id=eq.${alert.id}&select=resolved`, {
        headers: asService,
      });
      return ((await r.json()) as { resolved: boolean }[])[0]?.resolved;
    })
    .toBe(true);
});

test('the settings page is shown but not wired', async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeDisabled();
  await screenshot(page, 'settings');
});
