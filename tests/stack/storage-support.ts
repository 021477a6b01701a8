// Shared by the storage tests: buckets from fixtures-storage.sql, users with
// their own folders, and the error fields storage-js exposes.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { asUser, type AnyClient } from './helpers.ts';

export const PRIVATE = 'test-private';
export const PUBLIC = 'test-public';
export const LOCKED = 'test-locked';

export interface TestUser {
  id: string;
  client: AnyClient;
  /** A path under this user's own folder. */
  path(name: string): string;
}

export async function newUser(): Promise<TestUser> {
  const id = randomUUID();
  return { id, client: await asUser(id), path: (name) => `${id}/${name}` };
}

export const textBlob = (text: string, type = 'text/plain') => new Blob([text], { type });

/** The error storage-js returned: HTTP status, the body's statusCode and message. */
export function expectStorageError(
  error: unknown,
  expected: { status?: number; statusCode: string; message?: string | RegExp },
): void {
  expect(error).toBeTruthy();
  const e = error as { status?: number; statusCode?: string; message?: string };
  expect(e.statusCode).toBe(expected.statusCode);
  expect(e.status).toBe(expected.status ?? 400);
  if (typeof expected.message === 'string') expect(e.message).toBe(expected.message);
  else if (expected.message) expect(e.message).toMatch(expected.message);
}
