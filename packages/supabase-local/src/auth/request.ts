// Request helpers shared by the auth routes: JSON bodies and bearer tokens.
import type { Claims } from '../http/jwt.ts';
import { bearerToken, gotrueJwtError, verifyJwt } from '../http/jwt.ts';
import type { StackConfig } from '../config.ts';
import type { StackRequest } from '../http/server.ts';
import type { Tx } from '../db/core.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { findUserById, UUID_RE, type User } from './users.ts';

export type Body = Record<string, unknown>;

export async function readJson(req: StackRequest): Promise<Body> {
  const buf = await req.body();
  if (buf.length === 0) return {};
  try {
    const v: unknown = JSON.parse(buf.toString('utf8'));
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Body;
  } catch (e) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(e as Error).message}`);
  }
  throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
}

export function objectField(body: Body, key: string): Body | undefined {
  const v = body[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : undefined;
}

/** The verified claims of the bearer token (GoTrue's requireAuthentication). */
export async function requireClaims(config: StackConfig, req: StackRequest): Promise<Claims> {
  const token = bearerToken(req.authorization);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const v = await verifyJwt(token, config.jwtSecret);
  if (!v.ok) throw forbidden('bad_jwt', gotrueJwtError(v, config.jwtSecret));
  return v.claims;
}

/** The user (and session) a token names; missing ones answer 403 as GoTrue does. */
export async function requireUser(tx: Tx, claims: Claims): Promise<{ user: User; sessionId: string | undefined }> {
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(tx, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : undefined;
  if (sessionId) {
    const valid = UUID_RE.test(sessionId);
    const { rows } = valid
      ? await tx.query(`select 1 from auth.sessions where id = $1::uuid and user_id = $2`, [sessionId, sub])
      : { rows: [] };
    if (!rows.length) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, sessionId };
}

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

export async function requireAdmin(config: StackConfig, req: StackRequest): Promise<Claims> {
  const claims = await requireClaims(config, req);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw forbidden('not_admin', 'User not allowed');
  return claims;
}
