// Object routes (supabase/storage src/http/routes/object): rows in
// storage.objects written and read as the caller, bytes in the FileStore under
// each row's version (every write makes a new version; the old one's file goes
// once the new row is committed).
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Tx } from '../db/core.ts';
import { sendJson, type StackRequest } from '../http/server.ts';
import { errors } from './errors.ts';
import { TRANSFORM_SCHEMA, transformationSegments, type TransformOptions } from './image.ts';
import {
  asCaller,
  assertValidKey,
  authenticate,
  isoSql,
  ownerOf,
  readJson,
  type Caller,
  type StorageContext,
} from './request.ts';
import { queryObject, validate, type Schema } from './schema.ts';
import { sendObject, type ObjectMetadata, type ObjectRow } from './serve.ts';
import { signObjectUrl, signUploadUrl, verifyDownloadToken, verifyUploadToken, type SignedTransform } from './sign.ts';
import { receiveUpload } from './upload.ts';

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

/** Bucket settings are read as the owner, as Storage reads them (asSuperUser). */
export async function findBucket(ctx: StorageContext, bucketId: string): Promise<BucketRow> {
  const { rows } = await ctx.stack.db.query<BucketRow>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [bucketId],
  );
  const bucket = rows[0];
  if (!bucket) throw errors.noSuchBucket();
  return bucket;
}

/** The object as `tx` sees it (the caller's policies, or none as the owner), or NoSuchKey. */
export async function findObjectAs(tx: Tx, bucketId: string, key: string): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(
    'select id, name, version, metadata from storage.objects where bucket_id = $1 and name = $2',
    [bucketId, key],
  );
  const row = rows[0];
  if (!row) throw errors.noSuchKey();
  return row;
}

/** The owner's view of an object (public and signed reads bypass policies). */
export function findObject(ctx: StorageContext, bucketId: string, key: string): Promise<ObjectRow> {
  return ctx.stack.db.transaction((tx) => findObjectAs(tx, bucketId, key));
}

/** One version's bytes and its renderings, gone. */
async function dropVersion(ctx: StorageContext, bucketId: string, key: string, version: string | null): Promise<void> {
  try {
    await ctx.files.remove(bucketId, key, version);
    await ctx.renders.purge(bucketId, key);
  } catch (e) {
    console.error('[storage] could not remove', `${bucketId}/${key}`, e);
  }
}

/**
 * Puts a new version's file in place. Writers call it inside their transaction,
 * after the statement: a refused statement leaves no file, a file that cannot be
 * stored leaves no row, and a placed file is removed if the commit fails.
 */
async function placeOrThrow(ctx: StorageContext, file: string, bucketId: string, key: string, version: string) {
  try {
    await ctx.files.place(file, bucketId, key, version);
  } catch (e) {
    console.error('[storage] could not store the file of', `${bucketId}/${key}`, e);
    throw errors.internal('The object could not be stored');
  }
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
  const version = randomUUID();
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
    version,
  ];
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)`;
  const onConflict = ` on conflict (name, bucket_id) do update set
      owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
      user_metadata = excluded.user_metadata, version = excluded.version,
      updated_at = now(), last_accessed_at = now()`;
  let placed = false;
  let written: { id: string; previous: { version: string | null } | undefined };
  try {
    const write = async (tx: Tx) => {
      const previous = upsert
        ? (
            await tx.query<{ version: string | null }>(
              'select version from storage.objects where bucket_id = $1 and name = $2',
              [bucketId, key],
            )
          ).rows[0]
        : undefined;
      const { rows } = await tx.query<{ id: string }>(`${insert}${upsert ? onConflict : ''} returning id`, params);
      await placeOrThrow(ctx, temp.file, bucketId, key, version);
      placed = true;
      return { id: rows[0]!.id, previous };
    };
    const operation = upsert ? 'storage.object.upload_update' : 'storage.object.upload';
    written = signed
      ? await ctx.stack.db.transaction(write)
      : await asCaller(ctx, req, caller as Caller, operation, write);
  } catch (e) {
    if (placed) await ctx.files.remove(bucketId, key, version);
    else await ctx.files.discard(temp.file);
    throw e;
  }
  if (written.previous) await dropVersion(ctx, bucketId, key, written.previous.version);
  // A signed upload answers only the key (its route's response schema has no Id).
  sendJson(res, 200, signed ? { Key: `${bucketId}/${key}` } : { Id: written.id, Key: `${bucketId}/${key}` });
}

// ---------------------------------------------------------------------------
// Reading bytes

const DOWNLOAD_QUERY: Schema = { type: 'object', properties: { download: { type: 'string' } } };

const downloadParam = (req: StackRequest) =>
  validate<{ download?: string }>('querystring', DOWNLOAD_QUERY, queryObject(req.url.searchParams)).download;

/** How a read route reaches its object: as the caller (their policies decide), or in a public bucket, bypassing them. */
export type Access = 'authenticated' | 'public';

/** Runs `select` for a read route: as the caller, or as the owner once the bucket is known to be public. */
export async function reachObject<T>(
  ctx: StorageContext,
  req: StackRequest,
  bucketId: string,
  key: string,
  access: Access,
  operation: string,
  select: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (access === 'public') {
    assertValidKey(key);
    const bucket = await findBucket(ctx, bucketId);
    if (!bucket.public) throw errors.noSuchBucket();
    return ctx.stack.db.transaction(select);
  }
  const caller = await authenticate(ctx, req);
  assertValidKey(key);
  return asCaller(ctx, req, caller, operation, select);
}

/** GET/HEAD /object/<bucket>/<key>, /object/authenticated/... (as the caller) and /object/public/... */
export async function getObject(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
  access: Access,
): Promise<void> {
  const download = downloadParam(req);
  const row = await reachObject(ctx, req, bucketId, key, access, 'storage.object.get_authenticated', (tx) =>
    findObjectAs(tx, bucketId, key),
  );
  await sendObject(ctx, req, res, bucketId, row, { download });
}

const SIGNED_QUERY: Schema = {
  type: 'object',
  properties: { download: { type: 'string' }, token: { type: 'string' } },
  required: ['token'],
};

/** The `token` and `download` of a signed URL, checked as Storage's route schema checks them. */
export function signedQuery(req: StackRequest): { token: string; download?: string } {
  return validate('querystring', SIGNED_QUERY, queryObject(req.url.searchParams));
}

/**
 * The object a signed URL names (no auth: the token is bound to the path), with
 * the URL's `download`, its expiry as an HTTP date, and the transformations its
 * token carries.
 */
export async function signedObject(
  ctx: StorageContext,
  req: StackRequest,
  bucketId: string,
  key: string,
): Promise<{ row: ObjectRow; download?: string; expires: string; transformations?: string }> {
  const { token, download } = signedQuery(req);
  const { exp, transformations } = await verifyDownloadToken(token, bucketId, key, ctx.stack.config.jwtSecret);
  assertValidKey(key);
  const row = await findObject(ctx, bucketId, key);
  return { row, download, expires: new Date(exp * 1000).toUTCString(), transformations };
}

/** GET/HEAD /object/sign/<bucket>/<key>?token=. */
export async function getSigned(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  const { row, download, expires } = await signedObject(ctx, req, bucketId, key);
  await sendObject(ctx, req, res, bucketId, row, { download, expires });
}

/**
 * GET /object/info/<bucket>/<key> (and /object/info/authenticated/...): the
 * object's details as the caller may read them; /object/info/public/... for a
 * public bucket's object, to anyone. Storage's InfoRenderer.
 */
export async function getInfo(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
  access: Access,
): Promise<void> {
  const select = async (tx: Tx) => {
    const { rows } = await tx.query<{
      id: string;
      name: string;
      version: string | null;
      bucket_id: string;
      metadata: ObjectMetadata | null;
      user_metadata: Record<string, unknown> | null;
      updated_at: string | null;
      created_at: string | null;
    }>(
      `select id, name, version, bucket_id, metadata, user_metadata,
         ${isoSql('updated_at')} as updated_at, ${isoSql('created_at')} as created_at
       from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, key],
    );
    if (!rows[0]) throw errors.noSuchKey();
    return rows[0];
  };
  const row = await reachObject(ctx, req, bucketId, key, access, 'storage.object.info', select);
  const meta = row.metadata ?? {};
  const headers: Record<string, string> = {};
  if (meta.eTag) headers.ETag = meta.eTag;
  if (meta.lastModified) headers['Last-Modified'] = new Date(meta.lastModified).toUTCString();
  if (meta.cacheControl) headers['Cache-Control'] = meta.cacheControl;
  sendJson(
    res,
    200,
    {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
    headers,
  );
}

// ---------------------------------------------------------------------------
// Signed URLs

const SIGN_BODY: Schema = {
  type: 'object',
  properties: { expiresIn: { type: 'integer', minimum: 1 }, transform: TRANSFORM_SCHEMA },
  required: ['expiresIn'],
};

/** Storage's assertValidNumericJWTExpiration: an expiry past what a JWT can hold. */
function assertExpiry(expiresIn: number): void {
  if (expiresIn > Math.floor(Number.MAX_SAFE_INTEGER / 1000) - Math.floor(Date.now() / 1000)) {
    throw errors.invalidParameter('expiresIn');
  }
}

/**
 * POST /object/sign/<bucket>/<key>: a signed download URL, made after reading
 * the object as the caller. With `transform` (and image transformation on) it
 * is a /render/image/sign/ URL whose token carries the transformations.
 */
export async function signObject(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  const body = validate<{ expiresIn: number; transform?: TransformOptions }>('body', SIGN_BODY, await readJson(req));
  const caller = await authenticate(ctx, req);
  assertExpiry(body.expiresIn);
  let transform: SignedTransform | undefined;
  if (ctx.imageTransformation) {
    transform = {
      transformations: transformationSegments(body.transform ?? {}, true).join(','),
      format: body.transform?.format ?? '',
    };
  }
  assertValidKey(key);
  await asCaller(ctx, req, caller, 'storage.object.sign', (tx) => findObjectAs(tx, bucketId, key));
  const signedURL = await signObjectUrl(bucketId, key, body.expiresIn, ctx.stack.config.jwtSecret, transform);
  sendJson(res, 200, { signedURL });
}

const SIGN_MANY_BODY: Schema = {
  type: 'object',
  properties: {
    expiresIn: { type: 'integer', minimum: 1 },
    paths: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 1000 },
  },
  required: ['expiresIn', 'paths'],
};

export async function signObjects(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const { expiresIn, paths } = validate<{ expiresIn: number; paths: string[] }>(
    'body',
    SIGN_MANY_BODY,
    await readJson(req),
  );
  const caller = await authenticate(ctx, req);
  assertExpiry(expiresIn);
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

const REMOVE_BODY: Schema = {
  type: 'object',
  properties: { prefixes: { type: 'array', items: { type: 'string' }, minItems: 1 } },
  required: ['prefixes'],
};

/** Hosted Storage's request limit on bulk deletes (REQUEST_HARD_LIMITS). */
const MAX_OBJECTS_PER_REQUEST = 1000;

export async function removeObjects(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const { prefixes } = validate<{ prefixes: string[] }>('body', REMOVE_BODY, await readJson(req));
  const caller = await authenticate(ctx, req);
  if (prefixes.length > MAX_OBJECTS_PER_REQUEST) {
    throw errors.invalidRequest(`Bulk object requests are limited to ${MAX_OBJECTS_PER_REQUEST} objects per request.`);
  }
  const rows = await asCaller(ctx, req, caller, 'storage.object.delete_many', async (tx) => {
    const result = await tx.query<{ name: string; version: string | null }>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${RETURNED_COLUMNS}`,
      [bucketId, prefixes],
    );
    return result.rows;
  });
  for (const row of rows) await dropVersion(ctx, bucketId, row.name, row.version);
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
  const version = await asCaller(ctx, req, caller, 'storage.object.delete', async (tx) => {
    const { rows } = await tx.query<{ version: string | null }>(
      'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
      [bucketId, key],
    );
    if (rows.length === 0) throw errors.noSuchKey();
    return rows[0]!.version;
  });
  await dropVersion(ctx, bucketId, key, version);
  sendJson(res, 200, { message: 'Successfully deleted' });
}

/** STORAGE_EMPTY_BUCKET_MAX: Storage's default. */
const EMPTY_BUCKET_MAX = 200_000;

/**
 * Storage's emptyBucket: the caller must see the bucket, and see at least one of
 * its objects; then every object created before now is deleted as the owner
 * (Storage queues that deletion; here it is done before answering).
 */
export async function emptyBucketObjects(
  ctx: StorageContext,
  req: StackRequest,
  caller: Caller,
  bucketId: string,
): Promise<void> {
  const before = new Date().toISOString();
  const { count, some } = await asCaller(ctx, req, caller, 'storage.bucket.empty', async (tx) => {
    const { rows } = await tx.query<{ id: string }>('select id from storage.buckets where id = $1', [bucketId]);
    if (rows.length === 0) throw errors.noSuchBucket();
    const counted = await tx.query<{ n: number }>(
      'select count(*)::int as n from (select 1 from storage.objects where bucket_id = $1 limit $2) o',
      [bucketId, EMPTY_BUCKET_MAX + 1],
    );
    const first = await tx.query(
      'select id from storage.objects where bucket_id = $1 and created_at < $2::timestamptz limit 1',
      [bucketId, before],
    );
    return { count: counted.rows[0]!.n, some: first.rows.length > 0 };
  });
  if (count > EMPTY_BUCKET_MAX) {
    throw errors.unableToEmptyBucket('Unable to empty the bucket because it contains too many objects');
  }
  if (!some) return;
  const rows = await ctx.stack.db.transaction(async (tx) => {
    await tx.query("select set_config('storage.allow_delete_query', 'true', true)");
    const result = await tx.query<{ name: string; version: string | null }>(
      'delete from storage.objects where bucket_id = $1 and created_at < $2::timestamptz returning name, version',
      [bucketId, before],
    );
    return result.rows;
  });
  for (const row of rows) await dropVersion(ctx, bucketId, row.name, row.version);
}

// ---------------------------------------------------------------------------
// Move and copy

const TRANSFER_BODY: Schema = {
  type: 'object',
  properties: {
    bucketId: { type: 'string' },
    sourceKey: { type: 'string' },
    destinationBucket: { type: 'string' },
    destinationKey: { type: 'string' },
  },
  required: ['bucketId', 'sourceKey', 'destinationKey'],
};

interface TransferBody {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  destinationBucket: string;
}

function transferBody(body: Record<string, unknown>): TransferBody {
  const t = validate<{ bucketId: string; sourceKey: string; destinationKey: string; destinationBucket?: string }>(
    'body',
    TRANSFER_BODY,
    body,
  );
  const transfer = { ...t, destinationBucket: t.destinationBucket || t.bucketId };
  assertValidKey(transfer.sourceKey);
  assertValidKey(transfer.destinationKey);
  return transfer;
}

export async function moveObject(ctx: StorageContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const t = transferBody(await readJson(req));
  const caller = await authenticate(ctx, req);
  if (t.destinationBucket !== t.bucketId) await findBucket(ctx, t.destinationBucket);
  const version = randomUUID();
  const source = await asCaller(ctx, req, caller, 'storage.object.move', async (tx) => {
    const row = await findObjectAs(tx, t.bucketId, t.sourceKey);
    const { rowCount } = await tx.query(
      `update storage.objects set bucket_id = $3, name = $4, version = $5, owner = $6::uuid, owner_id = $7,
         updated_at = now()
       where bucket_id = $1 and name = $2 returning id`,
      [t.bucketId, t.sourceKey, t.destinationBucket, t.destinationKey, version, caller.owner, caller.ownerId],
    );
    if (rowCount === 0) throw errors.noSuchKey();
    return row;
  });
  try {
    await ctx.files.move(
      { bucket: t.bucketId, key: t.sourceKey, version: source.version },
      { bucket: t.destinationBucket, key: t.destinationKey, version },
    );
    await ctx.renders.purge(t.bucketId, t.sourceKey);
  } catch (e) {
    console.error('[storage] could not move the file of', `${t.bucketId}/${t.sourceKey}`, e);
  }
  sendJson(res, 200, { message: 'Successfully moved' });
}

export async function copyObject(ctx: StorageContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const t = transferBody(await readJson(req));
  const caller = await authenticate(ctx, req);
  const upsert = req.headers['x-upsert'] === 'true';
  if (t.destinationBucket !== t.bucketId) await findBucket(ctx, t.destinationBucket);
  const version = randomUUID();
  let temp: string | undefined;
  let placed = false;
  try {
    const written = await asCaller(ctx, req, caller, 'storage.object.copy', async (tx) => {
      const source = await findObjectAs(tx, t.bucketId, t.sourceKey);
      const previous = upsert
        ? (
            await tx.query<{ version: string | null }>(
              'select version from storage.objects where bucket_id = $1 and name = $2',
              [t.destinationBucket, t.destinationKey],
            )
          ).rows[0]
        : undefined;
      temp = await ctx.files.copyToTemp(t.bucketId, t.sourceKey, source.version).catch(() => {
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
          version,
        ],
      );
      await placeOrThrow(ctx, temp, t.destinationBucket, t.destinationKey, version);
      placed = true;
      temp = undefined;
      return { id: rows[0]!.id, previous };
    });
    if (written.previous) await dropVersion(ctx, t.destinationBucket, t.destinationKey, written.previous.version);
    sendJson(res, 200, { Id: written.id, Key: `${t.destinationBucket}/${t.destinationKey}` });
  } catch (e) {
    if (placed) await ctx.files.remove(t.destinationBucket, t.destinationKey, version);
    throw e;
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
  const { token } = signedQuery(req);
  const claims = await verifyUploadToken(token, bucketId, key, ctx.stack.config.jwtSecret);
  await uploadObject(ctx, req, res, bucketId, key, claims.upsert, {
    owner: ownerOf(claims.owner),
    ownerId: claims.owner,
  });
}
