// E-mail links and codes: one-time tokens, PKCE flow state, redirect_to
// checking and the /verify endpoint (supabase/auth internal/api/verify.go,
// internal/utilities/request.go, internal/models/one_time_token.go, flow_state.go).
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { StackConfig } from '../config.ts';
import type { Tx } from '../db/core.ts';
import { ident } from '../db/sql.ts';
import { AuthError, badRequest, forbidden, unprocessable } from './errors.ts';
import { confirmEmail, findUserById, normaliseEmail, savingUser, type User } from './users.ts';

export type VerificationType = 'signup' | 'invite' | 'magiclink' | 'recovery';
type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_current' | 'email_change_token_new';

const TOKEN_COLUMN: Record<VerificationType, TokenColumn> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
};

/** GoTrue's authentication method names (models.AuthenticationMethod). */
export const AUTH_METHOD: Record<VerificationType | 'email_change', string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

/** GoTrue's answer when the first of two e-mail-change links is confirmed (verify.go). */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

// ---------------------------------------------------------------- redirects

function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/.]*';
    else if (c === '?') re += '[^/.]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** redirect_to when it is the site's host or on the allow list; otherwise the site URL. */
export function allowedRedirect(config: StackConfig, redirectTo: string | null | undefined): string {
  const site = config.auth.siteUrl;
  if (!redirectTo) return site;
  let url: URL;
  try {
    url = new URL(redirectTo);
  } catch {
    return site;
  }
  try {
    if (new URL(site).hostname === url.hostname) return redirectTo;
  } catch {
    /* a malformed site URL matches nothing */
  }
  const target = redirectTo.replace(/#.*$/, '');
  for (const pattern of config.auth.additionalRedirectUrls) {
    if (globToRegExp(pattern).test(target)) return redirectTo;
  }
  return site;
}

/** Go's url.QueryEscape. */
function goEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Go's url.Values.Encode: keys sorted. */
export function encodeValues(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${goEscape(k)}=${goEscape(values[k]!)}`)
    .join('&');
}

// ---------------------------------------------------------------- tokens

export function hashedToken(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

export interface Pkce {
  codeChallenge: string;
  codeChallengeMethod: 's256' | 'plain';
}

/** code_challenge / code_challenge_method of a request body, validated. */
export function pkceParams(body: Record<string, unknown>): Pkce | undefined {
  const challenge = body.code_challenge;
  const method = body.code_challenge_method;
  if (!challenge && !method) return undefined;
  if (typeof challenge !== 'string' || typeof method !== 'string' || !challenge || !method) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') throw badRequest('validation_failed', 'Code challenge method not supported');
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { codeChallenge: challenge, codeChallengeMethod: m };
}

export interface IssuedToken {
  otp: string;
  hashedToken: string;
  actionLink: string;
  redirectTo: string;
}

/**
 * Creates the one-time token behind an e-mail (replacing the previous one of
 * the same kind) and the link to /verify that carries it.
 */
export async function issueOneTimeToken(
  config: StackConfig,
  tx: Tx,
  user: User,
  type: VerificationType,
  redirectTo: string,
  pkce?: Pkce,
): Promise<IssuedToken> {
  const email = user.row.email ?? '';
  const otp = String(randomInt(0, 10 ** config.auth.otpLength)).padStart(config.auth.otpLength, '0');
  const hash = hashedToken(email, otp);
  let stored = hash;
  if (pkce) {
    stored = `pkce_${hash}`;
    await tx.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
         created_at, updated_at, authentication_method)
       values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
      [randomUUID(), user.row.id, randomUUID(), pkce.codeChallengeMethod, pkce.codeChallenge, AUTH_METHOD[type]],
    );
  }
  const column = TOKEN_COLUMN[type];
  const sentColumn = column === 'recovery_token' ? 'recovery_sent_at' : 'confirmation_sent_at';
  await tx.query(
    `update auth.users set ${ident(column)} = $2, ${ident(sentColumn)} = now(), updated_at = now() where id = $1`,
    [user.row.id, stored],
  );
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now(), updated_at = now()`,
    [randomUUID(), user.row.id, column, stored, email],
  );
  const actionLink = `${config.apiUrl}/auth/v1/verify?${new URLSearchParams({ token: stored, type, redirect_to: redirectTo })}`;
  return { otp, hashedToken: hash, actionLink, redirectTo };
}

/** verifyUserAndToken's refusal (an e-mail and a code). */
const codeExpired = () => forbidden('otp_expired', 'Token has expired or is invalid');
/** verifyTokenHash's refusal (a link's token hash). */
const linkExpired = () => forbidden('otp_expired', 'Email link is invalid or has expired');

const ACCEPTED_COLUMNS: Record<string, TokenColumn[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token', 'confirmation_token'],
  email: ['recovery_token', 'confirmation_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
};

interface VerifyResult {
  user: User;
  type: string;
  /** For a PKCE token: the auth code to hand back instead of a session. */
  authCode?: string;
  /** E-mail change with double confirmation: this link was the first of two, nothing changed yet. */
  pendingSecondConfirmation?: boolean;
}

/**
 * GoTrue's VerifyParams.Validate for POST /verify: a type, then exactly one of a code
 * (with an e-mail or a phone number) or a token hash (alone).
 */
export function validateVerifyPost(body: Record<string, unknown>): {
  type: string;
  tokenHash?: string;
  email?: string;
  otp?: string;
} {
  const s = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
  const type = s('type');
  const token = s('token');
  const tokenHash = s('token_hash');
  const email = s('email');
  const phone = s('phone');
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((!token && !tokenHash) || (token && tokenHash)) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  if (token) {
    if (phone && !email) {
      if (!/^[1-9]\d{1,14}$/.test(phone.replace(/^\+/, '').replace(/ /g, ''))) {
        throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
      }
      // No phone provider here: no user has this number, as GoTrue finds none.
      throw codeExpired();
    }
    if (email && !phone) {
      try {
        return { type, email: normaliseEmail(email), otp: token };
      } catch {
        throw unprocessable('validation_failed', 'Invalid email format');
      }
    }
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
  }
  if (email || phone || s('redirect_to')) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  return { type, tokenHash };
}

/** Consumes a one-time token: by token_hash (links) or by e-mail + 6-digit code. */
export async function consumeToken(
  config: StackConfig,
  tx: Tx,
  params: { type: string; tokenHash?: string; email?: string; otp?: string },
): Promise<VerifyResult> {
  const byHash = !!params.tokenHash;
  const expired = byHash ? linkExpired : codeExpired;
  const columns = ACCEPTED_COLUMNS[params.type];
  if (!columns) {
    // verifyTokenHash names the type; verifyUserAndToken finds no token of an unknown type.
    if (byHash) throw badRequest('validation_failed', 'Invalid email verification type');
    throw codeExpired();
  }
  let candidates: string[];
  if (params.tokenHash) {
    candidates = [params.tokenHash];
  } else if (params.email && params.otp) {
    const h = hashedToken(params.email.trim().toLowerCase(), params.otp.trim());
    candidates = [h, `pkce_${h}`];
  } else {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  const { rows } = await tx.query<{
    id: string;
    user_id: string;
    token_type: TokenColumn;
    token_hash: string;
    age: string;
  }>(
    `select id, user_id, token_type, token_hash, extract(epoch from (localtimestamp - created_at))::text as age
     from auth.one_time_tokens where token_hash = any($1::text[]) and token_type = any($2::text[]) for update`,
    [candidates, columns],
  );
  const row = rows[0];
  if (!row) throw expired();
  await tx.query(`delete from auth.one_time_tokens where id = $1`, [row.id]);
  await tx.query(`update auth.users set ${ident(row.token_type)} = '' where id = $1`, [row.user_id]);
  if (Number(row.age) > config.auth.otpExpiry) throw expired();
  const user = await findUserById(tx, row.user_id);
  if (!user) throw expired();
  if (params.type === 'email_change') {
    if (!(await confirmEmailChange(config, tx, user)))
      return { user, type: params.type, pendingSecondConfirmation: true };
  } else if (params.type !== 'recovery' || !user.row.email_confirmed_at) {
    await confirmEmail(tx, user.row.id);
  }
  if (params.type === 'invite') {
    await tx.query(`update auth.users set invited_at = coalesce(invited_at, now()) where id = $1`, [user.row.id]);
  }
  let authCode: string | undefined;
  if (row.token_hash.startsWith('pkce_')) {
    const flow = await tx.query<{ auth_code: string }>(
      `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
       where id = (select id from auth.flow_state where user_id = $1 and provider_type = 'email' order by created_at desc limit 1)
       returning auth_code`,
      [user.row.id],
    );
    authCode = flow.rows[0]?.auth_code;
    if (!authCode) throw expired();
  }
  const fresh = (await findUserById(tx, user.row.id)) ?? user;
  return { user: fresh, type: params.type, authCode };
}

// ---------------------------------------------------------------- e-mail change

export interface IssuedEmailChange {
  /** To the new address, always. */
  next: { to: string; otp: string; actionLink: string };
  /** To the current address, with double confirmation (secure e-mail change). */
  current?: { to: string; otp: string; actionLink: string };
}

/**
 * GoTrue's sendEmailChange (mail.go): marks `newEmail` as pending and makes a token
 * for the new address and, with secure e-mail change, one for the current address.
 * The address itself changes only once they are confirmed (confirmEmailChange).
 */
export async function issueEmailChange(
  config: StackConfig,
  tx: Tx,
  user: User,
  newEmail: string,
  redirectTo: string,
  pkce?: Pkce,
): Promise<IssuedEmailChange> {
  const otp = () => String(randomInt(0, 10 ** config.auth.otpLength)).padStart(config.auth.otpLength, '0');
  const prefix = pkce ? 'pkce_' : '';
  const link = (token: string) =>
    `${config.apiUrl}/auth/v1/verify?${new URLSearchParams({ token, type: 'email_change', redirect_to: redirectTo })}`;
  const current = user.row.email ?? '';
  const otpNew = otp();
  const tokenNew = prefix + hashedToken(newEmail, otpNew);
  const otpCurrent = config.auth.doubleConfirmChanges && current ? otp() : '';
  const tokenCurrent = otpCurrent ? prefix + hashedToken(current, otpCurrent) : '';
  if (pkce) {
    await tx.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
         created_at, updated_at, authentication_method)
       values ($1, $2, $3, $4, $5, 'email', now(), now(), 'email_change')`,
      [randomUUID(), user.row.id, randomUUID(), pkce.codeChallengeMethod, pkce.codeChallenge],
    );
  }
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
    [user.row.id, newEmail, tokenNew, tokenCurrent],
  );
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type like 'email_change_token_%'`, [
    user.row.id,
  ]);
  const store = (type: TokenColumn, hash: string, relatesTo: string) =>
    tx.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, $2, $3, $4, $5, now(), now())`,
      [randomUUID(), user.row.id, type, hash, relatesTo],
    );
  if (tokenCurrent) await store('email_change_token_current', tokenCurrent, current);
  await store('email_change_token_new', tokenNew, newEmail);
  return {
    next: { to: newEmail, otp: otpNew, actionLink: link(tokenNew) },
    current: tokenCurrent ? { to: current, otp: otpCurrent, actionLink: link(tokenCurrent) } : undefined,
  };
}

/**
 * GoTrue's emailChangeVerify (verify.go): with confirmations on and secure e-mail
 * change, the first confirmed token only counts (false: wait for the other);
 * otherwise the pending address becomes the user's e-mail (true).
 */
async function confirmEmailChange(config: StackConfig, tx: Tx, user: User): Promise<boolean> {
  const u = user.row;
  if (!u.email_change) throw codeExpired();
  const twoNeeded =
    config.auth.enableConfirmations &&
    config.auth.doubleConfirmChanges &&
    Number(u.email_change_confirm_status ?? 0) === 0 &&
    !!u.email;
  if (twoNeeded) {
    await tx.query(`update auth.users set email_change_confirm_status = 1, updated_at = now() where id = $1`, [u.id]);
    return false;
  }
  await savingUser(async () => {
    await tx.query(
      `update auth.users set email = email_change, email_change = '', email_change_token_current = '', email_change_token_new = '',
         email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
       where id = $1`,
      [u.id],
    );
    await tx.query(`delete from auth.one_time_tokens where user_id = $1`, [u.id]);
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
         updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [u.id, u.email_change],
    );
  });
  return true;
}

/** grant_type=pkce: checks the verifier against the stored challenge and returns the user id. */
export async function exchangeAuthCode(
  tx: Tx,
  authCode: unknown,
  verifier: unknown,
): Promise<{ userId: string; method: string }> {
  if (typeof authCode !== 'string' || typeof verifier !== 'string' || !authCode || !verifier) {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const { rows } = await tx.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: string;
    authentication_method: string;
    age: string;
  }>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method,
       extract(epoch from (now() - coalesce(auth_code_issued_at, created_at)))::text as age
     from auth.flow_state where auth_code = $1 for update`,
    [authCode],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id)
    throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (Number(flow.age) > 300)
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  const expected =
    flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (expected !== flow.code_challenge) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
