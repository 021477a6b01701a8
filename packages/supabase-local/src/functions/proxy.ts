// Requests to the edge runtime: the gateway's verify_jwt check, then the request
// streamed to the Deno process and its answer streamed back.
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { BODY_LIMITS, BodyTooLargeError, discardBody, sendJson, type StackRequest } from '../http/server.ts';
import { bearerToken, verifyJwt } from '../http/jwt.ts';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
function forwardHeaders(req: StackRequest): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || HOP_BY_HOP.has(k) || k === 'authorization') continue;
    out[k] = v;
  }
  if (req.authorization) out.authorization = req.authorization;
  return out;
}

function responseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  }
  return out;
}

/** The edge runtime's verify_jwt check; undefined when the request may pass. */
export async function jwtRefusal(req: StackRequest, secret: string): Promise<string | undefined> {
  if (!req.authorization) return 'Error: Missing authorization header';
  const token = bearerToken(req.authorization);
  if (!token) return "Error: Auth header is not 'Bearer {token}'";
  const result = await verifyJwt(token, secret);
  return result.ok ? undefined : 'Invalid JWT';
}

/**
 * Sends the request to the runtime on `port` and its answer back: the body streams
 * through, counted against the Functions cap (413 past it); 504 after `timeoutMs`; 502
 * when the runtime went away (after `runtime.settle`).
 */
export async function proxyToRuntime(
  req: StackRequest,
  res: ServerResponse,
  port: number,
  runtime: { checkHealth(port: number): void; settle(port: number): Promise<unknown> },
  timeoutMs: number,
): Promise<void> {
  await new Promise<void>((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = () => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve();
      }
    };
    const upstream = http.request({
      host: '127.0.0.1',
      port,
      method: req.method,
      path: `${req.path}${req.url.search}`,
      headers: forwardHeaders(req),
      agent: false,
    });
    const timer = setTimeout(() => {
      timedOut = true;
      upstream.destroy();
      if (!res.headersSent) sendJson(res, 504, { msg: 'Function timed out' });
      else res.destroy();
      finish();
      // A function stuck in a loop blocks the whole runtime: replace it.
      runtime.checkHealth(port);
    }, timeoutMs);
    upstream.on('response', (up) => {
      clearTimeout(timer);
      const headers = responseHeaders(up.headers);
      // The function's own CORS answer replaces the gateway's.
      if (Object.keys(headers).some((h) => h.startsWith('access-control-'))) {
        for (const h of [
          'Access-Control-Allow-Origin',
          'Access-Control-Allow-Credentials',
          'Access-Control-Expose-Headers',
        ]) {
          res.removeHeader(h);
        }
      }
      res.writeHead(up.statusCode ?? 502, up.statusMessage, headers);
      up.pipe(res);
      up.on('error', () => res.destroy());
      res.on('close', () => {
        if (!res.writableFinished) up.destroy();
        finish();
      });
    });
    upstream.on('error', () => {
      if (timedOut || settled) return;
      clearTimeout(timer);
      // The caller went away first: nothing to answer.
      if (res.destroyed) return finish();
      void runtime.settle(port).then(() => {
        if (!res.headersSent) sendJson(res, 502, { msg: 'Error: the function runtime exited unexpectedly' });
        else res.destroy();
        finish();
      });
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    // The body streams through to the function, counted: past the cap the
    // function's request is abandoned and the client gets 413 (and the rest
    // of its body is read into the void so it can read that answer).
    let received = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        received += chunk.length;
        if (received > BODY_LIMITS.functions) cb(new BodyTooLargeError());
        else cb(null, chunk);
      },
    });
    cap.on('error', () => {
      clearTimeout(timer);
      finish();
      upstream.destroy();
      if (!res.headersSent) sendJson(res, 413, { message: 'Request size limit exceeded' });
      discardBody(req.raw);
    });
    req.raw.pipe(cap).pipe(upstream);
  });
}
