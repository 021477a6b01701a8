// Presence, as realtime-js uses it: a channel tracks a map of its own under its presence key
// (config.presence.key, else a random one), joiners get presence_state, and every change goes to
// the room as presence_diff {joins, leaves}. On a private channel, reading needs the presence
// read policy and tracking the presence write policy (authorization.ts).
import { randomUUID } from 'node:crypto';
import { canWrite } from './authorization.ts';
import type { Channel } from './connection.ts';
import type { Message } from './protocol.ts';
import type { PresenceMeta, RealtimeState } from './state.ts';

type PresenceList = Record<string, { metas: PresenceMeta[] }>;

function presenceList(state: RealtimeState, room: string): PresenceList {
  const out: PresenceList = {};
  for (const [key, metas] of state.presence.get(room) ?? []) out[key] = { metas: [...metas.values()] };
  return out;
}

/** presence_state (who is there) to a channel, when it may read presences. */
export function pushPresenceState(state: RealtimeState, ch: Channel): void {
  if (!ch.isPrivate || ch.policies?.presenceRead) ch.push('presence_state', presenceList(state, ch.room));
}

function presenceDiff(state: RealtimeState, room: string, joins: PresenceList, leaves: PresenceList) {
  for (const ch of state.rooms.get(room) ?? []) {
    if (ch.isPrivate && !ch.policies?.presenceRead) continue;
    ch.push('presence_diff', { joins, leaves });
  }
}

function track(state: RealtimeState, ch: Channel, payload: Record<string, unknown>): void {
  let byKey = state.presence.get(ch.room);
  if (!byKey) state.presence.set(ch.room, (byKey = new Map()));
  let metas = byKey.get(ch.presenceKey);
  if (!metas) byKey.set(ch.presenceKey, (metas = new Map()));
  const previous = metas.get(ch);
  const meta: PresenceMeta = { ...payload, phx_ref: randomUUID().replace(/-/g, '').slice(0, 20) };
  if (previous) meta.phx_ref_prev = previous.phx_ref;
  metas.set(ch, meta);
  presenceDiff(
    state,
    ch.room,
    { [ch.presenceKey]: { metas: [meta] } },
    previous ? { [ch.presenceKey]: { metas: [previous] } } : {},
  );
}

/** Drops what the channel tracked (on untrack, and when the channel leaves), telling the room. */
export function untrack(state: RealtimeState, ch: Channel): void {
  const byKey = state.presence.get(ch.room);
  const metas = byKey?.get(ch.presenceKey);
  const previous = metas?.get(ch);
  if (!byKey || !metas || !previous) return;
  metas.delete(ch);
  if (metas.size === 0) byKey.delete(ch.presenceKey);
  if (byKey.size === 0) state.presence.delete(ch.room);
  presenceDiff(state, ch.room, {}, { [ch.presenceKey]: { metas: [previous] } });
}

/** A client's `presence` message: track (a map) or untrack. */
export async function presenceEvent(state: RealtimeState, ch: Channel, m: Message): Promise<void> {
  const p = (m.payload ?? {}) as { event?: string; payload?: unknown };
  if (ch.isPrivate) {
    ch.policies!.presenceWrite ??= await canWrite(state.db, ch, 'presence').catch(() => false);
    if (!ch.policies!.presenceWrite) return ch.conn.reply(m, 'error');
  }
  if (p.event === 'track') {
    if (!p.payload || typeof p.payload !== 'object' || Array.isArray(p.payload)) {
      return ch.conn.reply(m, 'error', { reason: 'Presence track payload must be a map' });
    }
    if (!ch.presenceEnabled) {
      ch.presenceEnabled = true;
      pushPresenceState(state, ch);
    }
    track(state, ch, p.payload as Record<string, unknown>);
  } else if (p.event === 'untrack') {
    untrack(state, ch);
  }
  ch.conn.reply(m, 'ok');
}
