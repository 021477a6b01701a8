// Asymmetric JWT signing keys as `supabase start` has them: without [auth]
// signing_keys_path the CLI hands GoTrue its default ES256 key, so sessions are ES256
// with that kid and /auth/v1/.well-known/jwks.json publishes the public half, which lets
// supabase-js's getClaims() verify a session locally. HS256 with the JWT secret (the
// default anon and service_role keys, tokens from tools) keeps working everywhere: REST,
// Storage, Functions and Realtime accept both kinds, and refuse forged ones.
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ANON_KEY, client, http, service, signedInUser, signToken, STACK_URL } from 'supabase-local/testing/vitest';
import { joinWith } from 'supabase-local/testing';

const DEFAULT_KID = 'b81269f1-21d8-4f2e-b719-c2240a840d90';

const signedIn = () => signedInUser('keys');

/** The claims of `token` re-signed with a key the stack does not know, under the same kid. */
async function forged(token: string, kid = DEFAULT_KID): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT(decodeJwt(token)).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey);
}

describe('auth: signing keys and JWKS', () => {
  it('publishes the signing key’s public half at /auth/v1/.well-known/jwks.json', async () => {
    const r = await fetch(`${STACK_URL}/auth/v1/.well-known/jwks.json`, { headers: { apikey: ANON_KEY } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=600');
    const body = (await r.json()) as { keys: Record<string, unknown>[] };
    expect(body).toEqual({
      keys: [
        {
          alg: 'ES256',
          crv: 'P-256',
          ext: true,
          key_ops: ['verify'],
          kid: DEFAULT_KID,
          kty: 'EC',
          use: 'sig',
          x: 'M5Sjqn5zwC9Kl1zVfUUGvv9boQjCGd45G8sdopBExB4',
          y: 'P6IXMvA2WYXSHSOMTBH2jsw_9rrzGy89FjPf6oOsIxQ',
        },
      ],
    });
  });

  it('signs sessions with ES256 under that kid, verifiable with the published JWKS', async () => {
    const { token } = await signedIn();
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: DEFAULT_KID, typ: 'JWT' });
    const jwks = (await (await fetch(`${STACK_URL}/auth/v1/.well-known/jwks.json`)).json()) as Parameters<
      typeof createLocalJWKSet
    >[0];
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
    expect(payload).toMatchObject({ role: 'authenticated', aal: 'aal1', iss: `${STACK_URL}/auth/v1` });
  });

  it('getClaims() verifies a session locally: it still answers after the session ended on the server', async () => {
    const { sb, token, id } = await signedIn();
    const first = await sb.auth.getClaims();
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      claims: { sub: id, role: 'authenticated', aal: 'aal1' },
      header: { alg: 'ES256', kid: DEFAULT_KID },
    });
    // End every session on the server: getUser() now fails, a local verification does not ask.
    await service().auth.admin.signOut(token, 'global');
    const user = await client(ANON_KEY, token).auth.getUser(token);
    expect(user.error).toMatchObject({ name: 'AuthSessionMissingError' });
    const again = await sb.auth.getClaims(token);
    expect(again.error).toBeNull();
    expect(again.data!.claims.sub).toBe(id);
  });

  it('getClaims() refuses a token signed with another key', async () => {
    const { sb, token } = await signedIn();
    const { data, error } = await sb.auth.getClaims(await forged(token));
    expect(data).toBeNull();
    expect(error).toMatchObject({ name: 'AuthInvalidJwtError', message: 'Invalid JWT signature' });
  });

  it('getClaims() of an HS256 token asks the server (getUser), as supabase-js does for symmetric tokens', async () => {
    const { id } = await signedIn();
    const token = await signToken({ sub: id, session_id: undefined });
    const { data, error } = await client(ANON_KEY, token).auth.getClaims(token);
    expect(error).toBeNull();
    expect(data).toMatchObject({ claims: { sub: id }, header: { alg: 'HS256' } });
  });

  it('REST accepts ES256 sessions and HS256 tokens under RLS, and refuses forged or unknown keys', async () => {
    const { token, id } = await signedIn();
    const es = await client(ANON_KEY, token).from('profiles').select('id');
    expect(es.error).toBeNull();
    expect(es.data).toEqual([{ id }]);
    const hs = await client(ANON_KEY, await signToken({ sub: id }))
      .from('profiles')
      .select('id');
    expect(hs.data).toEqual([{ id }]);

    const bad = await client(ANON_KEY, await forged(token))
      .from('profiles')
      .select('id');
    expect(bad.status).toBe(401);
    expect(bad.error).toMatchObject({ code: 'PGRST301' });
    const unknownKid = await client(ANON_KEY, await forged(token, randomUUID()))
      .from('profiles')
      .select('id');
    expect(unknownKid.status).toBe(401);
    expect(unknownKid.error).toMatchObject({ code: 'PGRST301' });
  });

  it('refuses alg none and an HMAC keyed with the published key under its kid (algorithm confusion)', async () => {
    const { token } = await signedIn();
    const claims = decodeJwt(token);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const published = JSON.stringify(
      ((await (await fetch(`${STACK_URL}/auth/v1/.well-known/jwks.json`)).json()) as { keys: unknown[] }).keys[0],
    );
    const tokens = [
      `${b64({ alg: 'none', kid: DEFAULT_KID, typ: 'JWT' })}.${b64(claims)}.`,
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: DEFAULT_KID, typ: 'JWT' })
        .sign(new TextEncoder().encode(published)),
    ];
    for (const forgedToken of tokens) {
      const rest = await client(ANON_KEY, forgedToken).from('profiles').select('id');
      expect(rest.status).toBe(401);
      expect(rest.error).toMatchObject({ code: 'PGRST301', details: 'No suitable key was found to decode the JWT' });
      const auth = await http('/auth/v1/user', {
        headers: { Authorization: `Bearer ${forgedToken}`, 'X-Supabase-Api-Version': '2024-01-01' },
      });
      expect(auth.status).toBe(403);
      expect(await auth.json()).toMatchObject({ code: 'bad_jwt' });
      const fn = await http('/functions/v1/echo', {
        method: 'POST',
        headers: { Authorization: `Bearer ${forgedToken}` },
      });
      expect([fn.status, await fn.json()]).toEqual([401, { msg: 'Invalid JWT' }]);
      const storage = await client(ANON_KEY, forgedToken).storage.from('test-private').list();
      expect(storage.error).toMatchObject({ statusCode: '403' });
    }
  });

  it('Auth itself refuses a forged ES256 token', async () => {
    const { token } = await signedIn();
    const r = await http('/auth/v1/user', {
      headers: { Authorization: `Bearer ${await forged(token)}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({
      code: 'bad_jwt',
      message:
        'invalid JWT: unable to parse or verify signature, token signature is invalid: crypto/ecdsa: verification error',
    });
  });

  it('Storage accepts an ES256 session and refuses a forged one', async () => {
    const { token } = await signedIn();
    const ok = await client(ANON_KEY, token).storage.from('test-private').list();
    expect(ok.error).toBeNull();
    const bad = await client(ANON_KEY, await forged(token))
      .storage.from('test-private')
      .list();
    // Storage verifies with jose and answers its message, whatever the key type.
    expect(bad.error).toMatchObject({ message: 'signature verification failed', statusCode: '403' });
  });

  it('Functions (verify_jwt) accept an ES256 session and refuse a forged one', async () => {
    const { token } = await signedIn();
    const ok = await client(ANON_KEY, token).functions.invoke<{ authorization: string }>('echo', { body: {} });
    expect(ok.error).toBeNull();
    expect(ok.data?.authorization).toBe(`Bearer ${token}`);
    const r = await http('/functions/v1/echo', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await forged(token)}` },
    });
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('Realtime accepts an ES256 session and refuses a forged one', async () => {
    const { token } = await signedIn();
    const join = (t: string) => joinWith(STACK_URL, t);
    expect(await join(token)).toBe('SUBSCRIBED');
    expect(await join(await forged(token))).toMatch(/^CHANNEL_ERROR/);
  });
});
