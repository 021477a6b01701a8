// JWTs as GoTrue signs them and PostgREST, Storage, Realtime and the functions gateway
// verify them. Two kinds are accepted everywhere, as under `supabase start` (its
// services get a JWKS holding the signing keys' public halves plus the JWT secret):
//   - HS256 with the project's JWT secret (the default anon and service_role keys,
//     tokens minted by tests and tools);
//   - asymmetric (ES256 or RS256) with a `kid` naming one of the signing keys
//     ([auth] signing_keys_path, or the Supabase CLI's default ES256 key), which is how
//     Auth signs user sessions and what /auth/v1/.well-known/jwks.json publishes.
// Every verifier is called with the project's JWT secret; the signing keys that go with
// that secret are registered once by the config loader (registerSigningKeys), so callers
// need no other argument.
import {
  SignJWT,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  errors as joseErrors,
  type JWK,
  type JWTPayload,
} from 'jose';

export type Claims = JWTPayload & Record<string, unknown>;

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid'; message: string };

/** A private JWK as `supabase gen signing-key` writes it. */
export interface SigningJwk extends JWK {
  kid: string;
  alg: string;
  key_ops?: string[];
  ext?: boolean;
}

type Key = Awaited<ReturnType<typeof importJWK>>;

interface KeySet {
  /** The key with key_ops "sign" (GoTrue's GetSigningJwk), or undefined: sessions are then HS256. */
  signing: SigningJwk | undefined;
  /** Public halves by kid. */
  publicJwks: Map<string, PublicJwk>;
  imported: Map<string, Promise<Key>>;
}

/** A public JWK as GoTrue's JWKS endpoint shows it (use "sig", key_ops ["verify"]). */
export type PublicJwk = Record<string, unknown> & { kid: string; alg: string; kty: string };

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

const keySets = new Map<string, KeySet>();

/** The public half of a private JWK, with GoTrue's `use` and `key_ops` (conf/jwk.go decodePublicKey). */
export function publicJwk(key: SigningJwk): PublicJwk {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(key)) if (!PRIVATE_MEMBERS.has(k)) out[k] = v;
  out.use = 'sig';
  out.key_ops = ['verify'];
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(out).sort()) sorted[k] = out[k];
  return sorted as PublicJwk;
}

/** Registers the asymmetric keys that go with a JWT secret (config.ts does this once per load). */
export function registerSigningKeys(secret: string, keys: readonly SigningJwk[]): void {
  for (const k of keys) {
    if (k.kty === 'oct') throw new Error('signing keys: a symmetric (oct) key cannot be a signing key here');
    if (!k.kid || !['ES256', 'RS256'].includes(k.alg)) {
      throw new Error(`signing keys: every key needs a kid and alg ES256 or RS256 (got ${k.alg ?? 'none'})`);
    }
  }
  const signers = keys.filter((k) => k.key_ops?.includes('sign'));
  if (signers.length > 1) throw new Error('multiple signing keys detected, only 1 signing key is supported');
  keySets.set(secret, {
    signing: signers[0],
    publicJwks: new Map(keys.map((k) => [k.kid, publicJwk(k)])),
    imported: new Map(),
  });
}

function keySet(secret: string): KeySet | undefined {
  return keySets.get(secret);
}

/** The JWKS Auth publishes for the keys registered with `secret` (never the secret itself). */
export function jwks(secret: string): { keys: PublicJwk[] } {
  return { keys: [...(keySet(secret)?.publicJwks.values() ?? [])] };
}

function importKey(set: KeySet, jwk: JWK & { kid: string; alg: string }, cacheKey: string): Promise<Key> {
  let p = set.imported.get(cacheKey);
  if (!p) {
    // WebCrypto takes the key material only: key_ops ["sign", "verify"] on a private key is refused.
    const { key_ops: _ops, use: _use, ext: _ext, ...material } = jwk as JWK & { ext?: boolean };
    p = importJWK(material, jwk.alg);
    set.imported.set(cacheKey, p);
  }
  return p;
}

const encoder = new TextEncoder();

/** HS256 with the secret (the legacy kind: API keys, tokens made by tools and tests). */
export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

/**
 * A session's access token as GoTrue signs it: with the signing key (header alg, kid, typ)
 * when one is registered for the secret, else HS256 with the secret.
 */
export async function signSessionJwt(claims: Claims, secret: string): Promise<string> {
  const set = keySet(secret);
  const key = set?.signing;
  if (!set || !key) return signJwt(claims, secret);
  const privateKey = await importKey(set, key, `private:${key.kid}`);
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' }).sign(privateKey);
}

/**
 * The key a token is checked with: the registered key its kid names (with that key's
 * algorithm), else the secret for HS256. Every service that verifies tokens uses it, each
 * with its own rules (PostgREST's clock skew, Storage's none).
 */
export async function verificationKey(
  token: string,
  secret: string,
): Promise<{ key: Key | Uint8Array; algorithms: string[] }> {
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    kid = undefined;
  }
  const set = keySet(secret);
  const pub = typeof kid === 'string' ? set?.publicJwks.get(kid) : undefined;
  if (set && pub) {
    return { key: await importKey(set, pub as JWK & { kid: string; alg: string }, `public:${pub.kid}`), algorithms: [pub.alg] };
  }
  return { key: encoder.encode(secret), algorithms: ['HS256'] };
}

/**
 * Verifies signature and exp/nbf/iat with PostgREST's 30 s clock skew: a token whose
 * kid names a registered key with that key, an HS256 one with the secret.
 */
export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  try {
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      return { ok: false, reason: 'invalid', message: 'Expected 3 parts in JWT; got 1' };
    }
    const set = keySet(secret);
    const pub = typeof header.kid === 'string' ? set?.publicJwks.get(header.kid) : undefined;
    if (set && pub) {
      const key = await importKey(set, pub as JWK & { kid: string; alg: string }, `public:${pub.kid}`);
      const { payload } = await jwtVerify(token, key, { algorithms: [pub.alg], clockTolerance: 30 });
      return { ok: true, claims: payload as Claims };
    }
    if (header.alg !== 'HS256') {
      return { ok: false, reason: 'invalid', message: 'No suitable key or wrong key type' };
    }
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'], clockTolerance: 30 });
    return { ok: true, claims: payload as Claims };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    return { ok: false, reason: 'invalid', message: jwtErrorMessage(e) };
  }
}

function jwtErrorMessage(e: unknown): string {
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) return 'JWSError JWSInvalidSignature';
  if (e instanceof joseErrors.JWSInvalid || e instanceof joseErrors.JWTInvalid) return 'Expected 3 parts in JWT; got 1';
  return 'JWSError JWSInvalidSignature';
}

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return m?.[1]?.trim();
}
