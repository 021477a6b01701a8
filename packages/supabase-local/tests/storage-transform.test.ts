// Image transformation through supabase-js: download(path, { transform }),
// createSignedUrl(path, ttl, { transform }) and getPublicUrl(path, { transform }),
// which Storage serves from /render/image/..., with imgproxy's resizing rules,
// formats, limits and errors.
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { anon, ANON_KEY, SERVICE_ROLE_KEY, STACK_URL } from 'supabase-local/testing/vitest';
import { createTestClient } from 'supabase-local/testing';
import {
  expectStorageBody,
  expectStorageError,
  imageOf,
  newUser,
  noisyJpeg,
  pngImage,
  PRIVATE,
  PUBLIC,
  type TestUser,
  textBlob,
} from './support/storage-support.ts';
import { ownFixtureStack } from './support/own-stack.ts';

const png = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });

/** A user with a 400 × 200 PNG (red left half, blue right half) at `name` in their folder of `bucket`. */
async function withImage(bucket = PRIVATE, name = 'wide.png'): Promise<TestUser & { key: string }> {
  const u = await newUser();
  const { error } = await u.client.storage.from(bucket).upload(u.path(name), png(await pngImage(400, 200)));
  expect(error).toBeNull();
  return { ...u, key: u.path(name) };
}

/** The colour of one pixel of an image, as [r, g, b]. */
async function pixel(data: Blob | ArrayBuffer, x: number, y: number): Promise<number[]> {
  const { default: sharp } = await import('sharp');
  const bytes = Buffer.from(data instanceof Blob ? await data.arrayBuffer() : data);
  const { data: raw, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [raw[at]!, raw[at + 1]!, raw[at + 2]!];
}

describe('download with transform', () => {
  it('resizes with cover (the default), contain and fill, and never enlarges', async () => {
    const u = await withImage();
    const bucket = u.client.storage.from(PRIVATE);
    const size = async (transform: Parameters<typeof bucket.download>[1]) => {
      const { data, error } = await bucket.download(u.key, transform);
      expect(error).toBeNull();
      return imageOf(data!);
    };
    // Cover fills the box and crops the middle: both colours stay, halved.
    const { data: cover } = await bucket.download(u.key, { transform: { width: 100, height: 100 } });
    expect(await imageOf(cover!)).toEqual({ format: 'png', width: 100, height: 100 });
    expect(await pixel(cover!, 5, 50)).toEqual([255, 0, 0]);
    expect(await pixel(cover!, 95, 50)).toEqual([0, 0, 255]);

    expect(await size({ transform: { width: 100, height: 100, resize: 'contain' } })).toMatchObject({
      width: 100,
      height: 50,
    });
    expect(await size({ transform: { width: 100, height: 100, resize: 'fill' } })).toMatchObject({
      width: 100,
      height: 100,
    });
    // One side keeps the proportions.
    expect(await size({ transform: { width: 100 } })).toMatchObject({ width: 100, height: 50 });
    expect(await size({ transform: { height: 50 } })).toMatchObject({ width: 100, height: 50 });
    // Larger than the source: the source's own size (imgproxy does not enlarge).
    expect(await size({ transform: { width: 1000 } })).toMatchObject({ width: 400, height: 200 });
    expect(await size({ transform: { width: 1000, height: 1000, resize: 'cover' } })).toMatchObject({
      width: 400,
      height: 200,
    });
  });

  it('keeps the source format unless WebP is accepted, and writes AVIF or WebP when asked', async () => {
    const u = await withImage(PUBLIC);
    const url = (transform: Record<string, unknown>) =>
      u.client.storage.from(PUBLIC).getPublicUrl(u.key, { transform }).data.publicUrl;
    const browser = { Accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' };

    const plain = await fetch(url({ width: 50 }));
    expect(plain.headers.get('content-type')).toBe('image/png');
    const webp = await fetch(url({ width: 50 }), { headers: browser });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await imageOf(await webp.arrayBuffer())).toEqual({ format: 'webp', width: 50, height: 25 });
    // origin turns the negotiation off.
    const origin = await fetch(url({ width: 50, format: 'origin' }), { headers: browser });
    expect(origin.headers.get('content-type')).toBe('image/png');

    const avif = await fetch(`${url({ width: 50 })}&format=avif`);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(await imageOf(await avif.arrayBuffer())).toMatchObject({ format: 'avif', width: 50, height: 25 });
  });

  it('crops where the gravity says (a Storage option storage-js does not name)', async () => {
    const u = await withImage(PUBLIC);
    const base = u.client.storage.from(PUBLIC).getPublicUrl(u.key, { transform: { width: 100, height: 100 } })
      .data.publicUrl;
    const crop = async (query: string) => (await fetch(`${base}&${query}`)).arrayBuffer();
    // The 400 × 200 image becomes 200 × 100 and a 100 × 100 box is cut out of it.
    expect(await pixel(await crop('gravity=we'), 90, 50)).toEqual([255, 0, 0]);
    expect(await pixel(await crop('gravity=ea'), 10, 50)).toEqual([0, 0, 255]);
    expect(await pixel(await crop('gravity=fp&x_offset=0&y_offset=0.5'), 90, 50)).toEqual([255, 0, 0]);
    // Offsets move the box: 60 pixels in from the west edge, so its right part is blue.
    expect(await pixel(await crop('gravity=we&x_offset=60'), 30, 50)).toEqual([255, 0, 0]);
    expect(await pixel(await crop('gravity=we&x_offset=60'), 60, 50)).toEqual([0, 0, 255]);
    expect(await imageOf(await crop('gravity=sm'))).toMatchObject({ width: 100, height: 100 });
  });

  it('writes lower qualities smaller', async () => {
    const u = await newUser();
    const bucket = u.client.storage.from(PUBLIC);
    await bucket.upload(
      u.path('noise.jpg'),
      new Blob([new Uint8Array(await noisyJpeg(200, 200))], { type: 'image/jpeg' }),
    );
    const bytes = async (quality: number) => {
      const { data } = await bucket.download(u.path('noise.jpg'), { transform: { width: 200, quality } });
      expect(await imageOf(data!)).toMatchObject({ format: 'jpeg', width: 200 });
      return data!.size;
    };
    const [low, high] = [await bytes(20), await bytes(95)];
    expect(low).toBeLessThan(high / 2);
  });

  it('answers with the object’s ETag and Cache-Control and names the transformations', async () => {
    const u = await withImage(PUBLIC);
    const original = await fetch(u.client.storage.from(PUBLIC).getPublicUrl(u.key).data.publicUrl);
    const url = u.client.storage.from(PUBLIC).getPublicUrl(u.key, { transform: { width: 120, height: 80 } })
      .data.publicUrl;
    expect(url).toBe(`${STACK_URL}/storage/v1/render/image/public/${PUBLIC}/${u.key}?width=120&height=80`);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(original.headers.get('etag'));
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('x-transformations')).toBe('height:80,width:120,resizing_type:fill');
    expect(res.headers.get('x-robots-tag')).toBe('none');
    const body = await res.arrayBuffer();
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    expect(await imageOf(body)).toMatchObject({ width: 120, height: 80 });

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(body.byteLength));

    const attachment = await fetch(`${url}&download=thumb.png`);
    expect(attachment.headers.get('content-disposition')).toBe(
      "attachment; filename=thumb.png; filename*=UTF-8''thumb.png",
    );
  });

  it('renders a replaced image anew', async () => {
    const u = await withImage();
    const bucket = u.client.storage.from(PRIVATE);
    const first = await bucket.download(u.key, { transform: { width: 100 } });
    expect(await imageOf(first.data!)).toMatchObject({ width: 100, height: 50 });
    await bucket.upload(u.key, png(await pngImage(100, 400)), { upsert: true });
    const second = await bucket.download(u.key, { transform: { width: 100 } });
    expect(await imageOf(second.data!)).toMatchObject({ width: 100, height: 400 });
  });

  it('reads the object as the caller: another user’s image is not found', async () => {
    const u = await withImage();
    const other = await newUser();
    const { error } = await other.client.storage.from(PRIVATE).download(u.key, { transform: { width: 100 } });
    expectStorageError(error, { statusCode: '404', message: 'Object not found' });
  });
});

describe('signed URLs with transform', () => {
  it('carry the transformations in the token; the query cannot change them', async () => {
    const u = await withImage();
    const { data, error } = await u.client.storage
      .from(PRIVATE)
      .createSignedUrl(u.key, 60, { transform: { width: 100, height: 100, resize: 'contain' } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain(`/storage/v1/render/image/sign/${PRIVATE}/${u.key}?token=`);

    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-transformations')).toBe('height:100,width:100,resizing_type:fit');
    expect(res.headers.get('cache-control')).toBeNull();
    expect(Date.parse(res.headers.get('expires')!) - Date.now()).toBeLessThanOrEqual(61_000);
    expect(await imageOf(await res.arrayBuffer())).toMatchObject({ width: 100, height: 50 });

    const widened = await fetch(`${data!.signedUrl}&width=300&height=300`);
    expect(await imageOf(await widened.arrayBuffer())).toMatchObject({ width: 100, height: 50 });

    // A signed URL without transformations opens the render route too: the image as it is.
    const plain = await u.client.storage.from(PRIVATE).createSignedUrl(u.key, 60);
    const rendered = await fetch(plain.data!.signedUrl.replace('/object/sign/', '/render/image/sign/'));
    expect(await imageOf(await rendered.arrayBuffer())).toMatchObject({ width: 400, height: 200 });
  });

  it('are refused for another object, once expired and without a token', async () => {
    const u = await withImage();
    // A link for a minute for the other object (a loaded machine may take over a second to
    // get there), and one for a second that is let expire.
    const { data: minute } = await u.client.storage
      .from(PRIVATE)
      .createSignedUrl(u.key, 60, { transform: { width: 50 } });
    const { data } = await u.client.storage.from(PRIVATE).createSignedUrl(u.key, 1, { transform: { width: 50 } });
    const elsewhere = await fetch(minute!.signedUrl.replace('/wide.png?', '/other.png?'));
    await expectStorageBody(elsewhere, {
      statusCode: '400',
      code: 'InvalidSignature',
      error: 'InvalidSignature',
      message: 'Invalid signature',
    });
    const noToken = await fetch(`${STACK_URL}/storage/v1/render/image/sign/${PRIVATE}/${u.key}`);
    await expectStorageBody(noToken, {
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'Error',
      message: "querystring must have required property 'token'",
    });
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await fetch(data!.signedUrl);
    await expectStorageBody(expired, {
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    });
  });

  it('validate the transform when signing', async () => {
    const u = await withImage();
    const { error } = await u.client.storage
      .from(PRIVATE)
      .createSignedUrl(u.key, 60, { transform: { width: 100, quality: 5 } });
    expectStorageError(error, { statusCode: '400', message: 'body/transform/quality must be >= 20' });
  });
});

describe('public URLs with transform', () => {
  it('serve public buckets only, to anyone', async () => {
    const u = await withImage(PUBLIC);
    const open = await fetch(
      anon()
        .storage.from(PUBLIC)
        .getPublicUrl(u.key, { transform: { width: 40 } }).data.publicUrl,
    );
    expect(open.status).toBe(200);
    expect(await imageOf(await open.arrayBuffer())).toMatchObject({ width: 40, height: 20 });

    const hidden = await withImage(PRIVATE);
    const closed = await fetch(
      anon()
        .storage.from(PRIVATE)
        .getPublicUrl(hidden.key, { transform: { width: 40 } }).data.publicUrl,
    );
    await expectStorageBody(closed, {
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    });
  });
});

describe('transformation errors', () => {
  const renderUrl = (key: string, query: string) =>
    `${STACK_URL}/storage/v1/render/image/public/${PUBLIC}/${key}?${query}`;

  it('refuses parameters outside Storage’s schema with its message', async () => {
    const u = await withImage(PUBLIC);
    const cases: [string, string][] = [
      ['width=-1', 'querystring/width must be >= 0'],
      ['width=1.5', 'querystring/width must be integer'],
      ['height=tall', 'querystring/height must be integer'],
      ['quality=10', 'querystring/quality must be >= 20'],
      ['quality=101', 'querystring/quality must be <= 100'],
      ['resize=stretch', 'querystring/resize must be equal to one of the allowed values'],
      ['format=png', 'querystring/format must be equal to one of the allowed values'],
      ['gravity=fp', 'querystring must have required property \'x_offset\', querystring must match "then" schema'],
    ];
    for (const [query, message] of cases) {
      await expectStorageBody(await fetch(renderUrl(u.key, query)), {
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'Error',
        message,
      });
    }
    // Sizes past the limits are brought within them (1 to 2000), not refused.
    const huge = await fetch(renderUrl(u.key, 'width=5000&height=5000&resize=fill'));
    expect(huge.headers.get('x-transformations')).toBe('height:2000,width:2000,resizing_type:force');
  });

  it('refuses what is not an image, a missing object, and sources past imgproxy’s limits', async () => {
    const u = await newUser();
    const bucket = u.client.storage.from(PUBLIC);
    await bucket.upload(u.path('notes.txt'), textBlob('not a picture'));
    const unsupported = {
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'InvalidRequest',
      message: 'The source image is invalid or unsupported for rendering',
    };
    await expectStorageBody(await fetch(renderUrl(u.path('notes.txt'), 'width=10')), unsupported);
    const broken = (await pngImage(40, 40)).subarray(0, 60);
    await bucket.upload(u.path('broken.png'), png(broken));
    await expectStorageBody(await fetch(renderUrl(u.path('broken.png'), 'width=10')), unsupported);

    await expectStorageBody(await fetch(renderUrl(u.path('missing.png'), 'width=10')), {
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });

    // 8000 × 8000 pixels (a header is enough to tell): past 50 megapixels.
    await bucket.upload(u.path('vast.png'), png(await withSize(await pngImage(2, 2), 8000, 8000)));
    await expectStorageBody(await fetch(renderUrl(u.path('vast.png'), 'width=10')), {
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'InvalidRequest',
      message: 'The source image resolution is too large to process',
    });

    // Past 25 MB.
    const heavy = Buffer.concat([await pngImage(2, 2), Buffer.alloc(25_000_000)]);
    expect((await bucket.upload(u.path('heavy.png'), png(heavy))).error).toBeNull();
    await expectStorageBody(await fetch(renderUrl(u.path('heavy.png'), 'width=10')), {
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'InvalidRequest',
      message: 'The source image file is too large to process',
    });
  });

  it('asks for a JWT on the authenticated route', async () => {
    const u = await withImage();
    const res = await fetch(`${STACK_URL}/storage/v1/render/image/authenticated/${PRIVATE}/${u.key}?width=10`);
    await expectStorageBody(res, {
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'Invalid Compact JWS',
    });
    const withKey = await fetch(`${STACK_URL}/storage/v1/render/image/authenticated/${PRIVATE}/${u.key}?width=10`, {
      headers: { apikey: ANON_KEY },
    });
    await expectStorageBody(withKey, {
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
  });
});

describe('with image transformation off ([storage.image_transformation] enabled = false)', () => {
  const stack = ownFixtureStack(96, 'no-transforms', { IMAGE_TRANSFORMATION_ENABLED: 'false' });

  it('has no render routes, and signs plain URLs even when asked to transform', async () => {
    const admin = createTestClient(stack.url, SERVICE_ROLE_KEY).storage.from(PUBLIC);
    expect((await admin.upload('wide.png', png(await pngImage(400, 200)))).error).toBeNull();

    const url = admin.getPublicUrl('wide.png', { transform: { width: 10 } }).data.publicUrl;
    await expectStorageBody(await fetch(url), {
      status: 404,
      statusCode: '404',
      code: 'InvalidRequest',
      error: 'Not Found',
      message: `Route GET:/render/image/public/${PUBLIC}/wide.png?width=10 not found`,
    });

    const { data } = await admin.createSignedUrl('wide.png', 60, { transform: { width: 10 } });
    expect(data!.signedUrl).toContain(`/storage/v1/object/sign/${PUBLIC}/wide.png?token=`);
    expect(await imageOf(await (await fetch(data!.signedUrl)).arrayBuffer())).toMatchObject({
      width: 400,
      height: 200,
    });
  });
});

/** A PNG whose header claims another size (its CRC made right): enough for a decoder to read the size. */
async function withSize(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  const out = Buffer.from(bytes);
  // The IHDR chunk starts at byte 8: length (4), type (4), width (4), height (4), …, CRC after 13 data bytes.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)) >>> 0, 29);
  return out;
}
