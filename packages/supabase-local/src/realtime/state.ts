// What Realtime's modules share, built once by createRealtimeService (index.ts) and passed to
// each: the stack's configuration and database, the tenant's limits, the open sockets, the rooms
// their channels are in, and the presences tracked there. Each module keeps what only it needs
// to itself (the websocket server in socket.ts, the change feed and primary keys in
// postgres-changes.ts).
import type { StackContext } from '../http/server.ts';
import type { Channel, Connection } from './connection.ts';
import { Limits } from './limits.ts';

export interface PresenceMeta {
  phx_ref: string;
  [k: string]: unknown;
}

export interface RealtimeState extends StackContext {
  readonly limits: Limits;
  /** The open sockets (socket.ts adds and removes them). */
  readonly connections: Set<Connection>;
  /** The joined channels of each room (roomName in connection.ts; channels.ts enters and leaves them). */
  readonly rooms: Map<string, Set<Channel>>;
  /** Room, then presence key, then the channel that tracked it: its meta (presence.ts). */
  readonly presence: Map<string, Map<string, Map<Channel, PresenceMeta>>>;
}

export function createState(ctx: StackContext): RealtimeState {
  return {
    ...ctx,
    limits: new Limits(ctx.config.realtime),
    connections: new Set(),
    rooms: new Map(),
    presence: new Map(),
  };
}
