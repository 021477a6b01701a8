// Supabase Storage (/storage/v1) for the local stack: buckets and objects as
// rows in the storage schema under the caller's role, bytes under
// <dataDir>/storage/<bucket>/<key>. Routes and answers follow supabase/storage.
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { BodyTooLargeError, discardBody, type Service, type StackContext, type StackRequest } from '../http/server.ts';
import { routeTable, type Route, type RouteMatch } from '../http/routes.ts';
import * as buckets from './buckets.ts';
import { purgeCache } from './cdn.ts';
import { errors, sendStorageError } from './errors.ts';
import { FileStore } from './files.ts';
import * as list from './list.ts';
import * as objects from './objects.ts';
import * as render from './render.ts';
import { RenderCache } from './render-cache.ts';
import type { StorageContext } from './request.ts';

/**
 * The path after /storage/v1 exactly as the client sent it: the gateway's URL
 * parsing folds "." and ".." segments away, and keys containing them must be
 * refused rather than silently rewritten. With `withQuery`, the query string too
 * (what Storage sees as its request URL behind the gateway).
 */
function rawServicePath(req: StackRequest, withQuery = false): string {
  const raw = req.raw.url ?? '';
  const pathname = raw.split('?')[0] ?? '';
  const prefix = '/storage/v1';
  const servicePath = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : req.path;
  return withQuery ? servicePath + req.url.search : servicePath;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw errors.invalidKey(segment);
  }
}

/** "<bucket>/<key...>" → [bucket, key]; the key keeps its slashes. */
function bucketAndKey(rest: string): [string, string] {
  const slash = rest.indexOf('/');
  if (slash < 0) return [decode(rest), ''];
  return [decode(rest.slice(0, slash)), decode(rest.slice(slash + 1))];
}

/** Storage's answer for a route it does not have (setRestNotFoundHandler). */
function notFound(req: StackRequest, res: ServerResponse): void {
  sendStorageError(res, errors.routeNotFound(req.method, rawServicePath(req, true)));
}

type StorageHandler = (
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  match: RouteMatch,
) => Promise<void> | void;

const READ = ['GET', 'HEAD'] as const;

/** A handler of one object: its bucket and key. */
type ObjectHandler = (
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucket: string,
  key: string,
) => Promise<void>;

/** Calls `handler` with "<bucket>/<key...>", the rest of the path after the route's prefix. */
const onObject =
  (handler: ObjectHandler): StorageHandler =>
  (ctx, req, res, match) => {
    const [bucket, key] = bucketAndKey(match.rest);
    if (!bucket) return notFound(req, res);
    return handler(ctx, req, res, bucket, key);
  };

/** A read handler bound to how it reaches its object (as the caller, or in a public bucket). */
const read =
  (
    handler: (...args: [...Parameters<ObjectHandler>, objects.Access]) => Promise<void>,
    access: objects.Access,
  ): ObjectHandler =>
  (ctx, req, res, bucket, key) =>
    handler(ctx, req, res, bucket, key, access);

/** Every endpoint of Storage, in one table; the first row that matches answers. */
const ROUTES: Route<StorageHandler>[] = [
  { method: 'GET', path: '/bucket', handler: (ctx, req, res) => buckets.listBuckets(ctx, req, res) },
  { method: 'POST', path: '/bucket', handler: (ctx, req, res) => buckets.createBucket(ctx, req, res) },
  {
    method: 'POST',
    path: '/bucket/:id/empty',
    handler: (ctx, req, res, m) => buckets.emptyBucket(ctx, req, res, m.params.id!),
  },
  { method: 'GET', path: '/bucket/:id', handler: (ctx, req, res, m) => buckets.getBucket(ctx, req, res, m.params.id!) },
  {
    method: 'PUT',
    path: '/bucket/:id',
    handler: (ctx, req, res, m) => buckets.updateBucket(ctx, req, res, m.params.id!),
  },
  {
    method: 'DELETE',
    path: '/bucket/:id',
    handler: (ctx, req, res, m) => buckets.deleteBucket(ctx, req, res, m.params.id!),
  },

  { method: 'POST', path: '/object/move', handler: (ctx, req, res) => objects.moveObject(ctx, req, res) },
  { method: 'POST', path: '/object/copy', handler: (ctx, req, res) => objects.copyObject(ctx, req, res) },
  {
    method: 'POST',
    path: '/object/list/*',
    handler: (ctx, req, res, m) => list.listObjects(ctx, req, res, decode(m.rest)),
  },
  {
    method: 'POST',
    path: '/object/list-v2/*',
    handler: (ctx, req, res, m) => list.listObjectsV2(ctx, req, res, decode(m.rest)),
  },
  { method: 'POST', path: '/object/upload/sign/*', handler: onObject(objects.signUpload) },
  { method: 'PUT', path: '/object/upload/sign/*', handler: onObject(objects.uploadSigned) },
  {
    method: 'POST',
    path: '/object/sign/:bucket',
    handler: (ctx, req, res, m) => objects.signObjects(ctx, req, res, m.params.bucket!),
  },
  { method: 'POST', path: '/object/sign/*', handler: onObject(objects.signObject) },
  { method: READ, path: '/object/sign/*', handler: onObject(objects.getSigned) },
  { method: READ, path: '/object/public/*', handler: onObject(read(objects.getObject, 'public')) },
  { method: READ, path: '/object/authenticated/*', handler: onObject(read(objects.getObject, 'authenticated')) },
  { method: 'GET', path: '/object/info/public/*', handler: onObject(read(objects.getInfo, 'public')) },
  { method: 'GET', path: '/object/info/authenticated/*', handler: onObject(read(objects.getInfo, 'authenticated')) },
  { method: 'GET', path: '/object/info/*', handler: onObject(read(objects.getInfo, 'authenticated')) },
  {
    method: 'DELETE',
    path: '/object/:bucket',
    handler: (ctx, req, res, m) => objects.removeObjects(ctx, req, res, m.params.bucket!),
  },
  { method: 'DELETE', path: '/object/*', handler: onObject(objects.removeObject) },
  {
    method: 'POST',
    path: '/object/*',
    handler: onObject((ctx, req, res, bucket, key) =>
      objects.uploadObject(ctx, req, res, bucket, key, req.headers['x-upsert'] === 'true'),
    ),
  },
  {
    method: 'PUT',
    path: '/object/*',
    handler: onObject((ctx, req, res, bucket, key) => objects.uploadObject(ctx, req, res, bucket, key, true)),
  },
  { method: READ, path: '/object/*', handler: onObject(read(objects.getObject, 'authenticated')) },

  { method: 'DELETE', path: '/cdn', handler: (ctx, req, res) => purgeCache(ctx, req, res) },
  { method: 'DELETE', path: '/cdn/*', handler: (ctx, req, res) => purgeCache(ctx, req, res) },

  // Image transformation: only with [storage.image_transformation] enabled (see route()).
  {
    method: READ,
    path: '/render/image/authenticated/*',
    handler: onObject(read(render.renderStored, 'authenticated')),
  },
  { method: READ, path: '/render/image/public/*', handler: onObject(read(render.renderStored, 'public')) },
  { method: READ, path: '/render/image/sign/*', handler: onObject(render.renderSigned) },
];

const findRoute = routeTable(ROUTES, decode);

async function route(ctx: StorageContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const servicePath = rawServicePath(req);
  const found = findRoute(req.method, servicePath);
  // Without image transformation Storage registers no /render routes at all.
  if (!found || (!ctx.imageTransformation && servicePath.startsWith('/render/'))) return notFound(req, res);
  await found.handler(ctx, req, res, found.match);
}

export async function createStorageService(stack: StackContext): Promise<Service> {
  const ctx: StorageContext = {
    stack,
    files: new FileStore(stack.config.dataDir),
    renders: new RenderCache(stack.config.dataDir),
    imageTransformation: stack.config.storage.imageTransformation,
  };
  // Every object's bytes where this layout keeps them: files of the earlier
  // layout moved under their version, seeded objects' bytes copied in.
  const { rows } = await stack.db.query<{ bucket_id: string; name: string; version: string | null }>(
    'select bucket_id, name, version from storage.objects',
  );
  await ctx.files.settle(rows, path.join(stack.config.supabaseDir, 'seed', 'storage'));
  return {
    async handle(req, res) {
      // Nothing Storage serves is to be content-sniffed by a browser.
      res.setHeader('X-Content-Type-Options', 'nosniff');
      try {
        await route(ctx, req, res);
      } catch (e) {
        // The gateway already answered 413 for an oversize JSON body.
        if (e instanceof BodyTooLargeError) return;
        if (res.headersSent) {
          console.error('[storage]', e);
          res.destroy();
          return;
        }
        sendStorageError(res, e);
        // A refused upload (too large, wrong type, no access) is answered at
        // once; what is left of its body is read into the void, bounded, so the
        // client gets to read that answer instead of a reset.
        discardBody(req.raw);
      }
    },
  };
}
