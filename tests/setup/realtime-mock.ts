// Supabase Realtime at the network boundary for component tests: an msw WebSocket handler
// that speaks the Phoenix protocol as realtime-js does (vsn 2.0.0: JSON arrays), answers
// joins with the ids of their postgres_changes bindings, heartbeats and leaves, and lets
// a test push a Postgres change to the channels whose bindings match it (table, event and
// an `eq` filter). What Realtime decides (row-level security, the other filters) is tested
// against the local stack, not here.
import { ws } from 'msw';
import { SUPABASE_URL } from './supabase-mocks';

type Frame = [string | null, string | null, string, string, unknown];

interface Binding {
  id: number;
  event: string;
  schema: string;
  table: string;
  filter?: string;
}

interface Joined {
  topic: string;
  joinRef: string | null;
  bindings: Binding[];
  /** Joined as a private channel (Realtime Authorization). */
  private: boolean;
  send: (frame: Frame) => void;
}

export interface RealtimeMock {
  /** Channels joined and not left, by topic. */
  topics(): string[];
  /** The postgres_changes bindings of the joined channels. */
  bindings(): Omit<Binding, 'id'>[];
  /** Resolves once a channel with a postgres_changes binding on `table` has joined. */
  joined(table: string): Promise<void>;
  /** The topics joined as private channels (without `realtime:`). */
  privateTopics(): string[];
  /** Resolves once a channel of `topic` (without `realtime:`) has joined. */
  joinedTopic(topic: string): Promise<void>;
  /** Sends a broadcast (as realtime.send() from the database does) to the channels of `topic`. */
  broadcast(topic: string, event: string, payload: unknown): void;
  /** Pushes a change to every joined channel with a matching binding. */
  change(table: string, eventType: 'INSERT' | 'UPDATE' | 'DELETE', record: Record<string, unknown>): void;
  /** Closes every open socket from the server side (the client reconnects with its backoff). */
  drop(): void;
  /** Answers the joins held back since mockRealtime({ holdJoins: true }), and every later one at once. */
  releaseJoins(): void;
}

const matches = (b: Binding, table: string, eventType: string, record: Record<string, unknown>) => {
  if (b.schema !== 'public' || (b.table !== '*' && b.table !== table)) return false;
  if (b.event !== '*' && b.event !== eventType) return false;
  if (!b.filter) return true;
  const m = /^([^=]+)=eq\.(.*)$/.exec(b.filter);
  return m ? String(record[m[1]!]) === m[2] : false;
};

interface State {
  channels: Map<string, Joined>;
  /** Waiting for a binding on a table, or (`topic:` and its name) for a channel of a topic. */
  waiters: { table: string; resolve: () => void }[];
  refuse: boolean;
  /** Joins waiting for releaseJoins(), when held. */
  held?: (() => void)[];
}

// The app's Supabase client keeps its socket between tests (it disconnects a while after
// its last channel goes), so every socket, old or new, talks to the current test's mock.
let current: State | undefined;
const sockets = new Set<{ close: (code?: number, reason?: string) => void }>();
let nextId = 1;

const settle = (state: State) => {
  for (const w of [...state.waiters]) {
    const joined = w.table.startsWith('topic:')
      ? state.channels.has(`realtime:${w.table.slice('topic:'.length)}`)
      : [...state.channels.values()].some((c) => c.bindings.some((b) => b.table === w.table));
    if (joined) {
      state.waiters.splice(state.waiters.indexOf(w), 1);
      w.resolve();
    }
  }
};

const link = ws.link(`${SUPABASE_URL.replace(/^http/, 'ws')}/realtime/v1/websocket`);

/** The socket handler, one of the msw server's initial handlers (every unit test has a Realtime to talk to). */
export const realtimeHandler = link.addEventListener('connection', ({ client }) => {
  if (current?.refuse) {
    client.close(1011, 'unavailable');
    return;
  }
  sockets.add(client);
  const send = (frame: Frame) => client.send(JSON.stringify(frame));
  client.addEventListener('close', () => {
    sockets.delete(client);
    if (!current) return;
    for (const [topic, c] of current.channels) if (c.send === send) current.channels.delete(topic);
  });
  client.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    const [joinRef, ref, topic, name, payload] = JSON.parse(event.data) as Frame;
    const reply = (response: unknown = {}) => send([joinRef, ref, topic, 'phx_reply', { status: 'ok', response }]);
    const state = current;
    if (topic === 'phoenix' || !state) return reply();
    if (name === 'phx_join') {
      const join = () => {
        const config =
          (payload as { config?: { postgres_changes?: Omit<Binding, 'id'>[]; private?: boolean } }).config ?? {};
        const bindings = (config.postgres_changes ?? []).map((b) => ({ ...b, id: nextId++ }));
        state.channels.set(topic, { topic, joinRef, bindings, private: config.private === true, send });
        reply({ postgres_changes: bindings });
        if (bindings.length) {
          const channel = topic.slice('realtime:'.length);
          send([
            joinRef,
            null,
            topic,
            'system',
            { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel },
          ]);
        }
        settle(state);
      };
      if (state.held) state.held.push(join);
      else join();
      return;
    }
    if (name === 'phx_leave') {
      state.channels.delete(topic);
      return reply();
    }
  });
});

/** Forgets the test's mock: joins are answered, and nothing is pushed (after each test). */
export function resetRealtime(): void {
  current = undefined;
}

/** Lets this test see joins and push changes (until the test ends). */
export function mockRealtime({
  refuse = false,
  holdJoins = false,
}: { refuse?: boolean; holdJoins?: boolean } = {}): RealtimeMock {
  const state: State = { channels: new Map(), waiters: [], refuse, held: holdJoins ? [] : undefined };
  current = state;
  if (refuse) for (const s of sockets) s.close(4000, 'unavailable');

  return {
    topics: () => [...state.channels.keys()],
    bindings: () => [...state.channels.values()].flatMap((c) => c.bindings.map(({ id: _id, ...b }) => b)),
    joined: (table) =>
      new Promise((resolve) => {
        state.waiters.push({ table, resolve });
        settle(state);
      }),
    privateTopics: () =>
      [...state.channels.values()].filter((c) => c.private).map((c) => c.topic.slice('realtime:'.length)),
    joinedTopic: (topic) =>
      new Promise((resolve) => {
        state.waiters.push({ table: `topic:${topic}`, resolve });
        settle(state);
      }),
    broadcast(topic, event, payload) {
      const c = state.channels.get(`realtime:${topic}`);
      c?.send([null, null, c.topic, 'broadcast', { type: 'broadcast', event, payload }]);
    },
    change(table, eventType, record) {
      const commit_timestamp = new Date().toISOString();
      for (const c of state.channels.values()) {
        const ids = c.bindings.filter((b) => matches(b, table, eventType, record)).map((b) => b.id);
        if (!ids.length) continue;
        const data: Record<string, unknown> = {
          schema: 'public',
          table,
          commit_timestamp,
          type: eventType,
          columns: [],
          errors: null,
        };
        if (eventType !== 'DELETE') data.record = record;
        if (eventType !== 'INSERT') data.old_record = { id: record.id };
        c.send([null, null, c.topic, 'postgres_changes', { ids, data }]);
      }
    },
    releaseJoins() {
      const held = state.held ?? [];
      state.held = undefined;
      held.forEach((join) => join());
    },
    drop() {
      for (const s of sockets) s.close(4000, 'dropped');
    },
  };
}
