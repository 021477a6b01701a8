// The end-to-end run's stack signs sessions with an RS256 key of its own (global-setup.ts
// writes it as `supabase gen signing-key --algorithm RS256` would and points the stack's
// signing_keys_path at it): the session a browser holds after signing in is RS256 under
// that key's kid, verifiable with the project's JWKS, and the app works on it.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { ADMIN, CAFE, STACK_URL, STORAGE_KEY } from './support.ts';

/** The signing key global-setup.ts made for this run. */
function signingKey(): { kid: string; alg: string } {
  const file = process.env.E2E_SIGNING_KEYS_PATH;
  if (!file) throw new Error('E2E_SIGNING_KEYS_PATH is not set: the run’s global setup makes the key file');
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; alg: string; key_ops: string[] }[];
  return keys.find((k) => k.key_ops.includes('sign'))!;
}

/** The access token of the session supabase-js keeps in the page's local storage. */
async function heldToken(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  expect(stored, 'a session in local storage').not.toBeNull();
  return (JSON.parse(stored!) as { access_token: string }).access_token;
}

async function expectSignedWithTheKeyFile(token: string) {
  const { kid, alg } = signingKey();
  expect(alg).toBe('RS256');
  expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid, typ: 'JWT' });
  const jwks = (await (await fetch(`${STACK_URL}/auth/v1/.well-known/jwks.json`)).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { algorithms: ['RS256'] });
  return payload;
}

test('an admin signing in holds an RS256 session under the key file’s kid, and the admin pages work on it', async ({
  page,
}) => {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Role: admin')).toBeVisible();

  const claims = await expectSignedWithTheKeyFile(await heldToken(page));
  expect(claims).toMatchObject({ email: ADMIN.email, role: 'authenticated' });

  // Rows read under RLS with that session.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(page.getByText('Corner Cafe').first()).toBeVisible();
});

test('a venue signing in with its password holds an RS256 session too, and its home shows its campaigns', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Use a password instead' }).click();
  await page.getByLabel('Email').fill(CAFE.email);
  await page.getByLabel('Password', { exact: true }).fill(CAFE.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const claims = await expectSignedWithTheKeyFile(await heldToken(page));
  expect(claims).toMatchObject({ email: CAFE.email, role: 'authenticated' });
});
