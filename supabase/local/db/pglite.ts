// The embedded engine: PGlite persisted under .local/db. Its transactions are
// serialised, which is what one PostgREST request per transaction needs.
// A socket server exposes it to tools that need a connection string (Deno
// functions' SUPABASE_DB_URL, the type generator); those share one session,
// so they must only use transaction-local settings.
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { applyScope, type Db, type QueryResult, type RequestScope, type Tx } from './index.ts';

const raw = (v: string) => v;
const parsers = {
  [pgliteTypes.INT8]: raw,
  [pgliteTypes.NUMERIC]: raw,
  [pgliteTypes.DATE]: raw,
  [pgliteTypes.TIME]: raw,
  [pgliteTypes.TIMESTAMP]: raw,
  [pgliteTypes.TIMESTAMPTZ]: raw,
  [pgliteTypes.TIMETZ]: raw,
};

interface PgliteTx {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(t: PgliteTx): Tx {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const r = await t.query<R>(sql, params);
      return { rows: r.rows, fields: r.fields, rowCount: r.affectedRows ?? r.rows.length };
    },
  };
}

export async function openPglite(dataDir: string | undefined, socketPort?: number): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir,
    extensions: { pgcrypto, uuid_ossp },
    parsers,
    // A new cluster has a superuser named postgres and database postgres, as Supabase's does.
  });
  let socket: { stop(): Promise<void> } | undefined;
  let url: string | undefined;
  if (socketPort) {
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    const server = new PGLiteSocketServer({ db: pglite, port: socketPort, host: '127.0.0.1', maxConnections: 20 });
    await server.start();
    socket = server;
    url = `postgresql://postgres:postgres@127.0.0.1:${socketPort}/postgres?sslmode=disable`;
  }

  function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return pglite.transaction((t) => fn(wrap(t as unknown as PgliteTx)));
  }

  const db: Db = {
    kind: 'pglite',
    url,
    transaction,
    withRequest<T>(scope: RequestScope, fn: (tx: Tx) => Promise<T>) {
      return transaction(async (tx) => {
        await applyScope(tx, scope, false);
        return fn(tx);
      });
    },
    query<R>(sql: string, params?: unknown[]) {
      return transaction((tx) => tx.query<R>(sql, params));
    },
    async exec(sql: string) {
      await pglite.transaction(async (t) => {
        await t.exec(sql);
      });
    },
    async close() {
      await socket?.stop();
      await pglite.close();
    },
  };
  return db;
}
