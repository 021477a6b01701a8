// Who is calling an edge function, verified: the one place functions read a token's
// claims. A function never trusts a claim it has not checked, whatever the platform's
// verify_jwt did before it (that flag may be off, and on projects with JWT signing keys
// Supabase recommends checking in the function: guide "Securing Edge Functions").
//   - ES256 / RS256 (sessions of a project with JWT signing keys): the signature is
//     checked here against the project's JWKS, ${SUPABASE_URL}/auth/v1/.well-known/jwks.json
//     (jose's createRemoteJWKSet, which keeps the keys and fetches them again for an
//     unknown kid: a rotated key is picked up). alg "none", HS256 under a JWKS kid, an
//     unknown kid, a forged signature or an expired token are refused.
//   - HS256 (the legacy JWT secret, which functions do not hold): Auth checks it. A
//     user's session by GET /auth/v1/user (getUser); a service_role token by the admin
//     API, which only a valid service-role token may read.
//   - The project's own API keys (SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, and the
//     sb_secret_… keys in SUPABASE_SECRET_KEYS) are recognised by comparison: they are the
//     secrets themselves, HS256 legacy keys and opaque keys alike.
import { createRemoteJWKSet, customFetch, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { anonClient, bearerToken, type SupabaseEnv } from './supabase-clients.ts';

export type Claims = JWTPayload & { role?: unknown; sub?: unknown; email?: unknown; [claim: string]: unknown };

/** A token whose claims can be trusted, and how that was established. */
export interface VerifiedToken {
  claims: Claims;
  /** 'jwks': signature checked here; 'auth': Auth accepted the token; 'key': one of the project's API keys. */
  by: 'jwks' | 'auth' | 'key';
  /** The account as Auth answered for it, when Auth checked a user's session. */
  account?: { id: string; email: string | undefined };
}

/** A signed-in user (role authenticated). */
export interface VerifiedUser {
  id: string;
  /** The account's e-mail: Auth's own when `current` was asked, else the token's claim. */
  email: string | undefined;
  claims: Claims;
  /** Whether Auth confirmed the user and session during this check (always with `current`). */
  confirmed: boolean;
}

export interface JwtVerifier {
  /** The token's verified claims, or null when it cannot be trusted. */
  verify(token: string): Promise<VerifiedToken | null>;
  /**
   * A signed-in user's verified claims, or null (no token, an API key, another role).
   * With `current`, Auth also confirms that the user and the session still exist (a
   * signed-out or deleted user is refused before the token expires).
   */
  user(token: string | null, opts?: { current?: boolean }): Promise<VerifiedUser | null>;
  /** Whether the request comes with the project's service role (its key, a secret key, or a verified service_role JWT). */
  isServiceRole(req: Request): Promise<boolean>;
}

export interface VerifierOptions {
  /** The network under the JWKS and Auth requests (tests put a fake one here). */
  fetch?: typeof fetch;
  /** How long after a fetch of the JWKS an unknown kid may fetch it again (jose's default, 30 s). */
  jwksCooldownMs?: number;
}

const ASYMMETRIC = ['ES256', 'RS256'];

/** Equal strings, compared in time independent of where they differ. */
function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

export function jwtVerifier(env: SupabaseEnv, opts: VerifierOptions = {}): JwtVerifier {
  const url = env.url.replace(/\/+$/, '');
  const jwks = createRemoteJWKSet(new URL(`${url}/auth/v1/.well-known/jwks.json`), {
    headers: { apikey: env.anonKey },
    ...(opts.jwksCooldownMs !== undefined ? { cooldownDuration: opts.jwksCooldownMs } : {}),
    ...(opts.fetch ? { [customFetch]: opts.fetch } : {}),
  });
  const auth = anonClient(env, { fetch: opts.fetch }).auth;
  const fetcher = opts.fetch ?? fetch;
  const secretKeys = env.secretKeys ?? [];

  /** A legacy HS256 service_role token, checked by the one API that admits only the service role. */
  async function authAdmits(token: string): Promise<boolean> {
    const res = await fetcher(`${url}/auth/v1/admin/users?page=1&per_page=1`, {
      headers: { apikey: env.anonKey, Authorization: `Bearer ${token}` },
    });
    await res.body?.cancel();
    return res.ok;
  }

  async function verify(token: string): Promise<VerifiedToken | null> {
    if (sameSecret(token, env.serviceRoleKey) || secretKeys.some((k) => sameSecret(token, k))) {
      return { claims: { role: 'service_role' }, by: 'key' };
    }
    if (sameSecret(token, env.anonKey)) return { claims: { role: 'anon' }, by: 'key' };
    let alg: unknown;
    let unverified: Claims;
    try {
      alg = decodeProtectedHeader(token).alg;
      unverified = decodeJwt(token) as Claims;
    } catch {
      return null;
    }
    try {
      if (typeof alg === 'string' && ASYMMETRIC.includes(alg)) {
        const { payload } = await jwtVerify(token, jwks, { algorithms: ASYMMETRIC });
        return { claims: payload as Claims, by: 'jwks' };
      }
      if (alg === 'HS256') {
        // The unverified role only chooses which of Auth's checks to ask; Auth decides.
        if (unverified.role === 'service_role') {
          return (await authAdmits(token)) ? { claims: unverified, by: 'auth' } : null;
        }
        const { data, error } = await auth.getUser(token);
        if (error || !data.user) return null;
        return { claims: unverified, by: 'auth', account: { id: data.user.id, email: data.user.email } };
      }
    } catch {
      // A bad signature, an unknown kid, an expired token, or Auth out of reach: not trusted.
      return null;
    }
    return null;
  }

  return {
    verify,
    async user(token, { current = false } = {}) {
      if (!token) return null;
      const verified = await verify(token);
      const { claims } = verified ?? {};
      if (!verified || !claims || claims.role !== 'authenticated' || typeof claims.sub !== 'string') return null;
      let account = verified.account;
      if (current && !account) {
        const { data, error } = await auth.getUser(token).catch(() => ({ data: { user: null }, error: true }));
        if (error || !data.user) return null;
        account = { id: data.user.id, email: data.user.email };
      }
      if (account && account.id !== claims.sub) return null;
      const email = current ? account?.email : typeof claims.email === 'string' ? claims.email : undefined;
      return { id: claims.sub, email, claims, confirmed: account !== undefined };
    },
    async isServiceRole(req) {
      const apikey = req.headers.get('apikey');
      if (apikey && apikey.startsWith('sb_secret_') && secretKeys.some((k) => sameSecret(apikey, k))) return true;
      const token = bearerToken(req);
      if (!token) return false;
      return (await verify(token))?.claims.role === 'service_role';
    },
  };
}
