// Auth settings switched the other way, on a stack of its own (GoTrue's environment
// names, as `supabase start` passes config.toml): anonymous sign-ins on with public
// sign-up on, TOTP enrolment and verification off, and an RS256 signing key read from a
// signing keys file ([auth] signing_keys_path, here through STACK_SIGNING_KEYS_PATH).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestClient } from 'supabase-local/testing';
import { ANON_KEY, SERVICE_ROLE_KEY } from 'supabase-local/testing/vitest';
import { ownFixtureStack } from './support/own-stack.ts';

const kid = randomUUID();
const keysDir = mkdtempSync(path.join(tmpdir(), 'signing-keys-'));
const keysFile = path.join(keysDir, 'signing_keys.json');
const { privateKey } = await generateKeyPair('RS256', { extractable: true });
writeFileSync(
  keysFile,
  JSON.stringify([{ ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig', key_ops: ['sign', 'verify'], ext: true }]),
);

const stack = ownFixtureStack(96, 'auth-switches', {
  GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true',
  GOTRUE_DISABLE_SIGNUP: 'false',
  GOTRUE_MFA_TOTP_ENROLL_ENABLED: 'false',
  GOTRUE_MFA_TOTP_VERIFY_ENABLED: 'false',
  STACK_SIGNING_KEYS_PATH: keysFile,
});

afterAll(() => rmSync(keysDir, { recursive: true, force: true }));

const sb = () => createTestClient(stack.url, ANON_KEY);
const admin = () => createTestClient(stack.url, SERVICE_ROLE_KEY);

describe('auth: anonymous sign-ins on', () => {
  it('signs in anonymously: is_anonymous in the token and on the user, provider anonymous, no identity', async () => {
    const client = sb();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { screen: 'lobby' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: '',
      role: 'authenticated',
      aud: 'authenticated',
      app_metadata: { provider: 'anonymous', providers: ['anonymous'] },
      user_metadata: { screen: 'lobby' },
      identities: [],
    });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', aal: 'aal1', sub: data.user!.id });
    expect(claims.amr).toEqual([{ method: 'anonymous', timestamp: expect.any(Number) }]);

    // The users row says so too, as the admin API reads it.
    const got = await admin().auth.admin.getUserById(data.user!.id);
    expect(got.data.user).toMatchObject({ is_anonymous: true });

    const settings = (await (
      await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: ANON_KEY } })
    ).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external.anonymous_users).toBe(true);
  });

  it('an anonymous user may not enrol an MFA factor', async () => {
    const client = sb();
    await client.auth.signInAnonymously();
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toMatchObject({
      status: 403,
      code: 'no_authorization',
      message: 'Anonymous user not allowed to perform these actions',
    });
  });
});

describe('auth: TOTP switched off', () => {
  it('enrolment answers mfa_totp_enroll_not_enabled', async () => {
    const email = `switch-${randomUUID().slice(0, 8)}@example.test`;
    await admin().auth.admin.createUser({ email, password: 'switch-pass', email_confirm: true });
    const client = sb();
    const signIn = await client.auth.signInWithPassword({ email, password: 'switch-pass' });
    expect(signIn.error).toBeNull();
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toMatchObject({
      status: 422,
      code: 'mfa_totp_enroll_not_enabled',
      message: 'MFA enroll is disabled for TOTP',
    });
  });
});

describe('auth: a signing keys file with an RS256 key', () => {
  it('signs sessions with it, publishes it in the JWKS, and getClaims() and REST accept it', async () => {
    const client = sb();
    const { data, error } = await client.auth.signInAnonymously();
    expect(error).toBeNull();
    const token = data.session!.access_token;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid, typ: 'JWT' });

    const jwks = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', kid, use: 'sig', key_ops: ['verify'], e: 'AQAB' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(jwks.keys[0]).not.toHaveProperty('p');

    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data!.header).toMatchObject({ alg: 'RS256', kid });

    const rest = await client.from('profiles').select('id');
    expect(rest.error).toBeNull();
    // The user's own profile row (made by the fixture's trigger on auth.users), under RLS.
    expect(rest.data).toEqual([{ id: data.user!.id }]);
  });
});
