// Sessions, access tokens and rotating refresh tokens (supabase/auth
// internal/tokens/service.go, internal/api/token_refresh.go).
import { randomBytes, randomUUID } from 'node:crypto';
import type { StackConfig } from '../config.ts';
import type { Tx } from '../db/core.ts';
import { signSessionJwt } from '../http/jwt.ts';
import { badRequest, type AuthError } from './errors.ts';
import { findUserById, userJson, type User } from './users.ts';

export interface Session {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

async function insertRefreshToken(tx: Tx, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** GoTrue's AMRClaim.IsAAL2Claim: the methods that make a session aal2. */
export const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

/**
 * An access token for `user` in session `sessionId`: aal and amr come from the session's
 * authentication methods (GoTrue's Session.CalculateAALAndAMR), most recent first; signed
 * as GoTrue signs it (the asymmetric signing key when there is one, see http/jwt.ts).
 */
export async function accessToken(
  config: StackConfig,
  tx: Tx,
  user: User,
  sessionId: string,
): Promise<{ token: string; expiresAt: number }> {
  const { rows } = await tx.query<{ authentication_method: string; ts: string }>(
    `select authentication_method, extract(epoch from updated_at)::bigint::text as ts
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  const now = Math.floor(Date.now() / 1000);
  const exp = now + config.auth.jwtExpiry;
  const u = user.row;
  const token = await signSessionJwt(
    {
      aud: u.aud ?? 'authenticated',
      exp,
      iat: now,
      iss: `${config.apiUrl}/auth/v1`,
      sub: u.id,
      email: u.email ?? '',
      phone: u.phone ?? '',
      app_metadata: u.raw_app_meta_data ?? {},
      user_metadata: u.raw_user_meta_data ?? {},
      role: u.role ?? 'authenticated',
      aal: rows.some((r) => AAL2_METHODS.has(r.authentication_method)) ? 'aal2' : 'aal1',
      amr: rows.map((r) => ({ method: r.authentication_method, timestamp: Number(r.ts) })),
      session_id: sessionId,
      is_anonymous: u.is_anonymous,
    },
    config.jwtSecret,
  );
  return { token, expiresAt: exp };
}

export async function sessionResponse(config: StackConfig, tx: Tx, user: User, sessionId: string, refreshToken: string): Promise<Session> {
  const { token, expiresAt } = await accessToken(config, tx, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: config.auth.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** A new session for a user who just authenticated with `method` (password, otp, magiclink…). */
export async function issueSession(config: StackConfig, tx: Tx, userId: string, method: string): Promise<Session> {
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await tx.query(
    `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at) values ($1, $2, now(), now(), 'aal1', null)`,
    [sessionId, userId],
  );
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id) values ($1, now(), now(), $2, $3)`,
    [sessionId, method, randomUUID()],
  );
  const refresh = await insertRefreshToken(tx, userId, sessionId, null);
  const user = await findUserById(tx, userId);
  if (!user) throw badRequest('user_not_found', 'User not found');
  return sessionResponse(config, tx, user, sessionId, refresh);
}

/**
 * GoTrue's updateMFASessionAndClaims for legacy refresh tokens: the session gains the
 * method (and the factor), its current refresh token is swapped for a new one, and a
 * fresh access token carries the new aal and amr.
 */
export async function upgradeSession(
  config: StackConfig,
  tx: Tx,
  userId: string,
  sessionId: string,
  method: string,
  factorId: string,
): Promise<Session> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
  const aal2 = AAL2_METHODS.has(method);
  await tx.query(`update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1`, [
    sessionId,
    aal2 ? 'aal2' : 'aal1',
    factorId,
  ]);
  const current = await tx.query<{ id: string; token: string }>(
    `select id::text, token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1 for update`,
    [sessionId],
  );
  const parent = current.rows[0];
  if (parent) {
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [parent.id]);
  }
  const refresh = await insertRefreshToken(tx, userId, sessionId, parent?.token ?? null);
  const user = await findUserById(tx, userId);
  if (!user) throw badRequest('user_not_found', 'User not found');
  return sessionResponse(config, tx, user, sessionId, refresh);
}

interface RefreshRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  revoked_for: string;
}

const notFound = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

const alreadyUsed = () => badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');

/**
 * grant_type=refresh_token: rotation, with the reuse interval GoTrue allows.
 * A refusal that revoked the token family comes back as a value rather than
 * thrown, so the revocation commits (GoTrue's storage.NewCommitWithError).
 */
export async function refreshSession(config: StackConfig, tx: Tx, token: unknown): Promise<Session | AuthError> {
  if (typeof token !== 'string' || !token) throw notFound();
  const { rows } = await tx.query<RefreshRow>(
    `select id::text, token, user_id, revoked, session_id, extract(epoch from (now() - updated_at))::text as revoked_for
     from auth.refresh_tokens where token = $1 for update`,
    [token],
  );
  const row = rows[0];
  if (!row || !row.session_id) throw notFound();
  const user = await findUserById(tx, row.user_id);
  if (!user) throw notFound();
  if (user.row.banned_until && new Date(user.row.banned_until).getTime() > Date.now()) {
    throw badRequest('user_banned', 'User is banned');
  }
  const sessionId = row.session_id;

  if (row.revoked) {
    const withinReuse = Number(row.revoked_for) <= config.auth.refreshTokenReuseInterval;
    if (config.auth.refreshTokenRotation && !withinReuse) {
      // A revoked token presented again: the whole session is treated as stolen.
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1`, [sessionId]);
      return alreadyUsed();
    }
    // Within the reuse interval the client gets the session's current token back.
    const active = await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
      [sessionId],
    );
    const current = active.rows[0]?.token;
    if (!current) return alreadyUsed();
    return sessionResponse(config, tx, user, sessionId, current);
  }

  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [row.id]);
  const next = await insertRefreshToken(tx, user.row.id, sessionId, row.token);
  await tx.query(`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`, [sessionId]);
  return sessionResponse(config, tx, user, sessionId, next);
}
