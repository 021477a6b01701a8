// What every stack test uses: the stack's URL and keys, supabase-js clients
// made as a Node program makes them, and JWTs signed with the project secret.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';
import { SignJWT } from 'jose';

export const STACK_URL = inject('stackUrl');
export const INBOX_URL = inject('inboxUrl');
export const ENGINE = inject('engine');
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyClient = SupabaseClient<any, 'public', 'public', any, any>;

/** A supabase-js client with the given key; `accessToken` makes it act as that user. */
export function client(key = ANON_KEY, accessToken?: string): AnyClient {
  return createClient(STACK_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
  });
}

export const anon = () => client(ANON_KEY);
export const service = () => client(SERVICE_ROLE_KEY);

/** A JWT as GoTrue would issue it (HS256 with the project secret). */
export async function signToken(claims: Record<string, unknown>, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ aud: 'authenticated', role: 'authenticated', iat: now, exp: now + expiresInSeconds, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(JWT_SECRET));
}

/** A client acting as an authenticated user with the given id (and e-mail). */
export async function asUser(sub: string, email = `${sub}@example.test`): Promise<AnyClient> {
  return client(ANON_KEY, await signToken({ sub, email }));
}

/** Raw HTTP against the stack, for what supabase-js cannot express. */
export function http(path: string, init: RequestInit & { key?: string } = {}): Promise<Response> {
  const { key = ANON_KEY, headers, ...rest } = init;
  return fetch(`${STACK_URL}${path}`, { ...rest, headers: { apikey: key, Authorization: `Bearer ${key}`, ...headers } });
}
