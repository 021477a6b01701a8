// Supabase Storage (/storage/v1) for the local stack: buckets and objects as
// rows in the storage schema under the caller's role, bytes under
// <dataDir>/storage/<bucket>/<key>. Routes and answers follow supabase/storage.
import type { ServerResponse } from 'node:http';
import {
  BodyTooLargeError,
  discardBody,
  sendJson,
  type Service,
  type StackContext,
  type StackRequest,
} from '../http/server.ts';
import { routeTable, type Route, type RouteMatch } from '../http/routes.ts';
import * as buckets from './buckets.ts';
import { errors, sendStorageError } from './errors.ts';
import { FileStore } from './files.ts';
import * as objects from './objects.ts';
import type { StorageContext } from './request.ts';

/**
 * The path after /storage/v1 exactly as the client sent it: the gateway's URL
 * parsing folds "." and ".." segments away, and keys containing them must be
 * refused rather than silently rewritten.
 */
function rawServicePath(req: StackRequest): string {
  const raw = (req.raw.url ?? '').split('?')[0] ?? '';
  const prefix = '/storage/v1';
  return raw.startsWith(`${prefix}/`) ? raw.slice(prefix.length) : req.path;
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

function notFound(req: StackRequest, res: ServerResponse): void {
  sendJson(res, 404, {
    statusCode: '404',
    error: 'Not Found',
    message: `Route ${req.method}:${req.url.pathname} not found`,
  });
}

type StorageHandler = (
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  match: RouteMatch,
) => Promise<void> | void;

const READ = ['GET', 'HEAD'] as const;

/** A handler of "<bucket>/<key...>", the rest of the path after the route's prefix. */
const onObject =
  (
    handler: (
      ctx: StorageContext,
      req: StackRequest,
      res: ServerResponse,
      bucket: string,
      key: string,
    ) => Promise<void>,
  ): StorageHandler =>
  (ctx, req, res, match) => {
    const [bucket, key] = bucketAndKey(match.rest);
    if (!bucket) return notFound(req, res);
    return handler(ctx, req, res, bucket, key);
  };

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
    handler: (ctx, req, res, m) => objects.listObjects(ctx, req, res, decode(m.rest)),
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
  { method: READ, path: '/object/public/*', handler: onObject(objects.getPublic) },
  { method: READ, path: '/object/authenticated/*', handler: onObject(objects.getAuthenticated) },
  {
    method: 'GET',
    path: '/object/info/*',
    handler: (ctx, req, res, m) => {
      const [bucket, key] = bucketAndKey(m.rest.replace(/^(public|authenticated)\//, ''));
      return objects.getInfo(ctx, req, res, bucket, key);
    },
  },
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
  { method: READ, path: '/object/*', handler: onObject(objects.getAuthenticated) },
];

const findRoute = routeTable(ROUTES, decode);

async function route(ctx: StorageContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const found = findRoute(req.method, rawServicePath(req));
  if (!found) return notFound(req, res);
  await found.handler(ctx, req, res, found.match);
}

export async function createStorageService(stack: StackContext): Promise<Service> {
  const ctx: StorageContext = { stack, files: new FileStore(stack.config.dataDir) };
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
