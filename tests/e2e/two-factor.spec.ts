// An admin turns on two-factor sign-in in Settings with an authenticator app (the code
// computed here from the key the page shows, as the app would), signs in again with the
// password and the app's code, works as an admin, and turns it off. A fresh admin login
// is made for the test, so the seeded admin stays without a factor for the other specs.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { totp, verifyLink } from 'supabase-local/testing';
import { screenshot } from './screenshot.ts';
import { ANON_KEY, mail, STACK_URL } from './support.ts';

const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

async function createAdmin(): Promise<{ email: string; password: string }> {
  const login = { email: `mfa-admin-${randomUUID().slice(0, 8)}@example.com`, password: 'two-factor-pass' };
  const r = await fetch(`${STACK_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...login, email_confirm: true, app_metadata: { role: 'admin' } }),
  });
  if (!r.ok) throw new Error(`could not create the admin: ${r.status} ${await r.text()}`);
  return login;
}

async function signInWithPassword(page: Page, login: { email: string; password: string }) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an admin turns on two-factor sign-in, signs in with the app’s code, and turns it off', async ({ page }) => {
  const login = await createAdmin();
  await signInWithPassword(page, login);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  // The browser could draw the SVG Auth sent (a broken image has no natural size).
  await expect.poll(() => qr.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);
  await screenshot(page, 'settings-two-factor-enrol');
  const key = (await page.locator('code').first().textContent())!.trim();
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(totp(key));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText(/Two-factor sign-in is on/)).toBeVisible();

  // Signed out and in again: the password alone is not enough.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await signInWithPassword(page, login);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await screenshot(page, 'admin-sign-in-code');
  // Admin pages wait for the code too.
  await page.goto('/dashboard/customers');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel('Authentication code').fill(totp(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/customers');
  await expect(page.getByText('Corner Cafe').first()).toBeVisible();

  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
});

test('an admin with two-factor sign-in resets a forgotten password: the reset link asks for the app’s code first', async ({
  page,
}) => {
  const login = await createAdmin();
  // Two-factor sign-in turned on through Auth, as the Settings page does it.
  const session = (await (
    await fetch(`${STACK_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(login),
    })
  ).json()) as { access_token: string };
  const asUser = { apikey: ANON_KEY, Authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const factor = (await (
    await fetch(`${STACK_URL}/auth/v1/factors`, { method: 'POST', headers: asUser, body: '{"factor_type":"totp"}' })
  ).json()) as { id: string; totp: { secret: string } };
  const challenge = (await (
    await fetch(`${STACK_URL}/auth/v1/factors/${factor.id}/challenge`, { method: 'POST', headers: asUser, body: '{}' })
  ).json()) as { id: string };
  const verified = await fetch(`${STACK_URL}/auth/v1/factors/${factor.id}/verify`, {
    method: 'POST',
    headers: asUser,
    body: JSON.stringify({ challenge_id: challenge.id, code: totp(factor.totp.secret) }),
  });
  expect(verified.status).toBe(200);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  const asked = Date.now();
  await page.getByLabel('Email').fill(login.email);
  await page.getByRole('button', { name: /send/i }).click();
  await page.goto(verifyLink(await mail.latest(login.email, { after: asked, timeoutMs: 15_000 })));
  await expect(page).toHaveURL(/\/auth\/reset-password/);

  await page.getByLabel('New Password').fill('a-brand-new-pass');
  await page.getByLabel('Confirm Password').fill('a-brand-new-pass');
  await page.getByRole('button', { name: 'Update Password' }).click();
  // The link alone (aal1) cannot change the password of an account with a second factor.
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await screenshot(page, 'reset-password-code');
  await page.getByLabel('Authentication code').fill(totp(factor.totp.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Password updated successfully! Redirecting to login...')).toBeVisible();

  // The new password (and the code) sign in; the old one no longer does.
  await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 });
  await signInWithPassword(page, { ...login, password: 'a-brand-new-pass' });
  await expect(page.getByLabel('Authentication code')).toBeVisible();
});
