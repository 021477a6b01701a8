// set-users-password: an admin sets a customer's login password, creating the
// customer's login (role customer, e-mail confirmed, linked to the customer) when
// they have none yet.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { json } from '../_shared/cors.ts';
import { HttpError, parseBody, postHandler } from '../_shared/http.ts';
import {
  CUSTOMER_LOGIN_COLUMNS,
  type CustomerLoginRow,
  customersByEmail,
  ensureCustomerLogin,
} from '../_shared/customer-logins.ts';
import { NOT_SIGNED_IN, requireAdmin } from '../_shared/require-admin.ts';
import { serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';
import { MIN_PASSWORD_LENGTH } from '../_shared/validation.ts';
import { jwtVerifier } from '../_shared/verify-jwt.ts';

export { NOT_SIGNED_IN };
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

/** The customer found by username (or by e-mail when the username is one). */
async function findCustomer(admin: SupabaseClient, username: string): Promise<CustomerLoginRow> {
  let rows: CustomerLoginRow[];
  if (username.includes('@')) {
    rows = await customersByEmail(admin, username);
  } else {
    const { data, error } = await admin.from('customers').select(CUSTOMER_LOGIN_COLUMNS).eq('username', username).limit(2);
    if (error) throw new Error(`customer lookup failed: ${error.message}`);
    rows = data as CustomerLoginRow[];
  }
  if (rows.length === 0) throw new HttpError(404, NOT_FOUND);
  if (rows.length > 1) throw new HttpError(409, 'More than one customer has this username');
  return rows[0]!;
}

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  const verifier = jwtVerifier(deps.env, { fetch: deps.fetch });
  return postHandler(async (req) => {
    const admin = serviceClient(deps.env, { fetch: deps.fetch });
    await requireAdmin(deps.env, req, ADMINS_ONLY, verifier, deps.fetch);

    const { username, newPassword } = await parseBody(req, bodySchema);
    if (newPassword.length < MIN_PASSWORD_LENGTH) throw new HttpError(422, TOO_SHORT);
    const customer = await findCustomer(admin, username);

    try {
      if (customer.user_id) {
        const { error } = await admin.auth.admin.updateUserById(customer.user_id, { password: newPassword });
        if (error) throw error;
      } else {
        // A customer with no login gets one, linked to it, with this password.
        await ensureCustomerLogin(admin, customer, newPassword);
      }
    } catch (e) {
      if ((e as { code?: unknown }).code === 'weak_password') throw new HttpError(422, TOO_SHORT);
      throw e;
    }
    return json({ ok: true });
  });
}
