import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';

const ADMIN = { email: 'admin@example.com', password: 'demo-admin-pass' };

test('a signed-out visitor at /dashboard is sent to the admin sign-in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: /admin sign-in/i })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await screenshot(page, 'admin-sign-in');
});

test('the sign-in form checks its fields before sending', async ({ page }) => {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('a wrong password is refused with the server’s message', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await expect(page).toHaveURL(/\/admin$/);
});

test('the seeded admin signs in, sees the role from public.users, and logs out', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(ADMIN.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
  await expect(page.getByText('Role: admin')).toBeVisible();
  await screenshot(page, 'dashboard-signed-in');

  // The session survives a reload (kept in local storage by supabase-js).
  await page.reload();
  await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
});
