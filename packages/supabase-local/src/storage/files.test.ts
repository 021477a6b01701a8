// The storage service's files on disk: one file per object version, data of the
// earlier layout (one file per key) and seeded objects settled at start, and
// renderings kept per version.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from './files.ts';
import { RenderCache } from './render-cache.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'storage-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function put(files: FileStore, bucket: string, key: string, version: string, text: string) {
  const temp = await files.writeTemp(Readable.from([Buffer.from(text)]), 1000);
  await files.place(temp.file, bucket, key, version);
}

describe('FileStore', () => {
  it('keeps an object and the objects under its name side by side, and prunes emptied folders', async () => {
    const files = new FileStore(dir);
    await put(files, 'b', 'logo', 'v1', 'file');
    await put(files, 'b', 'logo/small.png', 'v2', 'inside');
    expect((await files.readAll('b', 'logo', 'v1'))?.toString()).toBe('file');
    expect((await files.readAll('b', 'logo/small.png', 'v2'))?.toString()).toBe('inside');

    await files.remove('b', 'logo/small.png', 'v2');
    expect(existsSync(path.join(dir, 'storage', 'b', 'logo', 'small.png'))).toBe(false);
    expect((await files.readAll('b', 'logo', 'v1'))?.toString()).toBe('file');
    await files.remove('b', 'logo', 'v1');
    expect(existsSync(path.join(dir, 'storage', 'b', 'logo'))).toBe(false);
  });

  it('refuses keys that would leave their bucket', () => {
    const files = new FileStore(dir);
    expect(() => files.objectPath('b', '../other/x', 'v1')).toThrow(/Invalid key/);
    expect(() => files.objectPath('..', 'x', 'v1')).toThrow(/Bucket name invalid/);
  });

  it('settles files of the one-file-per-key layout and seeded objects under their versions', async () => {
    const files = new FileStore(dir);
    mkdirSync(path.join(dir, 'storage', 'b', 'folder'), { recursive: true });
    writeFileSync(path.join(dir, 'storage', 'b', 'top.txt'), 'top');
    writeFileSync(path.join(dir, 'storage', 'b', 'folder', 'inner.txt'), 'inner');
    const seed = path.join(dir, 'seed');
    mkdirSync(path.join(seed, 'b'), { recursive: true });
    writeFileSync(path.join(seed, 'b', 'seeded.png'), 'seeded');
    await put(files, 'b', 'current.txt', 'v9', 'current');

    const rows = [
      { bucket_id: 'b', name: 'top.txt', version: 'v1' },
      { bucket_id: 'b', name: 'folder/inner.txt', version: 'v2' },
      { bucket_id: 'b', name: 'seeded.png', version: 'v3' },
      { bucket_id: 'b', name: 'current.txt', version: 'v9' },
      { bucket_id: 'b', name: 'nowhere.txt', version: 'v4' },
    ];
    await files.settle(rows, seed);
    await files.settle(rows, seed);

    expect((await files.readAll('b', 'top.txt', 'v1'))?.toString()).toBe('top');
    expect((await files.readAll('b', 'folder/inner.txt', 'v2'))?.toString()).toBe('inner');
    expect((await files.readAll('b', 'seeded.png', 'v3'))?.toString()).toBe('seeded');
    expect((await files.readAll('b', 'current.txt', 'v9'))?.toString()).toBe('current');
    expect(await files.readAll('b', 'nowhere.txt', 'v4')).toBeUndefined();
    // The seed itself is copied, not moved.
    expect(readFileSync(path.join(seed, 'b', 'seeded.png'), 'utf8')).toBe('seeded');
  });
});

describe('RenderCache', () => {
  it('keeps renderings per version and variant until the object or its bucket goes', async () => {
    const cache = new RenderCache(dir);
    const webp = { contentType: 'image/webp', bytes: Buffer.from([1, 2, 3]) };
    await cache.put('b', 'k.png', 'v1', 'width:10', webp);
    expect(await cache.get('b', 'k.png', 'v1', 'width:10')).toEqual(webp);
    expect(await cache.get('b', 'k.png', 'v2', 'width:10')).toBeUndefined();
    expect(await cache.get('b', 'k.png', 'v1', 'width:20')).toBeUndefined();

    await cache.purge('b', 'k.png');
    expect(await cache.get('b', 'k.png', 'v1', 'width:10')).toBeUndefined();
    await cache.put('b', 'k.png', 'v1', 'width:10', webp);
    await cache.purgeBucket('b');
    expect(await cache.get('b', 'k.png', 'v1', 'width:10')).toBeUndefined();
  });
});
