// Signed URL tokens: HS256 JWTs with {url: "<bucket>/<key>", scope, iat, exp},
// checked without clock tolerance, as Storage's signObjectUrl / getSignedObject do.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { errors } from './errors.ts';

const encoder = new TextEncoder();

export async function signObjectUrl(bucket: string, key: string, expiresIn: number, secret: string): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ url: `${bucket}/${key}`, scope: 'download' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(encoder.encode(secret));
  return `/object/sign/${bucket}/${key}?token=${token}`;
}

/** The message jsonwebtoken gives for a failed verification (what Storage shows). */
export function jwtFailureMessage(e: unknown): string {
  if (e instanceof joseErrors.JWTExpired) return 'jwt expired';
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) return 'invalid signature';
  if (e instanceof joseErrors.JWTClaimValidationFailed) return `jwt ${e.claim} invalid`;
  return 'jwt malformed';
}

/** Verifies a signed URL token for exactly this object; throws Storage's errors. */
export async function verifyObjectToken(
  token: string | null,
  bucket: string,
  key: string,
  secret: string,
): Promise<void> {
  if (!token) throw errors.invalidSignature('Missing token');
  let url: unknown;
  let scope: unknown;
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    url = payload.url;
    scope = payload.scope;
  } catch (e) {
    throw errors.invalidJwt(jwtFailureMessage(e));
  }
  if (url !== `${bucket}/${key}` || scope !== 'download') {
    throw errors.invalidSignature();
  }
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
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ url: `${bucket}/${key}`, upsert, ...(owner ? { owner } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + UPLOAD_URL_EXPIRY_SECONDS)
    .sign(encoder.encode(secret));
  return { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token };
}

/** Verifies an upload token for exactly this object; answers its owner and upsert flag. */
export async function verifyUploadToken(
  token: string | null,
  bucket: string,
  key: string,
  secret: string,
): Promise<{ owner: string | null; upsert: boolean }> {
  if (!token) throw errors.invalidSignature('Missing token');
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] })).payload;
  } catch (e) {
    throw errors.invalidJwt(jwtFailureMessage(e));
  }
  if (payload.url !== `${bucket}/${key}` || payload.scope !== undefined) throw errors.invalidSignature();
  return { owner: typeof payload.owner === 'string' ? payload.owner : null, upsert: payload.upsert === true };
}
