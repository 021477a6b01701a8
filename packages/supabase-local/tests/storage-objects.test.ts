// Storage objects through supabase-js: uploads, upserts, listing, downloads and
// removal, with storage.objects policies deciding who sees what.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { anon, ANON_KEY, client, service, signToken, STACK_URL } from 'supabase-local/testing/vitest';
import {
  expectStorageBody,
  expectStorageError,
  LOCKED,
  newUser,
  PRIVATE,
  PUBLIC,
  textBlob,
} from './support/storage-support.ts';

describe('upload', () => {
  it('stores a Blob under the caller’s folder and answers its id and full path', async () => {
    const u = await newUser();
    const { data, error } = await u.client.storage.from(PRIVATE).upload(u.path('hello.txt'), textBlob('hello there'));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: u.path('hello.txt'), fullPath: `${PRIVATE}/${u.path('hello.txt')}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const down = await u.client.storage.from(PRIVATE).download(u.path('hello.txt'));
    expect(down.error).toBeNull();
    expect(await down.data!.text()).toBe('hello there');
    expect(down.data!.type).toBe('text/plain');
  });

  it('stores an ArrayBuffer sent raw with its content type and user metadata', async () => {
    const u = await newUser();
    const bytes = new TextEncoder().encode('{"slides":3}');
    const { error } = await u.client.storage
      .from(PRIVATE)
      .upload(u.path('data.json'), bytes.buffer, { contentType: 'application/json', metadata: { origin: 'editor' } });
    expect(error).toBeNull();

    const down = await u.client.storage.from(PRIVATE).download(u.path('data.json'));
    expect(down.data!.type).toBe('application/json');
    expect(await down.data!.text()).toBe('{"slides":3}');

    const info = await u.client.storage.from(PRIVATE).info(u.path('data.json'));
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: u.path('data.json'),
      size: bytes.byteLength,
      contentType: 'application/json',
      metadata: { origin: 'editor' },
    });
  });

  it('refuses a second upload to the same path unless upsert is asked for', async () => {
    const u = await newUser();
    const bucket = u.client.storage.from(PRIVATE);
    expect((await bucket.upload(u.path('same.txt'), textBlob('first'))).error).toBeNull();

    const again = await bucket.upload(u.path('same.txt'), textBlob('second'));
    expectStorageError(again.error, { statusCode: '409', message: 'The resource already exists' });
    expect(await (await bucket.download(u.path('same.txt'))).data!.text()).toBe('first');

    const upsert = await bucket.upload(u.path('same.txt'), textBlob('third'), { upsert: true });
    expect(upsert.error).toBeNull();
    expect(await (await bucket.download(u.path('same.txt'))).data!.text()).toBe('third');
  });

  it('replaces an object with update()', async () => {
    const u = await newUser();
    const bucket = u.client.storage.from(PRIVATE);
    await bucket.upload(u.path('notes.txt'), textBlob('draft'));
    const { data, error } = await bucket.update(u.path('notes.txt'), textBlob('final'));
    expect(error).toBeNull();
    expect(data!.path).toBe(u.path('notes.txt'));
    expect(await (await bucket.download(u.path('notes.txt'))).data!.text()).toBe('final');
  });

  it('refuses an anonymous upload with the row level security message', async () => {
    const { error } = await anon().storage.from(PRIVATE).upload('anyone/x.txt', textBlob('x'));
    expectStorageError(error, { statusCode: '403', message: 'new row violates row-level security policy' });
  });

  it('refuses writing into another user’s folder, also through upsert', async () => {
    const owner = await newUser();
    const other = await newUser();
    await owner.client.storage.from(PRIVATE).upload(owner.path('mine.txt'), textBlob('mine'));

    const write = await other.client.storage.from(PRIVATE).upload(owner.path('theirs.txt'), textBlob('no'));
    expectStorageError(write.error, { statusCode: '403', message: 'new row violates row-level security policy' });
    const overwrite = await other.client.storage
      .from(PRIVATE)
      .upload(owner.path('mine.txt'), textBlob('no'), { upsert: true });
    expectStorageError(overwrite.error, { statusCode: '403' });
    expect(await (await owner.client.storage.from(PRIVATE).download(owner.path('mine.txt'))).data!.text()).toBe('mine');
  });

  it('answers Bucket not found for a bucket that does not exist', async () => {
    const u = await newUser();
    const { error } = await u.client.storage.from('no-such-bucket').upload(u.path('x.txt'), textBlob('x'));
    expectStorageError(error, { statusCode: '404', message: 'Bucket not found' });
  });
});

describe('limits', () => {
  it('refuses an object over the bucket’s size limit, sent as a Blob or raw', async () => {
    const u = await newUser();
    const big = new Uint8Array(70 * 1024).fill(65);
    const blob = await u.client.storage
      .from(PRIVATE)
      .upload(u.path('big.txt'), new Blob([big], { type: 'text/plain' }));
    expectStorageError(blob.error, { statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const raw = await u.client.storage
      .from(PRIVATE)
      .upload(u.path('big.bin'), big.buffer, { contentType: 'text/plain' });
    expectStorageError(raw.error, { statusCode: '413', message: 'The object exceeded the maximum allowed size' });

    const { data } = await u.client.storage.from(PRIVATE).list(u.id);
    expect(data).toEqual([]);
  });

  it('refuses a MIME type the bucket does not allow and accepts a wildcard match', async () => {
    const u = await newUser();
    const pdf = await u.client.storage.from(PRIVATE).upload(u.path('doc.pdf'), textBlob('%PDF', 'application/pdf'));
    expectStorageError(pdf.error, { statusCode: '415', message: 'mime type application/pdf is not supported' });
    const png = await u.client.storage.from(PRIVATE).upload(u.path('pic.png'), textBlob('png', 'image/png'));
    expect(png.error).toBeNull();
  });

  it('refuses keys that climb out of the bucket or have empty segments', async () => {
    const u = await newUser();
    const bucket = u.client.storage.from(PRIVATE);
    const encoded = await bucket.upload(`${u.id}/..%2F..%2Fescape.txt`, textBlob('x'));
    expectStorageError(encoded.error, { statusCode: '400', message: `Invalid key: ${u.id}/../../escape.txt` });

    const control = await bucket.upload(`${u.id}/bad%01name.txt`, textBlob('x'));
    expectStorageError(control.error, { statusCode: '400', message: `Invalid key: ${u.id}/bad\u0001name.txt` });

    const token = await signToken({ sub: u.id });
    for (const path of [`${u.id}/../../escape.txt`, `${u.id}//double.txt`, `${u.id}/./dot.txt`, `/${u.id}/lead.txt`]) {
      const res = await rawRequest('POST', `/storage/v1/object/${PRIVATE}/${path}`, token, 'x');
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body), path).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    const { data } = await service().storage.from(PRIVATE).list('');
    expect(data!.map((o) => o.name)).not.toContain('escape.txt');
  });
});

/** A request whose path is sent exactly as written (fetch would fold "." and ".." segments). */
async function rawRequest(
  method: string,
  path: string,
  token: string,
  body: string,
): Promise<{ status: number; body: string }> {
  const url = new URL(STACK_URL);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('keys', () => {
  it('refuses characters Storage does not allow in a key, on writes and reads', async () => {
    const u = await newUser();
    const bucket = u.client.storage.from(PRIVATE);
    const accented = await bucket.upload(u.path('café.txt'), textBlob('x'));
    expectStorageError(accented.error, { statusCode: '400', message: `Invalid key: ${u.path('café.txt')}` });
    const read = await bucket.download(u.path('naïve.txt'));
    expectStorageError(read.error, { statusCode: '400', message: `Invalid key: ${u.path('naïve.txt')}` });
    // Spaces and the other S3-safe punctuation are fine.
    expect((await bucket.upload(u.path("Q1 report (final) & co's!.txt"), textBlob('x'))).error).toBeNull();
  });

  it('keeps an object and a folder of the same name apart', async () => {
    const u = await newUser();
    const bucket = u.client.storage.from(PRIVATE);
    expect((await bucket.upload(u.path('logo'), textBlob('the file'))).error).toBeNull();
    expect((await bucket.upload(u.path('logo/small.txt'), textBlob('inside'))).error).toBeNull();
    expect((await bucket.upload(u.path('logo'), textBlob('the file, again'), { upsert: true })).error).toBeNull();

    expect(await (await bucket.download(u.path('logo'))).data!.text()).toBe('the file, again');
    expect(await (await bucket.download(u.path('logo/small.txt'))).data!.text()).toBe('inside');
    const listed = await bucket.list(u.id);
    expect(listed.data!.map((o) => [o.name, o.id === null])).toEqual([
      ['logo', false],
      ['logo', true],
    ]);

    expect((await bucket.remove([u.path('logo')])).data!.map((o) => o.name)).toEqual([u.path('logo')]);
    expect(await (await bucket.download(u.path('logo/small.txt'))).data!.text()).toBe('inside');
    expect((await bucket.move(u.path('logo/small.txt'), u.path('logo'))).error).toBeNull();
    expect(await (await bucket.download(u.path('logo'))).data!.text()).toBe('inside');
  });
});

describe('list', () => {
  it('lists one folder level with prefix, limit, offset, sortBy and search', async () => {
    const u = await newUser();
    const bucket = u.client.storage.from(PRIVATE);
    for (const name of ['a/1.txt', 'a/2.txt', 'a/sub/3.txt', 'a/Zeta.txt', 'b.txt']) {
      expect((await bucket.upload(u.path(name), textBlob(name))).error).toBeNull();
    }

    const top = await bucket.list(u.id);
    expect(top.error).toBeNull();
    expect(top.data!.map((o) => [o.name, o.id === null])).toEqual([
      ['a', true],
      ['b.txt', false],
    ]);

    // By name, folders and files come interleaved and compared without case, as Storage walks the keys.
    const a = await bucket.list(u.path('a'));
    expect(a.data!.map((o) => o.name)).toEqual(['1.txt', '2.txt', 'sub', 'Zeta.txt']);
    const file = a.data!.find((o) => o.name === '1.txt')!;
    expect(file.metadata).toMatchObject({ size: 7, mimetype: 'text/plain', cacheControl: 'max-age=3600' });
    expect(Date.parse(String(file.created_at))).not.toBeNaN();
    const folder = a.data!.find((o) => o.name === 'sub')!;
    expect(folder).toEqual({
      name: 'sub',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    });

    const page = await bucket.list(u.path('a'), { limit: 1, offset: 1 });
    expect(page.data!.map((o) => o.name)).toEqual(['2.txt']);

    const desc = await bucket.list(u.path('a'), { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data!.map((o) => o.name)).toEqual(['Zeta.txt', 'sub', '2.txt', '1.txt']);

    // By a date, folders come first.
    const newest = await bucket.list(u.path('a'), { sortBy: { column: 'created_at', order: 'desc' } });
    expect(newest.data!.map((o) => o.name)).toEqual(['sub', 'Zeta.txt', '2.txt', '1.txt']);

    const search = await bucket.list(u.path('a'), { search: '2' });
    expect(search.data!.map((o) => o.name)).toEqual(['2.txt']);
    const folders = await bucket.list(u.path('a'), { search: 'su' });
    expect(folders.data!.map((o) => o.name)).toEqual(['sub']);
  });

  it('shows another user’s folder as empty', async () => {
    const owner = await newUser();
    const other = await newUser();
    await owner.client.storage.from(PRIVATE).upload(owner.path('secret.txt'), textBlob('secret'));
    const { data, error } = await other.client.storage.from(PRIVATE).list(owner.id);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const mine = await owner.client.storage.from(PRIVATE).list(owner.id);
    expect(mine.data!.map((o) => o.name)).toEqual(['secret.txt']);
  });
});

describe('download', () => {
  it('serves the owner and refuses another user or an anonymous caller', async () => {
    const owner = await newUser();
    const other = await newUser();
    await owner.client.storage.from(PRIVATE).upload(owner.path('private.txt'), textBlob('private'));

    const theirs = await other.client.storage.from(PRIVATE).download(owner.path('private.txt'));
    expectStorageError(theirs.error, { statusCode: '404', message: 'Object not found' });
    const anonymous = await anon().storage.from(PRIVATE).download(owner.path('private.txt'));
    expectStorageError(anonymous.error, { statusCode: '404', message: 'Object not found' });

    const token = await signToken({ sub: owner.id });
    const res = await fetch(`${STACK_URL}/storage/v1/object/authenticated/${PRIVATE}/${owner.path('private.txt')}`, {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('private');
  });

  it('tells whether an object exists', async () => {
    const u = await newUser();
    await u.client.storage.from(PRIVATE).upload(u.path('here.txt'), textBlob('here'));
    expect((await u.client.storage.from(PRIVATE).exists(u.path('here.txt'))).data).toBe(true);
    expect((await u.client.storage.from(PRIVATE).exists(u.path('gone.txt'))).data).toBe(false);
  });

  it('serves public URLs only for public buckets', async () => {
    const u = await newUser();
    await u.client.storage.from(PUBLIC).upload(u.path('poster.png'), textBlob('poster', 'image/png'));
    await u.client.storage.from(PRIVATE).upload(u.path('poster.png'), textBlob('hidden', 'image/png'));

    const open = await fetch(u.client.storage.from(PUBLIC).getPublicUrl(u.path('poster.png')).data.publicUrl);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('image/png');
    expect(await open.text()).toBe('poster');

    const part = await fetch(u.client.storage.from(PUBLIC).getPublicUrl(u.path('poster.png')).data.publicUrl, {
      headers: { Range: 'bytes=1-3' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1-3/6');
    expect(await part.text()).toBe('ost');

    const closed = await fetch(u.client.storage.from(PRIVATE).getPublicUrl(u.path('poster.png')).data.publicUrl);
    expect(closed.status).toBe(400);
    expect(await closed.json()).toMatchObject({
      statusCode: '404',
      error: 'Bucket not found',
      message: 'Bucket not found',
    });
  });

  it('refuses a bearer token with a bad signature or past its expiry', async () => {
    const forged = client(ANON_KEY, `${(await signToken({ sub: crypto.randomUUID() })).slice(0, -4)}AAAA`);
    const bad = await forged.storage.from(PRIVATE).list('');
    expectStorageError(bad.error, { statusCode: '403', message: 'signature verification failed' });

    // Storage allows no clock skew: five seconds past is past.
    const expired = client(ANON_KEY, await signToken({ sub: crypto.randomUUID() }, -5));
    const old = await expired.storage.from(PRIVATE).list('');
    expectStorageError(old.error, { statusCode: '403', message: '"exp" claim timestamp check failed' });
  });

  it('answers a request without a JWT with Storage’s own message', async () => {
    const denied = {
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'Invalid Compact JWS',
    };
    // No apikey and no Authorization: the gateway has nothing to pass on.
    await expectStorageBody(
      await fetch(`${STACK_URL}/storage/v1/object/list/${PRIVATE}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      }),
      denied,
    );
    await expectStorageBody(await fetch(`${STACK_URL}/storage/v1/bucket`), denied);
    await expectStorageBody(
      await fetch(`${STACK_URL}/storage/v1/bucket`, { headers: { Authorization: 'Bearer not-a-token' } }),
      denied,
    );
  });

  it('serves conditional requests, ranges and Storage’s headers', async () => {
    const u = await newUser();
    await u.client.storage.from(PUBLIC).upload(u.path('page.html'), textBlob('<p>hi</p>', 'text/html'));
    const url = u.client.storage.from(PUBLIC).getPublicUrl(u.path('page.html')).data.publicUrl;

    const res = await fetch(url);
    expect(res.status).toBe(200);
    // Storage never serves HTML as HTML.
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('x-robots-tag')).toBe('none');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const same = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(same.status).toBe(304);
    const changed = await fetch(url, { headers: { 'If-None-Match': '"stale"' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('cache-control')).toBe('max-age=3600, stale-while-revalidate=30');

    await expectStorageBody(await fetch(url, { headers: { Range: 'bytes=50-60' } }), {
      status: 416,
      statusCode: '416',
      code: 'InvalidRange',
      error: 'invalid_range',
      message: 'invalid range provided',
    });
    const tail = await fetch(url, { headers: { Range: 'bytes=-3' } });
    expect(tail.status).toBe(206);
    expect(await tail.text()).toBe('/p>');
  });

  it('answers a route it does not have as Storage does', async () => {
    await expectStorageBody(
      await fetch(`${STACK_URL}/storage/v1/objects/nothing?x=1`, { headers: { apikey: ANON_KEY } }),
      {
        status: 404,
        statusCode: '404',
        code: 'InvalidRequest',
        error: 'Not Found',
        message: 'Route GET:/objects/nothing?x=1 not found',
      },
    );
  });
});

describe('info and cache purges', () => {
  it('describes an object as Storage’s info route does', async () => {
    const u = await newUser();
    await u.client.storage.from(PUBLIC).upload(u.path('plain.txt'), textBlob('plain'));
    const { data, error } = await u.client.storage.from(PUBLIC).info(u.path('plain.txt'));
    expect(error).toBeNull();
    expect(data).toMatchObject({
      name: u.path('plain.txt'),
      bucketId: PUBLIC,
      size: 5,
      contentType: 'text/plain',
      cacheControl: 'max-age=3600',
      // No user metadata was sent: null, not an empty object.
      metadata: null,
    });
    expect(Date.parse(String(data!.lastModified))).not.toBeNaN();

    // A public bucket's object is described to anyone.
    const open = await fetch(`${STACK_URL}/storage/v1/object/info/public/${PUBLIC}/${u.path('plain.txt')}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await open.json()).toMatchObject({ name: u.path('plain.txt'), size: 5 });
    await u.client.storage.from(PRIVATE).upload(u.path('plain.txt'), textBlob('plain'));
    await expectStorageBody(
      await fetch(`${STACK_URL}/storage/v1/object/info/public/${PRIVATE}/${u.path('plain.txt')}`),
      {
        statusCode: '404',
        code: 'NoSuchBucket',
        error: 'Bucket not found',
        message: 'Bucket not found',
      },
    );
  });

  it('answers cache purges as Storage without a CDN does (supabase start)', async () => {
    const u = await newUser();
    const refused = await u.client.storage.from(PUBLIC).purgeCache(u.path('x.png'));
    expectStorageError(refused.error, { status: 403, statusCode: '403', message: 'Access denied: Invalid role' });
    const admin = await service().storage.purgeBucketCache(PUBLIC);
    expectStorageError(admin.error, {
      statusCode: '400',
      message: 'Missing Required Parameter CDN_PURGE_ENDPOINT_URL is not set',
    });
  });
});

describe('remove', () => {
  it('removes the caller’s objects by path and silently skips others’', async () => {
    const owner = await newUser();
    const other = await newUser();
    const bucket = owner.client.storage.from(PRIVATE);
    for (const name of ['1.txt', '2.txt', '3.txt']) await bucket.upload(owner.path(name), textBlob(name));

    const foreign = await other.client.storage.from(PRIVATE).remove([owner.path('1.txt')]);
    expect(foreign.error).toBeNull();
    expect(foreign.data).toEqual([]);
    expect((await bucket.download(owner.path('1.txt'))).error).toBeNull();

    const { data, error } = await bucket.remove([owner.path('1.txt'), owner.path('2.txt'), owner.path('nope.txt')]);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name).sort()).toEqual([owner.path('1.txt'), owner.path('2.txt')]);
    expectStorageError((await bucket.download(owner.path('1.txt'))).error, { statusCode: '404' });
    expect((await bucket.list(owner.id)).data!.map((o) => o.name)).toEqual(['3.txt']);

    // The bytes went with the row: a new upload to the same path starts clean.
    expect((await bucket.upload(owner.path('1.txt'), textBlob('again'))).error).toBeNull();
    expect(await (await bucket.download(owner.path('1.txt'))).data!.text()).toBe('again');
  });
});

describe('remove one', () => {
  it('deletes a single object by its URL and answers not found the second time', async () => {
    const u = await newUser();
    await u.client.storage.from(PRIVATE).upload(u.path('single.txt'), textBlob('single'));
    const token = await signToken({ sub: u.id });
    const url = `${STACK_URL}/storage/v1/object/${PRIVATE}/${u.path('single.txt')}`;
    const headers = { apikey: ANON_KEY, Authorization: `Bearer ${token}` };

    const first = await fetch(url, { method: 'DELETE', headers });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: 'Successfully deleted' });
    const second = await fetch(url, { method: 'DELETE', headers });
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
  });
});

describe('move and copy', () => {
  it('moves and copies within the caller’s folder', async () => {
    const u = await newUser();
    const bucket = u.client.storage.from(PRIVATE);
    await bucket.upload(u.path('from.txt'), textBlob('moving'));

    expect((await bucket.move(u.path('from.txt'), u.path('to.txt'))).error).toBeNull();
    expectStorageError((await bucket.download(u.path('from.txt'))).error, { statusCode: '404' });
    expect(await (await bucket.download(u.path('to.txt'))).data!.text()).toBe('moving');

    const copy = await bucket.copy(u.path('to.txt'), u.path('copy.txt'));
    expect(copy.error).toBeNull();
    expect(await (await bucket.download(u.path('copy.txt'))).data!.text()).toBe('moving');
    expect(await (await bucket.download(u.path('to.txt'))).data!.text()).toBe('moving');
  });
});

describe('service role', () => {
  it('bypasses policies in a bucket that has none', async () => {
    const admin = service().storage.from(LOCKED);
    const path = `${crypto.randomUUID()}/report.txt`;
    expect((await admin.upload(path, textBlob('report'))).error).toBeNull();
    expect(await (await admin.download(path)).data!.text()).toBe('report');
    const u = await newUser();
    expectStorageError((await u.client.storage.from(LOCKED).download(path)).error, { statusCode: '404' });
  });
});
