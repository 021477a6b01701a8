// PostgREST's error bodies and statuses (src/PostgREST/Error.hs):
// {code, message, details, hint}, Proxy-Status, WWW-Authenticate on 401.
import type { ServerResponse } from 'node:http';
import { isPgError } from '../db/core.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): { code: string; message: string; details: unknown; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** HTTP status for a SQLSTATE, as pgErrorStatus maps it. */
export function pgStatus(code: string, message: string, isAnon: boolean): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return isAnon ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return /^role .* does not exist$/.test(message) ? 401 : 400;
  if (code === 'P0001') return 400;
  if (code === '42P17') return 500;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53' || code === '57P01') return 503;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  return 400;
}

/** Any thrown value → the error PostgREST would answer with. */
export function toApiError(e: unknown, isAnon: boolean): ApiError {
  if (e instanceof ApiError) return e;
  if (isPgError(e) && e.code) {
    const status = pgStatus(e.code, e.message, isAnon);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new ApiError(status, e.code, e.message, e.detail ?? null, e.hint ?? null, headers);
  }
  console.error('[rest]', e);
  return new ApiError(500, 'PGRST000', 'An internal error occurred', null, null);
}

export function sendError(res: ServerResponse, err: ApiError): void {
  const text = JSON.stringify(err.body());
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Proxy-Status': `PostgREST; error=${err.code}`,
    ...err.headers,
  };
  if (err.status === 401 && !headers['WWW-Authenticate']) headers['WWW-Authenticate'] = 'Bearer';
  res.writeHead(err.status, headers);
  res.end(text);
}

export const notFoundTable = (schema: string, table: string, suggestion?: string) =>
  new ApiError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${table}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  );

export const notFoundColumn = (column: string, table: string) =>
  new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`, null, null);
