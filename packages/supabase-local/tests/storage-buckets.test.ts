// Buckets through supabase-js: the service role manages them; other callers
// have no policies on storage.buckets and are refused or see nothing. Answers
// carry exactly the fields and messages Storage sends.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { service } from 'supabase-local/testing/vitest';
import { expectStorageError, newUser, PRIVATE, SHARED, textBlob } from './support/storage-support.ts';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const EMPTY_QUEUED = 'Empty bucket has been queued. Completion may take up to an hour.';

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

    // getBucket: the columns Storage selects, in its schema's order; no owner_id, no type.
    const got = await admin.getBucket(id);
    expect(got.error).toBeNull();
    expect(Object.keys(got.data!)).toEqual([
      'id',
      'name',
      'owner',
      'public',
      'file_size_limit',
      'allowed_mime_types',
      'created_at',
      'updated_at',
    ]);
    expect(got.data).toMatchObject({
      id,
      name: id,
      // Made with the service role: no owner, which Storage's schema writes as "".
      owner: '',
      public: false,
      file_size_limit: 1000,
      allowed_mime_types: ['image/*'],
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });

    // listBuckets adds the bucket's type.
    const listed = await admin.listBuckets();
    const entry = listed.data!.find((b) => b.id === id)!;
    expect(Object.keys(entry)).toEqual([
      'id',
      'name',
      'owner',
      'public',
      'type',
      'file_size_limit',
      'allowed_mime_types',
      'created_at',
      'updated_at',
    ]);
    expect(entry).toMatchObject({ type: 'STANDARD', owner: '' });
    const found = await admin.listBuckets({
      search: id.slice(0, 10),
      sortColumn: 'created_at',
      sortOrder: 'desc',
      limit: 1,
    });
    expect(found.data!.map((b) => b.id)).toEqual([id]);

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
    expectStorageError(notEmpty.error, { statusCode: '409', message: 'The bucket you tried to delete is not empty' });

    const emptied = await admin.emptyBucket(id);
    expect(emptied.error).toBeNull();
    expect(emptied.data).toEqual({ message: EMPTY_QUEUED });
    expect((await admin.from(id).list()).data).toEqual([]);
    expect((await admin.deleteBucket(id)).data).toEqual({ message: 'Successfully deleted' });
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

    // Emptying needs to see the bucket first: nothing of anyone's is removed.
    await u.client.storage.from(PRIVATE).upload(u.path('kept.txt'), textBlob('kept'));
    expectStorageError((await u.client.storage.emptyBucket(PRIVATE)).error, { statusCode: '404' });
    expect((await u.client.storage.from(PRIVATE).download(u.path('kept.txt'))).error).toBeNull();

    // Storage checks that the bucket exists and is empty before the caller's policies get a say.
    expectStorageError((await u.client.storage.deleteBucket(PRIVATE)).error, {
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    });
    const emptyOne = `empty-${randomUUID().slice(0, 8)}`;
    await service().storage.createBucket(emptyOne);
    expectStorageError((await u.client.storage.deleteBucket(emptyOne)).error, {
      statusCode: '404',
      message: 'Bucket not found',
    });
    expect((await service().storage.getBucket(emptyOne)).error).toBeNull();
    expectStorageError((await u.client.storage.deleteBucket(`gone-${randomUUID().slice(0, 8)}`)).error, {
      statusCode: '404',
      message: 'Bucket not found',
    });
    await service().storage.deleteBucket(emptyOne);
  });

  it('empties a bucket the caller sees of every object, as Storage’s queued job does', async () => {
    const a = await newUser();
    const b = await newUser();
    const keep = await newUser();
    await a.client.storage.from(SHARED).upload(a.path('a.txt'), textBlob('a'));
    await b.client.storage.from(SHARED).upload(b.path('b.txt'), textBlob('b'));

    // A caller who sees none of the objects empties nothing.
    const nothing = await keep.client.storage.emptyBucket(SHARED);
    expect(nothing.data).toEqual({ message: EMPTY_QUEUED });
    expect((await b.client.storage.from(SHARED).download(b.path('b.txt'))).error).toBeNull();

    // A caller who sees one of them empties them all, other users' included.
    const emptied = await a.client.storage.emptyBucket(SHARED);
    expect(emptied.error).toBeNull();
    expect(emptied.data).toEqual({ message: EMPTY_QUEUED });
    expectStorageError((await b.client.storage.from(SHARED).download(b.path('b.txt'))).error, {
      statusCode: '404',
      message: 'Object not found',
    });
    expect((await service().storage.from(SHARED).list(b.id)).data).toEqual([]);
  });

  it('refuses deleting storage rows with SQL, as Storage’s own trigger does', async () => {
    const u = await newUser();
    await u.client.storage.from(PRIVATE).upload(u.path('kept.txt'), textBlob('kept'));
    const { error } = await service().rpc('storage_test_delete_object', {
      p_bucket: PRIVATE,
      p_name: u.path('kept.txt'),
    });
    expect(error).toMatchObject({
      code: '42501',
      message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
      hint: 'This prevents accidental data loss from orphaned objects.',
    });
    expect(await (await u.client.storage.from(PRIVATE).download(u.path('kept.txt'))).data!.text()).toBe('kept');
    // Through Storage it goes.
    expect((await u.client.storage.from(PRIVATE).remove([u.path('kept.txt')])).data).toHaveLength(1);
  });
});
