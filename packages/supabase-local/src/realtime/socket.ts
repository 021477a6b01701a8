// The websocket at /realtime/v1/websocket, as UserSocket takes it: the upgrade (serializer
// version, apikey and its token, the project's joins per second), then each socket's messages in
// order: heartbeats on the phoenix topic, and per channel topic phx_join, phx_leave,
// access_token, broadcast and presence, handed to channels.ts, broadcast.ts and presence.ts.
// Frames are read and written in the socket's serializer (protocol.ts).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { bearerToken } from '../http/jwt.ts';
import { gatewayAuthorization } from '../http/server.ts';
import { checkToken } from './authorization.ts';
import { clientBroadcast } from './broadcast.ts';
import { accessToken, close, dropConnection, join } from './channels.ts';
import { Connection } from './connection.ts';
import { presenceEvent } from './presence.ts';
import { decode, parseVsn, type Message } from './protocol.ts';
import type { RealtimeState } from './state.ts';

function refuse(socket: Duplex, status: number, error: string): void {
  const body = JSON.stringify({ error });
  const reason =
    { 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error' }[status] ??
    'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

async function onMessage(state: RealtimeState, conn: Connection, m: Message): Promise<void> {
  if (m.topic === 'phoenix') {
    if (m.event === 'heartbeat') conn.reply(m, 'ok');
    return;
  }
  if (m.event === 'phx_join') {
    if (!m.topic.startsWith('realtime:')) return conn.reply(m, 'error', { reason: 'unmatched topic' });
    return join(state, conn, m);
  }
  const ch = conn.channels.get(m.topic);
  if (!ch) return conn.reply(m, 'error', { reason: 'unmatched topic' });
  switch (m.event) {
    case 'phx_leave':
      conn.reply(m, 'ok');
      return close(state, ch);
    case 'access_token':
      return accessToken(state, ch, m);
    case 'broadcast':
      return clientBroadcast(state, ch, m);
    case 'presence':
      return presenceEvent(state, ch, m);
    default:
      state.limits.eventsRate.add(); // Realtime counts and ignores other events ("Unexpected message from client")
      return;
  }
}

export class SocketServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 3 * 1024 * 1024 });

  constructor(private readonly state: RealtimeState) {}

  /** Takes the websocket upgrade of /realtime/v1/websocket. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const { state } = this;
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== '/realtime/v1/websocket' && url.pathname !== '/realtime/v1/websocket/') {
        return refuse(socket, 404, 'Not Found');
      }
      const vsn = parseVsn(url.searchParams.get('vsn'));
      if (!vsn) return refuse(socket, 400, 'Unsupported serializer version');
      const apikey = (req.headers['x-api-key'] as string | undefined) ?? url.searchParams.get('apikey') ?? undefined;
      if (!apikey) return refuse(socket, 401, 'API key is missing');
      const token = bearerToken(gatewayAuthorization({ apikey }, state.config)) ?? apikey;
      const check = await checkToken(token, state.config.jwtSecret);
      if (!check.ok) {
        const msg = {
          expired: 'Token has expired',
          malformed: 'The token provided is not a valid JWT',
          signature: 'Failed to validate JWT signature',
          claims: check.message,
        }[check.kind];
        return refuse(socket, 401, msg);
      }
      // UserSocket.connect, TenantRateLimiters.check_tenant: no new socket while the project's
      // joins per second are over the limit.
      if (state.limits.joinsRate.get().triggered) return refuse(socket, 429, 'Too many joins per second');
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const conn = new Connection(ws, vsn, token);
        state.connections.add(conn);
        let queue = Promise.resolve();
        ws.on('message', (data, isBinary) => {
          let m: Message;
          try {
            m = decode(vsn, Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer), isBinary);
          } catch {
            return; // Phoenix drops frames it cannot decode
          }
          // One socket's messages are handled in order, as one Phoenix channel process does.
          queue = queue
            .then(() => (conn.ended ? undefined : onMessage(state, conn, m)))
            .catch((e) => console.error('[realtime]', e));
        });
        ws.on('close', () => dropConnection(state, conn));
        ws.on('error', () => undefined);
      });
    })().catch(() => refuse(socket, 500, 'Error connecting to Realtime'));
  }

  /** Ends every socket at once (the stack is closing). */
  close(): void {
    for (const conn of this.state.connections) conn.ws.terminate();
    this.state.connections.clear();
    this.wss.close();
  }
}
