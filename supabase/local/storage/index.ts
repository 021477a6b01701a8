// Supabase Storage (/storage/v1) for the local stack: buckets and objects as
// rows in the storage schema under the caller's role, bytes under
// <dataDir>/storage/<bucket>/<key>. Routes and answers follow supabase/storage.
import type { ServerResponse } from 'node:http';
import { BodyTooLargeError, discardBody, sendJson, type Service, type StackContext, type StackRequest } from '../http/server.ts';
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

async function route(ctx: StorageContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const path = rawServicePath(req);
  const m = req.method;
  const read = m === 'GET' || m === 'HEAD';

  if (path === '/bucket' || path === '/bucket/') {
    if (m === 'GET') return buckets.listBuckets(ctx, req, res);
    if (m === 'POST') return buckets.createBucket(ctx, req, res);
    return notFound(req, res);
  }
  if (path.startsWith('/bucket/')) {
    const rest = path.slice('/bucket/'.length);
    const empty = /^([^/]+)\/empty\/?$/.exec(rest);
    if (empty && m === 'POST') return buckets.emptyBucket(ctx, req, res, decode(empty[1]!));
    if (!rest.includes('/') && rest) {
      const id = decode(rest);
      if (m === 'GET') return buckets.getBucket(ctx, req, res, id);
      if (m === 'PUT') return buckets.updateBucket(ctx, req, res, id);
      if (m === 'DELETE') return buckets.deleteBucket(ctx, req, res, id);
    }
    return notFound(req, res);
  }
  if (!path.startsWith('/object/')) return notFound(req, res);
  const rest = path.slice('/object/'.length);

  if (rest === 'move' && m === 'POST') return objects.moveObject(ctx, req, res);
  if (rest === 'copy' && m === 'POST') return objects.copyObject(ctx, req, res);
  if (rest.startsWith('list/') && m === 'POST') return objects.listObjects(ctx, req, res, decode(rest.slice(5)));
  if (rest.startsWith('upload/sign/')) {
    const [bucket, key] = bucketAndKey(rest.slice('upload/sign/'.length));
    if (m === 'POST') return objects.signUpload(ctx, req, res, bucket, key);
    if (m === 'PUT') return objects.uploadSigned(ctx, req, res, bucket, key);
    return notFound(req, res);
  }
  if (rest.startsWith('sign/')) {
    const [bucket, key] = bucketAndKey(rest.slice(5));
    if (m === 'POST' && key === '') return objects.signObjects(ctx, req, res, bucket);
    if (m === 'POST') return objects.signObject(ctx, req, res, bucket, key);
    if (read) return objects.getSigned(ctx, req, res, bucket, key);
    return notFound(req, res);
  }
  if (rest.startsWith('public/') && read) {
    const [bucket, key] = bucketAndKey(rest.slice(7));
    return objects.getPublic(ctx, req, res, bucket, key);
  }
  if (rest.startsWith('authenticated/') && read) {
    const [bucket, key] = bucketAndKey(rest.slice(14));
    return objects.getAuthenticated(ctx, req, res, bucket, key);
  }
  if (rest.startsWith('info/') && m === 'GET') {
    const sub = rest.slice(5).replace(/^(public|authenticated)\//, '');
    const [bucket, key] = bucketAndKey(sub);
    return objects.getInfo(ctx, req, res, bucket, key);
  }
  const [bucket, key] = bucketAndKey(rest);
  if (!bucket) return notFound(req, res);
  if (m === 'DELETE' && key === '') return objects.removeObjects(ctx, req, res, bucket);
  if (m === 'DELETE') return objects.removeObject(ctx, req, res, bucket, key);
  if (m === 'POST') return objects.uploadObject(ctx, req, res, bucket, key, req.headers['x-upsert'] === 'true');
  if (m === 'PUT') return objects.uploadObject(ctx, req, res, bucket, key, true);
  if (read) return objects.getAuthenticated(ctx, req, res, bucket, key);
  return notFound(req, res);
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
