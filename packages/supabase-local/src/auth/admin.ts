// The admin API (service_role only): users, their factors and passkeys, and generated
// links (supabase/auth internal/api/admin.go, passkey_admin.go, mail.go GenerateLink, invite.go).
import type { ServerResponse } from 'node:http';
import type { StackRequest } from '../http/server.ts';
import type { Route, RouteMatch } from '../http/routes.ts';
import type { AuthContext, AuthHandler } from './context.ts';
import { AuthError, badRequest, notFound, sendAuthJson, unprocessable } from './errors.ts';
import { objectField, readJson, requireAdmin, type Body } from './request.ts';
import {
  checkPassword,
  confirmEmail,
  factorJson,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  mergeMetadata,
  normaliseEmail,
  savingUser,
  userJson,
  UUID_RE,
  type User,
} from './users.ts';
import { allowedRedirect, issueOneTimeToken, type VerificationType } from './verify.ts';
import type { Tx } from '../db/core.ts';

const userNotFound = () => notFound('user_not_found', 'User not found');
const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');

/** Every admin route requires the service role (GoTrue's requireAdmin middleware), unknown ones included. */
const admin =
  (handler: AuthHandler): AuthHandler =>
  async (ctx, req, res, match) => {
    await requireAdmin(ctx.config, req);
    return handler(ctx, req, res, match);
  };

/** The admin API's rows of Auth's route table. */
export const adminRoutes: Route<AuthHandler>[] = [
  { method: 'GET', path: '/admin/users', handler: admin((ctx, req, res) => listUsers(ctx, req, res)) },
  { method: 'POST', path: '/admin/users', handler: admin((ctx, req, res) => createUser(ctx, req, res)) },
  { method: 'GET', path: '/admin/users/:id', handler: admin((ctx, _req, res, m) => getUser(ctx, m.params.id!, res)) },
  {
    method: 'PUT',
    path: '/admin/users/:id',
    handler: admin((ctx, req, res, m) => updateUser(ctx, req, m.params.id!, res)),
  },
  {
    method: 'DELETE',
    path: '/admin/users/:id',
    handler: admin((ctx, req, res, m) => deleteUser(ctx, req, m.params.id!, res)),
  },
  // A user's factors and passkeys (admin.go adminUserGetFactors, adminUserDeleteFactor,
  // adminUserUpdateFactor; passkey_admin.go): GoTrue serves these with passkeys off too.
  { method: 'GET', path: '/admin/users/:user_id/factors', handler: admin(listFactors) },
  { method: 'DELETE', path: '/admin/users/:user_id/factors/:factor_id', handler: admin(deleteFactor) },
  { method: 'PUT', path: '/admin/users/:user_id/factors/:factor_id', handler: admin(updateFactor) },
  { method: 'GET', path: '/admin/users/:user_id/passkeys', handler: admin(listPasskeys) },
  { method: 'DELETE', path: '/admin/users/:user_id/passkeys/:passkey_id', handler: admin(deletePasskey) },
  { method: 'POST', path: '/admin/generate_link', handler: admin((ctx, req, res) => generateLink(ctx, req, res)) },
  { method: 'POST', path: '/invite', handler: admin((ctx, req, res) => invite(ctx, req, res)) },
  {
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    path: '/admin/*',
    handler: admin(() => {
      throw new AuthError(404, 'not_found', 'Not Found');
    }),
  },
];

function positiveInt(v: string | null, d: number): number {
  const n = v === null ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : d;
}

async function listUsers(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const page = positiveInt(req.url.searchParams.get('page'), 1);
  const perPage = Math.min(positiveInt(req.url.searchParams.get('per_page'), 50), 1000);
  const { ids, total } = await ctx.db.transaction(async (tx) => {
    const count = await tx.query<{ n: string }>(
      `select count(*)::text as n from auth.users where aud = 'authenticated'`,
    );
    const rows = await tx.query<{ id: string }>(
      `select id from auth.users where aud = 'authenticated' order by created_at desc, id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    const users: User[] = [];
    for (const r of rows.rows) {
      const u = await findUserById(tx, r.id);
      if (u) users.push(u);
    }
    return { ids: users, total: Number(count.rows[0]?.n ?? 0) };
  });
  const base = `${ctx.config.apiUrl}/auth/v1/admin/users`;
  const last = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
  sendAuthJson(
    res,
    200,
    { users: ids.map(userJson), aud: 'authenticated' },
    { 'X-Total-Count': String(total), Link: links.join(', ') },
  );
}

function metadata(body: Body, key: string): Body | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw badRequest('validation_failed', `${key} must be an object`);
  return v as Body;
}

async function createUser(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const { config } = ctx;
  const body = await readJson(req);
  if (body.phone) throw badRequest('validation_failed', 'Phone users are not supported by the local stack');
  const email = normaliseEmail(body.email);
  let passwordHash: string | null = null;
  if (typeof body.password_hash === 'string' && body.password_hash) {
    if (!/^\$2[aby]\$\d\d\$/.test(body.password_hash))
      throw badRequest('validation_failed', 'Invalid password hash format');
    passwordHash = body.password_hash;
  } else if (body.password !== undefined && body.password !== null) {
    passwordHash = await hashPassword(checkPassword(body.password, config.auth.minimumPasswordLength));
  }
  if (body.id !== undefined && (typeof body.id !== 'string' || !UUID_RE.test(body.id))) {
    throw badRequest('validation_failed', 'id must be a UUID');
  }
  const user = await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw emailExists();
    if (typeof body.id === 'string' && (await findUserById(tx, body.id))) {
      throw unprocessable('user_already_exists', 'User already registered');
    }
    const created = await insertUser(tx, {
      id: typeof body.id === 'string' ? body.id : undefined,
      email,
      passwordHash,
      confirmed: body.email_confirm === true,
      userMetadata: metadata(body, 'user_metadata'),
      appMetadata: metadata(body, 'app_metadata'),
      role: typeof body.role === 'string' && body.role ? body.role : undefined,
    });
    if (typeof body.ban_duration === 'string') await setBan(tx, created.row.id, body.ban_duration);
    return (await findUserById(tx, created.row.id)) ?? created;
  });
  sendAuthJson(res, 200, userJson(user));
}

function durationSeconds(v: string): number {
  const re = /(\d+(?:\.\d+)?)(h|m|s|ms)/g;
  let total = 0;
  let matched = '';
  for (const m of v.matchAll(re)) {
    total += Number(m[1]) * ({ h: 3600, m: 60, s: 1, ms: 0.001 }[m[2] as 'h' | 'm' | 's' | 'ms'] ?? 0);
    matched += m[0];
  }
  if (matched !== v) throw badRequest('validation_failed', 'invalid format for ban duration');
  return total;
}

async function setBan(tx: Tx, id: string, duration: string): Promise<void> {
  if (duration === 'none') {
    await tx.query(`update auth.users set banned_until = null where id = $1`, [id]);
    return;
  }
  const seconds = durationSeconds(duration);
  await tx.query(`update auth.users set banned_until = now() + make_interval(secs => $2::float8) where id = $1`, [
    id,
    seconds,
  ]);
  if (seconds > 0) await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
}

async function getUser(ctx: AuthContext, id: string, res: ServerResponse): Promise<void> {
  const user = await ctx.db.transaction((tx) => findUserById(tx, id));
  if (!user) throw userNotFound();
  sendAuthJson(res, 200, userJson(user));
}

async function updateUser(ctx: AuthContext, req: StackRequest, id: string, res: ServerResponse): Promise<void> {
  const { config } = ctx;
  const body = await readJson(req);
  const email =
    body.email !== undefined && body.email !== null && body.email !== '' ? normaliseEmail(body.email) : undefined;
  const passwordHash =
    body.password !== undefined && body.password !== null
      ? await hashPassword(checkPassword(body.password, config.auth.minimumPasswordLength))
      : undefined;
  const userMeta = metadata(body, 'user_metadata');
  const appMeta = metadata(body, 'app_metadata');
  const user = await ctx.db.transaction(async (tx) => {
    const current = await findUserById(tx, id);
    if (!current) throw userNotFound();
    await savingUser(async () => {
      if (email && email !== current.row.email) {
        const other = await findUserByEmail(tx, email);
        if (other && other.row.id !== id) throw emailExists();
        await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [id, email]);
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
           where user_id = $1 and provider = 'email'`,
          [id, email],
        );
      }
      if (passwordHash)
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
          id,
          passwordHash,
        ]);
      if (body.email_confirm === true) await confirmEmail(tx, id);
      if (userMeta) {
        await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
          id,
          JSON.stringify(mergeMetadata(current.row.raw_user_meta_data, userMeta)),
        ]);
      }
      if (appMeta) {
        await tx.query(`update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
          id,
          JSON.stringify(mergeMetadata(current.row.raw_app_meta_data, appMeta)),
        ]);
      }
      if (typeof body.role === 'string' && body.role) {
        await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [id, body.role]);
      }
      if (typeof body.ban_duration === 'string') await setBan(tx, id, body.ban_duration);
    });
    return findUserById(tx, id);
  });
  if (!user) throw userNotFound();
  sendAuthJson(res, 200, userJson(user));
}

async function deleteUser(ctx: AuthContext, req: StackRequest, id: string, res: ServerResponse): Promise<void> {
  const body = await readJson(req);
  await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw userNotFound();
    if (body.should_soft_delete === true) {
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
           raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
        [id],
      );
      await tx.query(`delete from auth.identities where user_id = $1`, [id]);
      await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
    } else {
      await savingUser(() => tx.query(`delete from auth.users where id = $1`, [id]));
    }
  });
  sendAuthJson(res, 200, {});
}

const LINK_TYPES = new Set(['signup', 'invite', 'magiclink', 'recovery']);

async function generateLink(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const { config } = ctx;
  const body = await readJson(req);
  const type = typeof body.type === 'string' ? body.type : '';
  if (!LINK_TYPES.has(type)) {
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type || '(none)'}`);
  }
  const email = normaliseEmail(body.email);
  const redirectTo = allowedRedirect(
    config,
    req.url.searchParams.get('redirect_to') ?? (typeof body.redirect_to === 'string' ? body.redirect_to : null),
  );
  const data = objectField(body, 'data');
  const passwordHash =
    type === 'signup' && body.password !== undefined && body.password !== null
      ? await hashPassword(checkPassword(body.password, config.auth.minimumPasswordLength))
      : null;
  const out = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (type === 'signup' || type === 'invite') {
      if (user?.row.email_confirmed_at) throw emailExists();
      if (!user) {
        if (type === 'signup' && !passwordHash)
          throw badRequest('validation_failed', 'Password is required for signup');
        user = await insertUser(tx, {
          email,
          passwordHash,
          confirmed: false,
          invited: type === 'invite',
          userMetadata: data,
        });
      }
    } else if (!user) {
      throw notFound('user_not_found', 'User with this email not found');
    }
    const issued = await issueOneTimeToken(config, tx, user, type as VerificationType, redirectTo);
    const fresh = (await findUserById(tx, user.row.id)) ?? user;
    return {
      ...userJson(fresh),
      action_link: issued.actionLink,
      email_otp: issued.otp,
      hashed_token: issued.hashedToken,
      verification_type: type,
      redirect_to: redirectTo,
    };
  });
  sendAuthJson(res, 200, out);
}

async function invite(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const { config } = ctx;
  const body = await readJson(req);
  const email = normaliseEmail(body.email);
  const redirectTo = allowedRedirect(config, req.url.searchParams.get('redirect_to'));
  const data = objectField(body, 'data');
  const user = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user?.row.email_confirmed_at) throw emailExists();
    if (!user)
      user = await insertUser(tx, { email, passwordHash: null, confirmed: false, invited: true, userMetadata: data });
    ctx.mailer.reserve(email);
    const issued = await issueOneTimeToken(config, tx, user, 'invite', redirectTo);
    await ctx.mailer.send({ to: email, kind: 'invite', actionLink: issued.actionLink, otp: issued.otp });
    return (await findUserById(tx, user.row.id)) ?? user;
  });
  sendAuthJson(res, 200, userJson(user));
}

/** GoTrue's loadUser middleware of /admin/users/{user_id}/…. */
async function loadUser(tx: Tx, id: string): Promise<User> {
  if (!UUID_RE.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(tx, id);
  if (!user) throw userNotFound();
  return user;
}

/** GoTrue's loadFactor middleware: a factor of that user. */
function loadFactor(user: User, id: string): User['factors'][number] {
  if (!UUID_RE.test(id)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = user.factors.find((f) => f.id === id);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** GET /admin/users/{user_id}/factors: the user's factors, verified or not. */
async function listFactors(ctx: AuthContext, _req: StackRequest, res: ServerResponse, m: RouteMatch): Promise<void> {
  const user = await ctx.db.transaction((tx) => loadUser(tx, m.params.user_id!));
  sendAuthJson(res, 200, user.factors.map(factorJson));
}

/** DELETE /admin/users/{user_id}/factors/{factor_id}: the factor goes, the sessions it raised drop to aal1. */
async function deleteFactor(ctx: AuthContext, _req: StackRequest, res: ServerResponse, m: RouteMatch): Promise<void> {
  const factor = await ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, m.params.user_id!);
    const found = loadFactor(user, m.params.factor_id!);
    await tx.query(`delete from auth.mfa_factors where id = $1`, [found.id]);
    // models.Factor.DowngradeSessionsToAAL1, as unenrolling does.
    const method = found.factor_type === 'totp' ? 'totp' : found.factor_type === 'phone' ? 'mfa/phone' : 'mfa/webauthn';
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = $2
         and session_id in (select id from auth.sessions where user_id = $1 and factor_id = $3)`,
      [user.row.id, method, found.id],
    );
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`, [
      user.row.id,
      found.id,
    ]);
    return found;
  });
  sendAuthJson(res, 200, factorJson(factor));
}

/** PUT /admin/users/{user_id}/factors/{factor_id}: a new friendly name. */
async function updateFactor(ctx: AuthContext, req: StackRequest, res: ServerResponse, m: RouteMatch): Promise<void> {
  const body = await readJson(req);
  const factor = await ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, m.params.user_id!);
    const found = loadFactor(user, m.params.factor_id!);
    if (typeof body.friendly_name === 'string' && body.friendly_name) {
      await tx.query(`update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1`, [
        found.id,
        body.friendly_name,
      ]);
    }
    const fresh = await findUserById(tx, user.row.id);
    return fresh?.factors.find((f) => f.id === found.id) ?? found;
  });
  sendAuthJson(res, 200, factorJson(factor));
}

/** GET /admin/users/{user_id}/passkeys: none, as passkeys are off in this project. */
async function listPasskeys(ctx: AuthContext, _req: StackRequest, res: ServerResponse, m: RouteMatch): Promise<void> {
  await ctx.db.transaction((tx) => loadUser(tx, m.params.user_id!));
  sendAuthJson(res, 200, []);
}

/** DELETE /admin/users/{user_id}/passkeys/{passkey_id}: no passkey can exist here. */
async function deletePasskey(ctx: AuthContext, _req: StackRequest, _res: ServerResponse, m: RouteMatch): Promise<void> {
  await ctx.db.transaction((tx) => loadUser(tx, m.params.user_id!));
  throw notFound('validation_failed', 'Passkey not found');
}
