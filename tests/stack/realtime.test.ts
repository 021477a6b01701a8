// Realtime at /realtime/v1 as supabase-js uses it: Postgres changes under
// row-level security, filters, Broadcast (self, ack, REST), Presence, private
// channels authorised by policies on realtime.messages, token expiry, and a
// client that reconnects by itself after the stack restarts.
import { createClient, type RealtimeChannel, type RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { request as httpRequest } from 'node:http';
import ws from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY, STACK_URL, client, http, service, signToken, type AnyClient } from './helpers.ts';
import { SEED, connectDb, tokenOf, uniqueSuffix, type Persona } from './db-seed.ts';
import { startTestStack, type TestStack } from '../support/stack-process.ts';

type Row = Record<string, unknown>;
type Payload = RealtimePostgresChangesPayload<Row>;

const clients: AnyClient[] = [];

/** A supabase-js client whose realtime socket acts as the given person (setAuth, as a signed-in app does). */
async function realtimeAs(persona: Exclude<Persona, 'anon'>, expiresIn = 3600): Promise<AnyClient> {
  const token = await tokenOf(persona, expiresIn);
  const c = client(ANON_KEY, token);
  await c.realtime.setAuth(token);
  clients.push(c);
  return c;
}

/** Subscribes and resolves once SUBSCRIBED; rejects with the channel's error. */
function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

/** Collects what a callback receives; `next()` waits for the next one (or fails after `ms`). */
function collector<T>() {
  const items: T[] = [];
  const waiters: ((t: T) => void)[] = [];
  return {
    items,
    push(t: T) {
      const w = waiters.shift();
      if (w) w(t);
      else items.push(t);
    },
    next(ms = 5000): Promise<T> {
      const ready = items.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing arrived within ${ms} ms`)), ms);
        waiters.push((t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
  };
}

/** The id of the row an INSERT or UPDATE carries. */
const newId = (p: Payload) => (p.new as Row).id;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});

describe('postgres changes', () => {
  const made: string[] = [];
  afterAll(async () => {
    if (made.length) await service().from('system_alerts').delete().in('id', made);
  });

  async function alert(values: Row): Promise<string> {
    const { data, error } = await service()
      .from('system_alerts')
      .insert({ alert_type: 'other', message: `Realtime test ${uniqueSuffix()}`, ...values })
      .select('id')
      .single();
    expect(error).toBeNull();
    made.push(data!.id as string);
    return data!.id as string;
  }

  it('delivers insert, update and delete to a venue for its own rows, with Supabase’s payload, and nothing of another venue’s', async () => {
    const cafe = await realtimeAs('cafe');
    const gym = await realtimeAs('gym');
    const cafeGot = collector<Payload>();
    const gymGot = collector<Payload>();
    await subscribed(
      cafe
        .channel(`campaigns-cafe-${uniqueSuffix()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'campaigns' }, (p) => cafeGot.push(p)),
    );
    await subscribed(
      gym
        .channel(`campaigns-gym-${uniqueSuffix()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'campaigns' }, (p) => gymGot.push(p)),
    );

    const name = `Realtime campaign ${uniqueSuffix()}`;
    const { data, error } = await service()
      .from('campaigns')
      .insert({ name, customer_id: SEED.customers.cafe, status: 'paused' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = data!.id as string;
    const inserted = await cafeGot.next();
    expect(inserted).toMatchObject({
      schema: 'public',
      table: 'campaigns',
      eventType: 'INSERT',
      new: { id, name, customer_id: SEED.customers.cafe, status: 'paused', priority: 1 },
      old: {},
      errors: null,
    });
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);

    await service().from('campaigns').update({ status: 'active' }).eq('id', id);
    const updated = await cafeGot.next();
    expect(updated).toMatchObject({ eventType: 'UPDATE', new: { id, status: 'active' }, old: { id } });
    // Default replica identity: the old row is only its primary key.
    expect(Object.keys(updated.old)).toEqual(['id']);

    await service().from('campaigns').delete().eq('id', id);
    const deleted = await cafeGot.next();
    expect(deleted).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });

    // The gym heard nothing of the cafe's insert and update; a delete carries only the id, to all.
    await sleep(300);
    expect(gymGot.items.map((p) => p.eventType)).toEqual(['DELETE']);
    expect(gymGot.items[0]!.old).toEqual({ id });
  });

  it('a paired screen hears its venue’s slides and its own device, not another venue’s or another device’s', async () => {
    const screen = await realtimeAs('screen');
    const slides = collector<Payload>();
    const device = collector<Payload>();
    await subscribed(
      screen
        .channel(`screen-${uniqueSuffix()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'campaign_items' }, (p) => slides.push(p))
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'equipment_status', filter: `id=eq.${SEED.equipment.cafe[1]}` },
          (p) => device.push(p),
        )
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'equipment_status' }, (p) =>
          device.push(p),
        ),
    );
    const title = `Edited ${uniqueSuffix()}`;
    const slidesBefore = await service()
      .from('campaign_items')
      .select('id, title')
      .in('id', [SEED.slides.cafe[0], SEED.slides.gym[0]]);
    const devicesBefore = await service().from('equipment_status').select('id, location').in('id', SEED.equipment.cafe);
    try {
      await service()
        .from('campaign_items')
        .update({ title: `Gym ${title}` })
        .eq('id', SEED.slides.gym[0]);
      await service().from('campaign_items').update({ title }).eq('id', SEED.slides.cafe[0]);
      expect(await slides.next()).toMatchObject({ eventType: 'UPDATE', new: { id: SEED.slides.cafe[0], title } });
      // Another device of its own venue, then its own.
      await service()
        .from('equipment_status')
        .update({ location: `Elsewhere ${title}` })
        .eq('id', SEED.equipment.cafe[0]);
      await service()
        .from('equipment_status')
        .update({ location: `Window ${title}` })
        .eq('id', SEED.equipment.cafe[1]);
      const own = await device.next();
      expect(own.new).toMatchObject({ id: SEED.equipment.cafe[1], location: `Window ${title}` });
      await sleep(500);
      // Its own device reached both of its bindings; nothing of the other device or the gym's slide.
      expect(device.items.map((p) => (p.new as Row).id)).toEqual([SEED.equipment.cafe[1]]);
      expect(slides.items).toEqual([]);
    } finally {
      for (const r of slidesBefore.data!)
        await service().from('campaign_items').update({ title: r.title }).eq('id', r.id);
      for (const r of devicesBefore.data!) {
        await service().from('equipment_status').update({ location: r.location }).eq('id', r.id);
      }
    }
  });

  it('an admin hears every venue’s rows; event and filter bindings narrow what arrives', async () => {
    const admin = await realtimeAs('admin');
    const inserts = collector<Payload>();
    const highOrMedium = collector<Payload>();
    const notLow = collector<Payload>();
    const gymOnly = collector<Payload>();
    const channel = admin
      .channel(`alerts-admin-${uniqueSuffix()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'system_alerts' }, (p) => inserts.push(p))
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'system_alerts', filter: 'severity=in.(high,medium)' },
        (p) => highOrMedium.push(p),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'system_alerts', filter: 'severity=neq.low' },
        (p) => notLow.push(p),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'system_alerts', filter: `customer_id=eq.${SEED.customers.gym}` },
        (p) => gymOnly.push(p),
      );
    await subscribed(channel);

    const low = await alert({ customer_id: SEED.customers.cafe, severity: 'low' });
    const high = await alert({ customer_id: SEED.customers.gym, severity: 'high' });
    expect(newId(await inserts.next())).toBe(low);
    expect(newId(await inserts.next())).toBe(high);
    expect(newId(await highOrMedium.next())).toBe(high);
    expect(newId(await notLow.next())).toBe(high);
    expect(newId(await gymOnly.next())).toBe(high);
    await sleep(300);
    expect(highOrMedium.items).toEqual([]);
    expect(notLow.items).toEqual([]);
    expect(gymOnly.items).toEqual([]);
  });

  it('compares lt, lte, gt and gte filters by the column’s type', async () => {
    const admin = await realtimeAs('admin');
    const late = collector<Payload>();
    const early = collector<Payload>();
    const cut = new Date(Date.now() + 60_000).toISOString();
    await subscribed(
      admin
        .channel(`alerts-time-${uniqueSuffix()}`)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'system_alerts', filter: `created_at=gte.${cut}` },
          (p) => late.push(p),
        )
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'system_alerts', filter: `created_at=lt.${cut}` },
          (p) => early.push(p),
        ),
    );
    const now = await alert({ severity: 'medium' });
    const later = await alert({ severity: 'medium', created_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(newId(await early.next())).toBe(now);
    expect(newId(await late.next())).toBe(later);
  });

  it('streams only the tables of the supabase_realtime publication', async () => {
    const admin = await realtimeAs('admin');
    const got = collector<Payload>();
    await subscribed(
      admin
        .channel(`users-${uniqueSuffix()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'users' }, (p) => got.push(p)),
    );
    const { error } = await service()
      .from('users')
      .update({ updated_at: new Date().toISOString() })
      .eq('id', SEED.users.gym.id);
    expect(error).toBeNull();
    await sleep(1500);
    expect(got.items).toEqual([]);
  });

  it('answers a malformed filter with a system error, as Realtime does', async () => {
    const admin = await realtimeAs('admin');
    const system = collector<{ status: string; message: string; extension: string }>();
    const channel = admin
      .channel(`bad-filter-${uniqueSuffix()}`)
      .on('system', {}, (p) => system.push(p))
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'system_alerts', filter: 'severity=like.high' },
        () => undefined,
      );
    await subscribed(channel);
    expect(await system.next()).toMatchObject({
      extension: 'postgres_changes',
      status: 'error',
      message: expect.stringContaining('filter'),
    });
  });
});

describe('broadcast and presence', () => {
  it('broadcasts to the other subscribers, to the sender too with self, and acknowledges with ack', async () => {
    const topic = `room-${uniqueSuffix()}`;
    const a = await realtimeAs('cafe');
    const b = await realtimeAs('gym');
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
    const token = await signToken({ sub: SEED.users.cafe.id, email: SEED.users.cafe.email });
    const v1 = createClient(STACK_URL, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never, vsn: '1.0.0' },
    });
    const v2 = await realtimeAs('gym');
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
    const other = await realtimeAs('admin');
    const bytesGot = collector<Row>();
    await subscribed(other.channel(topic).on('broadcast', { event: 'bytes' }, (m) => bytesGot.push(m)));
    await v2Channel.send({ type: 'broadcast', event: 'bytes', payload: new Uint8Array([1, 2, 250]).buffer });
    const got = await bytesGot.next();
    expect(new Uint8Array(got.payload as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 250]));
  });

  it('sends over REST (httpSend) to a channel the sender never joined', async () => {
    const topic = `rest-${uniqueSuffix()}`;
    const listener = await realtimeAs('cafe');
    const got = collector<Row>();
    await subscribed(listener.channel(topic).on('broadcast', { event: 'ping' }, (m) => got.push(m)));
    const sender = await realtimeAs('gym');
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
    const a = await realtimeAs('cafe');
    const b = await realtimeAs('gym');
    const leaves = collector<Row>();
    const aChannel = a.channel(topic, { config: { presence: { key: 'cafe' } } });
    aChannel
      .on('presence', { event: 'sync' }, () => undefined)
      .on('presence', { event: 'leave' }, (p) => leaves.push(p as Row));
    await subscribed(aChannel);
    const bChannel = b
      .channel(topic, { config: { presence: { key: 'gym' } } })
      .on('presence', { event: 'sync' }, () => undefined);
    await subscribed(bChannel);
    expect(await aChannel.track({ screen: 'counter' })).toBe('ok');
    expect(await bChannel.track({ screen: 'entrance' })).toBe('ok');

    await expect.poll(() => Object.keys(aChannel.presenceState()).sort(), { timeout: 5000 }).toEqual(['cafe', 'gym']);
    await expect.poll(() => Object.keys(bChannel.presenceState()).sort(), { timeout: 5000 }).toEqual(['cafe', 'gym']);
    expect(bChannel.presenceState().cafe?.[0]).toMatchObject({ screen: 'counter' });

    await b.removeChannel(bChannel);
    expect(await leaves.next()).toMatchObject({ key: 'gym' });
    await expect.poll(() => Object.keys(aChannel.presenceState()), { timeout: 5000 }).toEqual(['cafe']);
  });
});

describe('private channels and tokens', () => {
  const policy = `realtime_test_${uniqueSuffix().replace(/-/g, '_')}`;
  beforeAll(async () => {
    // Realtime Authorization: the cafe's login may read and write its own room only.
    const db = await connectDb();
    try {
      await db.query(
        `create policy ${policy}_read on realtime.messages for select to authenticated
           using (realtime.topic() = 'venue-' || auth.uid()::text)`,
      );
      await db.query(
        `create policy ${policy}_write on realtime.messages for insert to authenticated
           with check (realtime.topic() = 'venue-' || auth.uid()::text)`,
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
    const cafe = await realtimeAs('cafe');
    const gym = await realtimeAs('gym');
    const topic = `venue-${SEED.users.cafe.id}`;
    const got = collector<Row>();
    const own = cafe
      .channel(topic, { config: { private: true, broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'hi' }, (m) => got.push(m));
    await subscribed(own);
    expect(await own.send({ type: 'broadcast', event: 'hi', payload: { from: 'cafe' } })).toBe('ok');
    expect(await got.next()).toMatchObject({ payload: { from: 'cafe' } });

    const refused = gym.channel(topic, { config: { private: true } });
    await expect(subscribed(refused)).rejects.toThrow(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    );
    await gym.removeChannel(refused);
    // The public channel of the same name is another room: nothing private reaches it.
    const publicGot = collector<Row>();
    await subscribed(gym.channel(topic).on('broadcast', { event: 'hi' }, (m) => publicGot.push(m)));
    await own.send({ type: 'broadcast', event: 'hi', payload: { from: 'cafe again' } });
    expect(await got.next()).toMatchObject({ payload: { from: 'cafe again' } });
    expect(publicGot.items).toEqual([]);
  });

  it('ends a channel when its token expires, with Realtime’s system message', async () => {
    const cafe = await realtimeAs('cafe', 3);
    const system = collector<{ status: string; message: string }>();
    let closed = false;
    const channel = cafe.channel(`expiring-${uniqueSuffix()}`).on('system', {}, (p) => system.push(p));
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
    const expired = await signToken({ sub: SEED.users.cafe.id }, -120);
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
  let stack: TestStack;
  beforeAll(async () => {
    const base = Number(new URL(STACK_URL).port) + 40;
    stack = await startTestStack({
      engine: inject('engine'),
      basePort: base,
      name: `realtime-restart-${inject('engine')}`,
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('rejoins by itself after the stack restarts and hears changes again', async () => {
    const c = createClient(stack.url, SERVICE_ROLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    });
    const got = collector<Payload>();
    const statuses: string[] = [];
    c.channel('restart')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'system_alerts' }, (p) => got.push(p))
      .subscribe((s) => statuses.push(s));
    await expect.poll(() => statuses.includes('SUBSCRIBED'), { timeout: 10_000 }).toBe(true);

    await stack.halt();
    await stack.resume();
    await expect.poll(() => statuses.filter((s) => s === 'SUBSCRIBED').length, { timeout: 30_000 }).toBeGreaterThan(1);
    const { error } = await c.from('system_alerts').insert({ alert_type: 'other', message: 'after the restart' });
    expect(error).toBeNull();
    expect((await got.next(5000)).new).toMatchObject({ message: 'after the restart' });
    await c.removeAllChannels();
  }, 90_000);
});
