// Object bytes on disk, laid out as Storage's file backend lays them out:
// <dataDir>/storage/<bucket>/<key>/<version>. A key is a folder holding its
// versions, so an object "a" and an object "a/b" live side by side. Uploads
// stream into a temporary file first and are renamed into place.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { errors } from './errors.ts';

export interface StoredTemp {
  file: string;
  size: number;
  eTag: string;
}

/** The file name of an object whose row has no version (inserted by SQL, not by Storage). */
const UNVERSIONED = '#';

export class FileStore {
  readonly root: string;
  readonly tmp: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage');
    this.tmp = path.join(dataDir, 'storage-tmp');
  }

  bucketPath(bucket: string): string {
    const dir = path.resolve(this.root, bucket);
    if (path.dirname(dir) !== this.root) throw errors.invalidBucketName();
    return dir;
  }

  /** The folder of a key (its versions, and the keys under it); keys are validated before they get here, this is a second fence. */
  keyPath(bucket: string, key: string): string {
    const bucketDir = this.bucketPath(bucket);
    const dir = path.resolve(bucketDir, key);
    if (!dir.startsWith(`${bucketDir}${path.sep}`)) throw errors.invalidKey(key);
    return dir;
  }

  /** The file of one version of an object. */
  objectPath(bucket: string, key: string, version: string | null): string {
    return path.join(this.keyPath(bucket, key), version ?? UNVERSIONED);
  }

  /**
   * Streams `source` into a temporary file, stopping at `limit` bytes.
   * Resolves with the file's size and MD5 eTag; rejects with EntityTooLarge.
   */
  async writeTemp(source: Readable, limit: number): Promise<StoredTemp> {
    const file = await this.tempName();
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

  /** A fresh path in the temporary folder. */
  async tempName(): Promise<string> {
    await mkdir(this.tmp, { recursive: true });
    return path.join(this.tmp, randomUUID());
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

  /** A copy of one version of an object as a temporary file. */
  async copyToTemp(bucket: string, key: string, version: string | null): Promise<string> {
    const file = await this.tempName();
    await copyFile(this.objectPath(bucket, key, version), file);
    return file;
  }

  /** Puts a file (a temporary one, or another version's) in place as this version of an object. */
  async place(file: string, bucket: string, key: string, version: string | null): Promise<void> {
    const target = this.objectPath(bucket, key, version);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file, target);
  }

  async move(
    from: { bucket: string; key: string; version: string | null },
    to: { bucket: string; key: string; version: string | null },
  ): Promise<void> {
    await this.place(this.objectPath(from.bucket, from.key, from.version), to.bucket, to.key, to.version);
    await this.pruneEmptyDirs(from.bucket, from.key);
  }

  async discard(tempFile: string): Promise<void> {
    await rm(tempFile, { force: true });
  }

  /** Removes one version of an object, and the folders that leaves empty. */
  async remove(bucket: string, key: string, version: string | null): Promise<void> {
    await rm(this.objectPath(bucket, key, version), { force: true });
    await this.pruneEmptyDirs(bucket, key);
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(this.bucketPath(bucket), { recursive: true, force: true });
  }

  /** Folders exist only through their objects: drop the ones a removal left empty. */
  private async pruneEmptyDirs(bucket: string, key: string): Promise<void> {
    const bucketDir = this.bucketPath(bucket);
    let dir = this.keyPath(bucket, key);
    while (dir.startsWith(`${bucketDir}${path.sep}`)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  async size(bucket: string, key: string, version: string | null): Promise<number | undefined> {
    try {
      const s = await stat(this.objectPath(bucket, key, version));
      return s.isFile() ? s.size : undefined;
    } catch {
      return undefined;
    }
  }

  /** The whole of one version's bytes, or undefined when its file is missing. */
  async readAll(bucket: string, key: string, version: string | null): Promise<Buffer | undefined> {
    try {
      return await readFile(this.objectPath(bucket, key, version));
    } catch {
      return undefined;
    }
  }

  read(bucket: string, key: string, version: string | null, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.objectPath(bucket, key, version), range);
  }

  /**
   * Gives every object row its file at its place: a file left at <bucket>/<key>
   * by the earlier layout (one file per key) is moved under its version, and a
   * seeded object (seed.sql's rows) gets its bytes from `seedDir`/<bucket>/<key>.
   */
  async settle(rows: { bucket_id: string; name: string; version: string | null }[], seedDir: string): Promise<void> {
    for (const row of rows) {
      let target: string;
      try {
        target = this.objectPath(row.bucket_id, row.name, row.version);
      } catch {
        continue;
      }
      if (await isFile(target)) continue;
      const legacy = this.keyPath(row.bucket_id, row.name);
      if (await isFile(legacy)) {
        const temp = await this.tempName();
        await rename(legacy, temp);
        await this.place(temp, row.bucket_id, row.name, row.version);
        continue;
      }
      const seeded = path.join(seedDir, row.bucket_id, row.name);
      if (seeded.startsWith(`${seedDir}${path.sep}`) && (await isFile(seeded))) {
        const temp = await this.tempName();
        await copyFile(seeded, temp);
        await this.place(temp, row.bucket_id, row.name, row.version);
      }
    }
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
