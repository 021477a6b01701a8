import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, ANON_KEY, CAFE, STACK_URL, signInAs } from './support.ts';
import { allowTest } from './timeouts.ts';

test.use({ viewport: { width: 1280, height: 800 } });

// A 1×1 PNG and a minimal PDF, made here so the test needs no fixture files.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function search(page: Page, term: string) {
  await page.getByLabel('Search customers', { exact: true }).fill(term);
}

test('an admin adds a customer with files, finds, views, edits, deactivates, sets a password and deletes it', async ({
  page,
}) => {
  allowTest(90_000);
  const stamp = Date.now();
  const name = `Harbour Bakery ${stamp}`;
  const username = `harbour${stamp}`;
  const email = `harbour-${stamp}@example.com`;
  await signInAs(page, ADMIN);

  await page.goto('/dashboard/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Corner Cafe' })).toBeVisible();
  await screenshot(page, 'customers-list');

  // Add, with both files uploaded as they are chosen.
  await page.getByRole('link', { name: 'Add Customer' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/customers\/add$/);
  await page.getByLabel('Name *', { exact: true }).fill(name);
  await page.getByLabel('Username *', { exact: true }).fill(username);
  await page.getByLabel('Email *', { exact: true }).fill(email);
  await page.getByLabel('Location', { exact: true }).fill('Quay 3, Port Town');
  await page.getByLabel('Monthly fee ($)', { exact: true }).fill('149.50');
  await page.getByLabel('Equipment description', { exact: true }).fill('One 55-inch window screen');
  await page
    .getByLabel('Location photo', { exact: true })
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Location photo uploaded successfully!')).toBeVisible();
  await page
    .getByLabel('Agreement', { exact: true })
    .setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Agreement uploaded successfully!')).toBeVisible();
  await page.getByLabel('Name *', { exact: true }).scrollIntoViewIfNeeded();
  await screenshot(page, 'customer-form');
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await expect(page.getByText('Customer added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/customers$/, { timeout: 10_000 });

  // Found by a server-side search on part of its location.
  await search(page, `Port Town`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  await expect(card.getByText(email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Corner Cafe' })).toBeHidden();

  // Detail, and the agreement through a fresh signed link in a new tab.
  await card.getByRole('link', { name: `View ${name}` }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('One 55-inch window screen', { exact: true })).toBeVisible();
  await expect(page.getByText('$149.50', { exact: true })).toBeVisible();
  await screenshot(page, 'customer-detail');
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /View Agreement/ }).click(),
  ]);
  await tab.waitForURL(/\/storage\/v1\/object\/sign\/customer-files\/.+\.pdf\?token=/);
  const file = await page.request.get(tab.url());
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await tab.close();

  // Edit.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name *', { exact: true })).toHaveValue(name);
  await page.getByLabel('Contact phone', { exact: true }).fill('555-0199');
  await page.getByRole('button', { name: 'Update Customer' }).click();
  await expect(page.getByText('Customer updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/customers$/, { timeout: 10_000 });

  // Deactivate from the list.
  await search(page, name);
  await expect(card.getByText('Active')).toBeVisible();
  await card.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(card.getByText('Inactive')).toBeVisible();
  await expect(card.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('inactive');
  await expect(card).toBeVisible();

  // Set its password; the customer can then sign in with it.
  await card.getByRole('link', { name: `View ${name}` }).click();
  await page.getByRole('button', { name: 'Set Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Password' });
  await dialog.getByLabel('New password', { exact: true }).fill('bakery-pass-1');
  await dialog.getByLabel('Confirm password', { exact: true }).fill('bakery-pass-1');
  await dialog.getByRole('button', { name: 'Set Password' }).click();
  await expect(dialog.getByText('Password updated successfully!')).toBeVisible({ timeout: 15_000 });
  const signIn = await fetch(`${STACK_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bakery-pass-1' }),
  });
  expect(signIn.status).toBe(200);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Delete, after confirming.
  await page.getByRole('link', { name: 'Back to Customers' }).click();
  await search(page, name);
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await expect(confirm.getByText(`${name} has no campaigns.`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No customers match' })).toBeVisible();
});

test('an e-mail already in use (any case) is marked at the Email field, focused and on screen, and the input is kept', async ({
  page,
}) => {
  const stamp = Date.now();
  await signInAs(page, ADMIN);
  await page.goto('/dashboard/customers/add');
  await page.getByLabel('Name *', { exact: true }).fill(`Copy Cafe ${stamp}`);
  await page.getByLabel('Username *', { exact: true }).fill(`copycafe${stamp}`);
  await page.getByLabel('Email *', { exact: true }).fill(CAFE.email.toUpperCase());
  await page.getByLabel('Notes', { exact: true }).fill('Should not be saved');
  await page.getByRole('button', { name: 'Add Customer' }).click();

  const email = page.getByLabel('Email *', { exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Another customer already uses this e-mail/);
  await expect(email).toBeFocused();
  await expect(email).toBeInViewport();
  await expect(page.getByText('customers_email_unique_idx')).toHaveCount(0);
  await expect(page.getByLabel('Name *', { exact: true })).toHaveValue(`Copy Cafe ${stamp}`);
  await expect(page.getByLabel('Email *', { exact: true })).toHaveValue(CAFE.email.toUpperCase());
  await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Should not be saved');
  await expect(page.getByRole('button', { name: 'Add Customer' })).toBeEnabled();
  await expect(page).toHaveURL(/\/dashboard\/customers\/add$/);
});
