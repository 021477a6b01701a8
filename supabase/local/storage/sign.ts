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
export async function verifyObjectToken(token: string | null, bucket: string, key: string, secret: string): Promise<void> {
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
  if (url !== `${bucket}/${key}` || (scope !== undefined && scope !== 'download')) {
    throw errors.invalidSignature();
  }
}
