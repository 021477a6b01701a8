// The embedded engine: PGlite persisted under .local/db. Its transactions are
// serialised, which is what one PostgREST request per transaction needs.
// A socket server exposes it to tools that need a connection string (Deno
// functions' SUPABASE_DB_URL, the type generator); those share one session,
// so they must only use transaction-local settings.
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import {
  createDb,
  ROLE_SEARCH_PATH_SQL,
  statementCollector,
  statementTimeoutError,
  type Db,
  type PgError,
  type QueryResult,
  type SessionOutcome,
  type Tx,
} from './core.ts';
import { ident } from './sql.ts';
import { privateSocketDir, removeSocketDir, startAuthProxy, type AuthProxy } from './pg-auth-proxy.ts';

/** The login `supabase start` gives its database (postgresql://postgres:postgres@127.0.0.1:54322/postgres). */
const DB_USER = 'postgres';
const DB_PASSWORD = 'postgres';
const DB_NAME = 'postgres';

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
  query<R>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: R[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

/**
 * The role's statement_timeout on PGlite. The embedded engine runs a statement
 * synchronously on this thread, and its timer is a JS setTimeout that cannot
 * fire until the statement is over, so Postgres's own statement_timeout never
 * interrupts anything here. A statement that ran longer than the timeout is
 * therefore failed afterwards with the same error (57014), which rolls the
 * whole transaction back, as a cancelled statement does on PostgreSQL. The
 * answer is the same; it only arrives when the statement ends instead of at
 * the limit.
 */
function timed(tx: Tx, timeoutMs: number): Tx {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const started = performance.now();
      let result: QueryResult<R> | undefined;
      let failure: unknown;
      try {
        result = await tx.query<R>(sql, params);
      } catch (e) {
        failure = e;
      }
      if (performance.now() - started > timeoutMs) throw statementTimeoutError();
      if (failure !== undefined) throw failure;
      return result!;
    },
  };
}

/** A simple-protocol Query message ('Q', length, the text, NUL). */
function queryMessage(sql: string): Uint8Array {
  const text = Buffer.from(sql, 'utf8');
  const msg = Buffer.alloc(text.length + 6);
  msg.write('Q', 0, 'latin1');
  msg.writeInt32BE(text.length + 5, 1);
  text.copy(msg, 5);
  return msg;
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
    // The contrib extensions a hosted project offers that migrations here use (`create extension`).
    extensions: { btree_gist, pgcrypto, uuid_ossp },
    parsers,
    // A new cluster has a superuser named postgres and database postgres, as Supabase's does.
  });
  let socket: { stop(): Promise<void> } | undefined;
  let url: string | undefined;
  if (socketPort) {
    // The PGlite socket server answers anyone; it listens on a private Unix
    // socket and the TCP port asks for the password first, as `supabase start` does.
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    const { dir, socketPath } = privateSocketDir();
    const server = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 20 });
    let proxy: AuthProxy | undefined;
    try {
      await server.start();
      proxy = await startAuthProxy({
        host: '127.0.0.1',
        port: socketPort,
        user: DB_USER,
        password: DB_PASSWORD,
        database: DB_NAME,
        upstreamPath: socketPath,
      });
    } catch (e) {
      await server.stop().catch(() => undefined);
      removeSocketDir(dir);
      await pglite.close();
      throw e;
    }
    socket = {
      async stop() {
        await proxy?.stop();
        await server.stop();
        removeSocketDir(dir);
      },
    };
    url = `postgresql://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${socketPort}/${DB_NAME}?sslmode=disable`;
  }

  function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return pglite.transaction((t) => fn(wrap(t as unknown as PgliteTx)));
  }

  return createDb({
    kind: 'pglite',
    url,
    transaction,
    statementTimeouts: timed,
    async execScript(sql: string) {
      await pglite.transaction(async (t) => {
        await t.query(ROLE_SEARCH_PATH_SQL);
        await t.exec(sql);
      });
    },
    async listen(channel: string, onNotify: () => void) {
      const unlisten = await pglite.listen(channel, () => onNotify());
      return () => unlisten();
    },
    async runSession(user: string, sql: string, onStart?: (pid: number) => Promise<void>): Promise<SessionOutcome> {
      // PGlite has one session: the job gets a transaction of its own (no request
      // runs meanwhile) as `user`, its statements sent as one simple Query. The
      // user is the transaction's role (session_user stays postgres): PGlite keeps a
      // SET LOCAL SESSION AUTHORIZATION past the transaction's end.
      const pid = Number(
        (await transaction((tx) => tx.query<{ pid: number }>('select pg_backend_pid() as pid'))).rows[0]?.pid ?? 0,
      );
      await onStart?.(pid);
      let outcome: SessionOutcome | undefined;
      await transaction(async (tx) => {
        await tx.query(`set local role ${ident(user)}`);
        const { messages } = await pglite.execProtocol(queryMessage(sql), { throwOnError: false });
        const collector = statementCollector();
        let error: PgError | undefined;
        for (const m of messages) {
          if (m.name === 'error') error = m as unknown as PgError;
          else collector.onMessage(m as { name: string; text?: string });
        }
        outcome = { pid, results: collector.results, error };
        if (error) throw error;
      }).catch((e) => {
        if (!outcome?.error) throw e;
      });
      return outcome!;
    },
    async close() {
      await socket?.stop();
      await pglite.close();
    },
  });
}
