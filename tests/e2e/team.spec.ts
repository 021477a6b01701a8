// The team end to end: the admin invites a sales colleague on the Team page; the colleague
// opens the e-mailed link, lands on the dashboard, and cannot open Equipment (sent back to
// the dashboard with the reason), whose menu entry they do not see.
import { expect, test } from '@playwright/test';
import { verifyLink } from 'supabase-local/testing';
import { serviceClient } from './player-support.ts';
import { ADMIN, mail, signInAs, STACK_URL } from './support.ts';
import { allowTest } from './timeouts.ts';

const service = () => serviceClient(STACK_URL);

test.use({ viewport: { width: 1280, height: 800 } });

test('an admin invites a sales colleague, who signs in by link and cannot open Equipment', async ({
  page,
  browser,
}) => {
  allowTest(40_000);
  const email = `sales-${Date.now()}@example.com`;
  try {
    await signInAs(page, ADMIN);
    await page.goto('/dashboard/team');
    await page.getByRole('button', { name: 'Invite a team member' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Role').selectOption('sales');
    const asked = Date.now();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`, { exact: true })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await expect(row.getByRole('combobox', { name: `Role of ${email}` })).toHaveValue('sales');
    await expect(row.getByText('Invited, not signed in yet')).toBeVisible();

    // The colleague opens the link from the e-mail.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const colleague = await context.newPage();
    await colleague.goto(verifyLink(await mail.latest(email, { after: asked, timeoutMs: 15_000 })));
    await expect(colleague).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    const menu = colleague.getByRole('complementary', { name: 'Sidebar' }).getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'Campaigns' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Equipment Status' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Team' })).toHaveCount(0);

    await colleague.goto('/dashboard/equipment');
    await expect(
      colleague.getByText('Your role (sales) cannot open Equipment. Ask an admin if you need it.'),
    ).toBeVisible();
    await expect(colleague).toHaveURL(/\/dashboard$/);
    await context.close();
  } finally {
    const { data } = await service().from('users').select('id').eq('email', email);
    for (const { id } of (data ?? []) as { id: string }[]) await service().auth.admin.deleteUser(id);
  }
});
