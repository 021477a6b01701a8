// The caller of an admin-only function: signed in (a user's session, not the anon key)
// and an admin by public.users, which users cannot edit.
import type { SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';
import { anonClient, bearerToken, type SupabaseEnv } from './supabase-clients.ts';

export const NOT_SIGNED_IN = 'Not signed in';

/** The admin's user id; 401 for a caller without a session, 403 with `refusal` for anyone else. */
export async function requireAdmin(
  env: SupabaseEnv,
  req: Request,
  admin: SupabaseClient,
  refusal: string,
  fetch?: typeof globalThis.fetch,
): Promise<string> {
  const token = bearerToken(req);
  if (!token || token === env.anonKey) throw new HttpError(401, NOT_SIGNED_IN);
  const { data, error } = await anonClient(env, { fetch }).auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, NOT_SIGNED_IN);
  const { data: rows, error: roleError } = await admin.from('users').select('role').eq('id', data.user.id).limit(1);
  if (roleError) throw new Error(`role lookup failed: ${roleError.message}`);
  if ((rows as { role: string }[])[0]?.role !== 'admin') throw new HttpError(403, refusal);
  return data.user.id;
}
