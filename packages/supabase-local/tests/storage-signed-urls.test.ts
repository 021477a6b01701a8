// Signed URLs: minted as the caller (a SELECT policy decides), opened without
// any credentials, bound to one path and refused once expired.
import { describe, expect, it } from 'vitest';
import { anon, STACK_URL } from 'supabase-local/testing/vitest';
import { expectStorageBody, expectStorageError, newUser, PRIVATE, textBlob } from './support/storage-support.ts';

describe('signed URLs', () => {
  it('opens without credentials and serves an attachment on request', async () => {
    const u = await newUser();
    await u.client.storage.from(PRIVATE).upload(u.path('slide.png'), textBlob('slide', 'image/png'));
    const { data, error } = await u.client.storage.from(PRIVATE).createSignedUrl(u.path('slide.png'), 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain(`/storage/v1/object/sign/${PRIVATE}/${u.path('slide.png')}?token=`);

    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBeNull();
    // A signed URL's answer expires with it, instead of the object's Cache-Control.
    expect(res.headers.get('cache-control')).toBeNull();
    const expires = Date.parse(res.headers.get('expires')!);
    expect(expires - Date.now()).toBeGreaterThan(50_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(61_000);
    expect(await res.text()).toBe('slide');

    const download = await u.client.storage
      .from(PRIVATE)
      .createSignedUrl(u.path('slide.png'), 60, { download: 'poster.png' });
    const attached = await fetch(download.data!.signedUrl);
    expect(attached.status).toBe(200);
    expect(attached.headers.get('content-disposition')).toBe(
      "attachment; filename=poster.png; filename*=UTF-8''poster.png",
    );
  });

  it('is refused once expired', async () => {
    const u = await newUser();
    await u.client.storage.from(PRIVATE).upload(u.path('brief.txt'), textBlob('brief'));
    const { data } = await u.client.storage.from(PRIVATE).createSignedUrl(u.path('brief.txt'), 1);
    await new Promise((r) => setTimeout(r, 2100));
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    });
  });

  it('is bound to the path it was made for', async () => {
    const u = await newUser();
    const bucket = u.client.storage.from(PRIVATE);
    await bucket.upload(u.path('a.txt'), textBlob('a'));
    await bucket.upload(u.path('b.txt'), textBlob('b'));
    const { data } = await bucket.createSignedUrl(u.path('a.txt'), 60);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const other = data!.signedUrl.replace(`/${u.path('a.txt')}?`, `/${u.path('b.txt')}?`);
    expect(other).toContain(token);

    const res = await fetch(other);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidSignature',
      message: 'Invalid signature',
    });

    const forged = await fetch(data!.signedUrl.replace(/token=[^&]+/, `token=${token.slice(0, -3)}abc`));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ statusCode: '400', message: 'signature verification failed' });
  });

  it('needs an expiry of at least a second', async () => {
    const u = await newUser();
    await u.client.storage.from(PRIVATE).upload(u.path('x.txt'), textBlob('x'));
    const { error } = await u.client.storage.from(PRIVATE).createSignedUrl(u.path('x.txt'), 0);
    expectStorageError(error, { statusCode: '400', message: 'body/expiresIn must be >= 1' });
    const many = await u.client.storage.from(PRIVATE).createSignedUrls([], 60);
    expectStorageError(many.error, { statusCode: '400', message: 'body/paths must NOT have fewer than 1 items' });
  });

  it('cannot be made for an object the caller cannot see', async () => {
    const owner = await newUser();
    const other = await newUser();
    await owner.client.storage.from(PRIVATE).upload(owner.path('x.txt'), textBlob('x'));
    const { error } = await other.client.storage.from(PRIVATE).createSignedUrl(owner.path('x.txt'), 60);
    expectStorageError(error, { statusCode: '404', message: 'Object not found' });
  });

  it('signs many paths at once and reports the ones that are not visible', async () => {
    const owner = await newUser();
    const other = await newUser();
    const bucket = owner.client.storage.from(PRIVATE);
    await bucket.upload(owner.path('1.txt'), textBlob('one'));
    await bucket.upload(owner.path('2.txt'), textBlob('two'));
    await other.client.storage.from(PRIVATE).upload(other.path('3.txt'), textBlob('three'));

    const paths = [owner.path('1.txt'), owner.path('2.txt'), owner.path('missing.txt'), other.path('3.txt')];
    const { data, error } = await bucket.createSignedUrls(paths, 60);
    expect(error).toBeNull();
    expect(data!.map((d) => d.path)).toEqual(paths);
    expect(data![0]!.error).toBeNull();
    expect(data![1]!.error).toBeNull();
    for (const hidden of [data![2]!, data![3]!]) {
      expect(hidden.signedUrl).toBeNull();
      expect(hidden.error).toBe('Either the object does not exist or you do not have access to it');
    }
    const res = await fetch(data![1]!.signedUrl!);
    expect(await res.text()).toBe('two');
  });
});

describe('signed upload URLs', () => {
  it('lets anyone holding the URL upload that one object, owned by the signer', async () => {
    const u = await newUser();
    const { data, error } = await u.client.storage.from(PRIVATE).createSignedUploadUrl(u.path('drop.txt'));
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain(`/storage/v1/object/upload/sign/${PRIVATE}/${u.path('drop.txt')}?token=`);

    const up = await anon()
      .storage.from(PRIVATE)
      .uploadToSignedUrl(u.path('drop.txt'), data!.token, textBlob('dropped'));
    expect(up.error).toBeNull();
    expect(up.data!.fullPath).toBe(`${PRIVATE}/${u.path('drop.txt')}`);
    expect(await (await u.client.storage.from(PRIVATE).download(u.path('drop.txt'))).data!.text()).toBe('dropped');

    const elsewhere = await anon()
      .storage.from(PRIVATE)
      .uploadToSignedUrl(u.path('other.txt'), data!.token, textBlob('x'));
    expectStorageError(elsewhere.error, { statusCode: '400', message: 'Invalid signature' });
    const again = await anon().storage.from(PRIVATE).uploadToSignedUrl(u.path('drop.txt'), data!.token, textBlob('x'));
    expectStorageError(again.error, { statusCode: '409' });

    // An upload token does not open the object for reading.
    const read = await fetch(
      `${STACK_URL}/storage/v1/object/sign/${PRIVATE}/${u.path('drop.txt')}?token=${data!.token}`,
    );
    await expectStorageBody(read, {
      statusCode: '400',
      code: 'InvalidSignature',
      error: 'InvalidSignature',
      message: 'Token is not scoped for download',
    });
  });

  it('is refused for a path the caller may not write', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { error } = await other.client.storage.from(PRIVATE).createSignedUploadUrl(owner.path('x.txt'));
    expectStorageError(error, { statusCode: '403', message: 'new row violates row-level security policy' });
    expect((await owner.client.storage.from(PRIVATE).list(owner.id)).data).toEqual([]);
  });
});
