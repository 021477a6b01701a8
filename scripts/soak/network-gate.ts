// One wall's network during a soak: an HTTP proxy its browser sends everything through
// (plain HTTP as absolute-URI requests, WebSockets through CONNECT tunnels), which the soak
// can cut (every open connection dropped, every new one refused at once, as when a venue's
// router goes down) or cut for Realtime only (WebSocket tunnels refused, HTTP still passing).
// It also counts the requests that pass, by kind, for the summary (token refreshes, reads).
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { appendFileSync } from 'node:fs';

const TRACE = process.env.SOAK_TRACE;

export type GateState = 'open' | 'cut' | 'no-realtime';

export interface NetworkGate {
  port: number;
  state(): GateState;
  set(state: GateState): void;
  /** Requests that passed, by a short name of what they were (refresh, playlist, plays, …). */
  counts: Record<string, number>;
  /** The last requests that passed (method, path, status), for finding out what a wall did. */
  recent: string[];
  close(): Promise<void>;
}

/** What a request to the stack was, by its path (for the counts). */
function kindOf(url: string): string {
  if (url.includes('/auth/v1/token') && url.includes('refresh_token')) return 'token refresh';
  if (url.includes('/rpc/player_playlist')) return 'playlist read';
  if (url.includes('/rpc/record_plays')) return 'play upload';
  if (url.includes('/rpc/') && url.includes('heartbeat')) return 'heartbeat';
  if (url.includes('/storage/v1/')) return 'storage';
  // Anything else by what it asks: `rpc <name>`, `read <table>`, `auth <endpoint>`.
  const path = /\/\/[^/]+(\/[^?]*)/.exec(url)?.[1] ?? url;
  const rpc = /\/rest\/v1\/rpc\/([\w]+)/.exec(path);
  if (rpc) return `rpc ${rpc[1]}`;
  const table = /\/rest\/v1\/([\w]+)/.exec(path);
  if (table) return `read ${table[1]}`;
  const auth = /\/auth\/v1\/([\w]+)/.exec(path);
  if (auth) return `auth ${auth[1]}`;
  const fn = /\/functions\/v1\/([\w-]+)/.exec(path);
  if (fn) return `function ${fn[1]}`;
  return 'other';
}

/**
 * `hosts` maps a host name to the address that serves it (host:port): the app is built for one
 * stack address, each wall's gate sends it to that wall's own stack.
 */
export async function startNetworkGate(hosts: Record<string, string> = {}): Promise<NetworkGate> {
  const mapped = (host: string, port: string): [string, string] => {
    const to = hosts[`${host}:${port}`] ?? hosts[host];
    if (!to) return [host, port];
    const [h, p] = to.split(':');
    return [h!, p ?? port];
  };
  let state: GateState = 'open';
  const open = new Set<net.Socket>();
  const tunnels = new Set<Duplex>();
  const counts: Record<string, number> = {};
  const recent: string[] = [];

  const server = http.createServer((req, res) => {
    if (state === 'cut') {
      req.socket.destroy();
      return;
    }
    const kind = kindOf(req.url ?? '');
    counts[kind] = (counts[kind] ?? 0) + 1;
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const [host, port] = mapped(target.hostname, target.port || '80');
    const upstream = http.request(
      {
        host,
        port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        const sent = req.headers['content-length'];
        const line = `${req.method} ${target.pathname}${target.search.slice(0, 60)}${sent ? ` (${sent} B)` : ''} ${answer.statusCode}`;
        recent.push(line);
        if (recent.length > 40) recent.shift();
        if ((answer.statusCode ?? 0) >= 400) {
          let body = '';
          answer.on('data', (d: Buffer) => (body += d.toString().slice(0, 300)));
          answer.on('end', () => {
            const at = recent.lastIndexOf(line);
            if (at >= 0) recent[at] = `${line} ${body.slice(0, 300)}`;
          });
        }
        if (TRACE && kind === 'heartbeat' && /proof of play|media-cache/.test(reqBody))
          appendFileSync(TRACE, `${new Date().toISOString()} heartbeat says ${/"p_diagnostics":"[^"]*"/.exec(reqBody)?.[0] ?? reqBody.slice(0, 300)}\n`);
        if (TRACE && (kind === 'play upload' || kind === 'token refresh' || (answer.statusCode ?? 0) >= 400)) {
          let body = '';
          answer.on('data', (d: Buffer) => (body += d.toString()));
          answer.on('end', () => {
            let plays = '';
            if (kind === 'play upload') {
              try {
                const p = (JSON.parse(reqBody) as { p_plays: { started_at: string }[] }).p_plays;
                plays = `${p.length} plays ${p[0]?.started_at} .. ${p.at(-1)?.started_at}`;
              } catch {
                plays = 'unparsed';
              }
            }
            appendFileSync(TRACE, `${new Date().toISOString()} ${kind} ${answer.statusCode} ${plays} ${body.slice(0, 200)}\n`);
          });
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    let reqBody = '';
    if (TRACE) req.on('data', (d: Buffer) => (reqBody += d.toString()));
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    if (state === 'cut') {
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  server.on('connect', (req, client, head) => {
    if (state !== 'open') {
      client.destroy();
      return;
    }
    counts.realtime = (counts.realtime ?? 0) + 1;
    const [host, port] = mapped(...((req.url ?? '').split(':') as [string, string]));
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    tunnels.add(client);
    const end = () => {
      tunnels.delete(client);
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    counts,
    recent,
    state: () => state,
    set(next) {
      state = next;
      if (next !== 'open') for (const t of [...tunnels]) t.destroy();
      if (next === 'cut') for (const s of [...open]) s.destroy();
    },
    async close() {
      for (const s of [...open, ...tunnels]) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
