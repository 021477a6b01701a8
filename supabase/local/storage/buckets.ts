// Bucket routes (supabase/storage src/http/routes/bucket): storage.buckets read
// and written as the caller, so only service_role or a policy lets them through.
import type { ServerResponse } from 'node:http';
import { isPgError } from '../db/core.ts';
import { parseSize } from '../config.ts';
import { sendJson, type StackRequest } from '../http/server.ts';
import { errors } from './errors.ts';
import { emptyBucketObjects } from './objects.ts';
import {
  asCaller,
  authenticate,
  isoSql,
  isValidBucketName,
  readJson,
  toNumberOrNull,
  type StorageContext,
} from './request.ts';

const BUCKET_COLUMNS = `id, name, owner, owner_id, public, type, file_size_limit, allowed_mime_types,
  ${isoSql('created_at')} as created_at, ${isoSql('updated_at')} as updated_at`;

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

function renderBucket(row: Record<string, unknown>): Record<string, unknown> {
  return { ...row, file_size_limit: toNumberOrNull(row.file_size_limit) };
}

function fileSizeLimit(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return Math.floor(v);
  if (typeof v === 'string') {
    const n = parseSize(v, NaN);
    if (Number.isFinite(n)) return n;
  }
  throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
}

function mimeTypes(v: unknown): string[] | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (
    Array.isArray(v) &&
    v.every((m): m is string => typeof m === 'string' && /^[\w.+-]+\/([\w.+-]+|\*)$/.test(m.trim()))
  ) {
    return v.map((m) => m.trim());
  }
  throw errors.invalidRequest('Invalid mime type format');
}

function rethrowDuplicate(e: unknown): never {
  if (isPgError(e) && e.code === '23505') throw errors.bucketAlreadyExists();
  throw e;
}

export async function listBuckets(ctx: StorageContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const caller = await authenticate(ctx, req);
  const q = req.url.searchParams;
  const column = SORT_COLUMNS.has(q.get('sortColumn') ?? '') ? q.get('sortColumn')! : 'name';
  const order = q.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const limit = q.has('limit') ? Math.max(0, Math.floor(Number(q.get('limit')) || 0)) : null;
  const offset = Math.max(0, Math.floor(Number(q.get('offset')) || 0));
  const search = q.get('search') ?? '';
  const rows = await asCaller(ctx, req, caller, 'storage.bucket.list', async (tx) => {
    const result = await tx.query(
      `select ${BUCKET_COLUMNS} from storage.buckets
       where ($1 = '' or name ilike '%' || $1 || '%')
       order by "${column}" ${order} limit $2 offset $3`,
      [search, limit, offset],
    );
    return result.rows;
  });
  sendJson(res, 200, rows.map(renderBucket));
}

export async function getBucket(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  const row = await asCaller(ctx, req, caller, 'storage.bucket.get', async (tx) => {
    const { rows } = await tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [bucketId]);
    return rows[0];
  });
  if (!row) throw errors.noSuchBucket();
  sendJson(res, 200, renderBucket(row));
}

export async function createBucket(ctx: StorageContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const caller = await authenticate(ctx, req);
  const body = await readJson(req);
  const name = typeof body.name === 'string' ? body.name : undefined;
  if (!name) throw errors.missingParameter('name');
  const id = typeof body.id === 'string' && body.id ? body.id : name;
  if (!isValidBucketName(id) || !isValidBucketName(name)) throw errors.invalidBucketName();
  const params = [
    id,
    name,
    caller.owner,
    caller.ownerId,
    body.public === true,
    fileSizeLimit(body.file_size_limit) ?? null,
    mimeTypes(body.allowed_mime_types) ?? null,
  ];
  await asCaller(ctx, req, caller, 'storage.bucket.create', (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3::uuid, $4, $5, $6, $7::text[])`,
      params,
    ),
  ).catch(rethrowDuplicate);
  sendJson(res, 200, { name: id });
}

export async function updateBucket(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  const body = await readJson(req);
  const sizeLimit = fileSizeLimit(body.file_size_limit);
  const mimes = mimeTypes(body.allowed_mime_types);
  const isPublic = typeof body.public === 'boolean' ? body.public : undefined;
  const updated = await asCaller(ctx, req, caller, 'storage.bucket.update', async (tx) => {
    const { rowCount } = await tx.query(
      `update storage.buckets set
         public = case when $2 then $3 else public end,
         file_size_limit = case when $4 then $5 else file_size_limit end,
         allowed_mime_types = case when $6 then $7::text[] else allowed_mime_types end,
         updated_at = now()
       where id = $1 returning id`,
      [
        bucketId,
        isPublic !== undefined,
        isPublic ?? false,
        sizeLimit !== undefined,
        sizeLimit ?? null,
        mimes !== undefined,
        mimes ?? null,
      ],
    );
    return rowCount;
  });
  if (updated === 0) throw errors.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully updated' });
}

export async function emptyBucket(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  const exists = await asCaller(ctx, req, caller, 'storage.bucket.get', async (tx) => {
    const { rows } = await tx.query('select id from storage.buckets where id = $1', [bucketId]);
    return rows.length > 0;
  });
  if (!exists) throw errors.noSuchBucket();
  await emptyBucketObjects(ctx, req, caller, bucketId);
  sendJson(res, 200, { message: 'Successfully emptied' });
}

export async function deleteBucket(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  // Invisible buckets are not found; a visible one still holding objects trips the foreign key.
  const deleted = await asCaller(ctx, req, caller, 'storage.bucket.delete', async (tx) => {
    const result = await tx.query('delete from storage.buckets where id = $1 returning id', [bucketId]);
    return result.rowCount;
  }).catch((e: unknown) => {
    if (isPgError(e) && e.code === '23503') throw errors.bucketNotEmpty();
    throw e;
  });
  if (deleted === 0) throw errors.noSuchBucket();
  if (isValidBucketName(bucketId)) await ctx.files.removeBucket(bucketId);
  sendJson(res, 200, { message: 'Successfully deleted' });
}
