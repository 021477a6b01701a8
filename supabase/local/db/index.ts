// One database interface for the local stack, two engines behind it:
// embedded PGlite (default, data under .local/db) or any PostgreSQL (DATABASE_URL).
// Every caller-facing data access goes through withRequest(), which does what
// PostgREST does per request: one transaction, role and JWT claims set locally.

export interface Field {
  name: string;
  dataTypeID: number;
}
export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  fields: Field[];
  rowCount: number;
}
export interface Tx {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

/** What PostgREST (and Storage) set with set_config(..., true) before a request's statement. */
export interface RequestScope {
  role: string;
  claims: Record<string, unknown>;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** Comma-separated search_path; defaults to "public, extensions". */
  searchPath?: string;
  readOnly?: boolean;
  /** Further transaction-local settings, e.g. storage.operation. */
  settings?: Record<string, string>;
}

export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** A connection string external tools (Deno functions, type generator) can use. */
  readonly url: string | undefined;
  /** A transaction as the database owner (migrations, auth and storage internals). */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** A transaction as the caller: role and request.* settings local to it. RLS decides. */
  withRequest<T>(scope: RequestScope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** One statement as the owner, in its own transaction. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** A multi-statement script (migrations, seed) in one transaction. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** A Postgres error as both engines report it. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}

/** The statement timeouts Supabase sets per role (supabase/postgres migrations). */
const ROLE_TIMEOUTS: Record<string, string> = { anon: '3s', authenticated: '8s' };

// One round trip: everything PostgREST sets before the request's statement.
const STACK_SETTINGS = `select
  set_config('search_path', $1, true),
  set_config('role', $2, true),
  set_config('request.jwt.claims', $3, true),
  set_config('request.method', $4, true),
  set_config('request.path', $5, true),
  set_config('request.headers', $6, true),
  set_config('request.jwt.claim.role', $2, true),
  set_config('request.jwt.claim.sub', $7, true),
  set_config('transaction_read_only', $8, true),
  case when $9 <> '' then set_config('statement_timeout', $9, true) end`;

/** Runs the per-request preamble inside an open transaction. Shared by both engines. */
export async function applyScope(tx: Tx, scope: RequestScope, supportsTimeout: boolean): Promise<void> {
  const sub = typeof scope.claims.sub === 'string' ? scope.claims.sub : '';
  await tx.query(STACK_SETTINGS, [
    scope.searchPath ?? 'public, extensions',
    scope.role,
    JSON.stringify({ ...scope.claims, role: scope.role }),
    scope.method ?? 'GET',
    scope.path ?? '/',
    JSON.stringify(scope.headers ?? {}),
    sub,
    scope.readOnly ? 'on' : 'off',
    supportsTimeout ? (ROLE_TIMEOUTS[scope.role] ?? '') : '',
  ]);
  for (const [k, v] of Object.entries(scope.settings ?? {})) {
    await tx.query('select set_config($1, $2, true)', [k, v]);
  }
}

export async function openDb(opts: { databaseUrl?: string; dataDir?: string; socketPort?: number }): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(opts.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir, opts.socketPort);
}
