// setup-password: sets the password of the caller's own account. The caller
// proves the account is theirs with a session of that account (the bearer
// token) or with the token_hash of the invite e-mail sent to it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { json } from '../_shared/cors.ts';
import { HttpError, parseBody, postHandler } from '../_shared/http.ts';
import { anonClient, bearerToken, serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';
import { emailField, MIN_PASSWORD_LENGTH, sameEmail } from '../_shared/validation.ts';
import { type JwtVerifier, jwtVerifier } from '../_shared/verify-jwt.ts';

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

interface ProvenUser {
  id: string;
  email: string | undefined;
  /** The assurance level of the session that proved it (an invite link's is aal1). */
  aal: string;
}

/** The account the caller has proved is theirs (its id, e-mail and session's aal), or null. */
async function provenUser(
  deps: Deps,
  verifier: JwtVerifier,
  req: Request,
  tokenHash: string | null | undefined,
): Promise<ProvenUser | null> {
  // The anon key is a bearer too (the SPA sends it when nobody is signed in): only a user's
  // session counts, verified, and confirmed by Auth to still stand (its e-mail is Auth's).
  const user = await verifier.user(bearerToken(req), { current: true });
  if (user) return { id: user.id, email: user.email, aal: user.claims.aal === 'aal2' ? 'aal2' : 'aal1' };
  if (tokenHash) {
    const auth = anonClient(deps.env, { fetch: deps.fetch });
    const { data, error } = await auth.auth.verifyOtp({ type: 'invite', token_hash: tokenHash });
    if (!error && data.user) return { id: data.user.id, email: data.user.email, aal: 'aal1' };
  }
  return null;
}

/**
 * Whether the proving session falls short for a new password: with a verified second factor
 * it must be aal2, as Auth requires for PUT /auth/v1/user. (This function sets the password
 * through the admin API, which asks nothing, so it asks instead.)
 */
async function secondFactorMissing(admin: SupabaseClient, user: ProvenUser): Promise<boolean> {
  if (user.aal === 'aal2') return false;
  const { data, error } = await admin.auth.admin.mfa.listFactors({ userId: user.id });
  if (error) throw error;
  return data.factors.some((f) => f.status === 'verified');
}

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  const verifier = jwtVerifier(deps.env, { fetch: deps.fetch });
  return postHandler(async (req) => {
    const { email, password, token_hash } = await parseBody(req, bodySchema);
    // Checked before the invite token is spent, so a too-short password does not use up the link.
    if (password.length < MIN_PASSWORD_LENGTH) throw new HttpError(422, TOO_SHORT);

    const user = await provenUser(deps, verifier, req, token_hash);
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    if (!sameEmail(user.email, email)) throw new HttpError(403, NOT_YOUR_ACCOUNT);

    const admin = serviceClient(deps.env, { fetch: deps.fetch });
    if (await secondFactorMissing(admin, user)) throw new HttpError(401, SECOND_FACTOR_NEEDED);
    const { error } = await admin.auth.admin.updateUserById(user.id, { password });
    if (error?.code === 'weak_password') throw new HttpError(422, TOO_SHORT);
    if (error) throw error;
    return json({ ok: true });
  });
}
