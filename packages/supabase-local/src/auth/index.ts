// Supabase Auth (GoTrue v2.18x) as supabase-js talks to it, under /auth/v1.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { routeTable, type Route } from '../http/routes.ts';
import type { Service, StackContext, StackRequest } from '../http/server.ts';
import type { Tx } from '../db/core.ts';
import { adminRoutes } from './admin.ts';
import { featureRoutes, idTokenGrant, OAuthError, signupAnonymously, web3Grant } from './features.ts';
import { mfaRoutes } from './mfa.ts';
import type { AuthContext, AuthHandler } from './context.ts';
import { AuthError, badRequest, sendAuthError, sendAuthJson, unprocessable } from './errors.ts';
import { createLimiters, enforceLimit } from './limits.ts';
import { createMailer } from './mailer.ts';
import { objectField, readJson, requireClaims, requireUser } from './request.ts';
import { issueSession, refreshSession } from './tokens.ts';
import {
  checkPassword,
  confirmEmail,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  isBanned,
  mergeMetadata,
  normaliseEmail,
  passwordMatches,
  savingUser,
  userJson,
} from './users.ts';
import {
  allowedRedirect,
  consumeToken,
  encodeValues,
  validateVerifyPost,
  exchangeAuthCode,
  issueEmailChange,
  issueOneTimeToken,
  pkceParams,
  SINGLE_CONFIRMATION_ACCEPTED,
  type VerificationType,
} from './verify.ts';

export type { AuthContext } from './context.ts';

export async function createAuthService(stack: StackContext): Promise<Service> {
  const ctx: AuthContext = { ...stack, mailer: createMailer(stack.config), limits: createLimiters(stack.config) };
  return {
    async handle(req, res) {
      try {
        await route(ctx, req, res);
      } catch (e) {
        if (e instanceof AuthError) return sendAuthError(req, res, e);
        if (e instanceof OAuthError) return sendAuthJson(res, 400, { error: e.error, error_description: e.description });
        console.error('[auth]', e);
        sendAuthError(
          req,
          res,
          new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
        );
      }
    },
    async close() {
      ctx.mailer.close();
    },
  };
}

/** Every endpoint of Auth, in one table (the admin API's rows come from admin.ts). */
const ROUTES: Route<AuthHandler>[] = [
  {
    method: 'GET',
    path: '/health',
    handler: (_ctx, _req, res) =>
      sendAuthJson(res, 200, {
        version: 'v2.189.0',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      }),
  },
  { method: 'GET', path: '/settings', handler: (ctx, _req, res) => sendAuthJson(res, 200, settings(ctx)) },
  { method: 'POST', path: '/signup', handler: signup },
  { method: 'POST', path: '/token', handler: token },
  { method: 'POST', path: '/otp', handler: otp },
  { method: 'POST', path: '/magiclink', handler: otp },
  { method: 'POST', path: '/recover', handler: recover },
  { method: 'POST', path: '/resend', handler: resend },
  { method: 'GET', path: '/verify', handler: verifyGet },
  { method: 'POST', path: '/verify', handler: verifyPost },
  { method: 'GET', path: '/user', handler: getUser },
  { method: 'PUT', path: '/user', handler: updateUser },
  { method: 'POST', path: '/logout', handler: logout },
  ...mfaRoutes,
  ...featureRoutes,
  ...adminRoutes,
];

const findRoute = routeTable(ROUTES);

async function route(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const found = findRoute(req.method, req.path.replace(/\/+$/, '') || '/');
  if (!found) throw new AuthError(404, 'not_found', 'Not Found');
  await found.handler(ctx, req, res, found.match);
}

/** GET /settings (settings.go): which providers and features are on. */
function settings(ctx: AuthContext) {
  const a = ctx.config.auth;
  const off = ['apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github', 'gitlab', 'google',
    'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch', 'twitter'];
  return {
    external: {
      anonymous_users: a.anonymousSignIns,
      ...Object.fromEntries(off.map((name) => [name, false])),
      email: a.emailEnabled,
      phone: false,
      zoom: false,
    },
    disable_signup: !a.enableSignup,
    mailer_autoconfirm: !a.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: a.passkeys,
  };
}

function redirectParam(ctx: AuthContext, req: StackRequest): string {
  return allowedRedirect(ctx.config, req.url.searchParams.get('redirect_to'));
}

async function signup(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const { config } = ctx;
  const body = await readJson(req);
  // No address: an anonymous sign-in ([auth] enable_anonymous_sign_ins).
  if (!body.email && !body.phone) return signupAnonymously(ctx, req, res);
  // GoTrue's route (api.go) takes the request from the client's sign-up bucket before Signup runs.
  enforceLimit(config, ctx.limits.signups, req);
  if (!config.auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!config.auth.emailEnabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
  const email = normaliseEmail(body.email);
  if (typeof body.password !== 'string' || !body.password)
    throw badRequest('validation_failed', 'Signup requires a valid password');
  const password = checkPassword(body.password, config.auth.minimumPasswordLength);
  const pkce = pkceParams(body);
  const redirectTo = redirectParam(ctx, req);
  const data = objectField(body, 'data') ?? {};
  const hash = await hashPassword(password);
  const autoconfirm = !config.auth.enableConfirmations;

  const result = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user?.row.email_confirmed_at) {
      if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
      // With confirmations on GoTrue answers with an obfuscated user, revealing nothing.
      return {
        kind: 'user' as const,
        body: { ...userJson(user), id: randomUUID(), identities: [], user_metadata: {}, app_metadata: {} },
      };
    }
    if (user) {
      await savingUser(() =>
        tx.query(
          `update auth.users set encrypted_password = $2, raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $3::jsonb, updated_at = now() where id = $1`,
          [user!.row.id, hash, JSON.stringify(data)],
        ),
      );
    } else {
      user = await insertUser(tx, { email, passwordHash: hash, confirmed: autoconfirm, userMetadata: data });
    }
    if (autoconfirm) {
      if (!user.row.email_confirmed_at) {
        await tx.query(`update auth.users set email_confirmed_at = now() where id = $1`, [user.row.id]);
      }
      return { kind: 'session' as const, body: await issueSession(config, tx, user.row.id, 'password') };
    }
    ctx.mailer.reserve(email);
    const issued = await issueOneTimeToken(config, tx, user, 'signup', redirectTo, pkce);
    await ctx.mailer.send({ to: email, kind: 'signup', actionLink: issued.actionLink, otp: issued.otp });
    const fresh = (await findUserById(tx, user.row.id)) ?? user;
    return { kind: 'user' as const, body: userJson(fresh) };
  });
  sendAuthJson(res, 200, result.body);
}

async function token(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const { config } = ctx;
  const grant = req.url.searchParams.get('grant_type');
  if (!['password', 'refresh_token', 'pkce', 'id_token', 'web3'].includes(grant ?? '')) {
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
  // GoTrue's Token: every grant but web3 draws on the token_refresh bucket, sign-ins too.
  enforceLimit(config, grant === 'web3' ? ctx.limits.web3 : ctx.limits.token, req);
  if (grant === 'web3') return web3Grant(ctx, req);
  if (grant === 'id_token') return idTokenGrant(ctx, req);
  const body = await readJson(req);
  if (grant === 'password') {
    const invalid = () => badRequest('invalid_credentials', 'Invalid login credentials');
    if (typeof body.email !== 'string' || typeof body.password !== 'string') {
      throw badRequest('validation_failed', 'missing email or phone');
    }
    if (!config.auth.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
    const email = body.email.trim().toLowerCase();
    const password = body.password;
    const found = await ctx.db.transaction((tx) => findUserByEmail(tx, email));
    if (!found || !(await passwordMatches(password, found.row.encrypted_password))) throw invalid();
    if (!found.row.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
    if (isBanned(found.row)) throw badRequest('user_banned', 'User is banned');
    const session = await ctx.db.transaction((tx) => issueSession(config, tx, found.row.id, 'password'));
    return sendAuthJson(res, 200, session);
  }
  if (grant === 'refresh_token') {
    const session = await ctx.db.transaction((tx) => refreshSession(config, tx, body.refresh_token));
    if (session instanceof AuthError) throw session;
    return sendAuthJson(res, 200, session);
  }
  if (grant === 'pkce') {
    const session = await ctx.db.transaction(async (tx) => {
      const { userId, method } = await exchangeAuthCode(tx, body.auth_code, body.code_verifier);
      return issueSession(config, tx, userId, method);
    });
    return sendAuthJson(res, 200, session);
  }
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
}

/**
 * POST /otp and POST /magiclink (GoTrue's Otp and MagicLink): an address that is
 * unknown or not yet confirmed goes through sign-up, so with sign-up disabled it
 * is refused (signup_disabled) and no user is made; create_user false refuses an
 * unknown address first (otp_disabled).
 */
async function otp(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const { config } = ctx;
  enforceLimit(config, req.path.startsWith('/magiclink') ? ctx.limits.magicLink : ctx.limits.otp, req);
  const body = await readJson(req);
  if (body.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  const email = normaliseEmail(body.email);
  const createUser = body.create_user !== false;
  const pkce = pkceParams(body);
  const redirectTo = redirectParam(ctx, req);
  const data = objectField(body, 'data') ?? {};
  await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    if (!config.auth.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
    const autoconfirm = !config.auth.enableConfirmations;
    if (!user || !user.row.email_confirmed_at) {
      if (!config.auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
      // With autoconfirm GoTrue signs the address up confirmed and then mails a magic link.
      user ??= await insertUser(tx, { email, passwordHash: null, confirmed: autoconfirm, userMetadata: data });
      if (autoconfirm && !user.row.email_confirmed_at) await confirmEmail(tx, user.row.id);
      user = (await findUserById(tx, user.row.id)) ?? user;
    }
    if (isBanned(user.row)) throw badRequest('user_banned', 'User is banned');
    const type: VerificationType = user.row.email_confirmed_at ? 'magiclink' : 'signup';
    ctx.mailer.reserve(email);
    const issued = await issueOneTimeToken(config, tx, user, type, redirectTo, pkce);
    await ctx.mailer.send({ to: email, kind: type, actionLink: issued.actionLink, otp: issued.otp });
  });
  sendAuthJson(res, 200, {});
}

async function recover(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  enforceLimit(ctx.config, ctx.limits.recover, req);
  if (!ctx.config.auth.emailEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled');
  const body = await readJson(req);
  const email = normaliseEmail(body.email);
  const pkce = pkceParams(body);
  const redirectTo = redirectParam(ctx, req);
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    // Unknown addresses get the same answer, so the endpoint reveals nothing.
    if (!user) return;
    ctx.mailer.reserve(email);
    const issued = await issueOneTimeToken(ctx.config, tx, user, 'recovery', redirectTo, pkce);
    await ctx.mailer.send({ to: email, kind: 'recovery', actionLink: issued.actionLink, otp: issued.otp });
  });
  sendAuthJson(res, 200, {});
}

/** POST /resend: the sign-up confirmation again, for an address not yet confirmed. */
async function resend(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  enforceLimit(ctx.config, ctx.limits.resend, req);
  const body = await readJson(req);
  const type = body.type;
  if (type !== 'signup') {
    throw badRequest(
      'validation_failed',
      type === 'email_change'
        ? 'No e-mail change is pending'
        : 'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  const email = normaliseEmail(body.email);
  const pkce = pkceParams(body);
  const redirectTo = redirectParam(ctx, req);
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    // Unknown or already confirmed addresses get the same answer and no mail.
    if (!user || user.row.email_confirmed_at) return;
    ctx.mailer.reserve(email);
    const issued = await issueOneTimeToken(ctx.config, tx, user, 'signup', redirectTo, pkce);
    await ctx.mailer.send({ to: email, kind: 'signup', actionLink: issued.actionLink, otp: issued.otp });
  });
  sendAuthJson(res, 200, {});
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'X-Supabase-Api-Version': '2024-01-01' });
  res.end();
}

function withQuery(url: string, query: string): string {
  const [base, fragment] = url.split('#', 2) as [string, string | undefined];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment !== undefined ? `#${fragment}` : ''}`;
}

async function verifyGet(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  // The limit comes before the handler, so an answer over it is JSON, not a redirect.
  enforceLimit(ctx.config, ctx.limits.verify, req);
  const q = req.url.searchParams;
  const type = q.get('type') ?? '';
  const tokenHash = q.get('token') ?? '';
  const redirectTo = allowedRedirect(ctx.config, q.get('redirect_to'));
  const target = redirectTo.replace(/#.*$/, '');
  // VerifyParams.Validate answers before any redirect.
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!tokenHash) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  try {
    const outcome = await ctx.db.transaction(async (tx) => {
      const r = await consumeToken(ctx.config, tx, { type, tokenHash });
      if (r.pendingSecondConfirmation) return { pending: true };
      if (r.authCode) return { code: r.authCode };
      return { session: await issueSession(ctx.config, tx, r.user.row.id, 'otp') };
    });
    if (outcome.pending) {
      // GoTrue's prepRedirectURL: the message in the fragment (and, for PKCE, the query).
      const message = encodeValues({ message: SINGLE_CONFIRMATION_ACCEPTED });
      const base = tokenHash.startsWith('pkce_') ? withQuery(target, message) : target;
      return redirect(res, `${base}#${encodeValues({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: '' })}`);
    }
    if (outcome.code) return redirect(res, withQuery(target, encodeValues({ code: outcome.code })));
    const s = outcome.session!;
    const fragment = encodeValues({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      sb: '',
      token_type: s.token_type,
      type,
    });
    return redirect(res, `${target}#${fragment}`);
  } catch (e) {
    if (!(e instanceof AuthError)) throw e;
    const values =
      e.code === 'otp_expired'
        ? {
            error: 'access_denied',
            error_code: 'otp_expired',
            error_description: 'Email link is invalid or has expired',
          }
        : {
            error: e.status >= 500 ? 'server_error' : 'invalid_request',
            error_code: e.code,
            error_description: e.message,
          };
    const encoded = encodeValues(values);
    const base = tokenHash.startsWith('pkce_') ? withQuery(target, encoded) : target;
    return redirect(res, `${base}#${encodeValues({ ...values, sb: '' })}`);
  }
}

async function verifyPost(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  enforceLimit(ctx.config, ctx.limits.verify, req);
  const params = validateVerifyPost(await readJson(req));
  const session = await ctx.db.transaction(async (tx) => {
    const r = await consumeToken(ctx.config, tx, params);
    if (r.pendingSecondConfirmation) return undefined;
    // verify.go issues the session with models.OTP, whichever kind of token it was.
    return issueSession(ctx.config, tx, r.user.row.id, 'otp');
  });
  // The first of two e-mail-change confirmations: GoTrue answers with a message, no session.
  sendAuthJson(res, 200, session ?? { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
}

async function getUser(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const claims = await requireClaims(ctx.config, req);
  const { user } = await ctx.db.transaction((tx) => requireUser(tx, claims));
  sendAuthJson(res, 200, userJson(user));
}

/** models.User.HasMFAEnabled: the user has at least one verified factor. */
async function hasVerifiedFactor(tx: Tx, userId: string): Promise<boolean> {
  const { rows } = await tx.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [
    userId,
  ]);
  return rows.length > 0;
}

/** The aal of the session a token names (models.Session.GetAAL), '' without one. */
async function sessionAal(tx: Tx, sessionId: string | undefined): Promise<string> {
  if (!sessionId) return '';
  const { rows } = await tx.query<{ aal: string | null }>(`select aal::text from auth.sessions where id = $1::uuid`, [
    sessionId,
  ]);
  return rows[0]?.aal ?? '';
}

async function updateUser(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const { config } = ctx;
  const claims = await requireClaims(config, req);
  enforceLimit(config, ctx.limits.user, req);
  const body = await readJson(req);
  const newPassword =
    body.password === undefined || body.password === null
      ? undefined
      : checkPassword(body.password, config.auth.minimumPasswordLength);
  const newEmail = typeof body.email === 'string' && body.email ? normaliseEmail(body.email) : undefined;
  const data = objectField(body, 'data');
  const pkce = pkceParams(body);
  const redirectTo = redirectParam(ctx, req);
  const updated = await ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await requireUser(tx, claims);
    const id = user.row.id;
    // GoTrue's UserUpdate: with a verified factor, a new password or e-mail needs an aal2
    // session (the session's own aal, not the token's claim).
    const changesCredentials = Boolean(newPassword) || Boolean(newEmail && newEmail !== user.row.email);
    if (changesCredentials && (await hasVerifiedFactor(tx, id)) && (await sessionAal(tx, sessionId)) !== 'aal2') {
      throw new AuthError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }
    if (newEmail && newEmail !== user.row.email) {
      const taken = await findUserByEmail(tx, newEmail);
      if (taken && taken.row.id !== id)
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    if (newPassword !== undefined) {
      if (await passwordMatches(newPassword, user.row.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        id,
        await hashPassword(newPassword),
      ]);
    }
    if (data) {
      await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
        id,
        JSON.stringify(mergeMetadata(user.row.raw_user_meta_data, data)),
      ]);
    }
    if (newEmail && newEmail !== user.row.email) {
      // GoTrue's UserUpdate: a (non-anonymous) user's new address is only pending until
      // confirmed by mail, with confirmations on or off; with secure e-mail change
      // (double_confirm_changes) the current address gets a link to confirm as well.
      const sentAt = user.row.email_change_sent_at ? new Date(user.row.email_change_sent_at).getTime() : undefined;
      const interval = config.auth.emailMaxFrequencySeconds * 1000;
      if (sentAt !== undefined && Date.now() - sentAt < interval) {
        const wait = Math.max(1, Math.ceil((interval - (Date.now() - sentAt)) / 1000));
        throw new AuthError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${wait} seconds.`,
        );
      }
      ctx.mailer.count();
      const fresh = (await findUserById(tx, id)) ?? user;
      const issued = await issueEmailChange(config, tx, fresh, newEmail, redirectTo, pkce);
      for (const m of [issued.next, issued.current]) {
        if (m) {
          await ctx.mailer.send({
            to: m.to,
            kind: 'email_change',
            actionLink: m.actionLink,
            otp: m.otp,
            email: user.row.email ?? undefined,
            newEmail,
          });
        }
      }
    }
    return findUserById(tx, id);
  });
  sendAuthJson(res, 200, updated ? userJson(updated) : {});
}

async function logout(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const claims = await requireClaims(ctx.config, req);
  const scope = req.url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  await ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await requireUser(tx, claims);
    if (scope === 'global') {
      await tx.query(`delete from auth.sessions where user_id = $1`, [user.row.id]);
    } else if (!sessionId) {
      return;
    } else if (scope === 'local') {
      await tx.query(`delete from auth.sessions where id = $1`, [sessionId]);
    } else {
      await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [user.row.id, sessionId]);
    }
    await tx.query(`delete from auth.refresh_tokens where user_id = $1 and session_id is null`, [user.row.id]);
  });
  sendAuthJson(res, 204, undefined);
}
