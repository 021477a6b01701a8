// Image transformation routes (supabase/storage src/http/routes/render):
//   GET /render/image/authenticated/<bucket>/<key>?width=…  read as the caller
//   GET /render/image/public/<bucket>/<key>?width=…         public buckets only
//   GET /render/image/sign/<bucket>/<key>?token=…           the transformations the token carries
// Renderings are kept on disk by object version and options (render-cache.ts).
import type { ServerResponse } from 'node:http';
import type { StackRequest } from '../http/server.ts';
import { errors } from './errors.ts';
import {
  acceptsWebp,
  assertSourceSize,
  renderImage,
  TRANSFORM_SCHEMA,
  transformationSegments,
  transformFromString,
  type TransformOptions,
} from './image.ts';
import { findObjectAs, reachObject, signedObject, type Access } from './objects.ts';
import type { StorageContext } from './request.ts';
import { queryObject, validate, type Schema } from './schema.ts';
import { sendRendering, type ObjectRow, type ServeOptions } from './serve.ts';

const RENDER_QUERY: Schema = {
  ...TRANSFORM_SCHEMA,
  properties: { ...TRANSFORM_SCHEMA.properties, download: { type: 'string' } },
};

function renderQuery(req: StackRequest): TransformOptions & { download?: string } {
  return validate('querystring', RENDER_QUERY, queryObject(req.url.searchParams));
}

/**
 * Renders one object with `options` and sends it. The format follows the
 * client's Accept header unless one is asked for, so it is part of the kept
 * rendering's name along with the options.
 */
async function render(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  row: ObjectRow,
  options: TransformOptions,
  serve: ServeOptions,
): Promise<void> {
  const transformations = transformationSegments(options);
  const accept = options.format === 'origin' ? undefined : req.headers.accept;
  // With no format asked for, the client's Accept decides between WebP and the source's format.
  const variant = JSON.stringify({ transformations, webp: options.format === undefined && acceptsWebp(accept) });
  let rendering = await ctx.renders.get(bucketId, row.name, row.version, variant);
  if (!rendering) {
    const size = await ctx.files.size(bucketId, row.name, row.version);
    if (size === undefined) throw errors.noSuchKey();
    assertSourceSize(size);
    const source = await ctx.files.readAll(bucketId, row.name, row.version);
    if (!source) throw errors.noSuchKey();
    rendering = await renderImage(source, options, accept);
    await ctx.renders.put(bucketId, row.name, row.version, variant, rendering);
  }
  sendRendering(req, res, row, { ...rendering, transformations }, serve);
}

/**
 * GET /render/image/authenticated/<bucket>/<key> (as the caller) and
 * /render/image/public/<bucket>/<key> (public buckets, policies bypassed).
 */
export async function renderStored(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
  access: Access,
): Promise<void> {
  const { download, ...options } = renderQuery(req);
  const row = await reachObject(ctx, req, bucketId, key, access, 'storage.render.image_authenticated', (tx) =>
    findObjectAs(tx, bucketId, key),
  );
  await render(ctx, req, res, bucketId, row, options, { download });
}

/** GET /render/image/sign/<bucket>/<key>?token=: the transformations come from the token, not the query. */
export async function renderSigned(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  key: string,
): Promise<void> {
  const { row, download, expires, transformations } = await signedObject(ctx, req, bucketId, key);
  await render(ctx, req, res, bucketId, row, transformFromString(transformations ?? ''), { download, expires });
}
