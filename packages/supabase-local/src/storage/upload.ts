// Receives an upload body: multipart/form-data (Blob, File, FormData from
// storage-js) or a raw body, streamed to a temporary file within the size limit.
import busboy from 'busboy';
import type { StackRequest } from '../http/server.ts';
import { errors, StorageError } from './errors.ts';
import type { FileStore, StoredTemp } from './files.ts';
import { drain } from './request.ts';
import { sniffRefuses } from './sniff.ts';

export interface Received {
  temp: StoredTemp;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export interface UploadLimits {
  maxBytes: number;
  allowedMimeTypes: string[] | null;
}

/** Storage's validateMimeType: exact types or wildcards such as image/*; parameters ignored. */
export function assertMimeAllowed(mimetype: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const requested = mimetype.split(';')[0]!.trim().toLowerCase();
  const [type] = requested.split('/');
  const ok = allowed.some((a) => {
    const want = a.trim().toLowerCase();
    if (want.endsWith('/*')) return want.slice(0, -2) === type;
    return want === requested;
  });
  if (!ok) throw errors.invalidMimeType(mimetype);
}

/**
 * Refuses (as Storage refuses a MIME type: InvalidMimeType, statusCode 415) an
 * upload whose bytes clearly are not the image type it declares, in a bucket
 * that names that image type in allowed_mime_types (ad-images,
 * advertiser-logos, customer-files). This is STRICTER THAN HOSTED SUPABASE
 * STORAGE, which trusts the declared Content-Type: served back with that type,
 * such a file (HTML, SVG script, text) is a stored-content risk. The temporary
 * file is removed when refused.
 */
async function assertContentMatches(
  files: FileStore,
  temp: StoredTemp,
  mimetype: string,
  allowed: string[] | null,
): Promise<void> {
  const declared = mimetype.split(';')[0]!.trim().toLowerCase();
  if (!declared.startsWith('image/') || !allowed?.some((a) => a.trim().toLowerCase() === declared)) return;
  const head = await files.head(temp.file, 1024);
  if (!sniffRefuses(declared, head)) return;
  await files.discard(temp.file);
  throw errors.invalidMimeType(mimetype);
}

function parseMetadata(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    throw errors.invalidRequest('Invalid metadata');
  }
}

export async function receiveUpload(req: StackRequest, files: FileStore, limits: UploadLimits): Promise<Received> {
  const contentType = req.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) return receiveMultipart(req, files, limits);
  {
    const mimetype = contentType || 'text/plain;charset=UTF-8';
    assertMimeAllowed(mimetype, limits.allowedMimeTypes);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxBytes) throw errors.entityTooLarge();
    const xMetadata = req.headers['x-metadata'];
    const userMetadata =
      typeof xMetadata === 'string' ? parseMetadata(Buffer.from(xMetadata, 'base64').toString('utf8')) : null;
    const temp = await files.writeTemp(req.raw, limits.maxBytes);
    const cacheHeader = req.headers['cache-control'];
    await assertContentMatches(files, temp, mimetype, limits.allowedMimeTypes);
    return { temp, mimetype, cacheControl: typeof cacheHeader === 'string' ? cacheHeader : 'no-cache', userMetadata };
  }
}

function receiveMultipart(req: StackRequest, files: FileStore, limits: UploadLimits): Promise<Received> {
  return new Promise<Received>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 1024 * 1024 } });
    } catch {
      void drain(req.raw).then(() => reject(errors.invalidRequest('Invalid multipart body')));
      return;
    }
    const fields: Record<string, string> = {};
    let failure: unknown;
    let file: Promise<StoredTemp> | undefined;
    let mimetype = '';

    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, stream, info) => {
      if (file || failure) {
        stream.resume();
        return;
      }
      mimetype = fields.contentType || info.mimeType || 'application/octet-stream';
      try {
        assertMimeAllowed(mimetype, limits.allowedMimeTypes);
      } catch (e) {
        failure = e;
        stream.resume();
        return;
      }
      file = files.writeTemp(stream, limits.maxBytes);
      file.catch((e: unknown) => {
        failure ??= e;
        // Answer as soon as the file passed its limit, not after the whole body arrived.
        req.raw.unpipe(bb);
        void finish();
      });
    });
    bb.on('error', (e: unknown) => {
      failure ??= e instanceof StorageError ? e : errors.invalidRequest('Invalid multipart body');
      req.raw.unpipe(bb);
      void drain(req.raw).then(finish);
    });
    let finished = false;
    const finish = async () => {
      if (finished) return;
      finished = true;
      const temp = file ? await file.catch(() => undefined) : undefined;
      if (failure || !temp) {
        if (temp) await files.discard(temp.file);
        reject(failure ?? errors.noContent());
        return;
      }
      try {
        await assertContentMatches(files, temp, mimetype, limits.allowedMimeTypes);
        resolve({
          temp,
          mimetype,
          cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
          userMetadata: parseMetadata(fields.metadata),
        });
      } catch (e) {
        reject(e);
      }
    };
    bb.on('close', () => void finish());
    req.raw.pipe(bb);
  });
}
