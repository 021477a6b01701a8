// What every storage route shares: the caller from the bearer JWT, one
// transaction as that caller (RLS decides), JSON bodies, key and bucket checks.
import type { IncomingMessage } from 'node:http';
import type { Tx } from '../db/core.ts';
import type { StackContext, StackRequest } from '../http/server.ts';
import { bearerToken, verifyJwt, type Claims } from '../http/jwt.ts';
import { errors } from './errors.ts';
import type { FileStore } from './files.ts';

export interface StorageContext {
  stack: StackContext;
  files: FileStore;
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

/** Storage's jwt plugin: a verified bearer or AccessDenied with jsonwebtoken's message. */
export async function authenticate(ctx: StorageContext, req: StackRequest): Promise<Caller> {
  const token = bearerToken(req.authorization);
  if (!token) throw errors.accessDenied('jwt must be provided');
  const result = await verifyJwt(token, ctx.stack.config.jwtSecret);
  if (!result.ok) {
    if (result.reason === 'expired') throw errors.accessDenied('jwt expired');
    throw errors.accessDenied(/signature/i.test(result.message) ? 'invalid signature' : 'jwt malformed');
  }
  const claims = result.claims;
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
  return { role, claims, owner: sub && UUID.test(sub) ? sub : null, ownerId: sub };
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
      settings: { 'storage.operation': operation },
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

const CONTROL = /[\u0000-\u001f\u007f]/;

/** Object keys: relative, no empty, "." or ".." segments, no control characters. */
export function assertValidKey(key: string): void {
  const ok =
    key.length > 0 &&
    Buffer.byteLength(key) <= 1024 &&
    !CONTROL.test(key) &&
    key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
  if (!ok) throw errors.invalidKey(key);
}

const BUCKET_NAME = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)+$/;

export function isValidBucketName(name: string): boolean {
  return name.length <= 100 && BUCKET_NAME.test(name) && name !== '.' && name !== '..';
}

/** ISO-8601 UTC text for a timestamptz column, as Storage's JSON renders dates. */
export function isoSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export function toNumberOrNull(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
