// Supabase clients for edge functions: the service-role client (bypasses RLS,
// reaches the auth admin API), the anon client, and the caller's client (their
// Authorization forwarded, so RLS applies to them). None keeps a session.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';

/** Where the project is and its keys, as the edge runtime passes them. */
export interface SupabaseEnv {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The project's secret API keys (sb_secret_…, SUPABASE_SECRET_KEYS), when the runtime passes them. */
  secretKeys?: string[];
}

/** The project's URL and keys from the environment; a missing one is a configuration error. */
export function supabaseEnv(get: (name: string) => string | undefined = (name) => Deno.env.get(name)): SupabaseEnv {
  const read = (name: string) => {
    const value = get(name);
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  return {
    url: read('SUPABASE_URL'),
    anonKey: read('SUPABASE_ANON_KEY'),
    serviceRoleKey: read('SUPABASE_SERVICE_ROLE_KEY'),
    secretKeys: secretKeys(get('SUPABASE_SECRET_KEYS')),
  };
}

/** SUPABASE_SECRET_KEYS: a JSON object of key names to sb_secret_… keys; none when unset or unreadable. */
function secretKeys(json: string | undefined): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object') return [];
    return Object.values(value).filter((k): k is string => typeof k === 'string' && k.startsWith('sb_secret_'));
  } catch {
    return [];
  }
}

/** Lets tests put a fake network under the clients. */
export interface ClientOptions {
  fetch?: typeof fetch;
  /** Extra headers on every request (for example the caller's Authorization). */
  headers?: Record<string, string>;
}

function make(env: SupabaseEnv, key: string, opts: ClientOptions): SupabaseClient {
  return createClient(env.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { ...(opts.fetch ? { fetch: opts.fetch } : {}), ...(opts.headers ? { headers: opts.headers } : {}) },
  });
}

/** A client with the service role: bypasses RLS and may call the auth admin API. Never hand its results to a caller unchecked. */
export function serviceClient(env: SupabaseEnv, opts: ClientOptions = {}): SupabaseClient {
  return make(env, env.serviceRoleKey, opts);
}

/** A client with the anon key, as the SPA has. */
export function anonClient(env: SupabaseEnv, opts: ClientOptions = {}): SupabaseClient {
  return make(env, env.anonKey, opts);
}

/** A client acting as the caller: their Authorization header is forwarded, so RLS applies. */
export function callerClient(env: SupabaseEnv, req: Request, opts: ClientOptions = {}): SupabaseClient {
  const authorization = req.headers.get('Authorization');
  if (!authorization) throw new HttpError(401, 'Not signed in');
  return make(env, env.anonKey, { ...opts, headers: { ...opts.headers, Authorization: authorization } });
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(req: Request): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('Authorization') ?? '');
  return m ? m[1]! : null;
}
