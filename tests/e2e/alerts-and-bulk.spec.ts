// The alerts centre and a bulk action, as an operator uses them: the bell leads to every
// unresolved alert (paged through, as many as the bell counts, the seeded "Window screen
// brightness reduced for the season" among them), and three screens are revoked at once from
// Equipment's selection bar.
import { expect, test } from '@playwright/test';
import { serviceClient } from './player-support.ts';
import { ADMIN, signInAs, STACK_URL } from './support.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const service = () => serviceClient(STACK_URL);

test('the bell leads to every unresolved alert, page by page', async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.goto('/dashboard');
  const bell = page.getByRole('link', { name: /^Notifications: \d+ unresolved alerts?$/ });
  const counted = Number(/(\d+)/.exec((await bell.getAttribute('aria-label'))!)![1]);
  expect(counted).toBeGreaterThan(25);

  await bell.click();
  await expect(page).toHaveURL(/\/dashboard\/alerts\?state=unresolved$/);
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  const paging = page.getByRole('navigation', { name: 'Pagination' });
  await expect(paging).toContainText(`of ${counted} alerts`);

  // Several alerts share a message (the same screen losing its Wi-Fi twice): count rows, and keep the messages.
  let rows = 0;
  const seen = new Set<string>();
  const list = page.getByRole('list', { name: 'Alerts' });
  for (let pageNo = 1; ; pageNo += 1) {
    await expect(list).not.toHaveAttribute('aria-busy', 'true');
    for (const item of await list.getByRole('listitem').all()) {
      rows += 1;
      seen.add((await item.getAttribute('aria-label')) ?? '');
    }
    const next = paging.getByRole('button', { name: 'Next' });
    if (await next.isDisabled()) break;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`page=${pageNo}`));
  }
  expect(rows).toBe(counted);
  expect(seen).toContain('Window screen brightness reduced for the season.');
});

test('three screens revoked at once from the selection bar', async ({ page }) => {
  const prefix = `Bulk revoke ${Date.now()}`;
  const { data, error } = await service()
    .from('equipment_status')
    .insert([1, 2, 3].map((n) => ({ device_name: `${prefix} ${n}`, status: 'offline' })))
    .select('id');
  expect(error).toBeNull();
  const ids = (data as { id: string }[]).map((d) => d.id);
  try {
    await signInAs(page, ADMIN);
    await page.goto('/dashboard/equipment');
    await page.getByLabel('Search devices').fill(prefix);
    await expect(page.getByRole('article')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByText('3 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Revoke…' }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke 3 screens' })
      .getByRole('button', { name: 'Revoke 3 screens' })
      .click();
    await expect(page.getByText('Revoked 3 screens', { exact: true })).toBeVisible();
    for (const n of [1, 2, 3])
      await expect(
        page.getByRole('article', { name: `${prefix} ${n}` }).getByText('Revoked', { exact: true }),
      ).toBeVisible();
    const rows = await service().from('equipment_status').select('revoked_at').in('id', ids);
    expect(rows.data?.every((r: { revoked_at: string | null }) => r.revoked_at !== null)).toBe(true);
  } finally {
    await service().from('equipment_status').delete().in('id', ids);
  }
});
