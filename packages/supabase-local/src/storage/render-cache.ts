// Rendered images kept on disk:
// <dataDir>/storage-render-cache/<bucket hash>/<key hash>/<version>-<variant hash>.
// The object version is part of the name, so an overwritten object is never
// served from an old rendering; an object's renderings go with it when it is
// removed, replaced or moved.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RenderedImage } from './image.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class RenderCache {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage-render-cache');
  }

  private bucketDir(bucket: string): string {
    return path.join(this.root, sha256(bucket));
  }

  private objectDir(bucket: string, key: string): string {
    return path.join(this.bucketDir(bucket), sha256(key));
  }

  private file(bucket: string, key: string, version: string | null, variant: string): string {
    return path.join(this.objectDir(bucket, key), `${version ?? 'unversioned'}-${sha256(variant)}`);
  }

  /** A kept rendering of this version and variant, or undefined. */
  async get(bucket: string, key: string, version: string | null, variant: string): Promise<RenderedImage | undefined> {
    let record: Buffer;
    try {
      record = await readFile(this.file(bucket, key, version, variant));
    } catch {
      return undefined;
    }
    // A record is the content type, a newline, then the bytes.
    const newline = record.indexOf(0x0a);
    return { contentType: record.subarray(0, newline).toString(), bytes: record.subarray(newline + 1) };
  }

  /** Keeps a rendering; written whole, then renamed, so a reader never sees half of one. */
  async put(
    bucket: string,
    key: string,
    version: string | null,
    variant: string,
    rendering: RenderedImage,
  ): Promise<void> {
    const target = this.file(bucket, key, version, variant);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, Buffer.concat([Buffer.from(`${rendering.contentType}\n`), rendering.bytes]));
    await rename(temp, target);
  }

  /** Forgets every rendering of an object. */
  async purge(bucket: string, key: string): Promise<void> {
    await rm(this.objectDir(bucket, key), { recursive: true, force: true });
  }

  /** Forgets every rendering of a bucket's objects. */
  async purgeBucket(bucket: string): Promise<void> {
    await rm(this.bucketDir(bucket), { recursive: true, force: true });
  }
}
