// customer-login: an admin gives a venue its login, or a new e-mail for it.
//   POST {customerId}          the venue's login, made (confirmed, role customer) and
//                              linked when it has none; answers the venue's id, e-mail and login id
//   POST {customerId, email}   the venue's e-mail and its login's e-mail changed together
// The link (customers.user_id) is what makes a login "this venue": only admins and server
// functions set it, never a login's own e-mail.
import { z } from 'zod';
import { json } from '../_shared/cors.ts';
import {
  changeCustomerEmail,
  customerById,
  type CustomerLoginRow,
  ensureCustomerLogin,
} from '../_shared/customer-logins.ts';
import { parseBody, postHandler } from '../_shared/http.ts';
import { NOT_SIGNED_IN, requireAdmin } from '../_shared/require-admin.ts';
import { serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';
import { emailField } from '../_shared/validation.ts';
import { jwtVerifier } from '../_shared/verify-jwt.ts';

export { NOT_SIGNED_IN };
export const ADMINS_ONLY = "Only admins can manage a customer's login";

const bodySchema = z.object({
  customerId: z.uuid({ error: 'customerId must be a customer id' }),
  email: emailField.optional(),
});

export interface Deps {
  env: SupabaseEnv;
  fetch?: typeof fetch;
}

export function defaultDeps(): Deps {
  return { env: supabaseEnv() };
}

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  const verifier = jwtVerifier(deps.env, { fetch: deps.fetch });
  return postHandler(async (req) => {
    const admin = serviceClient(deps.env, { fetch: deps.fetch });
    await requireAdmin(deps.env, req, ADMINS_ONLY, verifier, deps.fetch);
    const { customerId, email } = await parseBody(req, bodySchema);

    const customer = await customerById(admin, customerId);
    let result: CustomerLoginRow;
    if (email !== undefined) {
      result = await changeCustomerEmail(admin, customer, email);
    } else {
      result = { ...customer, user_id: await ensureCustomerLogin(admin, customer) };
    }
    return json({ customer: result });
  });
}
