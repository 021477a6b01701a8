// Bucket routes (supabase/storage src/http/routes/bucket): storage.buckets read
// and written as the caller, so only service_role or a policy lets them through.
import type { ServerResponse } from 'node:http';
import { isPgError } from '../db/core.ts';
import { parseSize } from '../config.ts';
import { sendJson, type StackRequest } from '../http/server.ts';
import { errors } from './errors.ts';
import { emptyBucketObjects } from './objects.ts';
import { queryObject, validate, type Schema } from './schema.ts';
import {
  asCaller,
  authenticate,
  escapeLike,
  isoSql,
  isValidBucketName,
  readJson,
  toNumberOrNull,
  type StorageContext,
} from './request.ts';

/**
 * A bucket as Storage sends it: the columns its route selects, in the order of
 * its response schema (bucketSchema), a null owner as "" (a string property).
 */
function renderBucket(row: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) {
    const value = row[column];
    if (column === 'owner') out.owner = value ?? '';
    else if (column === 'file_size_limit') out.file_size_limit = toNumberOrNull(value);
    else out[column] = value;
  }
  return out;
}

/** getBucket's columns (no owner_id, no type). */
const GET_COLUMNS = [
  'id',
  'name',
  'owner',
  'public',
  'file_size_limit',
  'allowed_mime_types',
  'created_at',
  'updated_at',
] as const;
/** getAllBuckets' columns: the same and the bucket's type. */
const LIST_COLUMNS = [
  'id',
  'name',
  'owner',
  'public',
  'type',
  'file_size_limit',
  'allowed_mime_types',
  'created_at',
  'updated_at',
] as const;

const selectList = (columns: readonly string[]) =>
  columns.map((c) => (c === 'created_at' || c === 'updated_at' ? `${isoSql(c)} as ${c}` : c)).join(', ');

const LIST_QUERY: Schema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1 },
    offset: { type: 'integer', minimum: 0 },
    sortColumn: { type: 'string', enum: ['id', 'name', 'created_at', 'updated_at'] },
    sortOrder: { type: 'string', enum: ['asc', 'desc'] },
    search: { type: 'string' },
  },
};

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
  const q = validate<{ limit?: number; offset?: number; sortColumn?: string; sortOrder?: string; search?: string }>(
    'querystring',
    LIST_QUERY,
    queryObject(req.url.searchParams),
  );
  const caller = await authenticate(ctx, req);
  const params: unknown[] = [];
  let where = '';
  if (q.search) {
    params.push(`%${escapeLike(q.search)}%`);
    where = `where name ilike $${params.length}`;
  }
  // Storage orders only when asked to; the name keeps the answer stable here.
  const order = `order by "${q.sortColumn ?? 'name'}" ${q.sortOrder === 'desc' ? 'desc' : 'asc'}`;
  let page = '';
  if (q.limit !== undefined) {
    params.push(q.limit);
    page += ` limit $${params.length}`;
  }
  if (q.offset !== undefined) {
    params.push(q.offset);
    page += ` offset $${params.length}`;
  }
  const rows = await asCaller(ctx, req, caller, 'storage.bucket.list', async (tx) => {
    const result = await tx.query(
      `select ${selectList(LIST_COLUMNS)} from storage.buckets ${where} ${order}${page}`,
      params,
    );
    return result.rows;
  });
  sendJson(
    res,
    200,
    rows.map((row) => renderBucket(row, LIST_COLUMNS)),
  );
}

export async function getBucket(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  const row = await asCaller(ctx, req, caller, 'storage.bucket.get', async (tx) => {
    const { rows } = await tx.query(`select ${selectList(GET_COLUMNS)} from storage.buckets where id = $1`, [bucketId]);
    return rows[0];
  });
  if (!row) throw errors.noSuchBucket();
  sendJson(res, 200, renderBucket(row, GET_COLUMNS));
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

/** POST /bucket/<id>/empty: Storage queues the deletion and answers at once; here it is done first. */
export async function emptyBucket(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  await emptyBucketObjects(ctx, req, caller, bucketId);
  sendJson(res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

/**
 * DELETE /bucket/<id>: as Storage, the bucket must exist and hold no object
 * (both checked as the owner), then the caller's policies decide the delete.
 */
export async function deleteBucket(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  const { rows } = await ctx.stack.db.query<{ objects: boolean }>(
    'select exists (select 1 from storage.objects where bucket_id = b.id) as objects from storage.buckets b where b.id = $1',
    [bucketId],
  );
  if (!rows[0]) throw errors.noSuchBucket();
  if (rows[0].objects) throw errors.bucketNotEmpty();
  const deleted = await asCaller(ctx, req, caller, 'storage.bucket.delete', async (tx) => {
    const result = await tx.query('delete from storage.buckets where id = $1 returning id', [bucketId]);
    return result.rowCount;
  }).catch((e: unknown) => {
    if (isPgError(e) && e.code === '23503') throw errors.bucketNotEmpty();
    throw e;
  });
  if (deleted === 0) throw errors.noSuchBucket();
  if (isValidBucketName(bucketId)) {
    await ctx.files.removeBucket(bucketId);
    await ctx.renders.purgeBucket(bucketId);
  }
  sendJson(res, 200, { message: 'Successfully deleted' });
}
