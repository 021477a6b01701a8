// Sending an object's bytes, or a rendering of it, with the headers Storage's
// renderers set (src/storage/renderer/renderer.ts): ETag, Cache-Control (or
// Expires for a signed URL), X-Robots-Tag, Content-Disposition for downloads,
// conditional requests (304) and byte ranges (206, or 416 for a bad range).
import type { ServerResponse } from 'node:http';
import { sendJson, type StackRequest } from '../http/server.ts';
import { errors } from './errors.ts';
import type { StorageContext } from './request.ts';

export interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
  contentLength?: number;
  httpStatusCode?: number;
}

/** What serving an object needs of its row. */
export interface ObjectRow {
  id: string;
  name: string;
  version: string | null;
  metadata: ObjectMetadata | null;
}

export interface ServeOptions {
  /** The `download` query parameter: '' for an attachment under its own name, else the name to save as. */
  download?: string | null;
  /** A signed URL's expiry (HTTP date): sent as Expires instead of Cache-Control. */
  expires?: string;
}

interface Asset {
  status: number;
  mimetype: string;
  eTag?: string;
  lastModified?: Date;
  contentLength: number;
  cacheControl?: string;
  contentRange?: string;
  transformations?: string[];
}

/** Storage never serves text/html as such (normalizeContentType). */
const contentType = (mimetype: string) => (mimetype.includes('text/html') ? 'text/plain' : mimetype);

/** Renderer.setHeaders. */
function assetHeaders(req: StackRequest, asset: Asset, options: ServeOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': contentType(asset.mimetype),
    'X-Robots-Tag': 'none',
  };
  if (asset.eTag) headers.ETag = asset.eTag;
  if (asset.lastModified && !Number.isNaN(asset.lastModified.getTime())) {
    headers['Last-Modified'] = asset.lastModified.toUTCString();
  }
  headers['Content-Length'] = String(asset.contentLength);
  if (options.expires) {
    headers.Expires = options.expires;
  } else {
    // handleCacheControl: a conditional request whose ETag is stale may be served stale for 30 s.
    const values = [asset.cacheControl];
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch !== asset.eTag) values.push('stale-while-revalidate=30');
    const cacheControl = values.filter((v): v is string => typeof v === 'string' && v.length > 0);
    if (cacheControl.length > 0) headers['Cache-Control'] = cacheControl.join(', ');
  }
  if (asset.contentRange) headers['Content-Range'] = asset.contentRange;
  if (asset.transformations && asset.transformations.length > 0) {
    headers['X-Transformations'] = asset.transformations.join(',');
  }
  const download = options.download;
  if (download !== undefined && download !== null) {
    const name = encodeURIComponent(download);
    headers['Content-Disposition'] =
      download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name}`;
  }
  return headers;
}

/** Storage's parseRangeHeader: one `bytes=` range within `size`, or InvalidRange (HTTP 416). */
function parseRange(header: string, size: number): { start: number; end: number } {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header);
  if (!m || size <= 0 || (m[1] === '' && m[2] === '')) throw errors.invalidRange();
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw errors.invalidRange();
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) {
    throw errors.invalidRange();
  }
  return { start, end: Math.min(end, size - 1) };
}

/** Whether a conditional GET is answered 304, as the file backend decides it. */
function notModified(req: StackRequest, eTag: string | undefined, lastModified: Date | undefined): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch === eTag) return true;
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince && lastModified) {
    const since = new Date(ifModifiedSince);
    return !Number.isNaN(since.getTime()) && lastModified.getTime() <= since.getTime();
  }
  return false;
}

/** An object's bytes (the AssetRenderer). */
export async function sendObject(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
  row: ObjectRow,
  options: ServeOptions = {},
): Promise<void> {
  const size = await ctx.files.size(bucketId, row.name, row.version);
  if (size === undefined) throw errors.noSuchKey();
  const meta = row.metadata ?? {};
  const lastModified = meta.lastModified ? new Date(meta.lastModified) : undefined;
  const asset: Asset = {
    status: 200,
    mimetype: meta.mimetype ?? 'application/octet-stream',
    eTag: meta.eTag,
    lastModified,
    contentLength: size,
    cacheControl: meta.cacheControl ?? 'no-cache',
  };
  if (notModified(req, meta.eTag, lastModified)) {
    res.writeHead(304, assetHeaders(req, { ...asset, status: 304, contentLength: 0 }, options));
    res.end();
    return;
  }
  let range: { start: number; end: number } | undefined;
  const rangeHeader = req.headers.range;
  if (typeof rangeHeader === 'string') {
    range = parseRange(rangeHeader, size);
    asset.status = 206;
    asset.contentRange = `bytes ${range.start}-${range.end}/${size}`;
    asset.contentLength = range.end - range.start + 1;
  }
  const headers = assetHeaders(req, asset, options);
  if (req.method === 'HEAD') {
    res.writeHead(asset.status, headers);
    res.end();
    return;
  }
  const stream = ctx.files.read(bucketId, row.name, row.version, range);
  await new Promise<void>((resolve) => {
    stream.once('open', () => {
      res.writeHead(asset.status, headers);
      stream.pipe(res);
    });
    stream.once('error', (e) => {
      if (!res.headersSent) {
        sendJson(res, 400, errors.noSuchKey().render());
      } else {
        console.error('[storage] read failed', e);
        res.destroy();
      }
      resolve();
    });
    stream.once('end', () => resolve());
  });
}

/** A rendered image (the ImageRenderer): the object's ETag and Cache-Control, the rendering's type and length. */
export function sendRendering(
  req: StackRequest,
  res: ServerResponse,
  row: ObjectRow,
  rendering: { bytes: Buffer; contentType: string; transformations: string[] },
  options: ServeOptions = {},
): void {
  const meta = row.metadata ?? {};
  const headers = assetHeaders(
    req,
    {
      status: 200,
      mimetype: rendering.contentType,
      eTag: meta.eTag,
      contentLength: rendering.bytes.length,
      cacheControl: meta.cacheControl,
      transformations: rendering.transformations,
    },
    options,
  );
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : rendering.bytes);
}
