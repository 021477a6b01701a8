// HS256 JWTs with the project's secret, as GoTrue signs and PostgREST verifies them.
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';

export type Claims = JWTPayload & Record<string, unknown>;

export type VerifyResult =
  | { ok: true; claims: Claims }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

const encoder = new TextEncoder();

export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

/** Verifies signature and exp/nbf/iat with PostgREST's 30 s clock skew. */
export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  try {
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
