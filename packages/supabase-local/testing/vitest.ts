// supabase-local/testing/vitest: what a test file of a suite run against one stack (see
// provideStack) uses: the stack's addresses, supabase-js clients made as a Node program
// makes them, JWTs signed with the default secret, and logins made for one test.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { fetchFrom } from './client-address.ts';
import { ANON_KEY, createTestClient, httpAt, SERVICE_ROLE_KEY, signToken, type AnyClient } from './clients.ts';
import type { TestStack } from './stack-process.ts';

export { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY, signToken, type AnyClient } from './clients.ts';

export const STACK_URL = inject('stackUrl');
export const INBOX_URL = inject('inboxUrl');
export const ENGINE = inject('engine');

/** A port `offset` above the suite's stack's API port, for a stack a test file starts of its own. */
export function portAbove(offset: number): number {
  return Number(new URL(STACK_URL).port) + offset;
}

/**
 * A stack of a test file's own (or a describe block's), started by `start` before its tests
 * and stopped after them. The stack it answers stands for that one while the tests run.
 */
export function stackOfOwn(start: () => Promise<TestStack>): TestStack {
  let running: TestStack | undefined;
  beforeAll(async () => {
    running = await start();
  }, 180_000);
  afterAll(async () => {
    await running?.stop();
  }, 60_000);
  const current = (): TestStack => {
    if (!running) throw new Error('the stack of this test file has not started');
    return running;
  };
  return {
    get url() {
      return current().url;
    },
    get engine() {
      return current().engine;
    },
    get dbUrl() {
      return current().dbUrl;
    },
    get env() {
      return current().env;
    },
    get clusterDataDir() {
      return current().clusterDataDir;
    },
    stop: () => current().stop(),
    halt: () => current().halt(),
    resume: () => current().resume(),
    pid: () => current().pid(),
    send: (message: unknown) => current().send(message),
  };
}

/** A supabase-js client with the given key; `accessToken` makes it act as that user. */
export function client(key = ANON_KEY, accessToken?: string): AnyClient {
  return createTestClient(STACK_URL, key, { accessToken });
}

export const anon = () => client(ANON_KEY);
export const service = () => client(SERVICE_ROLE_KEY);

/** A client acting as an authenticated user with the given id (and e-mail). */
export async function asUser(sub: string, email = `${sub}@example.test`): Promise<AnyClient> {
  return client(ANON_KEY, await signToken({ sub, email }));
}

/** Raw HTTP against the stack, for what supabase-js cannot express. */
export const http = httpAt(STACK_URL);

/** A direct connection to the stack's database, for setting up what no public API creates. */
export async function connectDb(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: inject('dbUrl') });
  await c.connect();
  return c;
}

/** A short suffix no other test run uses, for names that must be unique. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export const TEST_PASSWORD = 'test-user-password';

/** A supabase-js client of the stack, connecting from `ip` (a loopback address) when given. */
export function clientFrom(ip?: string, url = STACK_URL): AnyClient {
  return createTestClient(url, ANON_KEY, ip ? { fetch: fetchFrom(ip) } : {});
}

export interface TestUser {
  /** The client holding the user's session. */
  sb: AnyClient;
  email: string;
  id: string;
  /** The session's access token. */
  token: string;
}

/**
 * A login made for one test: a confirmed user created through the admin API (`tag` starts
 * its address) and signed in with its password, optionally connecting from an address of
 * its own (the stack keys its limits on the connection's address) and with app_metadata.
 */
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
