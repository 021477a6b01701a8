// auth.users and auth.identities as GoTrue keeps them, and the User JSON it
// answers with (supabase/auth internal/models/user.go, identity.go).
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { isPgError, type Tx } from '../db/core.ts';
import { AuthError, invalidEmail, weakPassword } from './errors.ts';

type Json = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: string | null;
  updated_at: string | null;
  phone: string | null;
  phone_confirmed_at: string | null;
  confirmed_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: string;
  updated_at: string;
  phone: string | null;
  last_challenged_at: string | null;
}

export interface User {
  row: UserRow;
  identities: IdentityRow[];
  factors: FactorRow[];
}

const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function normaliseEmail(email: unknown): string {
  if (typeof email !== 'string') throw invalidEmail();
  const e = email.trim().toLowerCase();
  if (!EMAIL_RE.test(e) || e.length > 255) throw invalidEmail();
  return e;
}

export function checkPassword(password: unknown, min: number): string {
  if (typeof password !== 'string' || password.length < min) throw weakPassword(min);
  return password;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

/** Accepts bcryptjs hashes and pgcrypto's crypt(pw, gen_salt('bf')) ($2a$). */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$/.test(hash)) return false;
  return bcrypt.compare(password, hash.replace(/^\$2y\$/, '$2b$'));
}

const USER_SQL = `select to_jsonb(u) as u,
  coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at) from auth.identities i where i.user_id = u.id), '[]'::jsonb) as identities,
  coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type,
      'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at, 'phone', f.phone,
      'last_challenged_at', f.last_challenged_at) order by f.created_at)
    from auth.mfa_factors f where f.user_id = u.id), '[]'::jsonb) as factors
  from auth.users u`;

type UserQueryRow = { u: UserRow; identities: IdentityRow[]; factors: FactorRow[] };

function toUser(r: UserQueryRow): User {
  return { row: r.u, identities: r.identities, factors: r.factors };
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUserById(tx: Tx, id: string): Promise<User | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const { rows } = await tx.query<UserQueryRow>(`${USER_SQL} where u.id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : undefined;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<User | undefined> {
  const { rows } = await tx.query<UserQueryRow>(
    `${USER_SQL} where lower(u.email) = lower($1) and u.is_sso_user = false`,
    [email],
  );
  return rows[0] ? toUser(rows[0]) : undefined;
}

function iso(v: string | null | undefined): string | undefined {
  if (!v) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

function identityJson(i: IdentityRow): Json {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? undefined,
  };
}

/** A factor as GoTrue serialises it (models.Factor): no secret, empty strings where unset. */
export function factorJson(f: FactorRow): Json {
  const out: Json = {
    id: f.id,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    status: f.status,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    phone: f.phone ?? '',
    last_challenged_at: iso(f.last_challenged_at) ?? null,
  };
  if (out.friendly_name === undefined) delete out.friendly_name;
  return out;
}

/** The User object GoTrue serialises (omitempty fields left out when empty). */
export function userJson(user: User): Json {
  const u = user.row;
  const out: Json = {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    invited_at: iso(u.invited_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: user.identities.map(identityJson),
    factors: user.factors.length ? user.factors.map(factorJson) : undefined,
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    deleted_at: iso(u.deleted_at),
    is_anonymous: u.is_anonymous,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string | null;
  confirmed: boolean;
  invited?: boolean;
  userMetadata?: Json;
  appMetadata?: Json;
  role?: string;
}

/** Runs an auth.users write; a failing trigger answers as GoTrue does. */
export async function savingUser<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AuthError) throw e;
    if (isPgError(e)) {
      console.error('[auth] saving user:', e.message);
      throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    }
    throw e;
  }
}

/** Inserts the user and its email identity, as GoTrue's signup does (triggers fire here). */
export async function insertUser(tx: Tx, n: NewUser): Promise<User> {
  const id = n.id ?? randomUUID();
  const appMeta = { provider: 'email', providers: ['email'], ...(n.appMetadata ?? {}) };
  const userMeta = n.userMetadata ?? {};
  await savingUser(async () => {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
         case when $5::boolean then now() end, case when $6::boolean then now() end, $7::jsonb, $8::jsonb, now(), now(), false)`,
      [id, n.role ?? 'authenticated', n.email, n.passwordHash, n.confirmed, n.invited ?? false, JSON.stringify(appMeta), JSON.stringify(userMeta)],
    );
    const identityData = { ...userMeta, sub: id, email: n.email, email_verified: n.confirmed, phone_verified: false };
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2::uuid, $3::jsonb, 'email', now(), now(), now())`,
      [id, id, JSON.stringify(identityData)],
    );
  });
  const user = await findUserById(tx, id);
  if (!user) throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
  return user;
}

/** Marks the e-mail confirmed (and the identity verified). */
export async function confirmEmail(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** GoTrue's UpdateUserMetaData/UpdateAppMetaData: keys merge, null removes a key. */
export function mergeMetadata(current: Json | null, patch: Json): Json {
  const out: Json = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export function isBanned(u: UserRow): boolean {
  return !!u.banned_until && new Date(u.banned_until).getTime() > Date.now();
}
