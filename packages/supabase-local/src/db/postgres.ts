// The PostgreSQL engine: a connection pool to DATABASE_URL.
import pg from 'pg';
import type { EventEmitter } from 'node:events';
import {
  createDb,
  ROLE_SEARCH_PATH_SQL,
  statementCollector,
  type Db,
  type PgError,
  type SessionOutcome,
  type Tx,
} from './core.ts';
import { ident } from './sql.ts';

// Dates, timestamps, 64-bit integers and numerics stay as Postgres prints them,
// the same in both engines (PostgREST serialises them in SQL anyway).
const RAW_TYPES = [20, 1700, 1082, 1083, 1114, 1184, 1266];
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (RAW_TYPES.includes(oid)) return (v: string) => v;
    return pg.types.getTypeParser(oid, format);
  },
};

function wrap(client: pg.PoolClient): Tx {
  return {
    async query<R>(sql: string, params?: unknown[]) {
      const r = await client.query({ text: sql, values: params, types });
      return {
        rows: r.rows as R[],
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        rowCount: r.rowCount ?? 0,
      };
    },
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 10_000 });
  pool.on('error', () => {
    /* idle client errors surface on the next query */
  });

  async function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const out = await fn(wrap(client));
      await client.query('commit');
      return out;
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  return createDb({
    kind: 'postgres',
    url,
    transaction,
    statementTimeouts: true,
    async execScript(sql: string) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(ROLE_SEARCH_PATH_SQL);
        await client.query(sql);
        await client.query('commit');
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async listen(channel: string, onNotify: () => void) {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (m) => {
          if (m.channel === channel) onNotify();
        });
        c.on('error', () => {
          /* reconnects on 'end' */
        });
        c.on('end', () => {
          if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
        });
        try {
          await c.connect();
          await c.query(`listen ${JSON.stringify(channel)}`);
          client = c;
        } catch (e) {
          await c.end().catch(() => undefined);
          throw e;
        }
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => undefined);
      };
    },
    async runSession(user: string, sql: string, onStart?: (pid: number) => Promise<void>): Promise<SessionOutcome> {
      // A connection of its own, as pg_cron opens one per run; it becomes `user`
      // (session_user and current_user) as a login of that user would be.
      const client = new pg.Client({ connectionString: url, application_name: 'pg_cron' });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const { rows } = await client.query<{ session_user: string }>('select session_user');
        if (rows[0]?.session_user !== user) await client.query(`set session authorization ${ident(user)}`);
        const pid = (client as unknown as { processID: number }).processID;
        await onStart?.(pid);
        const collector = statementCollector();
        // pg's Connection emits each backend message by name; the command tags are only there.
        const connection = (client as unknown as { connection: EventEmitter }).connection;
        const names = ['rowDescription', 'dataRow', 'commandComplete', 'emptyQuery'];
        const handlers = names.map((name) => {
          const handler = (msg: { text?: string }) => collector.onMessage({ name, text: msg.text });
          connection.on(name, handler);
          return [name, handler] as const;
        });
        let error: PgError | undefined;
        try {
          await client.query(sql);
        } catch (e) {
          error = e as PgError;
        } finally {
          for (const [name, handler] of handlers) connection.off(name, handler);
        }
        return { pid, results: collector.results, error };
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async close() {
      await pool.end();
    },
  });
}
