// Shared pieces of the end-to-end tests: the seeded logins, the test stack's addresses,
// and a way to start a page already signed in (the session stored where supabase-js
// keeps it, as a person who signed in earlier would have it).
import type { Page } from '@playwright/test';
import { inbox } from 'supabase-local/testing';
import { e2ePorts } from './ports.ts';

export const ADMIN = { email: 'admin@example.com', password: 'demo-admin-pass' };
export const CAFE = { email: 'cafe@example.com', password: 'demo-customer-pass' };
export const GYM = { email: 'gym@example.com', password: 'demo-customer-pass' };

const { basePort, controlPort } = e2ePorts();
export const STACK_URL = `http://127.0.0.1:${basePort}`;
export const mail = inbox(`http://127.0.0.1:${basePort + 3}`);

async function control(action: 'stop' | 'start') {
  const response = await fetch(`http://127.0.0.1:${controlPort}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`${action} failed: ${response.status} ${await response.text()}`);
}

/** Takes the whole local stack and the app's server down, or brings them back (same ports and data). */
export const stackControl = {
  stop: () => control('stop'),
  start: () => control('start'),
};

/** The local stack's anon key (Supabase CLI demo value). */
export const ANON_KEY =
  process.env.VITE_SUPABASE_ANON_KEY ??
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Where supabase-js keeps the session for the stack's URL (sb-<first host label>-auth-token). */
export const STORAGE_KEY = `sb-${new URL(STACK_URL).hostname.split('.')[0]}-auth-token`;

interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Signs in with a password through the Auth API and stores the session in the page's origin. */
export async function signInAs(page: Page, login: { email: string; password: string }) {
  const response = await fetch(`${STACK_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!response.ok) throw new Error(`sign-in of ${login.email} failed: ${response.status} ${await response.text()}`);
  const session: unknown = await response.json();
  await page.addInitScript(
    ([key, value]) => {
      // Runs in the page, where localStorage exists.
      const storage = (globalThis as unknown as { localStorage: BrowserStorage }).localStorage;
      if (!storage.getItem(key)) storage.setItem(key, value);
    },
    [STORAGE_KEY, JSON.stringify(session)] as const,
  );
}
