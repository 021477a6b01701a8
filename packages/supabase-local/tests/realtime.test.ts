// Realtime at /realtime/v1 as supabase-js uses it: Broadcast (self, ack, REST, both
// serializers), Presence, private channels authorised by policies on realtime.messages,
// token expiry, and a client that reconnects by itself after the stack restarts.
// (Postgres changes under a project's row-level security: the project's own tests.)
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collector, createTestClient, subscribed } from 'supabase-local/testing';
import {
  ANON_KEY,
  type AnyClient,
  client,
  connectDb,
  http,
  SERVICE_ROLE_KEY,
  signToken,
  STACK_URL,
  uniqueSuffix,
} from 'supabase-local/testing/vitest';
import { ownFixtureStack } from './support/own-stack.ts';

type Row = Record<string, unknown>;
type Payload = RealtimePostgresChangesPayload<Row>;

/** Three signed-in users (any ids: Realtime takes who they are from their tokens). */
const USERS = { one: randomUUID(), two: randomUUID(), three: randomUUID() };
type Person = keyof typeof USERS;

const clients: AnyClient[] = [];

/** A supabase-js client whose realtime socket acts as the given user (setAuth, as a signed-in app does). */
async function realtimeAs(person: Person, expiresIn = 3600): Promise<AnyClient> {
  const token = await signToken({ sub: USERS[person], email: `${person}@example.test` }, expiresIn);
  const c = client(ANON_KEY, token);
  await c.realtime.setAuth(token);
  clients.push(c);
  return c;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});

describe('broadcast and presence', () => {
  it('broadcasts to the other subscribers, to the sender too with self, and acknowledges with ack', async () => {
    const topic = `room-${uniqueSuffix()}`;
    const a = await realtimeAs('one');
    const b = await realtimeAs('two');
    const aGot = collector<Row>();
    const bGot = collector<Row>();
    const aChannel = a
      .channel(topic, { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'cursor' }, (m) => aGot.push(m));
    const bChannel = b.channel(topic).on('broadcast', { event: 'cursor' }, (m) => bGot.push(m));
    await subscribed(aChannel);
    await subscribed(bChannel);

    expect(await aChannel.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe('ok');
    expect(await bGot.next()).toMatchObject({ type: 'broadcast', event: 'cursor', payload: { x: 1 } });
    expect(await aGot.next()).toMatchObject({ event: 'cursor', payload: { x: 1 } });

    // Without self, the sender hears nothing of its own message.
    await bChannel.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } });
    expect(await aGot.next()).toMatchObject({ payload: { x: 2 } });
    await sleep(300);
    expect(bGot.items).toEqual([]);
  });

  it('speaks both serializers: a vsn 1.0.0 client and a vsn 2.0.0 client hear each other, bytes included', async () => {
    const topic = `serializers-${uniqueSuffix()}`;
    const token = await signToken({ sub: USERS.one, email: 'one@example.test' });
    const v1 = createTestClient(STACK_URL, ANON_KEY, { vsn: '1.0.0' });
    const v2 = await realtimeAs('two');
    clients.push(v1);
    await v1.realtime.setAuth(token);
    const v1Got = collector<Row>();
    const v2Got = collector<Row>();
    const v1Channel = v1.channel(topic).on('broadcast', { event: '*' }, (m) => v1Got.push(m));
    const v2Channel = v2.channel(topic).on('broadcast', { event: '*' }, (m) => v2Got.push(m));
    await subscribed(v1Channel);
    await subscribed(v2Channel);
    await v1Channel.send({ type: 'broadcast', event: 'from-v1', payload: { n: 1 } });
    expect(await v2Got.next()).toMatchObject({ event: 'from-v1', payload: { n: 1 } });
    await v2Channel.send({ type: 'broadcast', event: 'from-v2', payload: { n: 2 } });
    expect(await v1Got.next()).toMatchObject({ event: 'from-v2', payload: { n: 2 } });

    // Raw bytes travel as a binary frame between vsn 2.0.0 clients (a vsn 1.0.0 client cannot carry them).
    const other = await realtimeAs('three');
    const bytesGot = collector<Row>();
    await subscribed(other.channel(topic).on('broadcast', { event: 'bytes' }, (m) => bytesGot.push(m)));
    await v2Channel.send({ type: 'broadcast', event: 'bytes', payload: new Uint8Array([1, 2, 250]).buffer });
    const got = await bytesGot.next();
    expect(new Uint8Array(got.payload as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 250]));
  });

  it('sends over REST (httpSend) to a channel the sender never joined', async () => {
    const topic = `rest-${uniqueSuffix()}`;
    const listener = await realtimeAs('one');
    const got = collector<Row>();
    await subscribed(listener.channel(topic).on('broadcast', { event: 'ping' }, (m) => got.push(m)));
    const sender = await realtimeAs('two');
    const channel = sender.channel(topic);
    await expect(channel.httpSend('ping', { n: 7 })).resolves.toEqual({ success: true });
    expect(await got.next()).toMatchObject({ event: 'ping', payload: { n: 7 } });

    const res = await http('/realtime/v1/api/broadcast', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic, event: 'ping', payload: { n: 8 } }] }),
    });
    expect(res.status).toBe(202);
    expect(await got.next()).toMatchObject({ event: 'ping', payload: { n: 8 } });
  });

  it('syncs presence: each member sees who joined and who left', async () => {
    const topic = `presence-${uniqueSuffix()}`;
    const a = await realtimeAs('one');
    const b = await realtimeAs('two');
    const leaves = collector<Row>();
    const aChannel = a.channel(topic, { config: { presence: { key: 'one' } } });
    aChannel
      .on('presence', { event: 'sync' }, () => undefined)
      .on('presence', { event: 'leave' }, (p) => leaves.push(p as Row));
    await subscribed(aChannel);
    const bChannel = b
      .channel(topic, { config: { presence: { key: 'two' } } })
      .on('presence', { event: 'sync' }, () => undefined);
    await subscribed(bChannel);
    expect(await aChannel.track({ screen: 'counter' })).toBe('ok');
    expect(await bChannel.track({ screen: 'entrance' })).toBe('ok');

    await expect.poll(() => Object.keys(aChannel.presenceState()).sort(), { timeout: 5000 }).toEqual(['one', 'two']);
    await expect.poll(() => Object.keys(bChannel.presenceState()).sort(), { timeout: 5000 }).toEqual(['one', 'two']);
    expect(bChannel.presenceState().one?.[0]).toMatchObject({ screen: 'counter' });

    await b.removeChannel(bChannel);
    expect(await leaves.next()).toMatchObject({ key: 'two' });
    await expect.poll(() => Object.keys(aChannel.presenceState()), { timeout: 5000 }).toEqual(['one']);
  });
});

describe('private channels and tokens', () => {
  const policy = `realtime_test_${uniqueSuffix().replace(/-/g, '_')}`;
  beforeAll(async () => {
    // Realtime Authorization: a user may read and write its own room only.
    const db = await connectDb();
    try {
      await db.query(
        `create policy ${policy}_read on realtime.messages for select to authenticated
           using (realtime.topic() = 'room-of-' || auth.uid()::text)`,
      );
      await db.query(
        `create policy ${policy}_write on realtime.messages for insert to authenticated
           with check (realtime.topic() = 'room-of-' || auth.uid()::text)`,
      );
    } finally {
      await db.end();
    }
  });
  afterAll(async () => {
    const db = await connectDb();
    try {
      await db.query(`drop policy if exists ${policy}_read on realtime.messages`);
      await db.query(`drop policy if exists ${policy}_write on realtime.messages`);
    } finally {
      await db.end();
    }
  });

  it('lets a member into a private channel its policies allow, and refuses the others', async () => {
    const one = await realtimeAs('one');
    const two = await realtimeAs('two');
    const topic = `room-of-${USERS.one}`;
    const got = collector<Row>();
    const own = one
      .channel(topic, { config: { private: true, broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'hi' }, (m) => got.push(m));
    await subscribed(own);
    expect(await own.send({ type: 'broadcast', event: 'hi', payload: { from: 'one' } })).toBe('ok');
    expect(await got.next()).toMatchObject({ payload: { from: 'one' } });

    const refused = two.channel(topic, { config: { private: true } });
    await expect(subscribed(refused)).rejects.toThrow(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    );
    await two.removeChannel(refused);
    // The public channel of the same name is another room: nothing private reaches it.
    const publicGot = collector<Row>();
    await subscribed(two.channel(topic).on('broadcast', { event: 'hi' }, (m) => publicGot.push(m)));
    await own.send({ type: 'broadcast', event: 'hi', payload: { from: 'one again' } });
    expect(await got.next()).toMatchObject({ payload: { from: 'one again' } });
    expect(publicGot.items).toEqual([]);
  });

  it('ends a channel when its token expires, with Realtime’s system message', async () => {
    const one = await realtimeAs('one', 3);
    const system = collector<{ status: string; message: string }>();
    let closed = false;
    const channel = one.channel(`expiring-${uniqueSuffix()}`).on('system', {}, (p) => system.push(p));
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED') resolve();
        if (status === 'CLOSED') closed = true;
        if (status === 'CHANNEL_ERROR') reject(new Error(status));
      });
    });
    const message = await system.next(10_000);
    expect(message).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
    });
    await expect.poll(() => closed, { timeout: 5000 }).toBe(true);
  });

  it('refuses a socket without an API key, or with an expired token, before upgrading', async () => {
    expect(await upgradeRefusal('/realtime/v1/websocket?vsn=2.0.0')).toEqual({
      status: 401,
      body: { error: 'API key is missing' },
    });
    const expired = await signToken({ sub: USERS.one }, -120);
    expect(await upgradeRefusal(`/realtime/v1/websocket?vsn=2.0.0&apikey=${expired}`)).toEqual({
      status: 401,
      body: { error: 'Token has expired' },
    });
  });
});

/** What the gateway answers a websocket upgrade it refuses. */
function upgradeRefusal(path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${STACK_URL}${path}`, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('upgrade', () => reject(new Error('the socket was upgraded')));
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('reconnecting', () => {
  const stack = ownFixtureStack(40, 'realtime-restart');

  it('rejoins by itself after the stack restarts and hears changes again', async () => {
    const c = createTestClient(stack.url, SERVICE_ROLE_KEY);
    const got = collector<Payload>();
    const statuses: string[] = [];
    c.channel('restart')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'realtime_fixture_events' }, (p) =>
        got.push(p),
      )
      .subscribe((s) => statuses.push(s));
    await expect.poll(() => statuses.includes('SUBSCRIBED'), { timeout: 10_000 }).toBe(true);

    await stack.halt();
    await stack.resume();
    await expect.poll(() => statuses.filter((s) => s === 'SUBSCRIBED').length, { timeout: 30_000 }).toBeGreaterThan(1);
    const { error } = await c.from('realtime_fixture_events').insert({ message: 'after the restart' });
    expect(error).toBeNull();
    expect((await got.next(5000)).new).toMatchObject({ message: 'after the restart' });
    await c.removeAllChannels();
  }, 90_000);
});
