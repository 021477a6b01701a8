// Gateway, database and storage hardening, driven only over HTTP, supabase-js
// and pg: JWT roles outside anon/authenticated/service_role, the database
// socket's password, per-role statement timeouts, body caps answered with 413
// (as a response, not a reset), nosniff downloads and image content checks.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { ANON_KEY, ENGINE, http, service, SERVICE_ROLE_KEY, signToken, STACK_URL } from 'supabase-local/testing/vitest';
import { PUBLIC } from './support/storage-support.ts';
import { fixtureConfig } from './support/fixture-project.ts';

const MiB = 1024 * 1024;
/** Storage's global upload limit, [storage] file_size_limit in the fixture project's config.toml. */
const GLOBAL_LIMIT = fixtureConfig.storage.fileSizeLimit;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A token signed with the project's secret, with the given role claim. */
const tokenWithRole = (role: string) => signToken({ sub: randomUUID(), role });

/**
 * One raw HTTP request whose body is `size` bytes sent in 64 KiB chunks,
 * optionally without Content-Length (chunked): resolves with the answer the
 * server sent, or rejects if the connection was reset before one arrived.
 */
function sendBody(
  path: string,
  size: number,
  opts: { method?: string; headers?: Record<string, string>; chunked?: boolean },
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  const url = new URL(path, STACK_URL);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: opts.method ?? 'POST',
        headers: {
          apikey: SERVICE_ROLE_KEY,
          Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
          ...(opts.chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(size) }),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    // A write failing after the answer arrived is fine; before it, the request fails.
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe('JWT roles', () => {
  it('REST refuses a validly signed JWT whose role the authenticator cannot switch to', async () => {
    for (const role of ['postgres', 'supabase_auth_admin']) {
      const token = await tokenWithRole(role);
      const res = await http('/rest/v1/rest_authors?select=id', { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: '42501',
        details: null,
        hint: null,
        message: `permission denied to set role "${role}"`,
      });
    }
  });

  it('REST refuses a role that does not exist with 401', async () => {
    const token = await tokenWithRole('made_up_role');
    const res = await http('/rest/v1/rest_authors?select=id', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: '22023',
      details: null,
      hint: null,
      message: 'role "made_up_role" does not exist',
    });
  });

  it('REST refuses the role on RPC too, and still serves the three API roles', async () => {
    const token = await tokenWithRole('postgres');
    const refused = await http('/rest/v1/rpc/test_sleep', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 0 }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('42501');
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const ok = await http('/rest/v1/rest_authors?select=id&limit=1', {
        headers: { Authorization: `Bearer ${await tokenWithRole(role)}` },
      });
      expect(ok.status, role).toBe(200);
    }
  });

  it('Storage refuses it with its own error shape', async () => {
    const token = await tokenWithRole('postgres');
    const res = await http(`/storage/v1/object/list/${PUBLIC}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'permission denied to set role "postgres"',
    });

    const upload = await http(`/storage/v1/object/${PUBLIC}/role-${randomUUID()}.txt`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/plain' },
      body: 'should not be stored',
    });
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { message: string }).message).toBe('permission denied to set role "postgres"');
  });
});

describe('database socket', () => {
  const dbUrl = inject('dbUrl');

  it.skipIf(ENGINE !== 'pglite')('asks for the password: postgres/postgres, as supabase start', async () => {
    const good = new pg.Client({ connectionString: dbUrl });
    await good.connect();
    expect((await good.query('select current_user as u')).rows).toEqual([{ u: 'postgres' }]);
    await good.end();

    for (const [user, password] of [
      ['postgres', 'wrong'],
      ['somebody', 'postgres'],
    ]) {
      const url = new URL(dbUrl);
      url.username = user!;
      url.password = password!;
      const bad = new pg.Client({ connectionString: url.toString() });
      const error = await bad.connect().then(
        () => undefined,
        (e: unknown) => e as { code?: string; message: string },
      );
      await bad.end().catch(() => undefined);
      expect(error?.code).toBe('28P01');
      expect(error?.message).toBe(`password authentication failed for user "${user}"`);
    }
  });
});

describe('statement timeouts per role', () => {
  const sleep = (seconds: number, key = ANON_KEY, token?: string) =>
    http('/rest/v1/rpc/test_sleep', {
      key,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ seconds }),
    });

  it('cancels an anon statement after 3 s with 57014, and the next request works', async () => {
    const started = Date.now();
    const res = await sleep(3.6);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: '57014',
      details: null,
      hint: null,
      message: 'canceling statement due to statement timeout',
    });
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    // PostgreSQL cancels at the limit; PGlite can only fail the statement once it ends.
    if (ENGINE === 'postgres') expect(elapsed).toBeLessThan(3500);

    const next = await sleep(0);
    expect(next.status).toBe(200);
    expect(await next.json()).toBe(0);
  });

  it('lets an authenticated statement run past 3 s (its limit is 8 s)', async () => {
    const res = await sleep(3.3, ANON_KEY, await signToken({ sub: randomUUID() }));
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(3.3);
  });
});

describe('request body caps', () => {
  it('REST answers 413 before reading a body announced too large', async () => {
    const res = await sendBody('/rest/v1/rest_authors', 11 * MiB, { headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'Request size limit exceeded' });
  });

  it('REST answers 413 as soon as a streamed body passes the cap', async () => {
    const res = await sendBody('/rest/v1/rest_authors', 12 * MiB, {
      chunked: true,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'Request size limit exceeded' });
    // The stack still serves.
    expect((await http('/rest/v1/rest_authors?select=id&limit=1')).status).toBe(200);
  });

  it('Auth answers 413 in its own shape', async () => {
    for (const chunked of [false, true]) {
      const res = await sendBody('/auth/v1/signup', 2 * MiB, {
        chunked,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ code: 413, error_code: 'request_entity_too_large' });
    }
  });

  it('Functions answer 413', async () => {
    for (const chunked of [false, true]) {
      // echo reads the whole body, so only the cap can answer first.
      const res = await sendBody('/functions/v1/echo', 21 * MiB, {
        chunked,
        headers: { 'Content-Type': 'application/octet-stream' },
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ message: 'Request size limit exceeded' });
    }
    const ok = await http('/functions/v1/echo', {
      method: 'POST',
      body: 'small',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { body: string }).body).toBe('small');
  });

  it('Storage refuses an upload over the global limit (file_size_limit), chunked or not, as a response', async () => {
    expect(GLOBAL_LIMIT).toBe(100 * MiB);
    for (const chunked of [false, true]) {
      const res = await sendBody(`/storage/v1/object/${PUBLIC}/huge-${randomUUID()}.bin`, GLOBAL_LIMIT + 20 * MiB, {
        chunked,
        headers: { 'Content-Type': 'application/octet-stream' },
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        statusCode: '413',
        code: 'EntityTooLarge',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      });
    }
  });

  it("Storage refuses an upload over the bucket's file_size_limit (test-images: 5 MiB)", async () => {
    const res = await sendBody(`/storage/v1/object/test-images/big-${randomUUID()}.png`, 6 * MiB, {
      chunked: true,
      headers: { 'Content-Type': 'image/png' },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });
});

describe('storage content', () => {
  it('serves downloads with X-Content-Type-Options: nosniff', async () => {
    const admin = service();
    const name = `nosniff-${randomUUID()}.html`;
    const { error } = await admin.storage
      .from(PUBLIC)
      .upload(name, new Blob(['<script>1</script>'], { type: 'text/html' }));
    expect(error).toBeNull();

    const pub = await fetch(admin.storage.from(PUBLIC).getPublicUrl(name).data.publicUrl);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('x-content-type-options')).toBe('nosniff');

    const authed = await http(`/storage/v1/object/authenticated/${PUBLIC}/${name}`, { key: SERVICE_ROLE_KEY });
    expect(authed.status).toBe(200);
    expect(authed.headers.get('x-content-type-options')).toBe('nosniff');

    const direct = await http(`/storage/v1/object/${PUBLIC}/${name}`, { key: SERVICE_ROLE_KEY });
    expect(direct.headers.get('x-content-type-options')).toBe('nosniff');

    const signed = await admin.storage.from(PUBLIC).createSignedUrl(name, 60);
    const viaSigned = await fetch(signed.data!.signedUrl);
    expect(viaSigned.status).toBe(200);
    expect(viaSigned.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses text uploaded as image/png to an image bucket, and takes a real PNG', async () => {
    const bucket = service().storage.from('test-images');
    const fake = await bucket.upload(
      `fake-${randomUUID()}.png`,
      new Blob(['<html>not a png</html>'], { type: 'image/png' }),
    );
    expect(fake.error).toMatchObject({
      status: 400,
      statusCode: '415',
      message: 'mime type image/png is not supported',
    });

    const raw = await http(`/storage/v1/object/test-images/fake-${randomUUID()}.jpg`, {
      key: SERVICE_ROLE_KEY,
      method: 'POST',
      headers: { 'Content-Type': 'image/jpeg' },
      body: PNG,
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type image/jpeg is not supported',
    });

    const name = `real-${randomUUID()}.png`;
    const real = await bucket.upload(name, new Blob([PNG], { type: 'image/png' }));
    expect(real.error).toBeNull();
    await bucket.remove([name]);
  });
});
