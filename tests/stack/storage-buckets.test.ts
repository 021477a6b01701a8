// Buckets through supabase-js: the service role manages them; other callers
// have no policies on storage.buckets and are refused or see nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { service } from './helpers.ts';
import { expectStorageError, newUser, PRIVATE, textBlob } from './storage-support.ts';

describe('buckets', () => {
  it('creates, reads, updates, empties and deletes a bucket as the service role', async () => {
    const admin = service().storage;
    const id = `media-${randomUUID().slice(0, 8)}`;
    const created = await admin.createBucket(id, {
      public: false,
      fileSizeLimit: '1KB',
      allowedMimeTypes: ['image/*'],
    });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name: id });

    const got = await admin.getBucket(id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({
      id,
      name: id,
      public: false,
      file_size_limit: 1000,
      allowed_mime_types: ['image/*'],
    });

    const listed = await admin.listBuckets();
    expect(listed.data!.map((b) => b.id)).toContain(id);

    const dup = await admin.createBucket(id);
    expectStorageError(dup.error, { statusCode: '409', message: 'The resource already exists' });

    const tooBig = await admin.from(id).upload('big.png', new Blob([new Uint8Array(2000)], { type: 'image/png' }));
    expectStorageError(tooBig.error, { statusCode: '413' });

    expect(
      (await admin.updateBucket(id, { public: true, fileSizeLimit: 4096, allowedMimeTypes: ['image/png'] })).error,
    ).toBeNull();
    expect((await admin.getBucket(id)).data).toMatchObject({
      public: true,
      file_size_limit: 4096,
      allowed_mime_types: ['image/png'],
    });
    expect(
      (await admin.from(id).upload('big.png', new Blob([new Uint8Array(2000)], { type: 'image/png' }))).error,
    ).toBeNull();

    const notEmpty = await admin.deleteBucket(id);
    expectStorageError(notEmpty.error, { statusCode: '409' });

    expect((await admin.emptyBucket(id)).error).toBeNull();
    expect((await admin.from(id).list()).data).toEqual([]);
    expect((await admin.deleteBucket(id)).error).toBeNull();
    expectStorageError((await admin.getBucket(id)).error, { statusCode: '404', message: 'Bucket not found' });
  });

  it('refuses bucket changes by users and shows them no buckets', async () => {
    const u = await newUser();
    const create = await u.client.storage.createBucket(`mine-${randomUUID().slice(0, 8)}`);
    expectStorageError(create.error, { statusCode: '403', message: 'new row violates row-level security policy' });

    const list = await u.client.storage.listBuckets();
    expect(list.error).toBeNull();
    expect(list.data!.map((b) => b.id)).not.toContain(PRIVATE);
    expectStorageError((await u.client.storage.getBucket(PRIVATE)).error, {
      statusCode: '404',
      message: 'Bucket not found',
    });
    expectStorageError((await u.client.storage.deleteBucket(PRIVATE)).error, {
      statusCode: '404',
      message: 'Bucket not found',
    });

    // Emptying needs to see the bucket first: nothing of anyone's is removed.
    await u.client.storage.from(PRIVATE).upload(u.path('kept.txt'), textBlob('kept'));
    expectStorageError((await u.client.storage.emptyBucket(PRIVATE)).error, { statusCode: '404' });
    expect((await u.client.storage.from(PRIVATE).download(u.path('kept.txt'))).error).toBeNull();
  });
});
