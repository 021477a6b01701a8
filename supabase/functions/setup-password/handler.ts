// setup-password: sets the password of the caller's own account. The caller
// proves the account is theirs with a session of that account (the bearer
// token) or with the token_hash of the invite e-mail sent to it.
import type { User } from '@supabase/supabase-js';
import { z } from 'zod';
import { json } from '../_shared/cors.ts';
import { HttpError, parseBody, postHandler } from '../_shared/http.ts';
import { anonClient, bearerToken, serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';
import { emailField, MIN_PASSWORD_LENGTH, sameEmail } from '../_shared/validation.ts';

export const NOT_SIGNED_IN = 'Not signed in';
export const NOT_YOUR_ACCOUNT = 'You can only set the password of your own account';
export const TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
/** Supabase Auth's own words for the same refusal (PUT /auth/v1/user, insufficient_aal). */
export const SECOND_FACTOR_NEEDED = 'AAL2 session is required to update email or password when MFA is enabled.';

const bodySchema = z.object({
  email: emailField,
  password: z.string({ error: 'password is required' }),
  token_hash: z.string().min(1).nullish(),
});

export interface Deps {
  env: SupabaseEnv;
  fetch?: typeof fetch;
}

export function defaultDeps(): Deps {
  return { env: supabaseEnv() };
}

/** The account the caller has proved is theirs, with the access token that proved it, or null. */
async function provenUser(
  deps: Deps,
  req: Request,
  tokenHash: string | null | undefined,
): Promise<{ user: User; token: string } | null> {
  const auth = anonClient(deps.env, { fetch: deps.fetch });
  const token = bearerToken(req);
  // The anon key is a bearer too (the SPA sends it when nobody is signed in): only a user's session counts.
  if (token && token !== deps.env.anonKey) {
    const { data, error } = await auth.auth.getUser(token);
    if (!error && data.user) return { user: data.user, token };
  }
  if (tokenHash) {
    const { data, error } = await auth.auth.verifyOtp({ type: 'invite', token_hash: tokenHash });
    if (!error && data.user && data.session) return { user: data.user, token: data.session.access_token };
  }
  return null;
}

/**
 * Whether the proving session is enough for a new password: with a verified second factor
 * it must be aal2, as Auth requires for PUT /auth/v1/user. (This function sets the password
 * through the admin API, which asks nothing, so it asks instead.)
 */
async function secondFactorMissing(deps: Deps, token: string): Promise<boolean> {
  const auth = anonClient(deps.env, { fetch: deps.fetch });
  const { data, error } = await auth.auth.mfa.getAuthenticatorAssuranceLevel(token);
  if (error) throw error;
  return data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  return postHandler(async (req) => {
    const { email, password, token_hash } = await parseBody(req, bodySchema);
    // Checked before the invite token is spent, so a too-short password does not use up the link.
    if (password.length < MIN_PASSWORD_LENGTH) throw new HttpError(422, TOO_SHORT);

    const proven = await provenUser(deps, req, token_hash);
    if (!proven) throw new HttpError(401, NOT_SIGNED_IN);
    const { user } = proven;
    if (!sameEmail(user.email, email)) throw new HttpError(403, NOT_YOUR_ACCOUNT);
    if (await secondFactorMissing(deps, proven.token)) throw new HttpError(401, SECOND_FACTOR_NEEDED);

    const admin = serviceClient(deps.env, { fetch: deps.fetch });
    const { error } = await admin.auth.admin.updateUserById(user.id, { password });
    if (error?.code === 'weak_password') throw new HttpError(422, TOO_SHORT);
    if (error) throw error;
    return json({ ok: true });
  });
}
