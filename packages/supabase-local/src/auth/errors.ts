// GoTrue's error answers (supabase/auth internal/api/errors.go): with API
// version 2024-01-01 or later the body is {code, message}; older clients get
// {code: <status>, error_code, msg}. Both carry the x-sb-error-code header.
import type { ServerResponse } from 'node:http';
import type { StackRequest } from '../http/server.ts';

export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);

export function weakPassword(min: number): AuthError {
  return new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
    weak_password: { reasons: ['length'] },
  });
}

export const invalidEmail = () => badRequest('validation_failed', 'Unable to validate email address: invalid format');

/** Whether the caller speaks the 2024-01-01 error format (auth-js sends the header). */
export function usesNewErrors(req: StackRequest): boolean {
  const v = req.headers['x-supabase-api-version'];
  const value = Array.isArray(v) ? v[0] : v;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return value >= API_VERSION;
}

export function sendAuthJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'X-Supabase-Api-Version': API_VERSION,
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...headers,
  });
  res.end(text);
}

export function sendAuthError(req: StackRequest, res: ServerResponse, e: AuthError): void {
  const body = usesNewErrors(req)
    ? { code: e.code, message: e.message, ...e.extra }
    : { code: e.status, error_code: e.code, msg: e.message, ...e.extra };
  sendAuthJson(res, e.status, body, { 'x-sb-error-code': e.code });
}
