// Realtime at /realtime/v1, as Supabase Realtime serves realtime-js: the
// websocket (Phoenix channels, vsn 1.0.0 and 2.0.0), with Broadcast, Presence
// and Postgres changes under row-level security, Realtime Authorization for
// private channels (policies on realtime.messages), and the REST broadcast
// endpoints. Messages and error texts follow supabase/realtime
// (RealtimeWeb.RealtimeChannel, UserSocket, BroadcastController).
//
// Where each part is:
// - socket.ts: the websocket (upgrade, each socket's messages in order, heartbeats), with the
//   wire format in protocol.ts;
// - channels.ts: join, leave and close, access_token updates, token expiry confirmation;
// - authorization.ts: token checks, the role rule (a token whose role the authenticator may not
//   take gets no channel), private-channel policies on realtime.messages;
// - postgres-changes.ts: bindings, the change feed (changes.ts), per-subscriber RLS checks;
// - broadcast.ts: client broadcast, REST /api/broadcast, realtime.send() from SQL;
// - presence.ts: track, untrack, presence_state and presence_diff;
// - limits.ts: the tenant's limits (channels per websocket, joins and messages per second) on
//   the counters of rate-counter.ts;
// - connection.ts and state.ts: a socket and its channels, and what the modules share.
// This file wires them together: the shared state, the websocket, the change feed and the
// REST route table.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { sendJson, type Service, type StackContext, type StackRequest } from '../http/server.ts';
import { routeTable } from '../http/routes.ts';
import { broadcastFromDatabase, postBroadcastEvent, postBroadcasts } from './broadcast.ts';
import { PostgresChanges } from './postgres-changes.ts';
import { SocketServer } from './socket.ts';
import { createState, type RealtimeState } from './state.ts';

export interface RealtimeService extends Service {
  /** Takes the websocket upgrade of /realtime/v1/websocket. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

type Handler = (
  state: RealtimeState,
  req: StackRequest,
  res: ServerResponse,
  params: Record<string, string>,
) => Promise<void>;

const routes = routeTable<Handler>([
  { method: 'POST', path: '/api/broadcast', handler: postBroadcasts },
  { method: 'POST', path: '/api/broadcast/:topic/events/:event', handler: postBroadcastEvent },
]);

export async function createRealtimeService(ctx: StackContext): Promise<RealtimeService> {
  const state = createState(ctx);
  const socket = new SocketServer(state);
  const changes = new PostgresChanges(state, (change) => broadcastFromDatabase(state, change));
  await changes.start();

  return {
    upgrade: (req, sock, head) => socket.upgrade(req, sock, head),
    async handle(req, res) {
      const found = routes(req.method, req.path);
      if (!found) return sendJson(res, 404, { message: 'Not Found' });
      await found.handler(state, req, res, found.match.params);
    },
    async reload() {
      await changes.reload();
    },
    async close() {
      state.limits.stop();
      await changes.stop();
      socket.close();
    },
  };
}
