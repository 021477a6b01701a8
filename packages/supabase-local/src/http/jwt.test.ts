// Signing keys as GoTrue takes them and tokens as each service verifies them: the file
// `supabase gen signing-key` writes (read through [auth] signing_keys_path), the checks
// GoTrue makes when it starts, the key a token's kid chooses, and how each service words
// a refusal.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig, readSigningKeys } from '../config.ts';
import {
  gotrueJwtError,
  jwks,
  postgrestJwtError,
  registerSigningKeys,
  signingKeyId,
  signSessionJwt,
  storageVerificationKey,
  verifyJwt,
  type SigningJwk,
  type VerifyResult,
} from './jwt.ts';

/** A private JWK exactly as `supabase gen signing-key --algorithm <alg>` writes it. */
async function genSigningKey(alg: 'RS256' | 'ES256', sign = true): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const { kty, ...material } = await exportJWK(privateKey);
  return {
    kty: kty!,
    kid: randomUUID(),
    use: 'sig',
    key_ops: sign ? ['sign', 'verify'] : ['verify'],
    alg,
    ext: true,
    ...material,
  };
}

const secret = () => `test-secret-${randomUUID()}-with-enough-characters`;
const dir = mkdtempSync(path.join(tmpdir(), 'signing-keys-'));
const file = (name: string, text: string) => {
  const full = path.join(dir, name);
  writeFileSync(full, text);
  return full;
};

async function sign(claims: Record<string, unknown>, header: Record<string, unknown>, key: unknown): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, exp: now + 3600, ...claims }).setProtectedHeader(header as never).sign(key as never);
}

/** The private key of a JWK (WebCrypto refuses key_ops "verify" on a private key, so without them). */
const privateKey = (k: SigningJwk) => importJWK({ ...k, key_ops: undefined }, k.alg);

const refused = (r: VerifyResult) => {
  if (r.ok) throw new Error('token was accepted');
  return r;
};

describe('signing keys: the file and GoTrue’s checks', () => {
  it('reads the JSON array of `supabase gen signing-key` and signs sessions with the "sign" key, kid in the header', async () => {
    const rs = await genSigningKey('RS256');
    const es = await genSigningKey('ES256', false);
    const keysFile = file('keys.json', JSON.stringify([es, rs], null, 2));
    const s = secret();
    const config = loadConfig({ JWT_SECRET: s, STACK_SIGNING_KEYS_PATH: keysFile });
    expect(config.auth.signingKeys).toEqual([es, rs]);
    expect(signingKeyId(s)).toEqual({ kid: rs.kid, alg: 'RS256' });

    // The JWKS publishes every key's public half, none of the private members.
    const published = jwks(s).keys;
    expect(published.map((k) => k.kid)).toEqual([es.kid, rs.kid]);
    for (const k of published) {
      expect(k).toMatchObject({ use: 'sig', key_ops: ['verify'], ext: true });
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(k).not.toHaveProperty(member);
    }

    const token = await signSessionJwt({ sub: 'u', role: 'authenticated' }, s);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: rs.kid, typ: 'JWT' });
    await jwtVerify(token, published.find((k) => k.kid === rs.kid) as JWK);
    expect(await verifyJwt(token, s)).toMatchObject({ ok: true, claims: { sub: 'u' } });

    // The older, verify-only ES256 key still verifies what it signed.
    const older = await sign({ sub: 'old' }, { alg: 'ES256', kid: es.kid }, await privateKey(es));
    expect(await verifyJwt(older, s)).toMatchObject({ ok: true, claims: { sub: 'old' } });
  });

  it('takes a relative signing_keys_path from supabase/, as the CLI does', () => {
    expect(() => readSigningKeys('no-such-keys.json', '/project/supabase')).toThrow(
      /^failed to read signing keys: ENOENT: no such file or directory, open '\/project\/supabase\/no-such-keys\.json'$/,
    );
  });

  it('refuses what the CLI cannot decode', () => {
    expect(() => readSigningKeys(file('broken.json', '[{'), '/project/supabase')).toThrow(/^failed to decode signing keys: /);
    expect(() => readSigningKeys(file('object.json', '{"keys": []}'), '/project/supabase')).toThrow(
      /^failed to decode signing keys: .* holds no JSON array of JWKs$/,
    );
  });

  it('refuses what GoTrue refuses when it starts', async () => {
    const rs = await genSigningKey('RS256');
    const es = await genSigningKey('ES256');
    const cases: [unknown[], RegExp][] = [
      [[], /no signing key detected/],
      [[{ ...rs, key_ops: ['verify'] }], /no signing key detected/],
      [[rs, es], /multiple signing keys detected, only 1 signing key is supported/],
      [[{ kty: 'oct', k: 'c2VjcmV0', kid: 'x', alg: 'HS256', key_ops: ['sign'] }], /symmetric \(oct\) key/],
      [[{ ...rs, kid: undefined }], /every key needs a kid/],
      [[{ ...rs, alg: 'RS512' }], /has alg RS512; use ES256 or RS256/],
      [[{ ...rs, alg: 'ES256' }], /needs kty EC and crv P-256/],
      [[{ ...rs, n: undefined }], /is not a usable RS256 key/],
      [[{ ...es, x: 'AQAB' }], /is not a usable ES256 key/],
      [
        [{ ...rs, d: undefined, p: undefined, q: undefined, dp: undefined, dq: undefined, qi: undefined }],
        /no private part/,
      ],
      [[rs, { ...es, kid: rs.kid, key_ops: ['verify'] }], /two keys have the kid/],
    ];
    for (const [keys, message] of cases) {
      expect(() => registerSigningKeys(secret(), keys as SigningJwk[]), String(message)).toThrow(message);
    }
  });
});

describe('verification: the key a token’s kid chooses', async () => {
  const rs = await genSigningKey('RS256');
  const es = await genSigningKey('ES256', false);
  const s = secret();
  registerSigningKeys(s, [rs, es]);
  const rsPrivate = await privateKey(rs);
  const hmac = new TextEncoder().encode(s);
  const stranger = (await generateKeyPair('RS256')).privateKey;

  it('accepts RS256 and ES256 under their kids, and HS256 with the secret', async () => {
    expect((await verifyJwt(await signSessionJwt({ sub: 'a' }, s), s)).ok).toBe(true);
    expect((await verifyJwt(await sign({}, { alg: 'HS256' }, hmac), s)).ok).toBe(true);
  });

  it('finds no key for an unknown kid, a kid with another alg, alg none, or an asymmetric token without a kid', async () => {
    const noKey = [
      await sign({}, { alg: 'RS256', kid: randomUUID() }, stranger),
      await sign({}, { alg: 'RS256' }, rsPrivate),
      // The algorithm-confusion forgery: an HMAC keyed with the public key, under its kid.
      await sign({}, { alg: 'HS256', kid: rs.kid }, new TextEncoder().encode(JSON.stringify(jwks(s).keys[0]))),
      await sign({}, { alg: 'HS256', kid: rs.kid }, hmac),
      `${Buffer.from(JSON.stringify({ alg: 'none', kid: rs.kid })).toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`,
    ];
    for (const token of noKey) expect(refused(await verifyJwt(token, s)).failure).toBe('no_key');
  });

  it('tells a bad signature, an expired token and a malformed one apart', async () => {
    const forged = await sign({}, { alg: 'RS256', kid: rs.kid }, stranger);
    expect(refused(await verifyJwt(forged, s)).failure).toBe('bad_signature');
    const expired = await new SignJWT({ exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'RS256', kid: rs.kid })
      .sign(rsPrivate);
    expect(refused(await verifyJwt(expired, s)).failure).toBe('expired');
    expect(refused(await verifyJwt('abc', s))).toMatchObject({ failure: 'malformed', parts: 1 });
  });

  it('lets GoTrue, Realtime and the functions gateway check an HS256 token with a stray kid against the secret, not PostgREST', async () => {
    const token = await sign({}, { alg: 'HS256', kid: 'legacy-key-id' }, hmac);
    expect((await verifyJwt(token, s)).ok).toBe(true);
    expect(refused(await verifyJwt(token, s, { hsKidFallback: false })).failure).toBe('no_key');
  });

  it('words refusals as PostgREST 14 and GoTrue do', async () => {
    expect(postgrestJwtError('no_key', 3)).toEqual({
      code: 'PGRST301',
      message: 'No suitable key or wrong key type',
      details: 'No suitable key was found to decode the JWT',
    });
    expect(postgrestJwtError('bad_signature', 3).details).toBe('None of the keys was able to decode the JWT');
    expect(postgrestJwtError('malformed', 1).message).toBe('Expected 3 parts in JWT; got 1');
    expect(postgrestJwtError('expired', 3)).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null });

    const gotrue = async (token: string) => gotrueJwtError(refused(await verifyJwt(token, s)), s);
    const prefix = 'invalid JWT: unable to parse or verify signature, ';
    const kid = randomUUID();
    expect(await gotrue(await sign({}, { alg: 'RS256', kid }, stranger))).toBe(
      `${prefix}token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${kid} for algorithm RS256`,
    );
    expect(await gotrue(await sign({}, { alg: 'RS256', kid: rs.kid }, stranger))).toBe(
      `${prefix}token signature is invalid: crypto/rsa: verification error`,
    );
    expect(await gotrue(await sign({}, { alg: 'HS256', kid: rs.kid }, hmac))).toBe(
      `${prefix}token signature is invalid: key is of invalid type: HMAC verify expects []byte`,
    );
    expect(await gotrue(await sign({}, { alg: 'HS256' }, new TextEncoder().encode(secret())))).toBe(
      `${prefix}token signature is invalid: signature is invalid`,
    );
    expect(await gotrue('a.b')).toBe(`${prefix}token is malformed: token contains an invalid number of segments`);
  });

  it('gives Storage its own key choice: HS256 always with the secret, an asymmetric alg with the key of its kid', async () => {
    const { getKey, algorithms } = storageVerificationKey(s);
    expect(algorithms).toEqual(['HS256', 'RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512']);
    expect(getKey({ alg: 'HS256', kid: rs.kid })).toEqual(hmac);
    expect(getKey({ alg: 'RS256', kid: rs.kid })).not.toBeInstanceOf(Uint8Array);
    expect(getKey({ alg: 'ES256', kid: rs.kid })).toEqual(hmac);
  });
});

describe('auth features the local stack does not implement', () => {
  it('stop the stack at start-up when switched on, naming the setting', () => {
    for (const name of [
      'GOTRUE_PASSKEY_ENABLED',
      'GOTRUE_EXTERNAL_WEB3_SOLANA_ENABLED',
      'GOTRUE_SECURITY_MANUAL_LINKING_ENABLED',
      'GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED',
      'GOTRUE_MFA_PHONE_VERIFY_ENABLED',
      'GOTRUE_OAUTH_SERVER_ENABLED',
    ]) {
      expect(() => loadConfig({ [name]: 'true' }), name).toThrow(
        /switches on .*which the local stack does not implement/,
      );
    }
    expect(() => loadConfig({})).not.toThrow();
  });
});
