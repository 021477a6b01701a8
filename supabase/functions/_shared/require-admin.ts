// The caller of an admin-only function: signed in (a user's session, not the anon key)
// and an admin by public.is_admin(), asked with the caller's own token: the role in
// public.users (which users cannot edit) and, for an admin who enrolled two-factor
// sign-in, a session that verified a code (aal2), the same rule as every admin policy.
import { HttpError } from './http.ts';
import { anonClient, bearerToken, type SupabaseEnv } from './supabase-clients.ts';
import type { JwtVerifier } from './verify-jwt.ts';

export const NOT_SIGNED_IN = 'Not signed in';

/**
 * The admin's user id; 401 for a caller without a session, 403 with `refusal` for anyone
 * else. The session is verified (_shared/verify-jwt.ts: the project's JWKS, or Auth for a
 * legacy HS256 token) and Auth confirms it still stands, so a signed-out admin is refused.
 */
export async function requireAdmin(
  env: SupabaseEnv,
  req: Request,
  refusal: string,
  verifier: JwtVerifier,
  fetch?: typeof globalThis.fetch,
): Promise<string> {
  const user = await verifier.user(bearerToken(req), { current: true });
  if (!user) throw new HttpError(401, NOT_SIGNED_IN);
  const token = bearerToken(req)!;
  const caller = anonClient(env, { fetch, headers: { Authorization: `Bearer ${token}` } });
  const { data: isAdmin, error: roleError } = await caller.rpc('is_admin');
  if (roleError) throw new Error(`role lookup failed: ${roleError.message}`);
  if (isAdmin !== true) throw new HttpError(403, refusal);
  return user.id;
}
