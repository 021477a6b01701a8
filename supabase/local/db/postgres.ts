// The PostgreSQL engine: a connection pool to DATABASE_URL.
import pg from 'pg';
import { applyScope, ROLE_SEARCH_PATH_SQL, RoleSettings, type Db, type QueryResult, type RequestScope, type Tx } from './core.ts';

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

  const roleSettings = new RoleSettings();
  const db: Db = {
    kind: 'postgres',
    url,
    transaction,
    reloadRoleSettings: () => roleSettings.reload(),
    withRequest<T>(scope: RequestScope, fn: (tx: Tx) => Promise<T>) {
      return transaction(async (tx) => {
        await applyScope(tx, scope, roleSettings, true);
        return fn(tx);
      });
    },
    query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      return transaction((tx) => tx.query<R>(sql, params));
    },
    async exec(sql: string) {
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
    async close() {
      await pool.end();
    },
  };
  return db;
}
