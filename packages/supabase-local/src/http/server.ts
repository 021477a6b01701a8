// The one HTTP server of the local stack, laid out as Supabase's gateway (Kong)
// lays it out: /rest/v1, /auth/v1, /storage/v1, /functions/v1 and /realtime/v1
// (its websocket is taken by the realtime service's upgrade()), with the same
// key mapping and CORS answers.
import http, { type IncomingMessage, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { StackConfig } from '../config.ts';
import type { Db } from '../db/core.ts';
import { applyClientAddress, resolveClientAddress, trustedProxies, type TrustedProxies } from './client-address.ts';

export interface StackRequest {
  method: string;
  /** The full URL as the client sent it. */
  url: URL;
  /** The path after the service prefix, e.g. "/customers" for /rest/v1/customers. */
  path: string;
  headers: IncomingHttpHeaders;
  /** Authorization after the gateway's apikey mapping ("Bearer <jwt>"), or undefined. */
  authorization: string | undefined;
  /**
   * The client's address as the gateway decided it (http/client-address.ts): the peer, or
   * what a trusted proxy in front of the stack saw. X-Forwarded-For and X-Real-IP in
   * `headers` have been rewritten to name it alone.
   */
  clientAddress: string;
  /**
   * The whole request body, buffered up to the service's BODY_LIMITS cap. Past
   * the cap the gateway answers 413 itself and this rejects with BodyTooLargeError.
   */
  body(): Promise<Buffer>;
  raw: IncomingMessage;
}

export interface Service {
  handle(req: StackRequest, res: ServerResponse): Promise<void>;
  /** Called once the migrations changed the database (schema cache reloads). */
  reload?(): Promise<void>;
  close?(): Promise<void>;
}

export interface StackContext {
  config: StackConfig;
  db: Db;
}

export const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Location',
  'Range-Unit',
  'Preference-Applied',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'Link',
  'x-sb-error-code',
  'Proxy-Status',
].join(', ');

export const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-supabase-api-version',
  'x-upsert',
  'x-metadata',
  'cache-control',
  'x-retry-count',
  'x-region',
  'traceparent',
  'tracestate',
  'baggage',
].join(', ');

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
    ...headers,
  });
  res.end(text);
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) {
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      (req.headers['access-control-request-headers'] as string | undefined) ?? ALLOWED_HEADERS,
    'Access-Control-Max-Age': '86400',
    'Content-Length': '0',
  });
  res.end();
}

/**
 * The gateway's Authorization rule (supabase/cli start.go, BearerToken): an
 * Authorization that is not an opaque sb_ key passes unchanged; otherwise the
 * apikey is mapped (publishable → anon JWT, secret → service_role JWT).
 */
export function gatewayAuthorization(headers: IncomingHttpHeaders, config: StackConfig): string | undefined {
  const auth = headers.authorization;
  if (auth && !/^Bearer sb_/i.test(auth)) return auth;
  const key = (headers.apikey as string | undefined) ?? auth?.replace(/^Bearer\s+/i, '');
  if (!key) return undefined;
  if (key === config.publishableKey) return `Bearer ${config.anonKey}`;
  if (key === config.secretKey) return `Bearer ${config.serviceRoleKey}`;
  return `Bearer ${key}`;
}

const MiB = 1024 * 1024;

/**
 * Request body caps, enforced while the body streams in. PostgREST and GoTrue
 * set none of their own (Supabase's gateway does), so these are this stack's
 * choices, far above anything supabase-js sends for JSON: REST 10 MiB, Auth
 * 1 MiB, Functions 20 MiB (an Edge Function request's payload), Storage's JSON
 * routes 10 MiB. Storage uploads are capped by the bucket's file_size_limit and
 * [storage] file_size_limit instead (storage/upload.ts).
 */
export const BODY_LIMITS: Record<keyof Services, number> = {
  rest: 10 * MiB,
  auth: 1 * MiB,
  functions: 20 * MiB,
  storage: 10 * MiB,
  realtime: 3 * MiB,
};

/** After refusing a body, at most this much more of it is read (and dropped) so the client reads the answer. */
export const DISCARD_LIMIT = 256 * MiB;

/** Each service's answer to an oversize body, in its own error shape. */
const TOO_LARGE: Record<keyof Services, (res: ServerResponse) => void> = {
  // What Supabase's gateway (Kong's request-size-limiting) answers; PostgREST has no error of its own for it.
  rest: (res) => sendJson(res, 413, { message: 'Request size limit exceeded' }),
  functions: (res) => sendJson(res, 413, { message: 'Request size limit exceeded' }),
  realtime: (res) => sendJson(res, 413, { message: 'Request size limit exceeded' }),
  // GoTrue's error shape ({code, error_code, msg} with x-sb-error-code).
  auth: (res) =>
    sendJson(
      res,
      413,
      { code: 413, error_code: 'request_entity_too_large', msg: 'Request Entity Too Large' },
      { 'x-sb-error-code': 'request_entity_too_large' },
    ),
  // Storage answers every error but 500s with HTTP 400 and the status in the body.
  storage: (res) =>
    sendJson(res, 400, {
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    }),
};

/** Thrown by body() once the gateway has answered 413: the service must not answer again. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  readonly answered = true;
  constructor() {
    super('Payload too large');
  }
}

/**
 * Reads what is left of a refused request body into the void (never buffered),
 * so the client gets to read the answer instead of a reset; past `limit` more
 * bytes the connection is closed.
 */
export function discardBody(req: IncomingMessage, limit = DISCARD_LIMIT): void {
  if (req.readableEnded || req.destroyed) return;
  let seen = 0;
  req.removeAllListeners('data');
  req.on('data', (c: Buffer) => {
    seen += c.length;
    if (seen > limit) req.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
}

/** The declared Content-Length, or undefined (chunked or absent). */
export function declaredLength(req: IncomingMessage): number | undefined {
  const v = req.headers['content-length'];
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function bodyReader(req: IncomingMessage, res: ServerResponse, name: keyof Services): () => Promise<Buffer> {
  let p: Promise<Buffer> | undefined;
  const max = BODY_LIMITS[name];
  const refuse = () => {
    if (!res.headersSent) TOO_LARGE[name](res);
    discardBody(req);
    return new BodyTooLargeError();
  };
  return () =>
    (p ??= new Promise<Buffer>((resolve, reject) => {
      const declared = declaredLength(req);
      if (declared !== undefined && declared > max) return reject(refuse());
      const chunks: Buffer[] = [];
      let size = 0;
      let refused = false;
      req.on('data', (c: Buffer) => {
        if (refused) return;
        size += c.length;
        if (size > max) {
          refused = true;
          chunks.length = 0;
          reject(refuse());
          return;
        }
        chunks.push(c);
      });
      req.on('end', () => {
        if (!refused) resolve(Buffer.concat(chunks));
      });
      req.on('error', (e) => {
        if (!refused) reject(e);
      });
    }));
}

export interface Services {
  rest?: Service;
  auth?: Service;
  storage?: Service;
  functions?: Service;
  realtime?: Service;
}

const PREFIXES: [string, keyof Services][] = [
  ['/rest/v1', 'rest'],
  ['/auth/v1', 'auth'],
  ['/storage/v1', 'storage'],
  ['/functions/v1', 'functions'],
  ['/realtime/v1', 'realtime'],
];

/**
 * Decides the client's address for an incoming request (or websocket upgrade) and
 * rewrites its forwarding headers to name it: what every service keys limits on.
 */
export function gatewayClientAddress(req: IncomingMessage, trusted: TrustedProxies): string {
  const address = resolveClientAddress(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for'], trusted);
  applyClientAddress(req.headers, address);
  return address;
}

export function createHttpServer(ctx: StackContext, services: Services): http.Server & { trusted: TrustedProxies } {
  const trusted = trustedProxies(ctx.config.gateway.trustedProxies);
  const server = http.createServer((req, res) => {
    void route(ctx, services, trusted, req, res);
  });
  // Idle keep-alive connections stay open a minute, as gateways in front of services commonly
  // keep them, not Node's 5 s: a client that reuses a pooled connection just as the server closes it
  // (its own timers late on a loaded machine) has its request fail as "fetch failed", and a
  // request with a body cannot be retried.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return Object.assign(server, { trusted });
}

async function route(
  ctx: StackContext,
  services: Services,
  trusted: TrustedProxies,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const clientAddress = gatewayClientAddress(req, trusted);
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `${ctx.config.host}:${ctx.config.apiPort}`}`);
    setCors(req, res);
    const match = PREFIXES.find(([p]) => url.pathname === p || url.pathname.startsWith(`${p}/`));
    if (!match) {
      if (req.method === 'OPTIONS') return answerPreflight(req, res);
      if (url.pathname === '/' || url.pathname === '/health') {
        return sendJson(res, 200, { status: 'ok', database: ctx.db.kind });
      }
      return sendJson(res, 404, { message: 'no Route matched with those values' });
    }
    const [prefix, name] = match;
    // A service config.toml turns off has no route at all, as behind the CLI's gateway.
    if (name === 'realtime' && !ctx.config.realtime.enabled) {
      return sendJson(res, 404, { message: 'no Route matched with those values' });
    }
    // Functions answer their own preflight, as on Supabase's edge runtime.
    if (req.method === 'OPTIONS' && name !== 'functions') return answerPreflight(req, res);
    const service = services[name];
    if (!service) return sendJson(res, 503, { message: `${name} is not running` });
    // A body announced larger than the service takes is refused before any of it is read.
    // Storage uploads have their own, per-bucket limit and are checked by Storage.
    const declared = declaredLength(req);
    if (name !== 'storage' && declared !== undefined && declared > BODY_LIMITS[name]) {
      TOO_LARGE[name](res);
      discardBody(req);
      return;
    }
    const stackReq: StackRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      url,
      path: url.pathname.slice(prefix.length) || '/',
      headers: req.headers,
      authorization: gatewayAuthorization(req.headers, ctx.config),
      clientAddress,
      body: bodyReader(req, res, name),
      raw: req,
    };
    await service.handle(stackReq, res);
  } catch (e) {
    if (e instanceof BodyTooLargeError) return;
    const status = (e as { status?: number }).status ?? 500;
    if (!res.headersSent) {
      sendJson(res, status, { message: status === 500 ? 'An internal error occurred' : (e as Error).message });
    } else {
      res.end();
    }
    if (status === 500) console.error('[stack]', e);
  }
}
