// Realtime's limits and role rule, as Supabase Realtime applies them: a token whose role the
// authenticator may not take gets no channel of any kind; a socket has at most 100 channels; the
// project's joins per second and messages per second are capped (each tick of 5 s compares the
// average with the limit); and a socket flooding joins and broadcasts slows no one else.
// The per-second limits are the whole project's, so they are tried on stacks of their own, with
// low limits (TENANT_MAX_* in the stack's environment, as Realtime reads them).
// None of this depends on the database under the stack (the limits and the role rule are
// Realtime's own), and stacks of their own boot slowly on PGlite: these run once, on the
// PostgreSQL stacks (the emulator-pg suite of `npm test`).
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient } from 'supabase-local/testing';
import {
  ANON_KEY,
  type AnyClient,
  SERVICE_ROLE_KEY,
  signToken,
  ENGINE,
  STACK_URL,
  uniqueSuffix,
} from 'supabase-local/testing/vitest';
import { ownFixtureStack } from './support/own-stack.ts';

interface Frame {
  /** When it arrived (Date.now()). */
  received: number;
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: any;
}

/** A signed-in user (any id: Realtime takes who it is from the token). */
const USER = randomUUID();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A realtime websocket spoken to frame by frame (Phoenix vsn 1.0.0), for what supabase-js will not send. */
class RawSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<number>;
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private n = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const f = { ...(JSON.parse(String(data)) as Omit<Frame, 'received'>), received: Date.now() };
      this.frames.push(f);
      const i = this.waiters.findIndex((w) => w.match(f));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(f);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static open(baseUrl: string, apikey: string): Promise<RawSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=1.0.0`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)));
      ws.once('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () =>
          reject(
            Object.assign(new Error(`refused: ${res.statusCode} ${text}`), {
              status: res.statusCode,
              body: JSON.parse(text) as unknown,
            }),
          ),
        );
      });
      ws.once('error', reject);
    });
  }

  /** Sends a message on `realtime:<topic>` (or on `phoenix`); returns its ref. */
  push(topic: string, event: string, payload: unknown, ref = `r${++this.n}`): string {
    const joinRef = event === 'phx_join' ? ref : null;
    const full = topic === 'phoenix' ? topic : `realtime:${topic}`;
    this.ws.send(JSON.stringify({ join_ref: joinRef, ref, topic: full, event, payload }));
    return ref;
  }

  /** A phx_join as realtime-js sends it, with whatever config the test gives. */
  pushJoin(
    topic: string,
    config: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
    ref?: string,
  ): string {
    const payload = {
      config: {
        broadcast: { self: false, ack: false },
        presence: { key: '', enabled: false },
        postgres_changes: [],
        private: false,
        ...config,
      },
      ...extra,
    };
    return this.push(topic, 'phx_join', payload, ref);
  }

  async join(topic: string, config: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<Frame> {
    return this.reply(this.pushJoin(topic, config, extra));
  }

  reply(ref: string, ms = 5000): Promise<Frame> {
    return this.waitFor((f) => f.event === 'phx_reply' && f.ref === ref, ms, `the reply to ${ref}`);
  }

  waitFor(match: (f: Frame) => boolean, ms = 5000, what = 'a frame'): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what} did not arrive within ${ms} ms`)), ms);
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/** What the server answered a websocket upgrade it refused. */
async function refusal(baseUrl: string, apikey = ANON_KEY): Promise<{ status: number; body: unknown }> {
  try {
    (await RawSocket.open(baseUrl, apikey)).close();
  } catch (e) {
    const { status, body } = e as { status?: number; body?: unknown };
    if (status) return { status, body };
    throw e;
  }
  throw new Error('the socket was upgraded');
}

/** Subscribes; resolves with the outcome: SUBSCRIBED, or the error message of CHANNEL_ERROR. */
function outcome(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(status);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(err?.message ?? status);
    });
  });
}

async function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  expect(await outcome(channel)).toBe('SUBSCRIBED');
  return channel;
}

const clients: AnyClient[] = [];
const sockets: RawSocket[] = [];

/** A supabase-js client (on the suite's stack, or another) whose realtime socket carries `token` (setAuth). */
async function realtimeClient(token?: string, url = STACK_URL): Promise<AnyClient> {
  const c = createTestClient(url, ANON_KEY);
  if (token) await c.realtime.setAuth(token);
  clients.push(c);
  return c;
}

afterEach(async () => {
  await Promise.all(
    clients.splice(0).map(async (c) => {
      await c.removeAllChannels();
      c.realtime.disconnect();
    }),
  );
  for (const s of sockets.splice(0)) s.close();
});

const UNAUTHORIZED = (topic: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;

describe.skipIf(ENGINE === 'pglite')('a token whose role the authenticator may not take', () => {
  const roles = ['postgres', 'supabase_admin', 'no_such_role'];
  const kinds = {
    broadcast: (c: AnyClient, topic: string) => c.channel(topic).on('broadcast', { event: 'x' }, () => undefined),
    presence: (c: AnyClient, topic: string) =>
      c.channel(topic, { config: { presence: { key: 'k' } } }).on('presence', { event: 'sync' }, () => undefined),
    postgres_changes: (c: AnyClient, topic: string) =>
      c
        .channel(topic)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'realtime_fixture_events' }, () => undefined),
    private: (c: AnyClient, topic: string) =>
      c.channel(topic, { config: { private: true } }).on('broadcast', { event: 'x' }, () => undefined),
  };

  it.each(roles)(
    'role %s: every kind of channel is refused as Realtime refuses a role it cannot take',
    async (role) => {
      const token = await signToken({ role, sub: USER });
      const c = await realtimeClient(token);
      for (const [kind, make] of Object.entries(kinds)) {
        const topic = `role-${kind}-${uniqueSuffix()}`;
        const channel = make(c, topic);
        expect(await outcome(channel), kind).toBe(UNAUTHORIZED(topic));
        await c.removeChannel(channel);
      }
    },
  );

  it('the same channels open for roles the authenticator may take (authenticated; service_role for the private one)', async () => {
    const user = await realtimeClient(await signToken({ sub: USER }));
    for (const kind of ['broadcast', 'presence', 'postgres_changes'] as const) {
      await subscribed(kinds[kind](user, `role-ok-${kind}-${uniqueSuffix()}`));
    }
    const admin = await realtimeClient(SERVICE_ROLE_KEY);
    await subscribed(kinds.private(admin, `role-ok-private-${uniqueSuffix()}`));
  });

  it('a socket that connected with such a token is upgraded (Realtime checks roles at join), and every join on it is refused', async () => {
    const token = await signToken({ role: 'postgres' });
    const s = await RawSocket.open(STACK_URL, token);
    sockets.push(s);
    const configs: Record<string, Record<string, unknown>> = {
      broadcast: {},
      presence: { presence: { key: 'k', enabled: true } },
      postgres_changes: { postgres_changes: [{ event: '*', schema: 'public', table: 'realtime_fixture_events' }] },
      private: { private: true },
    };
    for (const [kind, config] of Object.entries(configs)) {
      const topic = `raw-role-${kind}-${uniqueSuffix()}`;
      const reply = await s.join(topic, config);
      expect(reply.payload, kind).toEqual({ status: 'error', response: { reason: UNAUTHORIZED(topic) } });
    }
    // The same socket may still join with a token whose role is allowed, as the join's access_token.
    const allowed = await signToken({ sub: USER });
    const topic = `raw-role-ok-${uniqueSuffix()}`;
    expect((await s.join(topic, {}, { access_token: allowed })).payload).toMatchObject({ status: 'ok' });
  });

  it('a joined channel given such a token (access_token) ends with Realtime’s system message', async () => {
    const c = await realtimeClient(await signToken({ sub: USER }));
    const topic = `role-switch-${uniqueSuffix()}`;
    const system: { status: string; message: string; extension: string; channel: string }[] = [];
    let closed = false;
    const channel = c.channel(topic).on('system', {}, (p) => system.push(p));
    await new Promise<void>((resolve) => {
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED') resolve();
        if (status === 'CLOSED') closed = true;
      });
    });
    await c.realtime.setAuth(await signToken({ role: 'postgres', sub: USER }));
    await expect
      .poll(() => system, { timeout: 5000 })
      .toContainEqual({
        extension: 'system',
        status: 'error',
        message: `You do not have permissions to read from this Channel topic: ${topic}`,
        channel: topic,
      });
    await expect.poll(() => closed, { timeout: 5000 }).toBe(true);
  });
});

describe.skipIf(ENGINE === 'pglite')('channels per client (max_channels_per_client, 100 by default)', () => {
  it('the 101st channel of one socket is refused with Realtime’s error; a channel left makes room', async () => {
    const s = await RawSocket.open(STACK_URL, ANON_KEY);
    sockets.push(s);
    const run = uniqueSuffix();
    const refs = Array.from({ length: 100 }, (_, i) => s.pushJoin(`cap-${run}-${i}`));
    const replies = await Promise.all(refs.map((r) => s.reply(r, 15_000)));
    expect(replies.map((r) => r.payload.status)).toEqual(Array(100).fill('ok'));

    const over = await s.join(`cap-${run}-100`);
    expect(over.payload).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
    // The socket stays open: a heartbeat is answered.
    expect((await s.reply(s.push('phoenix', 'heartbeat', {}))).payload).toEqual({ status: 'ok', response: {} });

    // Joining a topic this socket has already joined replaces that channel: still 100.
    expect((await s.join(`cap-${run}-7`)).payload.status).toBe('ok');
    expect((await s.join(`cap-${run}-101`)).payload.response).toEqual({
      reason: 'ChannelRateLimitReached: Too many channels',
    });

    const leave = s.push(`cap-${run}-0`, 'phx_leave', {});
    expect((await s.reply(leave)).payload.status).toBe('ok');
    expect((await s.join(`cap-${run}-102`)).payload.status).toBe('ok');
    expect((await s.join(`cap-${run}-103`)).payload.response).toEqual({
      reason: 'ChannelRateLimitReached: Too many channels',
    });
  });

  it('supabase-js sees the 101st subscribe fail with CHANNEL_ERROR and Realtime’s message', async () => {
    const c = await realtimeClient();
    const run = uniqueSuffix();
    const first = await Promise.all(Array.from({ length: 100 }, (_, i) => outcome(c.channel(`cap-js-${run}-${i}`))));
    expect(first).toEqual(Array(100).fill('SUBSCRIBED'));
    const extra = c.channel(`cap-js-${run}-100`);
    expect(await outcome(extra)).toBe('ChannelRateLimitReached: Too many channels');
    await c.removeChannel(extra);
    // Another client has its own 100.
    const other = await realtimeClient();
    await subscribed(other.channel(`cap-js-${run}-other`));
  });
});

/** A stack of this file's own, with the given Realtime tenant limits, for the duration of a describe. */
const stackWith = (offset: number, env: Record<string, string>) => ownFixtureStack(offset, 'realtime-limits', env);

describe.skipIf(ENGINE === 'pglite')('joins per second (max_joins_per_second), the whole project’s', () => {
  // 2 joins a second on average: the first tick after the counter starts averages over two
  // ticks (the one at start counted 0), so 20 joins in those 5 s trigger it.
  const stack = stackWith(108, { TENANT_MAX_JOINS_PER_SECOND: '2' });

  it('past the limit a join is refused with Realtime’s error and its socket closed, any client’s, and no socket opens', async () => {
    const bystander = await realtimeClient(undefined, stack.url);
    await subscribed(bystander.channel(`bystander-${uniqueSuffix()}`));

    const s = await RawSocket.open(stack.url, ANON_KEY);
    sockets.push(s);
    const run = uniqueSuffix();
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => s.reply(s.pushJoin(`joins-${run}-${i}`))));
    // Nothing is refused between ticks: the 40 joins all went through.
    expect(burst.map((r) => r.payload.status)).toEqual(Array(40).fill('ok'));

    // At the next tick the average reaches the limit; a join after it is refused and the socket ends.
    let refused: Frame | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const reply = await s.join(`joins-late-${run}-${i}`);
      if (reply.payload.status === 'error') refused = reply;
      else await sleep(400);
    }
    expect(refused?.payload).toEqual({
      status: 'error',
      response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
    });
    expect(await s.closed).toBe(1000);

    // The limit is the project's: the bystander, which joined once, is refused too.
    const late = bystander.channel(`bystander-late-${uniqueSuffix()}`);
    expect(await outcome(late)).toBe('ClientJoinRateLimitReached: Too many joins per second');
    await bystander.removeChannel(late);
    bystander.realtime.disconnect();

    // ...and a new socket is refused at the upgrade (UserSocket.connect, TenantRateLimiters).
    expect(await refusal(stack.url)).toEqual({ status: 429, body: { error: 'Too many joins per second' } });
  }, 60_000);
});

describe.skipIf(ENGINE === 'pglite')('messages per second (max_events_per_second), the whole project’s', () => {
  // 10 a second on average: 150 messages sent in the first 5 s trigger it at the next tick.
  const stack = stackWith(120, { TENANT_MAX_EVENTS_PER_SECOND: '10' });

  it('messages sent count; past the limit a channel that receives one gets it, then Realtime’s system error and phx_close', async () => {
    const topic = `events-${uniqueSuffix()}`;
    const sender = await realtimeClient(undefined, stack.url);
    const out = await subscribed(sender.channel(topic));
    // No one listens yet: what counts is the sending.
    for (let i = 0; i < 150; i++) await out.send({ type: 'broadcast', event: 'burst', payload: { i } });

    const receiver = await realtimeClient(undefined, stack.url);
    const log: { kind: string; body: Record<string, unknown> }[] = [];
    let closed = false;
    const inbox = receiver
      .channel(topic)
      .on('broadcast', { event: 'probe' }, (m) => log.push({ kind: 'broadcast', body: m }))
      .on('system', {}, (p) => log.push({ kind: 'system', body: p }));
    await new Promise<void>((resolve) => {
      inbox.subscribe((status) => {
        if (status === 'SUBSCRIBED') resolve();
        if (status === 'CLOSED') closed = true;
      });
    });

    // A probe every 300 ms until the receiver is told (the next tick comes within 5 s).
    for (let i = 0; i < 60 && !log.some((e) => e.kind === 'system'); i++) {
      await out.send({ type: 'broadcast', event: 'probe', payload: { i } });
      await sleep(300);
    }
    const at = log.findIndex((e) => e.kind === 'system');
    expect(at).toBeGreaterThan(0);
    expect(log[at]!.body).toEqual({
      extension: 'system',
      status: 'error',
      message: 'Too many messages per second',
      channel: topic,
    });
    // The message that found the limit over was delivered first.
    expect(log[at - 1]!.kind).toBe('broadcast');
    await expect.poll(() => closed, { timeout: 5000 }).toBe(true);
    // Nothing more reaches the closed channel; the sender's own channel, which receives nothing, stays.
    const seen = log.length;
    await out.send({ type: 'broadcast', event: 'probe', payload: { after: true } });
    await sleep(300);
    expect(log).toHaveLength(seen);
    expect(out.state).toBe('joined');

    // The REST endpoints refuse while the project's average is over the limit.
    const rest = (path: string, body: unknown) =>
      fetch(`${stack.url}/realtime/v1${path}`, {
        method: 'POST',
        headers: {
          apikey: SERVICE_ROLE_KEY,
          Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const single = await rest(`/api/broadcast/${topic}/events/probe`, { n: 1 });
    expect(single.status).toBe(429);
    expect(await single.json()).toEqual({ message: 'You have exceeded your rate limit' });
    const batch = await rest('/api/broadcast', { messages: [{ topic, event: 'probe', payload: { n: 2 } }] });
    expect(batch.status).toBe(429);
    expect(await batch.json()).toEqual({ message: 'You have exceeded your rate limit' });

    // A broadcast from the database (realtime.send) is dropped: a listener hears nothing and stays.
    const listener = await realtimeClient(undefined, stack.url);
    const dbTopic = `events-db-${uniqueSuffix()}`;
    const heard: unknown[] = [];
    const dbChannel = await subscribed(
      listener.channel(dbTopic).on('broadcast', { event: 'db' }, (m) => heard.push(m)),
    );
    const db = new pg.Client({ connectionString: stack.dbUrl });
    await db.connect();
    try {
      await db.query(`select realtime.send('{"n": 3}'::jsonb, 'db', $1, false)`, [dbTopic]);
    } finally {
      await db.end();
    }
    await sleep(1000);
    expect(heard).toEqual([]);
    expect(dbChannel.state).toBe('joined');
  }, 60_000);
});

describe.skipIf(ENGINE === 'pglite')('a flood on one socket', () => {
  // Joins per second low enough for the flood to reach it; messages per second out of reach, so
  // that the other client's channel is never ended and its round trips can be timed throughout.
  const stack = stackWith(132, { TENANT_MAX_JOINS_PER_SECOND: '5', TENANT_MAX_EVENTS_PER_SECOND: '1000000' });

  it('slows no one else: another client’s broadcast comes back fast while the flooder gets the limits’ errors', async () => {
    const other = await realtimeClient(undefined, stack.url);
    const echoes: number[] = [];
    const echo = await subscribed(
      other
        .channel(`echo-${uniqueSuffix()}`, { config: { broadcast: { self: true } } })
        .on('broadcast', { event: 'echo' }, (m) => echoes.push((m.payload as { n: number }).n)),
    );
    const roundTrip = async (n: number) => {
      const started = Date.now();
      await echo.send({ type: 'broadcast', event: 'echo', payload: { n } });
      await expect.poll(() => echoes.includes(n), { timeout: 5000, interval: 10 }).toBe(true);
      return Date.now() - started;
    };
    expect(await roundTrip(0)).toBeLessThan(1500);

    const flooder = await RawSocket.open(stack.url, ANON_KEY);
    sockets.push(flooder);
    const run = uniqueSuffix();
    expect((await flooder.join(`flood-${run}`, { broadcast: { self: true, ack: false } })).payload.status).toBe('ok');
    // 3,000 joins and 2,000 broadcasts, written at once.
    for (let i = 0; i < 3000; i++) flooder.pushJoin(`flood-${run}-${i}`, {}, {}, `j${i}`);
    for (let i = 0; i < 2000; i++) {
      flooder.push(`flood-${run}`, 'broadcast', { type: 'broadcast', event: 'flood', payload: { i } }, `b${i}`);
    }

    // While the server works through it, the other client's round trips stay fast.
    let floodDone = false;
    void Promise.race([flooder.reply('j2999', 60_000), flooder.closed])
      .catch(() => undefined)
      .then(() => (floodDone = true));
    const trips: { started: number; ms: number }[] = [];
    let n = 1;
    while (!floodDone || trips.length < 3) {
      const started = Date.now();
      trips.push({ started, ms: await roundTrip(n++) });
    }
    const floodEnded = Math.max(...flooder.frames.map((f) => f.received));
    expect(Math.max(...trips.map((t) => t.ms))).toBeLessThan(1500);
    // ...and the first was timed while the flood was still being answered.
    expect(trips[0]!.started).toBeLessThan(floodEnded);

    // The flooder got the per-socket cap on all joins past its 100th channel (and, once a tick
    // has found the project's joins over the limit, that limit instead).
    const joins = flooder.frames
      .filter((f) => f.event === 'phx_reply' && f.ref?.startsWith('j'))
      .map((f) => (f.payload.status === 'ok' ? 'ok' : String(f.payload.response.reason)));
    expect(joins.filter((j) => j === 'ok')).toHaveLength(99); // 100 with the channel it broadcasts on
    expect(joins).toContain('ChannelRateLimitReached: Too many channels');
    const allowed = [
      'ok',
      'ChannelRateLimitReached: Too many channels',
      'ClientJoinRateLimitReached: Too many joins per second',
    ];
    expect(joins.filter((j) => !allowed.includes(j))).toEqual([]);

    // Within a tick the project's joins per second are over the limit: the flooder's next join is
    // refused and its socket closed.
    const tooMany = (f: Frame) =>
      f.event === 'phx_reply' && f.payload.response?.reason === 'ClientJoinRateLimitReached: Too many joins per second';
    for (let i = 0; i < 40 && !flooder.frames.some(tooMany) && flooder.ws.readyState === WebSocket.OPEN; i++) {
      await flooder.reply(flooder.pushJoin(`flood-late-${run}-${i}`));
      await sleep(400);
    }
    expect(flooder.frames.some(tooMany)).toBe(true);
    expect(await flooder.closed).toBe(1000);

    // The other client's channel was never touched and still answers fast.
    expect(echo.state).toBe('joined');
    expect(await roundTrip(n++)).toBeLessThan(1500);
  }, 90_000);
});
