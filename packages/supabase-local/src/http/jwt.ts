// JWTs as GoTrue signs them and PostgREST, Storage, Realtime and the functions gateway
// verify them. Two kinds are accepted everywhere, as on a hosted project whose legacy
// JWT secret is still trusted and under `supabase start`:
//   - HS256 with the project's JWT secret (the default anon and service_role keys,
//     tokens minted by tests and tools);
//   - asymmetric (ES256 or RS256) with a `kid` naming one of the signing keys
//     ([auth] signing_keys_path, or the Supabase CLI's default ES256 key), which is how
//     Auth signs user sessions and what /auth/v1/.well-known/jwks.json publishes.
// A token's kid chooses its key and the key's algorithm is the only one it may use: a
// token with alg "none" or HS256 under the kid of an asymmetric key (an HMAC "signed"
// with the public key, the algorithm-confusion attack) finds no key, and so does an
// asymmetric token whose kid names no key. Every verifier is called with the project's
// JWT secret; the signing keys that go with that secret are registered once by the
// config loader (registerSigningKeys), so callers need no other argument.
//
// verifyJwt answers why a token was refused (JwtFailure); each service words it as it
// does (PostgREST's PGRST301, GoTrue's golang-jwt messages, Realtime's, the edge
// runtime's "Invalid JWT"). Storage resolves keys its own way (storageVerificationKey).
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import {
  SignJWT,
  decodeProtectedHeader,
  jwtVerify,
  errors as joseErrors,
  type JWK,
  type JWTHeaderParameters,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose';

export type Claims = JWTPayload & Record<string, unknown>;

/**
 * Why a token was refused:
 *   malformed      not three dot-separated parts, or a header or payload that is not JSON;
 *   no_key         no key for its kid and alg: a kid that names no key, an alg that is not
 *                  the named key's (none, or HS256 under an asymmetric kid), an asymmetric
 *                  alg without a kid, or an alg that is none of HS256, ES256, RS256;
 *   bad_signature  a key was found and the signature does not match it;
 *   expired        exp has passed (30 s of clock skew, as PostgREST allows);
 *   not_yet_valid  nbf is still ahead.
 */
export type JwtFailure = 'malformed' | 'no_key' | 'bad_signature' | 'expired' | 'not_yet_valid';

export type VerifyResult =
  | { ok: true; claims: Claims; header: ProtectedHeaderParameters }
  | {
      ok: false;
      /** 'expired' or 'invalid' (everything else), for the callers that tell only those apart. */
      reason: 'expired' | 'invalid';
      failure: JwtFailure;
      /** PostgREST's message for the failure (see postgrestJwtError). */
      message: string;
      /** The header, when it could be read. */
      header?: ProtectedHeaderParameters;
      /** How many dot-separated parts the token has. */
      parts: number;
    };

/** A private JWK as `supabase gen signing-key` writes it (a public one may verify only). */
export interface SigningJwk extends JWK {
  kid: string;
  alg: string;
  key_ops?: string[];
  ext?: boolean;
}

/** A public JWK as GoTrue's JWKS endpoint shows it (use "sig", key_ops ["verify"]). */
export type PublicJwk = Record<string, unknown> & { kid: string; alg: string; kty: string };

interface RegisteredKey {
  jwk: SigningJwk;
  publicJwk: PublicJwk;
  publicKey: KeyObject;
}

interface KeySet {
  /** The key with key_ops "sign" (GoTrue's GetSigningJwk) and its private half. */
  signing: { key: RegisteredKey; privateKey: KeyObject } | undefined;
  /** Every key by kid, the signing key included: all of them verify. */
  byKid: Map<string, RegisteredKey>;
}

/** Algorithms of the signing keys: GoTrue's choice by the JWK's alg, and the key type it needs. */
const KEY_TYPES: Record<string, { kty: string; crv?: string }> = {
  ES256: { kty: 'EC', crv: 'P-256' },
  RS256: { kty: 'RSA' },
};

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

/** The key material alone: Node refuses JWK members it does not use for some key types. */
function material(jwk: JWK): JWK {
  const { key_ops: _ops, use: _use, ext: _ext, alg: _alg, kid: _kid, ...rest } = jwk as JWK & { ext?: boolean };
  return rest;
}

/**
 * Registers the asymmetric keys that go with a JWT secret (config.ts does this once per
 * load). Checks them as GoTrue does when it starts (conf/jwk.go Validate, GetSigningJwk):
 * each key must be usable, and exactly one has key_ops "sign". A key without its private
 * half may be in the set to verify older tokens, never to sign.
 */
export function registerSigningKeys(secret: string, keys: readonly SigningJwk[]): void {
  const byKid = new Map<string, RegisteredKey>();
  let signing: KeySet['signing'];
  const signers = keys.filter((k) => Array.isArray(k?.key_ops) && k.key_ops.includes('sign'));
  if (signers.length === 0)
    throw new Error('signing keys: no signing key detected (one key needs key_ops ["sign", ...])');
  if (signers.length > 1)
    throw new Error('signing keys: multiple signing keys detected, only 1 signing key is supported');
  for (const k of keys) {
    if (!k || typeof k !== 'object') throw new Error('signing keys: every entry must be a JWK object');
    if (k.kty === 'oct') throw new Error('signing keys: a symmetric (oct) key cannot be a signing key here');
    if (typeof k.kid !== 'string' || !k.kid) throw new Error('signing keys: every key needs a kid');
    const type = KEY_TYPES[k.alg];
    if (!type) throw new Error(`signing keys: key ${k.kid} has alg ${k.alg ?? 'none'}; use ES256 or RS256`);
    if (k.kty !== type.kty || (type.crv && k.crv !== type.crv)) {
      throw new Error(
        `signing keys: key ${k.kid} (${k.alg}) needs kty ${type.kty}${type.crv ? ` and crv ${type.crv}` : ''}`,
      );
    }
    if (byKid.has(k.kid)) throw new Error(`signing keys: two keys have the kid ${k.kid}`);
    let publicKey: KeyObject;
    let privateKey: KeyObject | undefined;
    try {
      if (k.d !== undefined) {
        privateKey = createPrivateKey({ key: material(k) as never, format: 'jwk' });
        publicKey = createPublicKey(privateKey);
      } else {
        publicKey = createPublicKey({ key: material(k) as never, format: 'jwk' });
      }
    } catch (e) {
      throw new Error(`signing keys: key ${k.kid} is not a usable ${k.alg} key: ${(e as Error).message}`);
    }
    const registered = { jwk: k, publicJwk: publicJwk(k), publicKey };
    byKid.set(k.kid, registered);
    if (k === signers[0]) {
      if (!privateKey) throw new Error(`signing keys: the signing key ${k.kid} has no private part ("d")`);
      signing = { key: registered, privateKey };
    }
  }
  keySets.set(secret, { signing, byKid });
}

function keySet(secret: string): KeySet | undefined {
  return keySets.get(secret);
}

/** The JWKS Auth publishes for the keys registered with `secret` (never the secret itself). */
export function jwks(secret: string): { keys: PublicJwk[] } {
  return { keys: [...(keySet(secret)?.byKid.values() ?? [])].map((k) => k.publicJwk) };
}

/** The kid and algorithm sessions are signed with, or undefined when they are HS256. */
export function signingKeyId(secret: string): { kid: string; alg: string } | undefined {
  const key = keySet(secret)?.signing?.key.jwk;
  return key ? { kid: key.kid, alg: key.alg } : undefined;
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
  const signing = keySet(secret)?.signing;
  if (!signing) return signJwt(claims, secret);
  const { alg, kid } = signing.key.jwk;
  return new SignJWT(claims).setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(signing.privateKey);
}

/** The key a token's header names, or undefined (see JwtFailure no_key). */
function keyFor(
  header: ProtectedHeaderParameters,
  secret: string,
  hsKidFallback: boolean,
): { key: KeyObject | Uint8Array; alg: string } | undefined {
  const registered = typeof header.kid === 'string' ? keySet(secret)?.byKid.get(header.kid) : undefined;
  if (registered) return header.alg === registered.jwk.alg ? { key: registered.publicKey, alg: header.alg } : undefined;
  if (header.alg !== 'HS256') return undefined;
  if (header.kid !== undefined && !hsKidFallback) return undefined;
  return { key: encoder.encode(secret), alg: 'HS256' };
}

export interface VerifyOptions {
  /**
   * Whether an HS256 token whose kid names no registered key is checked with the secret:
   * yes for GoTrue, Realtime and the edge runtime (they fall back to the secret), no for
   * PostgREST, whose JWKS holds the secret without a kid, so a kid matches no key.
   */
  hsKidFallback?: boolean;
}

/** Verifies signature and exp/nbf with PostgREST's 30 s clock skew. */
export async function verifyJwt(token: string, secret: string, opts: VerifyOptions = {}): Promise<VerifyResult> {
  const parts = token.split('.').length;
  const fail = (failure: JwtFailure, header?: ProtectedHeaderParameters): VerifyResult => ({
    ok: false,
    reason: failure === 'expired' ? 'expired' : 'invalid',
    failure,
    message: postgrestJwtError(failure, parts).message,
    header,
    parts,
  });
  if (parts !== 3) return fail('malformed');
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return fail('malformed');
  }
  const found = keyFor(header, secret, opts.hsKidFallback ?? true);
  if (!found) return fail('no_key', header);
  try {
    const { payload } = await jwtVerify(token, found.key, { algorithms: [found.alg], clockTolerance: 30 });
    return { ok: true, claims: payload as Claims, header };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) return fail('expired', header);
    if (e instanceof joseErrors.JWTClaimValidationFailed && e.claim === 'nbf') return fail('not_yet_valid', header);
    if (e instanceof joseErrors.JWSSignatureVerificationFailed) return fail('bad_signature', header);
    if (e instanceof joseErrors.JWSInvalid || e instanceof joseErrors.JWTInvalid) return fail('malformed', header);
    return fail('bad_signature', header);
  }
}

/**
 * PostgREST 14's error for a refused token (src/PostgREST/Error.hs JwtDecodeErr and
 * JwtClaimsErr, with the jose-jwt details hosted projects answer): 401 PGRST301, or
 * PGRST303 for claims.
 */
export function postgrestJwtError(
  failure: JwtFailure,
  parts: number,
): { code: 'PGRST301' | 'PGRST303'; message: string; details: string | null } {
  switch (failure) {
    case 'malformed':
      return parts === 3
        ? { code: 'PGRST301', message: "JWT couldn't be decoded", details: null }
        : { code: 'PGRST301', message: `Expected 3 parts in JWT; got ${parts}`, details: null };
    case 'no_key':
      return {
        code: 'PGRST301',
        message: 'No suitable key or wrong key type',
        details: 'No suitable key was found to decode the JWT',
      };
    case 'bad_signature':
      return {
        code: 'PGRST301',
        message: 'No suitable key or wrong key type',
        details: 'None of the keys was able to decode the JWT',
      };
    case 'expired':
      return { code: 'PGRST303', message: 'JWT expired', details: null };
    case 'not_yet_valid':
      return { code: 'PGRST303', message: 'JWT not yet valid', details: null };
  }
}

/** What golang-jwt's verifier says of a key of the wrong type for the token's alg. */
const WRONG_KEY_TYPE: Record<string, string> = {
  HS256: 'key is of invalid type: HMAC verify expects []byte',
  RS256: 'key is of invalid type: RSA verify expects *rsa.PublicKey',
  ES256: 'key is of invalid type: ECDSA verify expects *ecdsa.PublicKey',
};

/** What golang-jwt's verifier says of a signature that does not match. */
const BAD_SIGNATURE: Record<string, string> = {
  HS256: 'signature is invalid',
  RS256: 'crypto/rsa: verification error',
  ES256: 'crypto/ecdsa: verification error',
};

/**
 * GoTrue's 403 bad_jwt message for a refused token (api/auth.go parseJWTClaims, with the
 * CLI's GOTRUE_JWT_VALID_METHODS=HS256,RS256,ES256 and golang-jwt v5's errors).
 */
export function gotrueJwtError(result: Extract<VerifyResult, { ok: false }>, secret: string): string {
  const why = (() => {
    const { header } = result;
    switch (result.failure) {
      case 'malformed':
        return result.parts === 3
          ? 'token is malformed: could not JSON decode header'
          : 'token is malformed: token contains an invalid number of segments';
      case 'expired':
        return 'token has invalid claims: token is expired';
      case 'not_yet_valid':
        return 'token has invalid claims: token is not valid yet';
      case 'bad_signature':
        return `token signature is invalid: ${BAD_SIGNATURE[String(header?.alg)] ?? 'signature is invalid'}`;
      case 'no_key': {
        const alg = String(header?.alg);
        if (!['HS256', 'RS256', 'ES256'].includes(alg))
          return `token signature is invalid: signing method ${alg} is invalid`;
        const named = typeof header?.kid === 'string' ? keySet(secret)?.byKid.get(header.kid) : undefined;
        if (named) return `token signature is invalid: ${WRONG_KEY_TYPE[alg]}`;
        const kid = typeof header?.kid === 'string' ? header.kid : '<nil>';
        return `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${kid} for algorithm ${alg}`;
      }
    }
  })();
  return `invalid JWT: unable to parse or verify signature, ${why}`;
}

const STORAGE_ASYMMETRIC: Record<string, { kty: string; algs: string[] }> = {
  RS: { kty: 'RSA', algs: ['RS256', 'RS384', 'RS512'] },
  ES: { kty: 'EC', algs: ['ES256', 'ES384', 'ES512'] },
};

/**
 * The key and algorithms Storage checks a token with (src/internal/auth/jwt.ts
 * findJWKFromHeader, getJWTAlgorithms): HS256 and the algorithm families of the keys it
 * was given; an HMAC token is checked with the secret whatever its kid, an asymmetric one
 * with the key of its kid and type, and with the secret when there is none (which jose
 * then refuses with its own message).
 */
export function storageVerificationKey(secret: string): {
  getKey: (header: JWTHeaderParameters) => KeyObject | Uint8Array;
  algorithms: string[];
} {
  const keys = [...(keySet(secret)?.byKid.values() ?? [])];
  const algorithms = ['HS256'];
  for (const family of Object.values(STORAGE_ASYMMETRIC)) {
    if (keys.some((k) => k.jwk.kty === family.kty)) algorithms.push(...family.algs);
  }
  const getKey = (header: JWTHeaderParameters) => {
    const family = STORAGE_ASYMMETRIC[String(header.alg).slice(0, 2)];
    const key = family && keys.find((k) => k.jwk.kty === family.kty && k.jwk.kid === header.kid);
    return key ? key.publicKey : encoder.encode(secret);
  };
  return { getKey, algorithms };
}

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return m?.[1]?.trim();
}
