// Logins made for one test: a confirmed user created through the admin API and signed in
// with its password by supabase-js, optionally connecting from an address of its own (a
// loopback address: the stack keys its limits on the connection's address) and with
// app_metadata (a role).
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import ws from 'ws';
import { fetchFrom } from '../support/client-address.ts';
import { ANON_KEY, service, STACK_URL, type AnyClient } from './helpers.ts';

export const TEST_PASSWORD = 'test-user-password';

/** A supabase-js client as a Node program makes it, connecting from `ip` (a loopback address) when given. */
export function clientFrom(ip?: string, url = STACK_URL): AnyClient {
  return createClient(url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: ip ? { fetch: fetchFrom(ip) } : {},
  });
}

export interface TestUser {
  /** The client holding the user's session. */
  sb: AnyClient;
  email: string;
  id: string;
  /** The session's access token. */
  token: string;
}

/** Creates a confirmed user (`tag` starts its address) and signs it in. */
export async function signedInUser(
  tag: string,
  opts: { ip?: string; appMetadata?: Record<string, unknown> } = {},
): Promise<TestUser> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@example.test`;
  const created = await service().auth.admin.createUser({
    email,
    password: TEST_PASSWORD,
    email_confirm: true,
    ...(opts.appMetadata ? { app_metadata: opts.appMetadata } : {}),
  });
  expect(created.error).toBeNull();
  const sb = clientFrom(opts.ip);
  const { data, error } = await sb.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  expect(error).toBeNull();
  return { sb, email, id: created.data.user!.id, token: data.session!.access_token };
}

/** Signs an existing test user in again, on a new client (a new session). */
export async function signInAgain(email: string, ip?: string): Promise<AnyClient> {
  const sb = clientFrom(ip);
  const { error } = await sb.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  expect(error).toBeNull();
  return sb;
}
