// One websocket and the channels it has joined: a Connection is what UserSocket's transport
// process is to Realtime, a Channel what each RealtimeChannel process keeps (its token and
// claims, its policies, its Postgres changes bindings, its token confirmation timer).
import type { WebSocket } from 'ws';
import type { Claims } from '../http/jwt.ts';
import type { Policies } from './authorization.ts';
import type { CompiledBinding } from './changes.ts';
import { encode, type Message, type Vsn } from './protocol.ts';

/** Public and private channels of one name are separate rooms, as on Supabase. */
export function roomName(isPrivate: boolean, topic: string): string {
  return `${isPrivate ? 'private' : 'public'}:${topic}`;
}

export class Connection {
  readonly channels = new Map<string, Channel>();
  /** Set once the socket has ended (either side): what the client sent after that is not read. */
  ended = false;
  constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** The token the socket connected with (its apikey), used when a join sends an sb_ key. */
    readonly tenantToken: string,
  ) {}

  send(m: Message): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encode(this.vsn, m));
  }

  reply(m: Message, status: 'ok' | 'error', response: unknown = {}): void {
    this.send({ join_ref: m.join_ref, ref: m.ref, topic: m.topic, event: 'phx_reply', payload: { status, response } });
  }
}

export class Channel {
  token: string;
  claims: Claims;
  policies: Policies | undefined;
  bindings: CompiledBinding[] = [];
  confirmTimer: NodeJS.Timeout | undefined;
  closed = false;

  constructor(
    readonly conn: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly isPrivate: boolean,
    readonly selfBroadcast: boolean,
    readonly ackBroadcast: boolean,
    readonly presenceKey: string,
    public presenceEnabled: boolean,
    token: string,
    claims: Claims,
  ) {
    this.token = token;
    this.claims = claims;
  }

  get subTopic(): string {
    return this.topic.slice('realtime:'.length);
  }

  get room(): string {
    return roomName(this.isPrivate, this.topic);
  }

  get role(): string {
    return String(this.claims.role);
  }

  push(event: string, payload: unknown): void {
    this.conn.send({ join_ref: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }
}
