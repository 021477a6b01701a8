// Object bytes on disk: <dataDir>/storage/<bucket>/<key>. Uploads stream into a
// temporary file first and are renamed into place once their row committed.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, copyFile, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { errors } from './errors.ts';

export interface StoredTemp {
  file: string;
  size: number;
  eTag: string;
}

export class FileStore {
  readonly root: string;
  readonly tmp: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage');
    this.tmp = path.join(dataDir, 'storage-tmp');
  }

  /** The file of an object; keys are validated before they get here, this is a second fence. */
  objectPath(bucket: string, key: string): string {
    const bucketDir = path.resolve(this.root, bucket);
    const file = path.resolve(bucketDir, key);
    if (path.dirname(bucketDir) !== this.root || !file.startsWith(`${bucketDir}${path.sep}`)) {
      throw errors.invalidKey(key);
    }
    return file;
  }

  bucketPath(bucket: string): string {
    const dir = path.resolve(this.root, bucket);
    if (path.dirname(dir) !== this.root) throw errors.invalidBucketName();
    return dir;
  }

  /**
   * Streams `source` into a temporary file, stopping at `limit` bytes.
   * Resolves with the file's size and MD5 eTag; rejects with EntityTooLarge.
   */
  async writeTemp(source: Readable, limit: number): Promise<StoredTemp> {
    await mkdir(this.tmp, { recursive: true });
    const file = path.join(this.tmp, randomUUID());
    const hash = createHash('md5');
    let size = 0;
    const out = createWriteStream(file);
    try {
      await new Promise<void>((resolve, reject) => {
        let failed = false;
        const fail = (e: unknown) => {
          if (failed) return;
          failed = true;
          source.unpipe(out);
          out.destroy();
          // The caller answers and then reads the rest of the request into the void.
          reject(e);
        };
        source.on('data', (chunk: Buffer) => {
          if (failed) return;
          size += chunk.length;
          if (size > limit) return fail(errors.entityTooLarge());
          hash.update(chunk);
        });
        source.on('error', fail);
        out.on('error', fail);
        out.on('finish', () => {
          if (!failed) resolve();
        });
        source.pipe(out);
      });
    } catch (e) {
      await rm(file, { force: true });
      throw e;
    }
    return { file, size, eTag: `"${hash.digest('hex')}"` };
  }

  /** The first `bytes` bytes of a file (fewer when it is shorter). */
  async head(file: string, bytes: number): Promise<Buffer> {
    const fh = await open(file, 'r');
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await fh.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  /** A copy of an existing object as a temporary file. */
  async copyToTemp(bucket: string, key: string): Promise<string> {
    await mkdir(this.tmp, { recursive: true });
    const file = path.join(this.tmp, randomUUID());
    await copyFile(this.objectPath(bucket, key), file);
    return file;
  }

  async place(tempFile: string, bucket: string, key: string): Promise<void> {
    const target = this.objectPath(bucket, key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tempFile, target);
  }

  async move(fromBucket: string, fromKey: string, toBucket: string, toKey: string): Promise<void> {
    const target = this.objectPath(toBucket, toKey);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.objectPath(fromBucket, fromKey), target);
    await this.pruneEmptyDirs(fromBucket, fromKey);
  }

  async discard(tempFile: string): Promise<void> {
    await rm(tempFile, { force: true });
  }

  async remove(bucket: string, key: string): Promise<void> {
    await rm(this.objectPath(bucket, key), { force: true });
    await this.pruneEmptyDirs(bucket, key);
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(this.bucketPath(bucket), { recursive: true, force: true });
  }

  /** Folders exist only through their objects: drop the ones a removal left empty. */
  private async pruneEmptyDirs(bucket: string, key: string): Promise<void> {
    const bucketDir = this.bucketPath(bucket);
    let dir = path.dirname(this.objectPath(bucket, key));
    while (dir.startsWith(`${bucketDir}${path.sep}`)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  async size(bucket: string, key: string): Promise<number | undefined> {
    try {
      return (await stat(this.objectPath(bucket, key))).size;
    } catch {
      return undefined;
    }
  }

  read(bucket: string, key: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.objectPath(bucket, key), range);
  }
}
