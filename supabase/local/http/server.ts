// The one HTTP server of the local stack, laid out as Supabase's gateway (Kong)
// lays it out: /rest/v1, /auth/v1, /storage/v1 and /functions/v1, with the same
// key mapping and CORS answers.
import http, { type IncomingMessage, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { StackConfig } from '../config.ts';
import type { Db } from '../db/index.ts';

export interface StackRequest {
  method: string;
  /** The full URL as the client sent it. */
  url: URL;
  /** The path after the service prefix, e.g. "/customers" for /rest/v1/customers. */
  path: string;
  headers: IncomingHttpHeaders;
  /** Authorization after the gateway's apikey mapping ("Bearer <jwt>"), or undefined. */
  authorization: string | undefined;
  /** The whole request body (buffered; bodies are bounded by maxBodyBytes). */
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

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
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
    'Access-Control-Allow-Headers': (req.headers['access-control-request-headers'] as string | undefined) ?? ALLOWED_HEADERS,
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

export const MAX_BODY_BYTES = 64 * 1024 * 1024;

function bodyReader(req: IncomingMessage): () => Promise<Buffer> {
  let p: Promise<Buffer> | undefined;
  return () =>
    (p ??= new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY_BYTES) {
          reject(Object.assign(new Error('Payload too large'), { status: 413 }));
          req.destroy();
          return;
        }
        chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    }));
}

export interface Services {
  rest?: Service;
  auth?: Service;
  storage?: Service;
  functions?: Service;
}

const PREFIXES: [string, keyof Services][] = [
  ['/rest/v1', 'rest'],
  ['/auth/v1', 'auth'],
  ['/storage/v1', 'storage'],
  ['/functions/v1', 'functions'],
];

export function createHttpServer(ctx: StackContext, services: Services): http.Server {
  return http.createServer((req, res) => {
    void route(ctx, services, req, res);
  });
}

async function route(ctx: StackContext, services: Services, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
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
    // Functions answer their own preflight, as on Supabase's edge runtime.
    if (req.method === 'OPTIONS' && name !== 'functions') return answerPreflight(req, res);
    const service = services[name];
    if (!service) return sendJson(res, 503, { message: `${name} is not running` });
    const stackReq: StackRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      url,
      path: url.pathname.slice(prefix.length) || '/',
      headers: req.headers,
      authorization: gatewayAuthorization(req.headers, ctx.config),
      body: bodyReader(req),
      raw: req,
    };
    await service.handle(stackReq, res);
  } catch (e) {
    const status = (e as { status?: number }).status ?? 500;
    if (!res.headersSent) {
      sendJson(res, status, { message: status === 500 ? 'An internal error occurred' : (e as Error).message });
    } else {
      res.end();
    }
    if (status === 500) console.error('[stack]', e);
  }
}
