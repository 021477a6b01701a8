// A project with asymmetric JWT signing keys, as after a key rotation: [auth]
// signing_keys_path names a file as `supabase gen signing-key` writes it, holding an
// RS256 key that signs (key_ops "sign") and the older ES256 key, kept to verify the
// sessions it signed. This file starts a stack of its own with that file
// (STACK_SIGNING_KEYS_PATH, 300 ports above the suite's) and checks with supabase-js that:
// sessions are RS256 under the signing key's kid and getClaims() verifies them with the
// published JWKS; the product works on them (the venue's playlist, its media, an admin
// edge function, the database job's function with the legacy service-role key); a token
// of the older key is still accepted by every service; forged tokens, unknown kids and
// the algorithm-confusion forgery are refused by each, with its own answer.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from 'supabase-local/testing';
import { ANON_KEY, type AnyClient, ENGINE, portAbove, SERVICE_ROLE_KEY } from 'supabase-local/testing/vitest';
import { createTestClient, joinWith } from 'supabase-local/testing';
import { startProductStack } from '../support/product-stack.ts';
import { SEED } from './db-seed.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BASE_PORT = portAbove(300);

/** A private JWK exactly as `supabase gen signing-key --algorithm <alg>` writes it. */
async function genSigningKey(alg: 'RS256' | 'ES256', keyOps: string[]): Promise<JWK & { kid: string; alg: string }> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const { kty, ...material } = await exportJWK(privateKey);
  return { kty, kid: randomUUID(), use: 'sig', key_ops: keyOps, alg, ext: true, ...material };
}

const signing = await genSigningKey('RS256', ['sign', 'verify']);
const older = await genSigningKey('ES256', ['verify']);
const stranger = (await generateKeyPair('RS256')).privateKey;
const privateOf = (k: JWK & { alg: string }) => importJWK({ ...k, key_ops: undefined }, k.alg);

let stack: TestStack;
let url: string;

beforeAll(async () => {
  const dir = path.join(ROOT, '.local', `signing-keys-${BASE_PORT}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'signing_keys.json');
  writeFileSync(file, `${JSON.stringify([signing, older], null, 2)}\n`, { mode: 0o600 });
  stack = await startProductStack({
    basePort: BASE_PORT,
    name: `signing-keys-${ENGINE}-${BASE_PORT}`,
    env: { STACK_SIGNING_KEYS_PATH: file },
  });
  url = stack.url;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

function clientOf(key = ANON_KEY, accessToken?: string, fetchImpl?: typeof fetch): AnyClient {
  return createTestClient(url, key, { accessToken, fetch: fetchImpl });
}

async function signIn(email: string, password: string): Promise<{ sb: AnyClient; token: string }> {
  const sb = clientOf();
  const { data, error } = await sb.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { sb, token: data.session!.access_token };
}

const venue = () => signIn(SEED.users.cafe.email, 'demo-customer-pass');
const admin = () => signIn(SEED.users.admin.email, 'demo-admin-pass');

/** customer-login's answer to an admin whose token it accepted, when the body names no venue. */
const CUSTOMER_ID_MISSING = 'customerId: customerId must be a customer id';

/** `claims` signed with `key` under `header`. */
async function signed(claims: JWTPayload, header: Record<string, unknown>, key: unknown): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(header as never).sign(key as never);
}

/** What each service answers for a token. */
async function answers(token: string) {
  const rest = await clientOf(ANON_KEY, token).from('users').select('id');
  const storage = await clientOf(ANON_KEY, token).storage.from('ad-images').list();
  // customer-login (verify_jwt): the gateway checks the token, then the function checks its caller
  // again, so an accepted admin's token reaches its input check (400, no customerId).
  const fn = await fetch(`${url}/functions/v1/customer-login`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  const auth = await fetch(`${url}/auth/v1/user`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'X-Supabase-Api-Version': '2024-01-01' },
  });
  return {
    rest: { status: rest.status, error: rest.error, data: rest.data },
    storage: { error: storage.error },
    functions: { status: fn.status, body: await fn.json() },
    auth: { status: auth.status, body: await auth.json() },
    realtime: await joinWith(url, token),
  };
}

describe('a stack whose signing_keys_path holds an RS256 signing key and an older ES256 key', () => {
  it('publishes both keys’ public halves at /auth/v1/.well-known/jwks.json', async () => {
    const r = await fetch(`${url}/auth/v1/.well-known/jwks.json`);
    const { keys } = (await r.json()) as { keys: Record<string, unknown>[] };
    expect(keys.map((k) => [k.kid, k.alg, k.kty, k.use, k.key_ops])).toEqual([
      [signing.kid, 'RS256', 'RSA', 'sig', ['verify']],
      [older.kid, 'ES256', 'EC', 'sig', ['verify']],
    ]);
    expect(keys[0]).toMatchObject({ n: signing.n, e: signing.e });
    for (const k of keys) for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(k).not.toHaveProperty(member);
  });

  it('signs a password sign-in with RS256 under the signing key’s kid; getClaims() verifies it with the JWKS alone', async () => {
    const asked: string[] = [];
    const recording: typeof fetch = (input, init) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return fetch(input, init);
    };
    const sb = clientOf(ANON_KEY, undefined, recording);
    const { data, error } = await sb.auth.signInWithPassword({
      email: SEED.users.cafe.email,
      password: 'demo-customer-pass',
    });
    expect(error).toBeNull();
    expect(decodeProtectedHeader(data.session!.access_token)).toEqual({ alg: 'RS256', kid: signing.kid, typ: 'JWT' });
    asked.length = 0;
    const claims = await sb.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data).toMatchObject({
      header: { alg: 'RS256', kid: signing.kid },
      claims: { sub: SEED.users.cafe.id, role: 'authenticated', iss: `${url}/auth/v1` },
    });
    expect(asked).toEqual(['/auth/v1/.well-known/jwks.json']);
  });

  it('runs the product on RS256 sessions: the venue’s playlist and media, an admin edge function, the database job’s function', async () => {
    const { sb: cafe } = await venue();
    const playlist = await cafe.rpc('player_playlist');
    expect(playlist.error).toBeNull();
    const slides = (playlist.data as { slides: { image_url: string | null; title: string }[] }).slides;
    expect(slides.length).toBeGreaterThan(0);
    const image = slides.find((s) => s.image_url && !s.image_url.endsWith('.mp4'))!;
    const file = await cafe.storage.from('ad-images').download(image.image_url!);
    expect(file.error).toBeNull();
    expect(file.data!.size).toBeGreaterThan(0);
    // A signed URL, as the player shows the slide (Storage signs it with its own key).
    const signedUrl = await cafe.storage.from('ad-images').createSignedUrl(image.image_url!, 60);
    expect(signedUrl.error).toBeNull();
    const served = await fetch(signedUrl.data!.signedUrl);
    expect([served.status, (await served.arrayBuffer()).byteLength]).toEqual([200, file.data!.size]);

    const { sb: admins } = await admin();
    const linked = await admins.functions.invoke('customer-login', { body: { customerId: SEED.customers.cafe } });
    expect(linked.error).toBeNull();
    expect(linked.data).toMatchObject({ customer: { id: SEED.customers.cafe, user_id: SEED.users.cafe.id } });
    const refused = await cafe.functions.invoke('customer-login', { body: { customerId: SEED.customers.cafe } });
    expect(refused.error).toMatchObject({ context: expect.objectContaining({ status: 403 }) });

    // The database job calls alert-emails with the legacy HS256 service-role key: still the service role.
    const job = await clientOf(SERVICE_ROLE_KEY).functions.invoke('alert-emails', { body: {} });
    expect(job.error).toBeNull();
    expect(job.data).toMatchObject({ alerts: expect.any(Number) });
  });

  it('accepts a session signed by the older, verify-only ES256 key in REST, Storage, Functions, Realtime and Auth', async () => {
    const { token } = await admin();
    const byOlderKey = await signed(
      decodeJwt(token),
      { alg: 'ES256', kid: older.kid, typ: 'JWT' },
      await privateOf(older),
    );
    const seen = await answers(byOlderKey);
    expect(seen.rest).toMatchObject({ status: 200, error: null });
    expect(seen.rest.data).toContainEqual({ id: SEED.users.admin.id });
    expect(seen.storage.error).toBeNull();
    expect(seen.functions).toEqual({ status: 400, body: { error: CUSTOMER_ID_MISSING } });
    expect(seen.auth).toMatchObject({ status: 200, body: { id: SEED.users.admin.id } });
    expect(seen.realtime).toBe('SUBSCRIBED');
  });

  it('refuses a forged session (the signing key’s kid, another key) in every service', async () => {
    const { token } = await admin();
    const forged = await signed(decodeJwt(token), { alg: 'RS256', kid: signing.kid, typ: 'JWT' }, stranger);
    const seen = await answers(forged);
    expect(seen.rest).toMatchObject({
      status: 401,
      error: {
        code: 'PGRST301',
        message: 'No suitable key or wrong key type',
        details: 'None of the keys was able to decode the JWT',
      },
    });
    expect(seen.storage.error).toMatchObject({ statusCode: '403', message: 'signature verification failed' });
    expect(seen.functions).toEqual({ status: 401, body: { msg: 'Invalid JWT' } });
    expect(seen.auth).toEqual({
      status: 403,
      body: {
        code: 'bad_jwt',
        message:
          'invalid JWT: unable to parse or verify signature, token signature is invalid: crypto/rsa: verification error',
      },
    });
    expect(seen.realtime).toMatch(/^CHANNEL_ERROR/);
  });

  it('refuses an unknown kid, alg none and HS256 keyed with the public key under its kid (algorithm confusion)', async () => {
    const { token } = await admin();
    const claims = decodeJwt(token);
    const publicKey = JSON.stringify(
      ((await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: unknown[] }).keys[0],
    );
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const kid = randomUUID();
    const cases = {
      unknownKid: await signed(claims, { alg: 'RS256', kid, typ: 'JWT' }, stranger),
      none: `${b64({ alg: 'none', kid: signing.kid, typ: 'JWT' })}.${b64(claims)}.`,
      confused: await signed(
        claims,
        { alg: 'HS256', kid: signing.kid, typ: 'JWT' },
        new TextEncoder().encode(publicKey),
      ),
    };
    const prefix = 'invalid JWT: unable to parse or verify signature, ';
    const gotrue = {
      unknownKid: `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${kid} for algorithm RS256`,
      none: 'token signature is invalid: signing method none is invalid',
      confused: 'token signature is invalid: key is of invalid type: HMAC verify expects []byte',
    };
    for (const [name, forged] of Object.entries(cases) as [keyof typeof cases, string][]) {
      const seen = await answers(forged);
      expect(seen.rest, name).toMatchObject({
        status: 401,
        error: {
          code: 'PGRST301',
          message: 'No suitable key or wrong key type',
          details: 'No suitable key was found to decode the JWT',
        },
      });
      expect(seen.storage.error, name).toMatchObject({ statusCode: '403' });
      expect(seen.functions, name).toEqual({ status: 401, body: { msg: 'Invalid JWT' } });
      expect(seen.auth, name).toEqual({ status: 403, body: { code: 'bad_jwt', message: `${prefix}${gotrue[name]}` } });
      expect(seen.realtime, name).toMatch(/^CHANNEL_ERROR/);
    }
  });
});
