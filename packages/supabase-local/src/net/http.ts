// One request of pg_net's worker, sent as its libcurl handle sends it
// (supabase/pg_net src/core.c: init_curl_handle, insert_response; errors.c):
// the queued headers plus "User-Agent: pg_net/<version>", redirects followed,
// a timeout over the whole transfer, and the response as pg_net stores it:
// status, the headers of the first response (pg_net asks curl for request 0),
// the Content-Type of the last, the body as text (null when empty), or on failure
// curl's error text, with pg_net's detailed message for a timeout.
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';

export const PG_NET_VERSION = '0.20.4';

export interface NetRequest {
  method: string;
  url: string;
  /** "Name: value" lines, as pg_net reads them from the queue's headers. */
  headers: string[];
  body: Buffer | null;
  timeoutMs: number;
}

export interface NetResponse {
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
}

/** libcurl's texts (curl_easy_strerror) for the failures a request can meet. */
const CURL = {
  unsupportedProtocol: 'Unsupported protocol',
  malformedUrl: 'URL using bad/illegal format or missing URL',
  couldNotResolve: 'Could not resolve hostname',
  couldNotConnect: 'Could not connect to server',
  weirdReply: 'Weird server reply',
  gotNothing: 'Server returned nothing (no headers, no data)',
  partialFile: 'Transferred a partial file',
  recvError: 'Failure when receiving data from the peer',
  sslConnect: 'SSL connect error',
  peerVerification: 'SSL peer certificate or SSH remote key was not OK',
  tooManyRedirects: 'Number of redirects hit maximum amount',
} as const;

/** libcurl's default CURLOPT_MAXREDIRS. */
const MAX_REDIRECTS = 30;

class CurlError extends Error {}

/** Transfer times in seconds from the start, as curl's CURLINFO_*_TIME. */
interface Timings {
  namelookup: number;
  connect: number;
  appconnect: number;
  pretransfer: number;
}

function curlError(e: NodeJS.ErrnoException, gotResponse: boolean): string {
  const code = e.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return CURL.couldNotResolve;
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') {
    return CURL.couldNotConnect;
  }
  if (code.startsWith('HPE_')) return CURL.weirdReply;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS_CERT/.test(code)) return CURL.peerVerification;
  if (code.startsWith('ERR_SSL') || code === 'EPROTO') return CURL.sslConnect;
  if (gotResponse || code === 'ECONNABORTED') return CURL.partialFile;
  if (code === 'ECONNRESET' && e.message === 'socket hang up') return CURL.gotNothing;
  return CURL.recvError;
}

/** The headers curl sends: Host, Accept, the queued ones (which replace or, empty, remove those), then the body's. */
function requestHeaders(url: URL, req: NetRequest, method: string, body: Buffer | null): string[] {
  const own = new Map<string, [string, string]>([
    ['host', ['Host', url.host]],
    ['accept', ['Accept', '*/*']],
  ]);
  const custom: [string, string][] = [];
  for (const line of [...req.headers, `User-Agent: pg_net/${PG_NET_VERSION}`]) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    const key = name.toLowerCase();
    if (own.has(key)) {
      if (value === '') own.delete(key);
      else own.set(key, [name, value]);
      continue;
    }
    if (value !== '') custom.push([name, value]);
  }
  const all = [...own.values(), ...custom];
  if (body !== null || method === 'POST') {
    if (!all.some(([n]) => n.toLowerCase() === 'content-length')) all.push(['Content-Length', String(body?.length ?? 0)]);
    if (!all.some(([n]) => n.toLowerCase() === 'content-type')) {
      all.push(['Content-Type', 'application/x-www-form-urlencoded']);
    }
  }
  return all.flat();
}

interface Hop {
  status: number;
  headers: Record<string, string>;
  contentType: string | null;
  location: string | null;
  body: Buffer;
}

function sendOnce(
  url: URL,
  req: NetRequest,
  method: string,
  body: Buffer | null,
  signal: AbortSignal,
  start: number,
  timings: Timings,
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const since = () => Math.max((performance.now() - start) / 1000, 0.000001);
    const lib = url.protocol === 'https:' ? https : http;
    let gotResponse = false;
    const request = lib.request(url, { method, headers: requestHeaders(url, req, method, body), signal, agent: false });
    request.on('socket', (socket: Socket) => {
      socket.once('lookup', () => (timings.namelookup = since()));
      socket.once('connect', () => {
        if (!timings.namelookup) timings.namelookup = since();
        timings.connect = since();
        if (url.protocol !== 'https:') timings.pretransfer = since();
      });
      socket.once('secureConnect', () => {
        timings.appconnect = since();
        timings.pretransfer = since();
      });
    });
    request.on('error', (e: NodeJS.ErrnoException) => {
      if (e.name === 'AbortError') reject(e);
      else reject(new CurlError(curlError(e, gotResponse)));
    });
    request.on('response', (res) => {
      gotResponse = true;
      const headers: Record<string, string> = {};
      let contentType: string | null = null;
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!;
        const value = res.rawHeaders[i + 1]!;
        headers[name] = value;
        if (contentType === null && name.toLowerCase() === 'content-type') contentType = value;
      }
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('aborted', () => reject(new CurlError(CURL.partialFile)));
      res.on('error', (e: NodeJS.ErrnoException) => {
        if (e.name === 'AbortError') reject(e);
        else reject(new CurlError(curlError(e, true)));
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers,
          contentType,
          location: res.headers.location ?? null,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.end(body ?? undefined);
  });
}

/** Sends a queued request; never throws: failures are part of the response, as in net._http_response. */
export async function sendRequest(req: NetRequest): Promise<NetResponse> {
  const start = performance.now();
  const timings: Timings = { namelookup: 0, connect: 0, appconnect: 0, pretransfer: 0 };
  const controller = new AbortController();
  const timer = req.timeoutMs > 0 ? setTimeout(() => controller.abort(), req.timeoutMs) : undefined;
  const failed = (error_msg: string, timed_out = false): NetResponse => ({
    status_code: null,
    content_type: null,
    headers: null,
    content: null,
    timed_out,
    error_msg,
  });
  try {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return failed(CURL.malformedUrl);
    }
    let method = req.method.toUpperCase();
    let body = req.body;
    let first: Hop | undefined;
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed(CURL.unsupportedProtocol);
      const hop = await sendOnce(url, req, method, body, controller.signal, start, timings);
      first ??= hop;
      if (![301, 302, 303, 307, 308].includes(hop.status) || !hop.location) {
        const text = hop.body.length ? hop.body.toString('utf8').split('\0')[0]! : '';
        return {
          status_code: hop.status,
          content_type: hop.contentType,
          headers: first.headers,
          content: text === '' ? null : text,
          timed_out: false,
          error_msg: null,
        };
      }
      if (redirects + 1 > MAX_REDIRECTS) return failed(CURL.tooManyRedirects);
      // curl turns a POST into a GET on 301, 302 and 303; a custom method (DELETE) stays.
      if (method === 'POST' && [301, 302, 303].includes(hop.status)) {
        method = 'GET';
        body = null;
      }
      url = new URL(hop.location, url);
    }
  } catch (e) {
    if (controller.signal.aborted) return failed(timeoutMessage(req.timeoutMs, start, timings), true);
    if (e instanceof CurlError) return failed(e.message);
    return failed(CURL.recvError);
  } finally {
    clearTimeout(timer);
  }
}

/** pg_net's detailed_timeout_strerror(): where the time went, by the step it ran out in. */
function timeoutMessage(timeoutMs: number, start: number, t: Timings): string {
  const total = (performance.now() - start) / 1000;
  const atDns = t.namelookup === 0 && t.connect === 0;
  const atHandshake = !atDns && t.pretransfer === 0;
  const dns = atDns ? total : t.namelookup;
  const handshake = atDns
    ? 0
    : atHandshake
      ? total - t.namelookup
      : t.connect - t.namelookup + (t.appconnect > 0 ? t.appconnect - t.connect : 0);
  const httpTime = atDns || atHandshake ? 0 : total - t.pretransfer;
  const ms = (s: number) => (s * 1000).toFixed(6);
  return `Timeout of ${timeoutMs} ms reached. Total time: ${ms(total)} ms (DNS time: ${ms(dns)} ms, TCP/SSL handshake time: ${ms(handshake)} ms, HTTP Request/Response time: ${ms(httpTime)} ms)`;
}
