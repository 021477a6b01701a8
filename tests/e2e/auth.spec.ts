import { expect, test } from '@playwright/test';
import { otpCode, verifyLink } from 'supabase-local/testing';
import { screenshot } from './screenshot.ts';
import { ADMIN, CAFE, GYM, mail, signInAs } from './support.ts';

const LINK_SENT = 'Sign-in link sent! Check your email and click the link to access your account.';

test('a customer asks for a sign-in link, follows it from the inbox and lands on /home', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: /customer sign-in/i })).toBeVisible();
  await screenshot(page, 'customer-sign-in');

  const asked = Date.now();
  await page.getByLabel('Email').fill(CAFE.email);
  await page.getByRole('button', { name: 'Send Sign-in Link' }).click();
  await expect(page.getByRole('status')).toHaveText(LINK_SENT);
  await screenshot(page, 'customer-sign-in-link-sent');

  const link = verifyLink(await mail.latest(CAFE.email, { after: asked, timeoutMs: 15_000 }));
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/callback/);
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await screenshot(page, 'auth-callback-success');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a venue types the code of its sign-in e-mail on /auth, or signs in with the password an admin set', async ({
  page,
}) => {
  await page.goto('/auth');
  const asked = Date.now();
  await page.getByLabel('Email').fill(GYM.email);
  await page.getByRole('button', { name: 'Send Sign-in Link' }).click();
  await expect(page.getByRole('status')).toHaveText(LINK_SENT);
  const code = otpCode(await mail.latest(GYM.email, { after: asked, timeoutMs: 15_000 }));
  const form = page.getByRole('form', { name: 'Sign in with a code' });
  await form.getByLabel('Code').fill(code);
  await form.getByRole('button', { name: 'Sign In with Code' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('button', { name: 'Use a password instead' }).click();
  await page.getByLabel('Email').fill(GYM.email);
  await page.getByLabel('Password', { exact: true }).fill(GYM.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a sign-in link that fails says why and returns to /auth', async ({ page }) => {
  await page.goto(
    '/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Email link is invalid or has expired');
  await screenshot(page, 'auth-callback-failed');
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });
});

test('a customer opening /dashboard lands on /home', async ({ page }) => {
  await signInAs(page, GYM);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test('an admin opening /slides lands on /dashboard', async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.goto('/slides');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a signed-out visitor opening /dashboard/customers lands on /auth', async ({ page }) => {
  await page.goto('/dashboard/customers');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: /customer sign-in/i })).toBeVisible();
});

test('a customer signing in at /admin with their password is refused', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(GYM.email);
  await page.getByLabel('Password', { exact: true }).fill(GYM.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('This account does not have admin access.');
  await expect(page).toHaveURL(/\/admin$/);
  await screenshot(page, 'admin-sign-in-refused');
  // Signed out again: the admin area is closed to them.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the password screens', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Invalid reset link. Please request a new password reset.');
  // Without its tokens the form cannot be used; a new link is one click away.
  await expect(page.getByLabel('New Password')).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await screenshot(page, 'reset-password');

  await page.goto(`/auth/setup-password?email=${encodeURIComponent(CAFE.email)}`);
  await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('other');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await screenshot(page, 'setup-password');
});
