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
  // The figures are the database's: each with its change since the seeded snapshot of a month ago.
  for (const title of ['Active Customers', 'Active Advertisers', 'Running Ads', 'Monthly Revenue']) {
    const card = page.getByRole('group', { name: title });
    await expect(card.locator('p.text-2xl')).toHaveText(/^\$?[\d,.]+$/);
    await expect(card).toContainText(/[+−]?\d+% from last month/);
  }
  // Revenue per month, from the daily snapshots (six months of seeded history, this month live).
  const revenue = page.getByRole('table', { name: 'Monthly revenue' });
  await expect(revenue.getByRole('row').nth(3)).toBeAttached();
  await expect(page.getByTestId('bar-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  // Uptime from the seeded samples: neither invented nor empty.
  await expect(page.getByText('System Uptime').locator('..')).toContainText(/\d+(\.\d)?%/);
  // The sidebar counts the network; the bell counts what is unresolved.
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText('Displays').locator('..')).toContainText(
    /\d+/,
  );
  await expect(page.getByRole('link', { name: /^Notifications: \d+ unresolved alerts?$/ })).toBeVisible();
  const ads = page.getByRole('list', { name: 'Recent ads' });
  await expect(ads.getByRole('listitem')).toHaveCount(5);

  const alerts = page.getByRole('list', { name: 'System alerts' });
  const row = alerts.getByRole('listitem', { name: message });
  await expect(row).toContainText('Corner Cafe');
  await expect(row).toContainText('Just now');
  await screenshot(page, 'dashboard');

  // Resolved, it leaves the panel, which lists unresolved alerts only.
  await row.getByRole('button', { name: `Resolve: ${message}` }).click();
  await expect(row).toHaveCount(0);

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
