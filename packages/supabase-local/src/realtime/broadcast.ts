// Broadcast: what a client sends on its channel (BroadcastHandler), what REST callers post to
// /api/broadcast (BroadcastController: BatchBroadcast, SingleBroadcast), and what the database
// sends with realtime.send() (inserts into realtime.messages, on postgres-changes.ts's feed),
// all delivered to the room's channels in their serializer's frame (protocol.ts). On a private
// channel, sending needs the broadcast write policy and receiving the read policy
// (authorization.ts).
import type { ServerResponse } from 'node:http';
import { bearerToken, type Claims } from '../http/jwt.ts';
import { sendJson, type StackRequest } from '../http/server.ts';
import { canWrite, checkToken } from './authorization.ts';
import type { Change } from './changes.ts';
import { shutdown } from './channels.ts';
import { roomName, type Channel } from './connection.ts';
import { encodeBroadcast, type Message, type UserBroadcast, type Vsn } from './protocol.ts';
import type { RealtimeState } from './state.ts';

function deliverBroadcast(state: RealtimeState, room: string, topic: string, b: UserBroadcast, from?: Channel): void {
  const frames = new Map<Vsn, string | Buffer | undefined>();
  const over: Channel[] = [];
  for (const ch of state.rooms.get(room) ?? []) {
    if (ch === from && !ch.selfBroadcast) continue;
    if (ch.isPrivate && !ch.policies?.broadcastRead) continue;
    if (!frames.has(ch.conn.vsn)) frames.set(ch.conn.vsn, encodeBroadcast(ch.conn.vsn, topic, b));
    const frame = frames.get(ch.conn.vsn);
    if (frame !== undefined && ch.conn.ws.readyState === ch.conn.ws.OPEN) ch.conn.ws.send(frame);
    if (state.limits.countDelivery()) over.push(ch);
  }
  for (const ch of over) shutdown(state, ch, 'Too many messages per second');
}

/** A client's `broadcast` message on its channel. */
export async function clientBroadcast(state: RealtimeState, ch: Channel, m: Message): Promise<void> {
  const p = (m.payload ?? {}) as { event?: unknown; payload?: unknown; binary?: Buffer };
  if (ch.isPrivate) {
    ch.policies!.broadcastWrite ??= await canWrite(state.db, ch, 'broadcast').catch(() => false);
    if (!ch.policies!.broadcastWrite) return; // dropped, as BroadcastHandler does without write access
  }
  // BroadcastHandler.increment_rate_counter: each message a client sends counts once; it is sent
  // even when the project is over its limit (the channels that receive it are the ones ended).
  state.limits.eventsRate.add();
  deliverBroadcast(
    state,
    ch.room,
    ch.topic,
    { event: String(p.event ?? ''), payload: p.payload, binary: p.binary },
    ch,
  );
  if (ch.ackBroadcast) ch.conn.reply(m, 'ok');
}

/** A change to realtime.messages: an insert of a broadcast (realtime.send()) goes to its room. */
export function broadcastFromDatabase(state: RealtimeState, change: Change): void {
  const r = change.record;
  if (change.type !== 'INSERT' || !r || r.extension !== 'broadcast' || typeof r.topic !== 'string') return;
  // ReplicationConnection (broadcast from the database): dropped while the project's
  // messages-per-second limit is triggered, else counted once and sent.
  const { eventsRate } = state.limits;
  if (eventsRate.get().triggered) return;
  eventsRate.add();
  const topic = `realtime:${r.topic}`;
  deliverBroadcast(state, roomName(r.private !== false, topic), topic, {
    event: String(r.event ?? ''),
    payload: r.payload ?? {},
    meta: { id: r.id },
  });
}

// REST broadcast ---------------------------------------------------------------
async function restCaller(state: RealtimeState, req: StackRequest, res: ServerResponse): Promise<Claims | undefined> {
  const check = await checkToken(bearerToken(req.authorization), state.config.jwtSecret);
  if (!check.ok) {
    sendJson(res, 401, { message: check.kind === 'expired' ? 'Token has expired' : 'Unauthorized' });
    return undefined;
  }
  return check.claims;
}

async function send(
  state: RealtimeState,
  claims: Claims,
  topic: string,
  event: string,
  body: UserBroadcast,
  isPrivate: boolean,
): Promise<boolean> {
  const full = `realtime:${topic}`;
  if (isPrivate) {
    const who = { claims, role: String(claims.role), topic: full };
    if (!(await canWrite(state.db, who, 'broadcast').catch(() => false))) return false;
  }
  state.limits.eventsRate.add(); // send_message_and_count
  deliverBroadcast(state, roomName(isPrivate, full), full, { ...body, event });
  return true;
}

/** POST /api/broadcast: a batch of {topic, event, payload, private} messages. */
export async function postBroadcasts(state: RealtimeState, req: StackRequest, res: ServerResponse): Promise<void> {
  const claims = await restCaller(state, req, res);
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
  const refusal = state.limits.batchRefusal(messages.length);
  if (refusal) return sendJson(res, 429, { message: refusal });
  for (const msg of messages) {
    await send(
      state,
      claims,
      msg.topic as string,
      msg.event as string,
      { event: '', payload: msg.payload ?? {} },
      msg.private === true,
    );
  }
  res.writeHead(202).end();
}

/** POST /api/broadcast/:topic/events/:event: one message, JSON or raw bytes (octet-stream). */
export async function postBroadcastEvent(
  state: RealtimeState,
  req: StackRequest,
  res: ServerResponse,
  params: Record<string, string>,
): Promise<void> {
  const claims = await restCaller(state, req, res);
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
  const refusal = state.limits.singleRefusal();
  if (refusal) return sendJson(res, 429, { message: refusal });
  if (!(await send(state, claims, params.topic!, params.event!, body, isPrivate))) {
    return sendJson(res, 401, {
      message: `You do not have permissions to write to this Channel topic: ${params.topic}`,
    });
  }
  res.writeHead(202).end();
}
