// set-users-password: an admin sets a customer's login password, creating the
// customer's login (role customer, e-mail confirmed) when they have none yet.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { json, preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, parseBody } from '../_shared/http.ts';
import { anonClient, bearerToken, serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';
import { escapeLike, MIN_PASSWORD_LENGTH, sameEmail } from '../_shared/validation.ts';

export const NOT_SIGNED_IN = 'Not signed in';
export const ADMINS_ONLY = 'Only admins can set passwords';
export const NOT_FOUND = 'Customer not found';
export const TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

const bodySchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, { error: 'username is required' }),
  newPassword: z.string({ error: 'newPassword is required' }),
});

export interface Deps {
  env: SupabaseEnv;
  fetch?: typeof fetch;
}

export function defaultDeps(): Deps {
  return { env: supabaseEnv() };
}

/** Refuses callers who are not signed in as an admin (role from public.users, which users cannot edit). */
async function requireAdmin(deps: Deps, req: Request, admin: SupabaseClient): Promise<void> {
  const token = bearerToken(req);
  if (!token || token === deps.env.anonKey) throw new HttpError(401, NOT_SIGNED_IN);
  const { data, error } = await anonClient(deps.env, { fetch: deps.fetch }).auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, NOT_SIGNED_IN);
  const { data: rows, error: roleError } = await admin.from('users').select('role').eq('id', data.user.id).limit(1);
  if (roleError) throw new Error(`role lookup failed: ${roleError.message}`);
  if ((rows as { role: string }[])[0]?.role !== 'admin') throw new HttpError(403, ADMINS_ONLY);
}

/** Rows of `table` whose `column` is `email`, compared case-insensitively. */
async function byEmail<T extends Record<string, unknown>>(
  admin: SupabaseClient,
  table: string,
  columns: string,
  email: string,
): Promise<T[]> {
  const { data, error } = await admin.from(table).select(columns).ilike('email', escapeLike(email)).limit(10);
  if (error) throw new Error(`${table} lookup failed: ${error.message}`);
  return (data as unknown as T[]).filter((row) => sameEmail(row.email as string, email));
}

/** The customer's e-mail, found by username (or by e-mail when the username is one). */
async function customerEmail(admin: SupabaseClient, username: string): Promise<string> {
  let rows: { email: string }[];
  if (username.includes('@')) {
    rows = await byEmail<{ email: string }>(admin, 'customers', 'email', username);
  } else {
    const { data, error } = await admin.from('customers').select('email').eq('username', username).limit(2);
    if (error) throw new Error(`customer lookup failed: ${error.message}`);
    rows = data as { email: string }[];
  }
  if (rows.length === 0) throw new HttpError(404, NOT_FOUND);
  if (rows.length > 1) throw new HttpError(409, 'More than one customer has this username');
  return rows[0]!.email;
}

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  return async (req) => {
    const early = preflight(req);
    if (early) return early;
    try {
      if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed');
      const admin = serviceClient(deps.env, { fetch: deps.fetch });
      await requireAdmin(deps, req, admin);

      const { username, newPassword } = await parseBody(req, bodySchema);
      if (newPassword.length < MIN_PASSWORD_LENGTH) throw new HttpError(422, TOO_SHORT);
      const email = (await customerEmail(admin, username)).trim().toLowerCase();

      const [login] = await byEmail<{ id: string; email: string }>(admin, 'users', 'id, email', email);
      const { error } = login
        ? await admin.auth.admin.updateUserById(login.id, { password: newPassword })
        : await admin.auth.admin.createUser({
            email,
            password: newPassword,
            email_confirm: true,
            app_metadata: { role: 'customer' },
          });
      if (error?.code === 'weak_password') throw new HttpError(422, TOO_SHORT);
      if (error) throw error;
      return json({ ok: true });
    } catch (e) {
      return errorResponse(e);
    }
  };
}
