// supabase-js clients and tokens as a Node program makes them, for tests against a stack
// that keeps the Supabase CLI's default keys and JWT secret.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import ws from 'ws';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY } from '../src/config.ts';

export const ANON_KEY = DEFAULT_ANON_KEY;
export const SERVICE_ROLE_KEY = DEFAULT_SERVICE_ROLE_KEY;
export const JWT_SECRET = DEFAULT_JWT_SECRET;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyClient = SupabaseClient<any, 'public', 'public', any, any>;

export interface TestClientOptions {
  /** Act as the user of this access token (its Authorization header). */
  accessToken?: string;
  /** The fetch its requests go through (one connecting from an address of its own, say). */
  fetch?: typeof fetch;
  /** Realtime's serializer version (realtime-js's default otherwise). */
  vsn?: '1.0.0' | '2.0.0';
}

/** A supabase-js client of the stack at `url` with `key`, no stored session, Realtime over `ws`. */
export function createTestClient(url: string, key: string = ANON_KEY, opts: TestClientOptions = {}): AnyClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never, ...(opts.vsn ? { vsn: opts.vsn } : {}) },
    global: {
      ...(opts.accessToken ? { headers: { Authorization: `Bearer ${opts.accessToken}` } } : {}),
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    },
  });
}

/** A JWT as GoTrue would issue it (HS256 with the default secret): an authenticated user unless `claims` say otherwise. */
export async function signToken(claims: Record<string, unknown>, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ aud: 'authenticated', role: 'authenticated', iat: now, exp: now + expiresInSeconds, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(JWT_SECRET));
}

/** Raw HTTP against the stack at `url` (with the anon key unless `key` says otherwise), for what supabase-js cannot express. */
export function httpAt(url: string): (path: string, init?: RequestInit & { key?: string }) => Promise<Response> {
  return (path, init = {}) => {
    const { key = ANON_KEY, headers, ...rest } = init;
    return fetch(`${url}${path}`, { ...rest, headers: { apikey: key, Authorization: `Bearer ${key}`, ...headers } });
  };
}
