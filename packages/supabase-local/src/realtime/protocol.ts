// The Phoenix channel wire format as Supabase Realtime speaks it to realtime-js:
// vsn 1.0.0 sends JSON objects {join_ref, ref, topic, event, payload}; vsn 2.0.0
// sends JSON arrays [join_ref, ref, topic, event, payload] and carries user
// broadcasts as binary frames (realtime-js lib/serializer.ts):
//   client → server, kind 3 (user broadcast push):
//     kind, len(join_ref), len(ref), len(topic), len(event), len(metadata), encoding,
//     join_ref, ref, topic, event, metadata, payload
//   server → client, kind 4 (user broadcast):
//     kind, len(topic), len(event), len(metadata), encoding, topic, event, metadata, payload
// encoding 0 is raw bytes, 1 is JSON.

export type Vsn = '1.0.0' | '2.0.0';

export interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A user broadcast as it travels between clients: JSON, or raw bytes. */
export interface UserBroadcast {
  event: string;
  payload: unknown;
  binary?: Buffer;
  meta?: Record<string, unknown>;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const BINARY_ENCODING = 0;
const JSON_ENCODING = 1;

export function parseVsn(v: string | null): Vsn | undefined {
  if (v === null || v === '1.0.0') return '1.0.0';
  if (v === '2.0.0') return '2.0.0';
  return undefined;
}

export class ProtocolError extends Error {}

export function decode(vsn: Vsn, data: Buffer, isBinary: boolean): Message {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new ProtocolError('binary frames need vsn 2.0.0');
    return decodeBinary(data);
  }
  const parsed: unknown = JSON.parse(data.toString('utf8'));
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5)
      throw new ProtocolError('expected [join_ref, ref, topic, event, payload]');
    const [join_ref, ref, topic, event, payload] = parsed as [string | null, string | null, string, string, unknown];
    if (typeof topic !== 'string' || typeof event !== 'string')
      throw new ProtocolError('topic and event must be strings');
    return { join_ref: join_ref ?? null, ref: ref ?? null, topic, event, payload };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ProtocolError('expected an object');
  const m = parsed as Partial<Message>;
  if (typeof m.topic !== 'string' || typeof m.event !== 'string')
    throw new ProtocolError('topic and event must be strings');
  return { join_ref: m.join_ref ?? null, ref: m.ref ?? null, topic: m.topic, event: m.event, payload: m.payload };
}

function decodeBinary(buf: Buffer): Message {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) throw new ProtocolError('unknown binary frame');
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [
    buf[1]!,
    buf[2]!,
    buf[3]!,
    buf[4]!,
    buf[5]!,
    buf[6]!,
  ];
  let o = 7;
  const take = (n: number) => {
    const s = buf.subarray(o, o + n).toString('utf8');
    o += n;
    return s;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const meta = take(metaLen);
  const body = buf.subarray(o);
  const broadcast: Record<string, unknown> = {
    type: 'broadcast',
    event,
    payload: encoding === JSON_ENCODING ? JSON.parse(body.toString('utf8')) : undefined,
  };
  if (encoding === BINARY_ENCODING) broadcast.binary = Buffer.from(body);
  if (meta) Object.assign(broadcast, JSON.parse(meta));
  return { join_ref: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: broadcast };
}

/** One frame for the client: a string (JSON) or a Buffer (binary). */
export function encode(vsn: Vsn, m: Message): string {
  if (vsn === '2.0.0') return JSON.stringify([m.join_ref, m.ref, m.topic, m.event, m.payload]);
  return JSON.stringify({ join_ref: m.join_ref, ref: m.ref, topic: m.topic, event: m.event, payload: m.payload });
}

/**
 * A user broadcast for a client: a binary kind 4 frame on vsn 2.0.0, the JSON
 * message {type: 'broadcast', event, payload} on vsn 1.0.0 (which cannot carry
 * raw bytes: those are not delivered to it, as on Supabase).
 */
export function encodeBroadcast(vsn: Vsn, topic: string, b: UserBroadcast): string | Buffer | undefined {
  if (vsn === '1.0.0') {
    if (b.binary) return undefined;
    const payload: Record<string, unknown> = { type: 'broadcast', event: b.event, payload: b.payload };
    if (b.meta) payload.meta = b.meta;
    return encode(vsn, { join_ref: null, ref: null, topic, event: 'broadcast', payload });
  }
  const t = Buffer.from(topic, 'utf8');
  const e = Buffer.from(b.event, 'utf8');
  const meta = Buffer.from(b.meta ? JSON.stringify(b.meta) : '', 'utf8');
  const body = b.binary ?? Buffer.from(JSON.stringify(b.payload ?? {}), 'utf8');
  if (t.length > 255 || e.length > 255 || meta.length > 255) return undefined;
  const head = Buffer.from([
    KIND_USER_BROADCAST,
    t.length,
    e.length,
    meta.length,
    b.binary ? BINARY_ENCODING : JSON_ENCODING,
  ]);
  return Buffer.concat([head, t, e, meta, body]);
}
