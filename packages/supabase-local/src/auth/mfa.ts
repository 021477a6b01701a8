// Multi-factor authentication under /factors (supabase/auth internal/api/mfa.go,
// models/factor.go, models/challenge.go): TOTP factors are enrolled, challenged,
// verified and unenrolled as GoTrue does it; verifying raises the session to aal2.
// Phone and WebAuthn factors answer GoTrue's own "disabled" errors when their
// [auth.mfa.*] switches are off (as in this project), and phone/WebAuthn
// enrolments with the switches on are refused as this stack sends no SMS and
// checks no WebAuthn attestation (README: known differences).
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Route, RouteMatch } from '../http/routes.ts';
import type { StackRequest } from '../http/server.ts';
import type { Tx } from '../db/core.ts';
import type { AuthContext, AuthHandler } from './context.ts';
import { AuthError, badRequest, forbidden, notFound, sendAuthJson, unprocessable } from './errors.ts';
import { clientIp, enforceLimit } from './limits.ts';
import { readJson, requireClaims, requireUser } from './request.ts';
import { upgradeSession } from './tokens.ts';
import { newTotpSecret, otpauthUri, qrCodeSvg, totpCodeIsValid } from './totp.ts';
import { UUID_RE, type User } from './users.ts';

/** conf.MFAConfiguration defaults: challenges live 300 s, unverified factors 300 s, 10 verified at most. */
const CHALLENGE_EXPIRY_SECONDS = 300;
const FACTOR_EXPIRY_SECONDS = 300;
const MAX_VERIFIED_FACTORS = 10;

interface FactorRecord {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  secret: string | null;
}

interface Caller {
  user: User;
  sessionId: string | undefined;
  aal: string | null;
}

/** requireAuthentication + requireNotAnonymous, and the caller's session (for its aal). */
async function caller(ctx: AuthContext, req: StackRequest, tx: Tx): Promise<Caller> {
  const claims = await requireClaims(ctx.config, req);
  if (claims.is_anonymous === true) {
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  }
  const { user, sessionId } = await requireUser(tx, claims);
  let aal: string | null = null;
  if (sessionId) {
    const { rows } = await tx.query<{ aal: string | null }>(`select aal from auth.sessions where id = $1`, [sessionId]);
    aal = rows[0]?.aal ?? null;
  }
  return { user, sessionId, aal };
}

/** GoTrue's loadFactor. */
async function loadFactor(tx: Tx, user: User, factorId: string): Promise<FactorRecord> {
  if (!UUID_RE.test(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const { rows } = await tx.query<FactorRecord>(
    `select id::text, user_id::text, friendly_name, factor_type::text, status::text, secret
     from auth.mfa_factors where id = $1 and user_id = $2`,
    [factorId, user.row.id],
  );
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** GoTrue's validateFactors: expired unverified factors go, then name, count and aal checks. */
async function validateNewFactor(ctx: AuthContext, tx: Tx, who: Caller, friendlyName: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_factors f where f.status <> 'verified'
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
       and f.created_at + make_interval(secs => $1) < now()`,
    [FACTOR_EXPIRY_SECONDS],
  );
  const { rows } = await tx.query<{ friendly_name: string | null; status: string }>(
    `select friendly_name, status::text from auth.mfa_factors where user_id = $1`,
    [who.user.row.id],
  );
  let verified = 0;
  for (const f of rows) {
    if ((f.friendly_name ?? '') === friendlyName) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    if (f.status === 'verified') verified++;
  }
  const full = 'Maximum number of verified factors reached, unenroll to continue';
  if (rows.length >= ctx.config.auth.mfa.maxEnrolledFactors) throw unprocessable('too_many_enrolled_mfa_factors', full);
  if (verified >= MAX_VERIFIED_FACTORS) throw unprocessable('too_many_enrolled_mfa_factors', full);
  if (verified > 0 && who.sessionId && who.aal !== 'aal2') {
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

async function enroll(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const { mfa, siteUrl } = ctx.config.auth;
  const out = await ctx.db.transaction(async (tx) => {
    const who = await caller(ctx, req, tx);
    if (!who.sessionId) {
      throw new AuthError(
        500,
        'unexpected_failure',
        'A valid session and a registered user are required to enroll a factor',
      );
    }
    const body = await readJson(req);
    const factorType = str(body.factor_type);
    const friendlyName = str(body.friendly_name);
    if (factorType === 'phone') {
      if (!mfa.phone.enroll) throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
      throw unsupportedFactor();
    }
    if (factorType === 'webauthn') {
      if (!mfa.webAuthn.enroll)
        throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
      throw unsupportedFactor();
    }
    if (factorType !== 'totp')
      throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
    if (!mfa.totp.enroll) throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    let issuer = str(body.issuer);
    if (!issuer) {
      try {
        issuer = new URL(siteUrl).host;
      } catch {
        throw new AuthError(500, 'unexpected_failure', 'site url is improperly formatted');
      }
    }
    await validateNewFactor(ctx, tx, who, friendlyName);
    const secret = newTotpSecret();
    const uri = otpauthUri(issuer, who.user.row.email ?? '', secret);
    const id = randomUUID();
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, who.user.row.id, friendlyName, secret],
    );
    const enrolled: Record<string, unknown> = {
      id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: qrCodeSvg(uri), secret, uri },
    };
    return enrolled;
  });
  sendAuthJson(res, 200, out);
}

/** Phone factors need an SMS provider and WebAuthn an attestation check, which this stack has not. */
function unsupportedFactor(): AuthError {
  return new AuthError(500, 'unexpected_failure', 'This factor type is not available on the local stack');
}

function checkVerifySwitch(ctx: AuthContext, factor: FactorRecord): void {
  const { mfa } = ctx.config.auth;
  if (factor.factor_type === 'phone') {
    if (!mfa.phone.verify)
      throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
    throw unsupportedFactor();
  }
  if (factor.factor_type === 'webauthn') {
    if (!mfa.webAuthn.verify)
      throw unprocessable('mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
    throw unsupportedFactor();
  }
  if (!mfa.totp.verify) throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
}

async function challenge(ctx: AuthContext, req: StackRequest, res: ServerResponse, match: RouteMatch): Promise<void> {
  const ip = clientIp(ctx.config, req) || '0.0.0.0';
  const out = await ctx.db.transaction(async (tx) => {
    const who = await caller(ctx, req, tx);
    const factor = await loadFactor(tx, who.user, match.params.factor_id!);
    enforceLimit(ctx.config, ctx.limits.factorChallenge, req);
    await readJson(req);
    checkVerifySwitch(ctx, factor);
    const id = randomUUID();
    const { rows } = await tx.query<{ expires_at: string }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
       returning floor(extract(epoch from created_at))::bigint + $4 as expires_at`,
      [id, factor.id, ip, CHALLENGE_EXPIRY_SECONDS],
    );
    await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
    return { id, type: factor.factor_type, expires_at: Number(rows[0]!.expires_at) };
  });
  sendAuthJson(res, 200, out);
}

async function verify(ctx: AuthContext, req: StackRequest, res: ServerResponse, match: RouteMatch): Promise<void> {
  const ip = clientIp(ctx.config, req) || '0.0.0.0';
  // A refusal that deleted an expired challenge is answered after its transaction commits.
  const result = await ctx.db.transaction(async (tx) => {
    const who = await caller(ctx, req, tx);
    const factor = await loadFactor(tx, who.user, match.params.factor_id!);
    enforceLimit(ctx.config, ctx.limits.factorVerify, req);
    const body = await readJson(req);
    const code = str(body.code);
    if (!code) throw badRequest('validation_failed', 'Code needs to be non-empty');
    checkVerifySwitch(ctx, factor);
    const challengeId = str(body.challenge_id);
    const { rows } = UUID_RE.test(challengeId)
      ? await tx.query<{ id: string; verified: boolean; ip: string; expired: boolean }>(
          `select id::text, verified_at is not null as verified, host(ip_address) as ip,
             now() > created_at + make_interval(secs => $3) as expired
           from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
          [challengeId, factor.id, CHALLENGE_EXPIRY_SECONDS],
        )
      : { rows: [] };
    const ch = rows[0];
    if (!ch) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (ch.verified || ch.ip !== normaliseIp(ip)) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (ch.expired) {
      await tx.query(`delete from auth.mfa_challenges where id = $1`, [ch.id]);
      return unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${ch.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (!totpCodeIsValid(code, factor.secret ?? '')) {
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }
    if (!who.sessionId) throw new AuthError(500, 'unexpected_failure', 'Cannot read SessionId claim as UUID');
    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [ch.id]);
    if (factor.status !== 'verified') {
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    }
    const session = await upgradeSession(ctx.config, tx, who.user.row.id, who.sessionId, 'totp', factor.id);
    // InvalidateSessionsWithAALLessThan(aal2), then DeleteUnverifiedFactors of this type.
    await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [who.user.row.id]);
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`,
      [who.user.row.id],
    );
    return session;
  });
  if (result instanceof AuthError) throw result;
  sendAuthJson(res, 200, result);
}

/** inet's text form of an address as the client IP reads it (IPv4-mapped IPv6 included). */
function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

async function unenroll(ctx: AuthContext, req: StackRequest, res: ServerResponse, match: RouteMatch): Promise<void> {
  const out = await ctx.db.transaction(async (tx) => {
    const who = await caller(ctx, req, tx);
    const factor = await loadFactor(tx, who.user, match.params.factor_id!);
    if (!who.sessionId) {
      throw new AuthError(500, 'unexpected_failure', 'A valid session and factor are required to unenroll a factor');
    }
    if (factor.status === 'verified' && who.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    // DowngradeSessionsToAAL1: the sessions this factor raised lose its method and their aal2.
    const method =
      factor.factor_type === 'totp' ? 'totp' : factor.factor_type === 'phone' ? 'mfa/phone' : 'mfa/webauthn';
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = $2
         and session_id in (select id from auth.sessions where user_id = $1 and factor_id = $3)`,
      [who.user.row.id, method, factor.id],
    );
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`, [
      who.user.row.id,
      factor.id,
    ]);
    return { id: factor.id };
  });
  sendAuthJson(res, 200, out);
}

export const mfaRoutes: Route<AuthHandler>[] = [
  { method: 'POST', path: '/factors', handler: enroll },
  { method: 'POST', path: '/factors/:factor_id/challenge', handler: challenge },
  { method: 'POST', path: '/factors/:factor_id/verify', handler: verify },
  { method: 'DELETE', path: '/factors/:factor_id', handler: unenroll },
];
