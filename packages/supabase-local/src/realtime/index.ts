// Realtime at /realtime/v1, as Supabase Realtime serves realtime-js: the
// websocket (Phoenix channels, vsn 1.0.0 and 2.0.0), with Broadcast, Presence
// and Postgres changes under row-level security, Realtime Authorization for
// private channels (policies on realtime.messages), and the REST broadcast
// endpoints. Messages and error texts follow supabase/realtime
// (RealtimeWeb.RealtimeChannel, UserSocket, BroadcastController).
//
// The tenant's limits (channels per websocket, joins and messages per second) are in limits.ts;
// a token whose role the authenticator may not take gets no channel (roleAllowed in
// authorization.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ident } from '../db/sql.ts';
import { bearerToken, type Claims } from '../http/jwt.ts';
import { gatewayAuthorization, sendJson, type Service, type StackContext, type StackRequest } from '../http/server.ts';
import { routeTable } from '../http/routes.ts';
import { canWrite, checkToken, readPolicies, roleAllowed, unreadable, type Policies } from './authorization.ts';
import {
  bindingId,
  bindingMatches,
  ChangeFeed,
  parseFilter,
  type Binding,
  type Change,
  type CompiledBinding,
} from './changes.ts';
import { decode, encode, encodeBroadcast, parseVsn, type Message, type UserBroadcast, type Vsn } from './protocol.ts';
import { Limits } from './limits.ts';

/** How often a joined channel checks its token again (Realtime's @confirm_token_ms_interval). */
const CONFIRM_TOKEN_MS = 5 * 60_000;

interface PresenceMeta {
  phx_ref: string;
  [k: string]: unknown;
}

class Connection {
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

class Channel {
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

  /** Public and private channels of one name are separate rooms, as on Supabase. */
  get room(): string {
    return `${this.isPrivate ? 'private' : 'public'}:${this.topic}`;
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

export interface RealtimeService extends Service {
  /** Takes the websocket upgrade of /realtime/v1/websocket. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

export async function createRealtimeService(ctx: StackContext): Promise<RealtimeService> {
  const { config, db } = ctx;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 3 * 1024 * 1024 });
  const rooms = new Map<string, Set<Channel>>();
  const presence = new Map<string, Map<string, Map<Channel, PresenceMeta>>>();
  const connections = new Set<Connection>();
  const pkCache = new Map<string, Promise<string[]>>();

  const limits = new Limits(config.realtime);
  const { joinsRate, eventsRate, dbEventsRate } = limits;

  /** The socket ends from the server side (Phoenix's "disconnect" broadcast): its channels go with it. */
  function endSocket(conn: Connection): void {
    conn.ended = true;
    for (const ch of [...conn.channels.values()]) leave(ch);
    connections.delete(conn);
    conn.ws.close(1000);
  }

  // Rooms ---------------------------------------------------------------------
  function enter(ch: Channel): void {
    let set = rooms.get(ch.room);
    if (!set) rooms.set(ch.room, (set = new Set()));
    set.add(ch);
  }

  function leave(ch: Channel): void {
    if (ch.closed) return;
    ch.closed = true;
    clearTimeout(ch.confirmTimer);
    rooms.get(ch.room)?.delete(ch);
    if (rooms.get(ch.room)?.size === 0) rooms.delete(ch.room);
    untrack(ch);
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
  }

  /** Ends a channel from the server: a system error message, then phx_close (shutdown_response). */
  function shutdown(ch: Channel, message: string): void {
    ch.system('system', 'error', message);
    ch.push('phx_close', {});
    leave(ch);
  }

  // Presence ------------------------------------------------------------------
  function presenceList(room: string): Record<string, { metas: PresenceMeta[] }> {
    const out: Record<string, { metas: PresenceMeta[] }> = {};
    for (const [key, metas] of presence.get(room) ?? []) out[key] = { metas: [...metas.values()] };
    return out;
  }

  function presenceDiff(
    room: string,
    joins: Record<string, { metas: PresenceMeta[] }>,
    leaves: Record<string, { metas: PresenceMeta[] }>,
  ) {
    for (const ch of rooms.get(room) ?? []) {
      if (ch.isPrivate && !ch.policies?.presenceRead) continue;
      ch.push('presence_diff', { joins, leaves });
    }
  }

  function track(ch: Channel, payload: Record<string, unknown>): void {
    let byKey = presence.get(ch.room);
    if (!byKey) presence.set(ch.room, (byKey = new Map()));
    let metas = byKey.get(ch.presenceKey);
    if (!metas) byKey.set(ch.presenceKey, (metas = new Map()));
    const previous = metas.get(ch);
    const meta: PresenceMeta = { ...payload, phx_ref: randomUUID().replace(/-/g, '').slice(0, 20) };
    if (previous) meta.phx_ref_prev = previous.phx_ref;
    metas.set(ch, meta);
    presenceDiff(
      ch.room,
      { [ch.presenceKey]: { metas: [meta] } },
      previous ? { [ch.presenceKey]: { metas: [previous] } } : {},
    );
  }

  function untrack(ch: Channel): void {
    const byKey = presence.get(ch.room);
    const metas = byKey?.get(ch.presenceKey);
    const previous = metas?.get(ch);
    if (!byKey || !metas || !previous) return;
    metas.delete(ch);
    if (metas.size === 0) byKey.delete(ch.presenceKey);
    if (byKey.size === 0) presence.delete(ch.room);
    presenceDiff(ch.room, {}, { [ch.presenceKey]: { metas: [previous] } });
  }

  // Broadcast -----------------------------------------------------------------
  function deliverBroadcast(room: string, topic: string, b: UserBroadcast, from?: Channel): void {
    const frames = new Map<Vsn, string | Buffer | undefined>();
    const over: Channel[] = [];
    for (const ch of rooms.get(room) ?? []) {
      if (ch === from && !ch.selfBroadcast) continue;
      if (ch.isPrivate && !ch.policies?.broadcastRead) continue;
      if (!frames.has(ch.conn.vsn)) frames.set(ch.conn.vsn, encodeBroadcast(ch.conn.vsn, topic, b));
      const frame = frames.get(ch.conn.vsn);
      if (frame !== undefined && ch.conn.ws.readyState === ch.conn.ws.OPEN) ch.conn.ws.send(frame);
      if (limits.countDelivery()) over.push(ch);
    }
    for (const ch of over) shutdown(ch, 'Too many messages per second');
  }

  // Postgres changes ------------------------------------------------------------
  function primaryKey(schema: string, table: string): Promise<string[]> {
    const key = `${schema}.${table}`;
    let p = pkCache.get(key);
    if (!p) {
      p = db
        .query<{ name: string }>(
          `select a.attname as name from pg_index i
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
           where i.indrelid = format('%I.%I', $1::text, $2::text)::regclass and i.indisprimary
           order by array_position(i.indkey::int2[], a.attnum)`,
          [schema, table],
        )
        .then((r) => r.rows.map((row) => row.name));
      p.catch(() => pkCache.delete(key));
      pkCache.set(key, p);
    }
    return p;
  }

  /** May this channel's role and claims select the changed row now (walrus's walrus_rls_stmt)? */
  async function visible(ch: Channel, change: Change): Promise<boolean> {
    if (change.type === 'DELETE') return true;
    const pk = await primaryKey(change.schema, change.table);
    if (!pk.length || !change.record) return false;
    const where = pk.map((c, i) => `${ident(c)}::text = $${i + 1}`).join(' and ');
    const values = pk.map((c) => {
      const v = change.record![c];
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
    try {
      return await db.withRequest(
        { role: ch.role, claims: ch.claims, readOnly: true, roleSettings: false },
        async (tx) => {
          const { rows } = await tx.query(
            `select 1 from ${ident(change.schema)}.${ident(change.table)} where ${where} limit 1`,
            values,
          );
          return rows.length > 0;
        },
      );
    } catch {
      return false; // no SELECT privilege, or a policy that fails: nothing is shown
    }
  }

  async function deliverChange(change: Change): Promise<void> {
    if (change.schema === 'realtime' && change.table === 'messages') {
      const r = change.record;
      if (change.type !== 'INSERT' || !r || r.extension !== 'broadcast' || typeof r.topic !== 'string') return;
      // ReplicationConnection (broadcast from the database): dropped while the project's
      // messages-per-second limit is triggered, else counted once and sent.
      if (eventsRate.get().triggered) return;
      eventsRate.add();
      const topic = `realtime:${r.topic}`;
      const room = `${r.private === false ? 'public' : 'private'}:${topic}`;
      deliverBroadcast(room, topic, { event: String(r.event ?? ''), payload: r.payload ?? {}, meta: { id: r.id } });
      return;
    }
    const data: Record<string, unknown> = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.commit_timestamp,
      type: change.type,
      columns: change.columns,
      errors: null,
    };
    if (change.type !== 'DELETE') data.record = change.record;
    if (change.type !== 'INSERT') data.old_record = change.old_record;
    // ReplicationPoller: while the project's Postgres changes per second (its own counter, with
    // max_events_per_second) are over the limit, changes are skipped; else each counts once per
    // subscription it goes to.
    if (dbEventsRate.get().triggered) return;
    // Each subscriber's check runs once per token, whatever number of channels share it.
    const decided = new Map<string, Promise<boolean>>();
    const sends: Promise<void>[] = [];
    for (const conn of connections) {
      for (const ch of conn.channels.values()) {
        if (ch.closed || !ch.bindings.length) continue;
        const ids = ch.bindings.filter((b) => bindingMatches(b, change)).map((b) => b.id);
        if (!ids.length) continue;
        let ok = decided.get(ch.token);
        if (!ok) decided.set(ch.token, (ok = visible(ch, change)));
        sends.push(
          ok.then((yes) => {
            if (!yes || ch.closed) return;
            dbEventsRate.add(ids.length);
            ch.push('postgres_changes', { ids, data });
          }),
        );
      }
    }
    await Promise.all(sends);
  }

  const feed = new ChangeFeed(db, deliverChange);
  await db.query('select _local_stack.realtime_sync()').catch(() => undefined);
  await feed.start();

  // Channel messages ------------------------------------------------------------
  async function join(conn: Connection, m: Message): Promise<void> {
    const params = (m.payload ?? {}) as {
      config?: {
        broadcast?: { self?: boolean; ack?: boolean };
        presence?: { key?: string; enabled?: boolean };
        postgres_changes?: (Binding | null)[];
        private?: boolean;
      };
      access_token?: string;
      user_token?: string;
    };
    const fail = (reason: string) => conn.reply(m, 'error', { reason });
    // A second join of a topic on one socket replaces the first: Phoenix.Socket closes the old
    // channel before the new join runs, whatever that join's outcome.
    const old = conn.channels.get(m.topic);
    if (old) {
      old.push('phx_close', {});
      leave(old);
    }
    if (m.topic === 'realtime:') return fail('TopicNameRequired: You must provide a topic name');
    // RealtimeChannel.join checks the limits before the token (limit_joins, then limit_channels).
    // limit_joins: while the project's joins per second are over max_joins_per_second, the join is
    // refused and the socket disconnected; every join that gets past this check counts.
    if (joinsRate.get().triggered) {
      fail('ClientJoinRateLimitReached: Too many joins per second');
      return endSocket(conn);
    }
    joinsRate.add();
    // limit_channels: the channels this socket has joined (Registry.count_match on its transport pid).
    if (limits.tooManyChannels(conn.channels.size)) return fail('ChannelRateLimitReached: Too many channels');
    const cfg = params.config ?? {};
    const given = params.access_token ?? params.user_token;
    const token = !given || given.startsWith('sb_') ? conn.tenantToken : given;
    const check = await checkToken(token, config.jwtSecret);
    if (!check.ok) {
      const code =
        check.kind === 'malformed'
          ? 'MalformedJWT'
          : check.kind === 'signature'
            ? 'JwtSignatureError'
            : 'InvalidJWTToken';
      return fail(`${code}: ${check.message}`);
    }
    if (!roleAllowed(check.claims)) return fail(`Unauthorized: ${unreadable(m.topic)}`);
    const presenceEnabled = cfg.presence?.enabled === true;
    const ch = new Channel(
      conn,
      m.topic,
      m.join_ref ?? m.ref,
      cfg.private === true,
      cfg.broadcast?.self === true,
      cfg.broadcast?.ack === true,
      cfg.presence?.key || randomUUID(),
      presenceEnabled,
      token,
      check.claims,
    );
    if (ch.isPrivate) {
      try {
        ch.policies = await readPolicies(db, ch, presenceEnabled);
      } catch {
        return fail('Realtime was unable to connect to the project database');
      }
      if (!ch.policies.broadcastRead && !ch.policies.presenceRead) {
        return fail(`Unauthorized: ${unreadable(ch.topic)}`);
      }
    }
    const pgParams = (cfg.postgres_changes ?? []).filter((b): b is Binding => !!b);
    const bindingErrors: string[] = [];
    ch.bindings = pgParams.map((b) => {
      const compiled: CompiledBinding = { ...b, id: bindingId(b) };
      if (b.filter) {
        try {
          compiled.parsed = parseFilter(b.filter);
        } catch (e) {
          bindingErrors.push((e as Error).message);
          compiled.event = '__invalid__';
        }
      }
      return compiled;
    });
    if (conn.ended) return; // the socket went away while the token or the policies were checked
    conn.channels.set(m.topic, ch);
    enter(ch);
    scheduleConfirm(ch);
    eventsRate.get(); // assign_counter: a joined channel starts the project's events counter
    conn.reply(m, 'ok', {
      postgres_changes: pgParams.map((b, i) => ({ ...b, id: ch.bindings[i]!.id })),
    });
    if (pgParams.length) {
      if (bindingErrors.length) ch.system('postgres_changes', 'error', bindingErrors.join('; '));
      else ch.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
    if (presenceEnabled && (!ch.isPrivate || ch.policies?.presenceRead))
      ch.push('presence_state', presenceList(ch.room));
  }

  function scheduleConfirm(ch: Channel): void {
    clearTimeout(ch.confirmTimer);
    const exp = typeof ch.claims.exp === 'number' ? ch.claims.exp : 0;
    const left = exp * 1000 - Date.now();
    ch.confirmTimer = setTimeout(() => void confirm(ch), Math.max(0, Math.min(CONFIRM_TOKEN_MS, left)));
    ch.confirmTimer.unref();
  }

  async function confirm(ch: Channel): Promise<void> {
    if (ch.closed) return;
    const check = await checkToken(ch.token, config.jwtSecret);
    // Past exp the channel ends, even inside the 30 s clock tolerance REST allows.
    const exp = typeof ch.claims.exp === 'number' ? ch.claims.exp : 0;
    if (exp * 1000 <= Date.now()) {
      return shutdown(ch, `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`);
    }
    if (!check.ok) return shutdown(ch, check.message);
    scheduleConfirm(ch);
  }

  async function accessToken(ch: Channel, m: Message): Promise<void> {
    const next = (m.payload as { access_token?: unknown } | null)?.access_token;
    if (typeof next !== 'string' || next.startsWith('sb_') || next === ch.token) return;
    const check = await checkToken(next, config.jwtSecret);
    if (!check.ok) return shutdown(ch, check.message);
    const exp = check.claims.exp as number;
    if (exp * 1000 <= Date.now())
      return shutdown(ch, `Token has expired ${Math.floor(Date.now() / 1000) - exp} seconds ago`);
    if (!roleAllowed(check.claims)) return shutdown(ch, unreadable(ch.topic));
    ch.token = next;
    ch.claims = check.claims;
    if (ch.isPrivate) {
      const before = ch.policies;
      try {
        ch.policies = await readPolicies(db, ch, ch.presenceEnabled);
      } catch {
        return shutdown(ch, 'Realtime was unable to connect to the project database');
      }
      if (
        (before?.broadcastRead && !ch.policies.broadcastRead) ||
        (before?.presenceRead && !ch.policies.presenceRead)
      ) {
        return shutdown(ch, `You no longer have permission to read from this Channel topic: ${ch.subTopic}`);
      }
    }
    scheduleConfirm(ch);
  }

  async function broadcast(ch: Channel, m: Message): Promise<void> {
    const p = (m.payload ?? {}) as { event?: unknown; payload?: unknown; binary?: Buffer };
    if (ch.isPrivate) {
      ch.policies!.broadcastWrite ??= await canWrite(db, ch, 'broadcast').catch(() => false);
      if (!ch.policies!.broadcastWrite) return; // dropped, as BroadcastHandler does without write access
    }
    // BroadcastHandler.increment_rate_counter: each message a client sends counts once; it is sent
    // even when the project is over its limit (the channels that receive it are the ones ended).
    eventsRate.add();
    deliverBroadcast(ch.room, ch.topic, { event: String(p.event ?? ''), payload: p.payload, binary: p.binary }, ch);
    if (ch.ackBroadcast) ch.conn.reply(m, 'ok');
  }

  async function presenceEvent(ch: Channel, m: Message): Promise<void> {
    const p = (m.payload ?? {}) as { event?: string; payload?: unknown };
    if (ch.isPrivate) {
      ch.policies!.presenceWrite ??= await canWrite(db, ch, 'presence').catch(() => false);
      if (!ch.policies!.presenceWrite) return ch.conn.reply(m, 'error');
    }
    if (p.event === 'track') {
      if (!p.payload || typeof p.payload !== 'object' || Array.isArray(p.payload)) {
        return ch.conn.reply(m, 'error', { reason: 'Presence track payload must be a map' });
      }
      if (!ch.presenceEnabled) {
        ch.presenceEnabled = true;
        if (!ch.isPrivate || ch.policies?.presenceRead) ch.push('presence_state', presenceList(ch.room));
      }
      track(ch, p.payload as Record<string, unknown>);
    } else if (p.event === 'untrack') {
      untrack(ch);
    }
    ch.conn.reply(m, 'ok');
  }

  async function onMessage(conn: Connection, m: Message): Promise<void> {
    if (m.topic === 'phoenix') {
      if (m.event === 'heartbeat') conn.reply(m, 'ok');
      return;
    }
    if (m.event === 'phx_join') {
      if (!m.topic.startsWith('realtime:')) return conn.reply(m, 'error', { reason: 'unmatched topic' });
      return join(conn, m);
    }
    const ch = conn.channels.get(m.topic);
    if (!ch) return conn.reply(m, 'error', { reason: 'unmatched topic' });
    switch (m.event) {
      case 'phx_leave':
        conn.reply(m, 'ok');
        ch.push('phx_close', {});
        return leave(ch);
      case 'access_token':
        return accessToken(ch, m);
      case 'broadcast':
        return broadcast(ch, m);
      case 'presence':
        return presenceEvent(ch, m);
      default:
        eventsRate.add(); // Realtime counts and ignores other events ("Unexpected message from client")
        return;
    }
  }

  // The websocket --------------------------------------------------------------
  function refuse(socket: Duplex, status: number, error: string): void {
    const body = JSON.stringify({ error });
    const reason =
      { 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error' }[status] ??
      'Bad Request';
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== '/realtime/v1/websocket' && url.pathname !== '/realtime/v1/websocket/') {
        return refuse(socket, 404, 'Not Found');
      }
      const vsn = parseVsn(url.searchParams.get('vsn'));
      if (!vsn) return refuse(socket, 400, 'Unsupported serializer version');
      const apikey = (req.headers['x-api-key'] as string | undefined) ?? url.searchParams.get('apikey') ?? undefined;
      if (!apikey) return refuse(socket, 401, 'API key is missing');
      const token = bearerToken(gatewayAuthorization({ apikey }, config)) ?? apikey;
      const check = await checkToken(token, config.jwtSecret);
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
      if (joinsRate.get().triggered) return refuse(socket, 429, 'Too many joins per second');
      wss.handleUpgrade(req, socket, head, (ws) => {
        const conn = new Connection(ws, vsn, token);
        connections.add(conn);
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
            .then(() => (conn.ended ? undefined : onMessage(conn, m)))
            .catch((e) => console.error('[realtime]', e));
        });
        ws.on('close', () => {
          conn.ended = true;
          connections.delete(conn);
          for (const ch of [...conn.channels.values()]) leave(ch);
        });
        ws.on('error', () => undefined);
      });
    })().catch(() => refuse(socket, 500, 'Error connecting to Realtime'));
  }

  // REST broadcast ---------------------------------------------------------------
  async function restCaller(req: StackRequest, res: ServerResponse): Promise<Claims | undefined> {
    const check = await checkToken(bearerToken(req.authorization), config.jwtSecret);
    if (!check.ok) {
      sendJson(res, 401, { message: check.kind === 'expired' ? 'Token has expired' : 'Unauthorized' });
      return undefined;
    }
    return check.claims;
  }

  async function send(
    claims: Claims,
    topic: string,
    event: string,
    body: UserBroadcast,
    isPrivate: boolean,
  ): Promise<boolean> {
    const full = `realtime:${topic}`;
    if (isPrivate) {
      const who = { claims, role: String(claims.role), topic: full };
      if (!(await canWrite(db, who, 'broadcast').catch(() => false))) return false;
    }
    eventsRate.add(); // send_message_and_count
    deliverBroadcast(`${isPrivate ? 'private' : 'public'}:${full}`, full, { ...body, event });
    return true;
  }

  type Handler = (req: StackRequest, res: ServerResponse, params: Record<string, string>) => Promise<void>;
  const routes = routeTable<Handler>([
    {
      method: 'POST',
      path: '/api/broadcast',
      handler: async (req, res) => {
        const claims = await restCaller(req, res);
        if (!claims) return;
        let parsed: { messages?: { topic?: unknown; event?: unknown; payload?: unknown; private?: unknown }[] };
        try {
          parsed = JSON.parse((await req.body()).toString('utf8') || '{}') as typeof parsed;
        } catch {
          return sendJson(res, 400, { message: 'Invalid JSON' });
        }
        const messages = Array.isArray(parsed.messages) ? parsed.messages : undefined;
        if (!messages || messages.some((x) => typeof x?.topic !== 'string' || typeof x?.event !== 'string')) {
          return sendJson(res, 422, { errors: { messages: ['each message needs a topic and an event'] } });
        }
        const refusal = limits.batchRefusal(messages.length);
        if (refusal) return sendJson(res, 429, { message: refusal });
        for (const msg of messages) {
          await send(
            claims,
            msg.topic as string,
            msg.event as string,
            { event: '', payload: msg.payload ?? {} },
            msg.private === true,
          );
        }
        res.writeHead(202).end();
      },
    },
    {
      method: 'POST',
      path: '/api/broadcast/:topic/events/:event',
      handler: async (req, res, params) => {
        const claims = await restCaller(req, res);
        if (!claims) return;
        const raw = await req.body();
        const isJson = !String(req.headers['content-type'] ?? '').includes('octet-stream');
        let body: UserBroadcast;
        try {
          body = isJson
            ? { event: '', payload: JSON.parse(raw.toString('utf8') || '{}') }
            : { event: '', payload: undefined, binary: raw };
        } catch {
          return sendJson(res, 400, { message: 'Invalid JSON' });
        }
        const isPrivate = req.url.searchParams.get('private') === 'true';
        const refusal = limits.singleRefusal();
        if (refusal) return sendJson(res, 429, { message: refusal });
        if (!(await send(claims, params.topic!, params.event!, body, isPrivate))) {
          return sendJson(res, 401, {
            message: `You do not have permissions to write to this Channel topic: ${params.topic}`,
          });
        }
        res.writeHead(202).end();
      },
    },
  ]);

  return {
    upgrade,
    async handle(req, res) {
      const found = routes(req.method, req.path);
      if (!found) return sendJson(res, 404, { message: 'Not Found' });
      await found.handler(req, res, found.match.params);
    },
    async reload() {
      pkCache.clear();
      await db.query('select _local_stack.realtime_sync()').catch(() => undefined);
    },
    async close() {
      limits.stop();
      await feed.stop();
      for (const conn of connections) conn.ws.terminate();
      connections.clear();
      wss.close();
    },
  };
}
