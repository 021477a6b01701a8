import { expect, test } from '@playwright/test';
import { verifyLink } from 'supabase-local/testing';
import { serviceClient } from './player-support.ts';
import { ADMIN, mail, signInAs, STACK_URL } from './support.ts';
import { allowTest } from './timeouts.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const service = () => serviceClient(STACK_URL);

test('a venue an admin adds signs in by link; a new e-mail in the form becomes its sign-in e-mail', async ({
  page,
  browser,
}) => {
  allowTest(90_000);
  const stamp = Date.now();
  const name = `Linked Venue ${stamp}`;
  const first = `linked-${stamp}@example.com`;
  const second = `linked-renamed-${stamp}@example.com`;

  try {
    await signInAs(page, ADMIN);
    await page.goto('/dashboard/customers/add');
    await page.getByLabel('Name *', { exact: true }).fill(name);
    await page.getByLabel('Username *', { exact: true }).fill(`linked${stamp}`);
    await page.getByLabel('Email *', { exact: true }).fill(first);
    await expect(page.getByText('The customer signs in with this e-mail.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Customer' }).click();
    await expect(page.getByText('Customer added successfully!')).toBeVisible();

    // Edit the e-mail: the form says what saving does to the sign-in.
    const { data: row } = await service().from('customers').select('id, user_id').eq('email', first).single();
    expect(row?.user_id).toBeTruthy();
    await page.goto(`/dashboard/customers/edit/${row!.id}`);
    await page.getByLabel('Email *', { exact: true }).fill(second);
    await expect(
      page.getByText(`Saving also changes this customer's sign-in e-mail from ${first} to ${second}`),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Update Customer' }).click();
    await expect(page.getByText('Customer updated successfully!')).toBeVisible();

    // The venue signs in with the new address and sees its own account.
    const venue = await browser.newContext();
    const venuePage = await venue.newPage();
    await venuePage.goto('/auth');
    const asked = Date.now();
    await venuePage.getByLabel('Email').fill(second);
    await venuePage.getByRole('button', { name: 'Send Sign-in Link' }).click();
    await expect(venuePage.getByRole('status')).toContainText('Sign-in link sent!');
    await venuePage.goto(verifyLink(await mail.latest(second, { after: asked, timeoutMs: 15_000 })));
    await expect(venuePage).toHaveURL(/\/home$/, { timeout: 15_000 });
    await expect(venuePage.getByText(name).first()).toBeVisible();
    const { data: login } = await service().auth.admin.getUserById(row!.user_id!);
    expect(login.user?.email).toBe(second);
    await venue.close();
  } finally {
    const { data } = await service().from('customers').select('id, user_id').ilike('name', name);
    for (const r of data ?? []) {
      await service().from('customers').delete().eq('id', r.id);
      if (r.user_id) await service().auth.admin.deleteUser(r.user_id);
    }
  }
});
