// Object routes (supabase/storage src/http/routes/object): rows in
// storage.objects written and read as the caller, bytes in the FileStore.
import type { ServerResponse } from 'node:http';
import type { Tx } from '../db/core.ts';
import { sendJson, type StackRequest } from '../http/server.ts';
import { errors, StorageError } from './errors.ts';
import {
  asCaller,
  assertValidKey,
  authenticate,
  isoSql,
  readJson,
  type Caller,
  type StorageContext,
} from './request.ts';
import { signObjectUrl, signUploadUrl, verifyObjectToken, verifyUploadToken } from './sign.ts';
import { receiveUpload } from './upload.ts';

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
  contentLength?: number;
  httpStatusCode?: number;
}

interface ObjectRow {
  id: string;
  name: string;
  metadata: ObjectMetadata | null;
}

/** Bucket settings are read as the owner, as Storage reads them (asSuperUser). */
async function findBucket(ctx: StorageContext, bucketId: string): Promise<BucketRow> {
  const { rows } = await ctx.stack.db.query<BucketRow>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [bucketId],
  );
  const bucket = rows[0];
  if (!bucket) throw errors.noSuchBucket();
  return bucket;
}

async function findObjectAs(tx: Tx, bucketId: string, key: string): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(
    'select id, name, metadata from storage.objects where bucket_id = $1 and name = $2',
    [bucketId, key],
  );
  const row = rows[0];
  if (!row) throw errors.noSuchKey();
  return row;
}

// ---------------------------------------------------------------------------
// Upload, upsert, update

export async function uploadObject(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
  upsert: boolean,
  signed?: { owner: string | null; ownerId: string | null },
): Promise<void> {
  // A signed upload URL carries its owner and writes as Storage's superuser; otherwise RLS decides.
  const caller: Pick<Caller, 'owner' | 'ownerId'> = signed ?? (await authenticate(ctx, req));
  assertValidKey(key);
  const bucket = await findBucket(ctx, bucketId);
  const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit);
  const received = await receiveUpload(req, ctx.files, {
    maxBytes: Math.min(ctx.stack.config.storage.fileSizeLimit, bucketLimit),
    allowedMimeTypes: bucket.allowed_mime_types,
  });
  const { temp } = received;
  const metadata: ObjectMetadata = {
    eTag: temp.eTag,
    size: temp.size,
    mimetype: received.mimetype,
    cacheControl: received.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: temp.size,
    httpStatusCode: 200,
  };
  const params = [
    bucketId,
    key,
    caller.owner,
    caller.ownerId,
    JSON.stringify(metadata),
    received.userMetadata === null ? null : JSON.stringify(received.userMetadata),
    crypto.randomUUID(),
  ];
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)`;
  const onConflict = ` on conflict (name, bucket_id) do update set
      owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
      user_metadata = excluded.user_metadata, version = excluded.version,
      updated_at = now(), last_accessed_at = now()`;
  let id: string;
  try {
    const write = async (tx: Tx) => {
      const { rows } = await tx.query<{ id: string }>(`${insert}${upsert ? onConflict : ''} returning id`, params);
      return rows[0]!.id;
    };
    const operation = upsert ? 'storage.object.upload_update' : 'storage.object.upload';
    id = signed ? await ctx.stack.db.transaction(write) : await asCaller(ctx, req, caller as Caller, operation, write);
  } catch (e) {
    await ctx.files.discard(temp.file);
    throw e;
  }
  try {
    await ctx.files.place(temp.file, bucketId, key);
  } catch (e) {
    await ctx.files.discard(temp.file);
    await ctx.stack.db.query('delete from storage.objects where id = $1', [id]);
    console.error('[storage] could not store the file of', `${bucketId}/${key}`, e);
    throw errors.internal('The object could not be stored');
  }
  sendJson(res, 200, { Id: id, Key: `${bucketId}/${key}` });
}

// ---------------------------------------------------------------------------
// Reading bytes

async function sendObject(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
  row: ObjectRow,
): Promise<void> {
  const size = await ctx.files.size(bucketId, key);
  if (size === undefined) throw errors.noSuchKey();
  const meta = row.metadata ?? {};
  const headers: Record<string, string> = {
    'Content-Type': meta.mimetype ?? 'application/octet-stream',
    'Content-Length': String(size),
    'Cache-Control': meta.cacheControl ?? 'no-cache',
    'Accept-Ranges': 'bytes',
    // Browsers must not second-guess the stored Content-Type (no HTML/script sniffing of uploads).
    'X-Content-Type-Options': 'nosniff',
  };
  if (meta.eTag) headers.ETag = meta.eTag;
  if (meta.lastModified) headers['Last-Modified'] = new Date(meta.lastModified).toUTCString();
  const download = req.url.searchParams.get('download');
  if (download !== null) {
    headers['Content-Disposition'] =
      download === '' ? 'attachment;' : `attachment; filename=${encodeURIComponent(download)};`;
  }
  if (meta.eTag && req.headers['if-none-match'] === meta.eTag) {
    res.writeHead(304, { ETag: meta.eTag, 'Cache-Control': headers['Cache-Control']!, 'X-Content-Type-Options': 'nosniff' });
    res.end();
    return;
  }
  let status = 200;
  let range: { start: number; end: number } | undefined;
  const rangeHeader = req.headers.range;
  if (typeof rangeHeader === 'string') {
    range = parseRange(rangeHeader, size);
    if (!range) {
      res.writeHead(416, { 'Content-Range': `bytes */${size}`, 'X-Content-Type-Options': 'nosniff' });
      res.end();
      return;
    }
    status = 206;
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
  }
  if (req.method === 'HEAD') {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const stream = ctx.files.read(bucketId, key, range);
  await new Promise<void>((resolve) => {
    stream.once('open', () => {
      res.writeHead(status, headers);
      stream.pipe(res);
    });
    stream.once('error', (e) => {
      if (!res.headersSent) {
        const err = errors.noSuchKey();
        sendJson(res, 400, err.render());
      } else {
        console.error('[storage] read failed', e);
        res.destroy();
      }
      resolve();
    });
    stream.once('end', () => resolve());
  });
}

/** One `bytes=` range (start-end, start- or -suffix) within `size`, or undefined when unsatisfiable. */
function parseRange(header: string, size: number): { start: number; end: number } | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : undefined;
}

/** GET/HEAD /object/<bucket>/<key> and /object/authenticated/...: read as the caller. */
export async function getAuthenticated(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  assertValidKey(key);
  const row = await asCaller(ctx, req, caller, 'storage.object.get_authenticated', (tx) =>
    findObjectAs(tx, bucketId, key),
  );
  await sendObject(ctx, req, res, bucketId, key, row);
}

/** GET/HEAD /object/public/<bucket>/<key>: only public buckets, RLS bypassed. */
export async function getPublic(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  assertValidKey(key);
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket.public) throw errors.noSuchBucket();
  const row = await ctx.stack.db.transaction((tx) => findObjectAs(tx, bucketId, key));
  await sendObject(ctx, req, res, bucketId, key, row);
}

/** GET/HEAD /object/sign/<bucket>/<key>?token=: no auth, the token is bound to the path. */
export async function getSigned(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  await verifyObjectToken(req.url.searchParams.get('token'), bucketId, key, ctx.stack.config.jwtSecret);
  assertValidKey(key);
  const row = await ctx.stack.db.transaction((tx) => findObjectAs(tx, bucketId, key));
  await sendObject(ctx, req, res, bucketId, key, row);
}

/** GET /object/info/<bucket>/<key>: the object's details, as the caller. */
export async function getInfo(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  assertValidKey(key);
  const row = await asCaller(ctx, req, caller, 'storage.object.info', async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      name: string;
      version: string | null;
      bucket_id: string;
      metadata: ObjectMetadata | null;
      user_metadata: Record<string, unknown> | null;
      created_at: string;
    }>(
      `select id, name, version, bucket_id, metadata, user_metadata, ${isoSql('created_at')} as created_at
       from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, key],
    );
    if (!rows[0]) throw errors.noSuchKey();
    return rows[0];
  });
  const meta = row.metadata ?? {};
  sendJson(res, 200, {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: meta.lastModified ?? null,
    created_at: row.created_at,
  });
}

// ---------------------------------------------------------------------------
// Listing

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

function intParam(v: unknown, fallback: number, name: string): number {
  if (v === undefined || v === null) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw errors.invalidRequest(`body/${name} must be >= 0`);
  return n;
}

export async function listObjects(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  const body = await readJson(req);
  if (body.prefix !== undefined && typeof body.prefix !== 'string')
    throw errors.invalidRequest('body/prefix must be string');
  let prefix = typeof body.prefix === 'string' ? body.prefix : '';
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const limit = intParam(body.limit, 100, 'limit');
  const offset = intParam(body.offset, 0, 'offset');
  const search = typeof body.search === 'string' ? body.search : '';
  const sortBy = (body.sortBy && typeof body.sortBy === 'object' ? body.sortBy : {}) as Record<string, unknown>;
  const column = typeof sortBy.column === 'string' && SORT_COLUMNS.has(sortBy.column) ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const levels = prefix.split('/').length;
  const rows = await asCaller(ctx, req, caller, 'storage.object.list', async (tx) => {
    const result = await tx.query(
      `select name, id, ${isoSql('updated_at')} as updated_at, ${isoSql('created_at')} as created_at,
         ${isoSql('last_accessed_at')} as last_accessed_at, metadata
       from storage.search($1, $2, $3, $4, $5, $6, $7, $8)`,
      [prefix, bucketId, limit, levels, offset, search, column, order],
    );
    return result.rows;
  });
  sendJson(res, 200, rows);
}

// ---------------------------------------------------------------------------
// Signed URLs

function expiresInParam(v: unknown): number {
  const n = Number(v);
  if (v === undefined || v === null || !Number.isInteger(n) || n < 1) {
    throw errors.invalidRequest('body/expiresIn must be >= 1');
  }
  return n;
}

export async function signObject(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  const body = await readJson(req);
  const expiresIn = expiresInParam(body.expiresIn);
  assertValidKey(key);
  await asCaller(ctx, req, caller, 'storage.object.sign', (tx) => findObjectAs(tx, bucketId, key));
  const signedURL = await signObjectUrl(bucketId, key, expiresIn, ctx.stack.config.jwtSecret);
  sendJson(res, 200, { signedURL });
}

export async function signObjects(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  const body = await readJson(req);
  const expiresIn = expiresInParam(body.expiresIn);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p): p is string => typeof p === 'string')) {
    throw errors.invalidRequest('body/paths must be a non-empty array of strings');
  }
  const visible = await asCaller(ctx, req, caller, 'storage.object.sign_many', async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucketId, paths],
    );
    return new Set(rows.map((r) => r.name));
  });
  const out = await Promise.all(
    paths.map(async (path) =>
      visible.has(path)
        ? { error: null, path, signedURL: await signObjectUrl(bucketId, path, expiresIn, ctx.stack.config.jwtSecret) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  );
  sendJson(res, 200, out);
}

// ---------------------------------------------------------------------------
// Removal

const RETURNED_COLUMNS = `bucket_id, name, owner, owner_id, id, version, metadata, user_metadata,
  ${isoSql('updated_at')} as updated_at, ${isoSql('created_at')} as created_at,
  ${isoSql('last_accessed_at')} as last_accessed_at`;

async function removeFiles(ctx: StorageContext, bucketId: string, names: string[]): Promise<void> {
  for (const name of names) {
    try {
      await ctx.files.remove(bucketId, name);
    } catch (e) {
      if (!(e instanceof StorageError)) console.error('[storage] could not remove', `${bucketId}/${name}`, e);
    }
  }
}

export async function removeObjects(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  const body = await readJson(req);
  const prefixes = body.prefixes;
  if (
    !Array.isArray(prefixes) ||
    prefixes.length === 0 ||
    prefixes.length > 1000 ||
    !prefixes.every((p): p is string => typeof p === 'string')
  ) {
    throw errors.invalidRequest('body/prefixes must be an array of 1 to 1000 strings');
  }
  const rows = await asCaller(ctx, req, caller, 'storage.object.delete_many', async (tx) => {
    const result = await tx.query<{ name: string }>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${RETURNED_COLUMNS}`,
      [bucketId, prefixes],
    );
    return result.rows;
  });
  await removeFiles(
    ctx,
    bucketId,
    rows.map((r) => r.name),
  );
  sendJson(res, 200, rows);
}

export async function removeObject(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  assertValidKey(key);
  await asCaller(ctx, req, caller, 'storage.object.delete', async (tx) => {
    const { rowCount } = await tx.query('delete from storage.objects where bucket_id = $1 and name = $2 returning id', [
      bucketId,
      key,
    ]);
    if (rowCount === 0) throw errors.noSuchKey();
  });
  await removeFiles(ctx, bucketId, [key]);
  sendJson(res, 200, { message: 'Successfully deleted' });
}

/** Deletes every object of a bucket the caller may delete; answers how many were visible. */
export async function emptyBucketObjects(
  ctx: StorageContext,
  req: StackRequest,
  caller: Caller,
  bucketId: string,
): Promise<void> {
  const names = await asCaller(ctx, req, caller, 'storage.bucket.empty', async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      'delete from storage.objects where bucket_id = $1 returning name',
      [bucketId],
    );
    return rows.map((r) => r.name);
  });
  await removeFiles(ctx, bucketId, names);
}

// ---------------------------------------------------------------------------
// Move and copy

interface TransferBody {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  destinationBucket: string;
}

function transferBody(body: Record<string, unknown>): TransferBody {
  for (const name of ['bucketId', 'sourceKey', 'destinationKey'] as const) {
    if (typeof body[name] !== 'string' || body[name] === '') throw errors.missingParameter(name);
  }
  const bucketId = body.bucketId as string;
  const destinationBucket =
    typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
  const t = {
    bucketId,
    sourceKey: body.sourceKey as string,
    destinationKey: body.destinationKey as string,
    destinationBucket,
  };
  assertValidKey(t.sourceKey);
  assertValidKey(t.destinationKey);
  return t;
}

export async function moveObject(ctx: StorageContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const caller = await authenticate(ctx, req);
  const t = transferBody(await readJson(req));
  if (t.destinationBucket !== t.bucketId) await findBucket(ctx, t.destinationBucket);
  await asCaller(ctx, req, caller, 'storage.object.move', async (tx) => {
    await findObjectAs(tx, t.bucketId, t.sourceKey);
    const { rowCount } = await tx.query(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
       where bucket_id = $1 and name = $2 returning id`,
      [t.bucketId, t.sourceKey, t.destinationBucket, t.destinationKey],
    );
    if (rowCount === 0) throw errors.noSuchKey();
  });
  try {
    await ctx.files.move(t.bucketId, t.sourceKey, t.destinationBucket, t.destinationKey);
  } catch (e) {
    console.error('[storage] could not move the file of', `${t.bucketId}/${t.sourceKey}`, e);
  }
  sendJson(res, 200, { message: 'Successfully moved' });
}

export async function copyObject(ctx: StorageContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const caller = await authenticate(ctx, req);
  const t = transferBody(await readJson(req));
  const upsert = req.headers['x-upsert'] === 'true';
  if (t.destinationBucket !== t.bucketId) await findBucket(ctx, t.destinationBucket);
  let temp: string | undefined;
  try {
    const id = await asCaller(ctx, req, caller, 'storage.object.copy', async (tx) => {
      const source = await findObjectAs(tx, t.bucketId, t.sourceKey);
      temp = await ctx.files.copyToTemp(t.bucketId, t.sourceKey).catch(() => {
        throw errors.noSuchKey();
      });
      const metadata = { ...(source.metadata ?? {}), lastModified: new Date().toISOString() };
      const { rows } = await tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         select $3, $4, $5::uuid, $6, $7::jsonb, user_metadata, $8 from storage.objects where bucket_id = $1 and name = $2
         ${
           upsert
             ? `on conflict (name, bucket_id) do update set owner = excluded.owner, owner_id = excluded.owner_id,
           metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()`
             : ''
         }
         returning id`,
        [
          t.bucketId,
          t.sourceKey,
          t.destinationBucket,
          t.destinationKey,
          caller.owner,
          caller.ownerId,
          JSON.stringify(metadata),
          crypto.randomUUID(),
        ],
      );
      return rows[0]!.id;
    });
    await ctx.files.place(temp!, t.destinationBucket, t.destinationKey);
    temp = undefined;
    sendJson(res, 200, { Id: id, Key: `${t.destinationBucket}/${t.destinationKey}` });
  } finally {
    if (temp) await ctx.files.discard(temp);
  }
}

// ---------------------------------------------------------------------------
// Signed upload URLs

class PermissionChecked extends Error {}

/**
 * Storage's testPermission: the insert (or upsert) a later upload will make,
 * tried as the caller in a transaction that is always rolled back.
 */
async function assertCanUpload(
  ctx: StorageContext,
  req: StackRequest,
  caller: Caller,
  bucketId: string,
  key: string,
  upsert: boolean,
): Promise<void> {
  try {
    await asCaller(ctx, req, caller, 'storage.object.upload_sign', async (tx) => {
      await tx.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
         values ($1, $2, $3::uuid, $4, '{}'::jsonb)
         ${upsert ? 'on conflict (name, bucket_id) do update set metadata = excluded.metadata' : ''}`,
        [bucketId, key, caller.owner, caller.ownerId],
      );
      throw new PermissionChecked();
    });
  } catch (e) {
    if (!(e instanceof PermissionChecked)) throw e;
  }
}

/** POST /object/upload/sign/<bucket>/<key>: a URL anyone may upload this one object with. */
export async function signUpload(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  assertValidKey(key);
  await findBucket(ctx, bucketId);
  const upsert = req.headers['x-upsert'] === 'true';
  await assertCanUpload(ctx, req, caller, bucketId, key, upsert);
  const { url, token } = await signUploadUrl(bucketId, key, caller.ownerId, upsert, ctx.stack.config.jwtSecret);
  sendJson(res, 200, { url, token });
}

/** PUT /object/upload/sign/<bucket>/<key>?token=: the upload a signed upload URL allows. */
export async function uploadSigned(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  const claims = await verifyUploadToken(req.url.searchParams.get('token'), bucketId, key, ctx.stack.config.jwtSecret);
  const ownerId = claims.owner;
  const owner =
    ownerId && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ownerId) ? ownerId : null;
  await uploadObject(ctx, req, res, bucketId, key, claims.upsert, { owner, ownerId });
}
