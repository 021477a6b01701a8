// Postgres changes, as Realtime's postgres_cdc_rls extension sends them: a join's bindings
// (matching and filters in changes.ts), the change feed (ChangeFeed, from the queue the capture
// trigger fills), each subscriber's RLS check on the changed row, and delivery as
// postgres_changes {ids, data}. Inserts into realtime.messages on the same feed are broadcasts
// from the database (realtime.send()): they are handed to broadcast.ts.
import { ident } from '../db/sql.ts';
import {
  bindingId,
  bindingMatches,
  ChangeFeed,
  parseFilter,
  type Binding,
  type Change,
  type CompiledBinding,
} from './changes.ts';
import type { Channel } from './connection.ts';
import type { RealtimeState } from './state.ts';

/** A join's bindings, compiled; a filter that does not parse gives its error and matches nothing. */
export function compileBindings(params: Binding[]): { bindings: CompiledBinding[]; errors: string[] } {
  const errors: string[] = [];
  const bindings = params.map((b) => {
    const compiled: CompiledBinding = { ...b, id: bindingId(b) };
    if (b.filter) {
      try {
        compiled.parsed = parseFilter(b.filter);
      } catch (e) {
        errors.push((e as Error).message);
        compiled.event = '__invalid__';
      }
    }
    return compiled;
  });
  return { bindings, errors };
}

export class PostgresChanges {
  private readonly pkCache = new Map<string, Promise<string[]>>();
  private readonly feed: ChangeFeed;

  constructor(
    private readonly state: RealtimeState,
    /** Where an insert into realtime.messages goes (broadcastFromDatabase in broadcast.ts). */
    private readonly databaseBroadcast: (change: Change) => void,
  ) {
    this.feed = new ChangeFeed(state.db, (change) => this.deliver(change));
  }

  async start(): Promise<void> {
    await this.sync();
    await this.feed.start();
  }

  /** The schema may have changed: primary keys are read again, and the capture is brought up to date. */
  async reload(): Promise<void> {
    this.pkCache.clear();
    await this.sync();
  }

  stop(): Promise<void> {
    return this.feed.stop();
  }

  private async sync(): Promise<void> {
    await this.state.db.query('select _local_stack.realtime_sync()').catch(() => undefined);
  }

  private primaryKey(schema: string, table: string): Promise<string[]> {
    const key = `${schema}.${table}`;
    let p = this.pkCache.get(key);
    if (!p) {
      p = this.state.db
        .query<{ name: string }>(
          `select a.attname as name from pg_index i
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
           where i.indrelid = format('%I.%I', $1::text, $2::text)::regclass and i.indisprimary
           order by array_position(i.indkey::int2[], a.attnum)`,
          [schema, table],
        )
        .then((r) => r.rows.map((row) => row.name));
      p.catch(() => this.pkCache.delete(key));
      this.pkCache.set(key, p);
    }
    return p;
  }

  /** May this channel's role and claims select the changed row now (walrus's walrus_rls_stmt)? */
  private async visible(ch: Channel, change: Change): Promise<boolean> {
    if (change.type === 'DELETE') return true;
    const pk = await this.primaryKey(change.schema, change.table);
    if (!pk.length || !change.record) return false;
    const where = pk.map((c, i) => `${ident(c)}::text = $${i + 1}`).join(' and ');
    const values = pk.map((c) => {
      const v = change.record![c];
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
    try {
      return await this.state.db.withRequest(
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

  private async deliver(change: Change): Promise<void> {
    if (change.schema === 'realtime' && change.table === 'messages') return this.databaseBroadcast(change);
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
    const { dbEventsRate } = this.state.limits;
    if (dbEventsRate.get().triggered) return;
    // Each subscriber's check runs once per token, whatever number of channels share it.
    const decided = new Map<string, Promise<boolean>>();
    const sends: Promise<void>[] = [];
    for (const conn of this.state.connections) {
      for (const ch of conn.channels.values()) {
        if (ch.closed || !ch.bindings.length) continue;
        const ids = ch.bindings.filter((b) => bindingMatches(b, change)).map((b) => b.id);
        if (!ids.length) continue;
        let ok = decided.get(ch.token);
        if (!ok) decided.set(ch.token, (ok = this.visible(ch, change)));
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
}
