// Request helpers for edge functions: bad input answers 4xx with `{ error }`,
// anything unexpected 500 with a message that leaks no internals.
import type { z } from 'zod';
import { json, preflight } from './cors.ts';

/** An error that becomes a response with this status and `{ error: message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The request body as JSON; a missing or malformed body is a 400. */
export async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (!text.trim()) throw new HttpError(400, 'Request body must be JSON');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
}

/** The request body validated by `schema`; a body that does not match is a 400 naming the first problem. */
export async function parseBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const result = schema.safeParse(await readJson(req));
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new HttpError(400, `${where}${issue?.message ?? 'Invalid request body'}`);
  }
  return result.data;
}

/** The response for an error thrown by a handler. */
export function errorResponse(e: unknown): Response {
  if (e instanceof HttpError) return json({ error: e.message }, e.status);
  console.error(e);
  return json({ error: 'Internal server error' }, 500);
}

/**
 * A function that takes POST requests: answers the CORS preflight, refuses other
 * methods with 405, and turns what `handle` throws into its error response.
 */
export function postHandler(handle: (req: Request) => Promise<Response>): (req: Request) => Promise<Response> {
  return async (req) => {
    const early = preflight(req);
    if (early) return early;
    try {
      if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed');
      return await handle(req);
    } catch (e) {
      return errorResponse(e);
    }
  };
}
