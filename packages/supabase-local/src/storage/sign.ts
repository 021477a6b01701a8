// JWTs as Storage checks them: bearer tokens and signed-URL tokens are verified
// with jose, with the keys Storage would choose (http/jwt.ts storageVerificationKey: the
// signing key a session's kid names, HS256 with the project secret; no clock
// tolerance), and a refusal carries jose's own message ("Invalid Compact JWS", "\"exp\" claim timestamp
// check failed", "signature verification failed"), as Storage shows it.
// Signed-URL tokens are HS256 JWTs {url: "<bucket>/<key>", scope, iat, exp},
// bound to one object and one action (download or upload).
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { storageVerificationKey } from '../http/jwt.ts';
import { errors } from './errors.ts';

const encoder = new TextEncoder();

/** A token Storage's jose verification refuses; the message is jose's. */
export class JwtRefused extends Error {}

/** Verifies a JWT as Storage's verifyJWT does, with the keys Auth signs sessions with. */
export async function verifyStorageJwt(token: string, secret: string): Promise<JWTPayload> {
  try {
    // A session signed with one of the project's signing keys (ES256/RS256), or HS256 with the secret.
    const { getKey, algorithms } = storageVerificationKey(secret);
    return (await jwtVerify(token, getKey, { algorithms })).payload;
  } catch (e) {
    throw new JwtRefused(e instanceof Error ? e.message : String(e));
  }
}

async function signToken(claims: Record<string, unknown>, expiresIn: number, secret: string): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(encoder.encode(secret));
}

/** What a signed download URL may carry besides its object: the image transformations it renders with. */
export interface SignedTransform {
  transformations: string;
  format: string;
}

/**
 * A signed download URL (Storage's signObjectUrl): `/object/sign/...`, or
 * `/render/image/sign/...` when it carries transformations.
 */
export async function signObjectUrl(
  bucket: string,
  key: string,
  expiresIn: number,
  secret: string,
  transform?: SignedTransform,
): Promise<string> {
  // Empty values are dropped, as Storage drops them before signing.
  const extra: Record<string, string> = {};
  if (transform?.transformations) extra.transformations = transform.transformations;
  if (transform?.format) extra.format = transform.format;
  const token = await signToken({ ...extra, url: `${bucket}/${key}`, scope: 'download' }, expiresIn, secret);
  const route = extra.transformations ? 'render/image' : 'object';
  return `/${route}/sign/${bucket}/${key}?token=${token}`;
}

export interface DownloadToken {
  url: string;
  transformations?: string;
  exp: number;
}

type Scope = 'download' | 'upload';

/** Storage's isUploadScopedToken / isDownloadScopedToken (tokens from before scopes count by their claims). */
function hasScope(payload: JWTPayload, scope: Scope): boolean {
  if (scope === 'upload') return payload.scope === 'upload' || (payload.scope === undefined && 'upsert' in payload);
  return payload.scope === 'download' || (payload.scope === undefined && !('upsert' in payload));
}

/** Storage's verifyObjectSignature: signature, scope, then the object the token names. */
async function verifyObjectSignature(
  token: string,
  bucket: string,
  key: string,
  secret: string,
  scope: Scope,
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    payload = await verifyStorageJwt(token, secret);
  } catch (e) {
    throw errors.invalidJwt((e as Error).message);
  }
  if (!hasScope(payload, scope)) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== `${bucket}/${key}`) throw errors.invalidSignature();
  return payload;
}

export async function verifyDownloadToken(
  token: string,
  bucket: string,
  key: string,
  secret: string,
): Promise<DownloadToken> {
  const payload = await verifyObjectSignature(token, bucket, key, secret, 'download');
  return {
    url: String(payload.url),
    transformations: typeof payload.transformations === 'string' ? payload.transformations : undefined,
    exp: Number(payload.exp),
  };
}

/** Upload URLs live two hours, as Storage's default uploadSignedUrlExpirationTime. */
const UPLOAD_URL_EXPIRY_SECONDS = 7200;

export async function signUploadUrl(
  bucket: string,
  key: string,
  owner: string | null,
  upsert: boolean,
  secret: string,
): Promise<{ url: string; token: string }> {
  const token = await signToken(
    { ...(owner ? { owner } : {}), url: `${bucket}/${key}`, upsert, scope: 'upload' },
    UPLOAD_URL_EXPIRY_SECONDS,
    secret,
  );
  return { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token };
}

/** Verifies an upload token for exactly this object; answers its owner and upsert flag. */
export async function verifyUploadToken(
  token: string,
  bucket: string,
  key: string,
  secret: string,
): Promise<{ owner: string | null; upsert: boolean }> {
  const payload = await verifyObjectSignature(token, bucket, key, secret, 'upload');
  return { owner: typeof payload.owner === 'string' ? payload.owner : null, upsert: payload.upsert === true };
}
