// Shared by the storage tests: buckets of the fixture project (its storage migration), users with
// their own folders, and the error fields storage-js exposes.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { asUser, type AnyClient } from 'supabase-local/testing/vitest';

export const PRIVATE = 'test-private';
export const PUBLIC = 'test-public';
export const LOCKED = 'test-locked';
export const SHARED = 'test-shared';

export interface TestUser {
  id: string;
  client: AnyClient;
  /** A path under this user's own folder. */
  path(name: string): string;
}

export async function newUser(): Promise<TestUser> {
  const id = randomUUID();
  return { id, client: await asUser(id), path: (name) => `${id}/${name}` };
}

export const textBlob = (text: string, type = 'text/plain') => new Blob([text], { type });

/** The error storage-js returned: HTTP status, the body's statusCode and message. */
export function expectStorageError(
  error: unknown,
  expected: { status?: number; statusCode: string; message?: string | RegExp },
): void {
  expect(error).toBeTruthy();
  const e = error as { status?: number; statusCode?: string; message?: string };
  expect(e.statusCode).toBe(expected.statusCode);
  expect(e.status).toBe(expected.status ?? 400);
  if (typeof expected.message === 'string') expect(e.message).toBe(expected.message);
  else if (expected.message) expect(e.message).toMatch(expected.message);
}

/** A Storage error answered over raw HTTP: its HTTP status and the whole body. */
export async function expectStorageBody(
  res: Response,
  expected: { status?: number; statusCode: string; code: string; error: string; message: string | RegExp },
): Promise<void> {
  const { status = 400, ...body } = expected;
  expect(res.status).toBe(status);
  const got = (await res.json()) as Record<string, unknown>;
  expect(Object.keys(got).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
  expect(got).toMatchObject({
    ...body,
    message: typeof body.message === 'string' ? body.message : expect.stringMatching(body.message),
  });
}

/** A PNG of `width` × `height`: a left half red, a right half blue (so crops and stretches show). */
export async function pngImage(width: number, height: number): Promise<Buffer> {
  const half = Math.max(1, Math.floor(width / 2));
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: { create: { width: half, height, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** A JPEG of noise, whose size depends on the quality it is written with. */
export async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i * i) % 251)) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

/** What an image is: its format and size, as a viewer would find them. */
export async function imageOf(
  data: Blob | ArrayBuffer | Buffer,
): Promise<{ format: string; width: number; height: number }> {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data instanceof Blob ? await data.arrayBuffer() : data);
  const meta = await sharp(bytes).metadata();
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heif') : meta.format;
  return { format: String(format), width: meta.width!, height: meta.height! };
}
