// Tokens as Supabase Auth signs them, for the Deno tests of edge functions: the project's
// signing keys (ES256 and RS256, as `supabase gen signing-key` makes them) published by
// a fake JWKS route, and legacy HS256 tokens, which only Auth (a fake route here) can
// check, with a secret the functions never see.
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { type FakeRoute, reply } from './fake-fetch.ts';

type Alg = 'ES256' | 'RS256';

interface TestKey {
  kid: string;
  alg: Alg;
  privateKey: CryptoKey;
  /** The public JWK as /auth/v1/.well-known/jwks.json shows it. */
  jwk: JWK;
}

async function testKey(alg: Alg, kid: string): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, alg, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig', key_ops: ['verify'] } };
}

/** The project's keys: ES256 signs, the RS256 one is published too (as during a key rotation). */
export const PROJECT_KEYS = {
  es256: await testKey('ES256', 'b81269f1-21d8-4f2e-b719-c2240a840d90'),
  rs256: await testKey('RS256', '5e1f2a3b-0000-4000-8000-00000000a256'),
};

/** A key the project does not know: what a forger signs with. */
export const FOREIGN_KEYS = {
  es256: await testKey('ES256', 'f0f0f0f0-0000-4000-8000-0000000000f1'),
  rs256: await testKey('RS256', 'f0f0f0f0-0000-4000-8000-0000000000f2'),
};

/** The legacy JWT secret: Auth holds it, functions do not. */
export const LEGACY_SECRET = 'test-legacy-jwt-secret-with-at-least-32-characters';

/** The JWKS route of the fake Auth, publishing the project's public keys. */
export function jwksRoute(keys: TestKey[] = [PROJECT_KEYS.es256, PROJECT_KEYS.rs256]): Record<string, FakeRoute> {
  return { 'GET /auth/v1/.well-known/jwks.json': () => reply({ keys: keys.map((k) => k.jwk) }) };
}

export interface SignOptions {
  /** The key that signs (the project's ES256 key by default). */
  key?: TestKey;
  /** The kid in the header, when it should differ from the key's. */
  kid?: string;
  /** Seconds until exp; negative for an expired token. */
  expiresIn?: number;
}

/** A session token as Auth signs it with a signing key (alg, kid, typ in the header). */
export async function sessionToken(claims: Record<string, unknown>, opts: SignOptions = {}): Promise<string> {
  const key = opts.key ?? PROJECT_KEYS.es256;
  const now = Math.floor(Date.now() / 1000);
  return await new SignJWT({ aud: 'authenticated', iat: now, ...claims })
    .setProtectedHeader({ alg: key.alg, kid: opts.kid ?? key.kid, typ: 'JWT' })
    .setExpirationTime(now + (opts.expiresIn ?? 3600))
    .sign(key.privateKey);
}

/** A legacy token: HS256 with the project's JWT secret, as the legacy anon and service_role keys are. */
export async function legacyToken(claims: Record<string, unknown>, secret = LEGACY_SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return await new SignJWT({ iat: now, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(secret));
}

/** What the fake Auth decides of a bearer token: its claims when its signature is the project's, else null. */
export async function authAccepts(authorization: string | null): Promise<Record<string, unknown> | null> {
  const token = (authorization ?? '').replace(/^Bearer /, '');
  for (const key of [LEGACY_SECRET, PROJECT_KEYS.es256, PROJECT_KEYS.rs256]) {
    try {
      const verifyWith = typeof key === 'string' ? new TextEncoder().encode(key) : key.jwk;
      const { payload } = await jwtVerify(token, verifyWith);
      return payload as Record<string, unknown>;
    } catch {
      // try the next key
    }
  }
  return null;
}
