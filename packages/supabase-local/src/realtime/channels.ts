// A channel's life, as RealtimeChannel runs it: join (limits, then the token, the role rule and,
// on a private channel, its read policies; then the bindings and the reply), leave and close,
// access_token updates, and the token confirmation that ends a channel when its token expires.
// Messages and error texts follow RealtimeWeb.RealtimeChannel.
import { randomUUID } from 'node:crypto';
import { checkToken, readPolicies, roleAllowed, unreadable } from './authorization.ts';
import type { Binding } from './changes.ts';
import { Channel, type Connection } from './connection.ts';
import { compileBindings } from './postgres-changes.ts';
import { pushPresenceState, untrack } from './presence.ts';
import type { Message } from './protocol.ts';
import type { RealtimeState } from './state.ts';

/** How often a joined channel checks its token again (Realtime's @confirm_token_ms_interval). */
const CONFIRM_TOKEN_MS = 5 * 60_000;

function enter(state: RealtimeState, ch: Channel): void {
  let set = state.rooms.get(ch.room);
  if (!set) state.rooms.set(ch.room, (set = new Set()));
  set.add(ch);
}

/** The channel is gone: out of its room and its socket, its presence untracked, its timer cleared. */
export function leave(state: RealtimeState, ch: Channel): void {
  if (ch.closed) return;
  ch.closed = true;
  clearTimeout(ch.confirmTimer);
  state.rooms.get(ch.room)?.delete(ch);
  if (state.rooms.get(ch.room)?.size === 0) state.rooms.delete(ch.room);
  untrack(state, ch);
  if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
}

/** phx_close to the client, then the channel leaves. */
export function close(state: RealtimeState, ch: Channel): void {
  ch.push('phx_close', {});
  leave(state, ch);
}

/** Ends a channel from the server: a system error message, then phx_close (shutdown_response). */
export function shutdown(state: RealtimeState, ch: Channel, message: string): void {
  ch.system('system', 'error', message);
  close(state, ch);
}

/** The socket has ended (either side): nothing more it sent is read, and its channels go with it. */
export function dropConnection(state: RealtimeState, conn: Connection): void {
  conn.ended = true;
  for (const ch of [...conn.channels.values()]) leave(state, ch);
  state.connections.delete(conn);
}

/** The socket ends from the server side (Phoenix's "disconnect" broadcast): its channels go with it. */
function endSocket(state: RealtimeState, conn: Connection): void {
  dropConnection(state, conn);
  conn.ws.close(1000);
}

export async function join(state: RealtimeState, conn: Connection, m: Message): Promise<void> {
  const { limits } = state;
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
  if (old) close(state, old);
  if (m.topic === 'realtime:') return fail('TopicNameRequired: You must provide a topic name');
  // RealtimeChannel.join checks the limits before the token (limit_joins, then limit_channels).
  // limit_joins: while the project's joins per second are over max_joins_per_second, the join is
  // refused and the socket disconnected; every join that gets past this check counts.
  if (limits.joinsRate.get().triggered) {
    fail('ClientJoinRateLimitReached: Too many joins per second');
    return endSocket(state, conn);
  }
  limits.joinsRate.add();
  // limit_channels: the channels this socket has joined (Registry.count_match on its transport pid).
  if (limits.tooManyChannels(conn.channels.size)) return fail('ChannelRateLimitReached: Too many channels');
  const cfg = params.config ?? {};
  const given = params.access_token ?? params.user_token;
  const token = !given || given.startsWith('sb_') ? conn.tenantToken : given;
  const check = await checkToken(token, state.config.jwtSecret);
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
      ch.policies = await readPolicies(state.db, ch, presenceEnabled);
    } catch {
      return fail('Realtime was unable to connect to the project database');
    }
    if (!ch.policies.broadcastRead && !ch.policies.presenceRead) {
      return fail(`Unauthorized: ${unreadable(ch.topic)}`);
    }
  }
  const pgParams = (cfg.postgres_changes ?? []).filter((b): b is Binding => !!b);
  const { bindings, errors: bindingErrors } = compileBindings(pgParams);
  ch.bindings = bindings;
  if (conn.ended) return; // the socket went away while the token or the policies were checked
  conn.channels.set(m.topic, ch);
  enter(state, ch);
  scheduleConfirm(state, ch);
  limits.eventsRate.get(); // assign_counter: a joined channel starts the project's events counter
  conn.reply(m, 'ok', {
    postgres_changes: pgParams.map((b, i) => ({ ...b, id: ch.bindings[i]!.id })),
  });
  if (pgParams.length) {
    if (bindingErrors.length) ch.system('postgres_changes', 'error', bindingErrors.join('; '));
    else ch.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  }
  if (presenceEnabled) pushPresenceState(state, ch);
}

function scheduleConfirm(state: RealtimeState, ch: Channel): void {
  clearTimeout(ch.confirmTimer);
  const exp = typeof ch.claims.exp === 'number' ? ch.claims.exp : 0;
  const left = exp * 1000 - Date.now();
  ch.confirmTimer = setTimeout(() => void confirm(state, ch), Math.max(0, Math.min(CONFIRM_TOKEN_MS, left)));
  ch.confirmTimer.unref();
}

async function confirm(state: RealtimeState, ch: Channel): Promise<void> {
  if (ch.closed) return;
  const check = await checkToken(ch.token, state.config.jwtSecret);
  // Past exp the channel ends, even inside the 30 s clock tolerance REST allows.
  const exp = typeof ch.claims.exp === 'number' ? ch.claims.exp : 0;
  if (exp * 1000 <= Date.now()) {
    return shutdown(state, ch, `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`);
  }
  if (!check.ok) return shutdown(state, ch, check.message);
  scheduleConfirm(state, ch);
}

/** A client's access_token message: a new token for the channel, checked as a join's is. */
export async function accessToken(state: RealtimeState, ch: Channel, m: Message): Promise<void> {
  const next = (m.payload as { access_token?: unknown } | null)?.access_token;
  if (typeof next !== 'string' || next.startsWith('sb_') || next === ch.token) return;
  const check = await checkToken(next, state.config.jwtSecret);
  if (!check.ok) return shutdown(state, ch, check.message);
  const exp = check.claims.exp as number;
  if (exp * 1000 <= Date.now())
    return shutdown(state, ch, `Token has expired ${Math.floor(Date.now() / 1000) - exp} seconds ago`);
  if (!roleAllowed(check.claims)) return shutdown(state, ch, unreadable(ch.topic));
  ch.token = next;
  ch.claims = check.claims;
  if (ch.isPrivate) {
    const before = ch.policies;
    try {
      ch.policies = await readPolicies(state.db, ch, ch.presenceEnabled);
    } catch {
      return shutdown(state, ch, 'Realtime was unable to connect to the project database');
    }
    if ((before?.broadcastRead && !ch.policies.broadcastRead) || (before?.presenceRead && !ch.policies.presenceRead)) {
      return shutdown(state, ch, `You no longer have permission to read from this Channel topic: ${ch.subTopic}`);
    }
  }
  scheduleConfirm(state, ch);
}
