import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN } from './support.ts';

test('the admin sign-in', async ({ page }) => {
  await page.goto('/admin');
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

test('the seeded admin signs in to the admin shell, and logs out', async ({ page }) => {
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
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByPlaceholder('Search here.....')).toBeVisible();
  await screenshot(page, 'admin-shell');

  // Menu links lead to the admin pages and mark where one is.
  await menu.getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/dashboard\/campaigns$/);
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');

  // The session survives a reload (kept in local storage by supabase-js).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the admin shell fits a 1024 px laptop, and below that the menu opens as a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeInViewport();
  // Nothing wider than the window: no sideways scrolling.
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1024);
  await screenshot(page, 'admin-shell-1024');

  await page.setViewportSize({ width: 1000, height: 768 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('link', { name: 'Equipment Status' }).click();
  await expect(page).toHaveURL(/\/dashboard\/equipment$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Equipment Status', level: 1 })).toBeVisible();
});

test('the admin shell can be used from the keyboard: skip link, then the menu', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // A fresh load, so that keyboard navigation starts at the top of the page.
  await page.goto('/dashboard/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});
