// What every storage route shares: the caller from the bearer JWT, one
// transaction as that caller (RLS decides), JSON bodies, key and bucket checks.
import type { IncomingMessage } from 'node:http';
import type { Tx } from '../db/core.ts';
import type { StackContext, StackRequest } from '../http/server.ts';
import type { Claims } from '../http/jwt.ts';
import { errors } from './errors.ts';
import type { FileStore } from './files.ts';
import type { RenderCache } from './render-cache.ts';
import { JwtRefused, verifyStorageJwt } from './sign.ts';

export interface StorageContext {
  stack: StackContext;
  files: FileStore;
  renders: RenderCache;
  /** [storage.image_transformation] enabled: the /render/image routes and transforms on signed URLs. */
  imageTransformation: boolean;
}

export interface Caller {
  role: string;
  claims: Claims;
  /** auth.users id when `sub` is a uuid (storage.objects.owner), else null. */
  owner: string | null;
  /** The raw `sub` (storage.objects.owner_id). */
  ownerId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** storage.objects.owner of a `sub`: the auth.users id when it is a uuid, else null. */
export const ownerOf = (sub: string | null): string | null => (sub && UUID.test(sub) ? sub : null);

/**
 * Storage's jwt plugin: the bearer token (the Authorization header without its
 * "Bearer " prefix, which may leave it empty) verified, or AccessDenied with
 * jose's message ("Invalid Compact JWS" for none at all).
 */
export async function authenticate(ctx: StorageContext, req: StackRequest): Promise<Caller> {
  const token = (req.authorization ?? '').replace(/^Bearer\s+/i, '');
  let claims: Claims;
  try {
    claims = (await verifyStorageJwt(token, ctx.stack.config.jwtSecret)) as Claims;
  } catch (e) {
    if (e instanceof JwtRefused) throw errors.accessDenied(e.message);
    throw e;
  }
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
  return { role, claims, owner: ownerOf(sub), ownerId: sub };
}

/** One transaction as the caller, with storage.operation set as Storage sets it. */
export function asCaller<T>(
  ctx: StorageContext,
  req: StackRequest,
  caller: Caller,
  operation: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string') headers[k] = v;
    else if (Array.isArray(v)) headers[k] = v.join(', ');
  }
  return ctx.stack.db.withRequest(
    {
      role: caller.role,
      claims: caller.claims,
      method: req.method,
      path: req.url.pathname,
      headers,
      // As Storage's request scope: its own deletes pass storage.protect_delete().
      settings: { 'storage.operation': operation, 'storage.allow_delete_query': 'true' },
      // Storage switches role without applying the role's settings (statement_timeout).
      roleSettings: false,
    },
    fn,
  );
}

export async function readJson(req: StackRequest): Promise<Record<string, unknown>> {
  const buf = await req.body();
  if (buf.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(buf.toString('utf8'));
  } catch {
    throw errors.invalidRequest('Body is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw errors.invalidRequest('body must be object');
  }
  return parsed as Record<string, unknown>;
}

/** Reads and discards whatever is left of a request body, so the client gets to read the answer. */
export function drain(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    raw.on('end', resolve);
    raw.on('error', () => resolve());
    raw.on('close', resolve);
    raw.resume();
  });
}

/** The characters Storage allows in a key (isValidKey: S3-safe ones). */
const KEY_CHARACTERS = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;

/**
 * Object keys as Storage's mustBeValidKey takes them (non-empty, S3-safe
 * characters, at most 1024 bytes), and, as the file backend of `supabase start`
 * refuses them too, no "." or ".." segment; nor (stricter than Storage) an empty one.
 */
export function assertValidKey(key: string): void {
  const ok =
    key.length > 0 &&
    Buffer.byteLength(key) <= 1024 &&
    KEY_CHARACTERS.test(key) &&
    key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
  if (!ok) throw errors.invalidKey(key);
}

const BUCKET_NAME = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)+$/;

export function isValidBucketName(name: string): boolean {
  return name.length <= 100 && BUCKET_NAME.test(name) && name !== '.' && name !== '..';
}

/** Storage's escapeLike: text taken literally in a LIKE pattern (backslash escapes). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** ISO-8601 UTC text for a timestamptz column, as Storage's JSON renders dates. */
export function isoSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export function toNumberOrNull(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
