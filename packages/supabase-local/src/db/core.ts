// The database interface both engines implement (pglite.ts, postgres.ts), and what
// they share: every caller-facing data access goes through withRequest(), which does
// what PostgREST does per request: one transaction, role and JWT claims set locally.

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
  /**
   * Apply the role's own settings (statement_timeout) as PostgREST does; default
   * true. Storage does not read role settings, so it passes false.
   */
  roleSettings?: boolean;
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
  /** Forget the cached role settings (statement timeouts); read again on the next request. */
  reloadRoleSettings(): void;
  /** One statement as the owner, in its own transaction. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** A multi-statement script (migrations, seed) in one transaction. */
  exec(sql: string): Promise<void>;
  /**
   * LISTEN on a channel: `onNotify` runs after each committed NOTIFY. Returns
   * the UNLISTEN. On PostgreSQL a dedicated connection that reconnects by
   * itself; callers that must not miss anything also poll.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `sql` (one or more statements) as a new session of `user` runs what a
   * client sends in one simple-protocol Query, the way pg_cron runs a job: as that
   * user, all statements in one transaction, stopping at the first error.
   * `onStart` runs with the session's process id before the statements are sent.
   */
  runSession(user: string, sql: string, onStart?: (pid: number) => Promise<void>): Promise<SessionOutcome>;
  close(): Promise<void>;
}

/**
 * What each engine brings; createDb() makes the one Db both answer with, so the rules of
 * a request (role, claims, settings, statement timeouts) are written once.
 */
export interface Engine {
  kind: Db['kind'];
  url: string | undefined;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** A multi-statement script in one transaction, the postgres role's search path set first. */
  execScript(sql: string): Promise<void>;
  listen: Db['listen'];
  runSession: Db['runSession'];
  close(): Promise<void>;
  /**
   * How a role's statement_timeout is kept: by Postgres itself (`true`), or by wrapping the
   * request's transaction (PGlite, which cannot interrupt a statement: see pglite.ts).
   */
  statementTimeouts: true | ((tx: Tx, timeoutMs: number) => Tx);
}

/** The Db of an engine. */
export function createDb(engine: Engine): Db {
  const roleSettings = new RoleSettings();
  const byPostgres = engine.statementTimeouts === true;
  return {
    kind: engine.kind,
    url: engine.url,
    transaction: (fn) => engine.transaction(fn),
    reloadRoleSettings: () => roleSettings.reload(),
    withRequest(scope, fn) {
      return engine.transaction(async (tx) => {
        const timeoutMs = await applyScope(tx, scope, roleSettings, byPostgres);
        const timed = engine.statementTimeouts;
        return fn(timed !== true && timeoutMs > 0 ? timed(tx, timeoutMs) : tx);
      });
    },
    query: (sql, params) => engine.transaction((tx) => tx.query(sql, params)),
    exec: (sql) => engine.execScript(sql),
    listen: (channel, onNotify) => engine.listen(channel, onNotify),
    runSession: (user, sql, onStart) => engine.runSession(user, sql, onStart),
    close: () => engine.close(),
  };
}

/** One statement's result as libpq hands it to pg_cron. */
export interface StatementResult {
  /** The command tag ("INSERT 0 1", "CREATE TABLE"); '' for an empty query. */
  tag: string;
  /** Whether it answered with rows (a row description, as SELECT does) or was empty. */
  returnsRows: boolean;
  rows: number;
}

export interface SessionOutcome {
  /** The backend's process id (pg_cron's job_pid). */
  pid: number;
  /** The statements that completed, in order. */
  results: StatementResult[];
  /** The error that ended it, with its fields as the server sent them. */
  error?: PgError;
}

/**
 * Gathers StatementResults from a simple query's backend messages (both engines'
 * protocol parsers name them alike).
 */
export function statementCollector(): {
  results: StatementResult[];
  onMessage(msg: { name: string; text?: string }): void;
} {
  const results: StatementResult[] = [];
  let returnsRows = false;
  let rows = 0;
  return {
    results,
    onMessage(msg) {
      if (msg.name === 'rowDescription') returnsRows = true;
      else if (msg.name === 'dataRow') rows++;
      else if (msg.name === 'commandComplete' || msg.name === 'emptyQuery') {
        const empty = msg.name === 'emptyQuery';
        results.push({ tag: empty ? '' : (msg.text ?? ''), returnsRows: returnsRows || empty, rows });
        returnsRows = false;
        rows = 0;
      }
    },
  };
}

/** A Postgres error as both engines report it. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  severity?: string;
  position?: string;
  internalPosition?: string;
  internalQuery?: string;
  /** The error's context (CONTEXT: lines). */
  where?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}

/**
 * The roles a JWT `role` claim may name: the ones Supabase's authenticator is
 * granted (anon, authenticated, service_role; supabase/postgres roles.sql) and
 * authenticator itself. PostgREST runs `set_config('role', <claim>, true)` as
 * authenticator, so any other role fails in Postgres: 42501 "permission denied
 * to set role" when it exists, 22023 "role ... does not exist" when it does not.
 * The stack connects as postgres, who could switch to anything, so the same
 * refusal is made here, before any setting is applied.
 */
export const JWT_ROLES: ReadonlySet<string> = new Set(['anon', 'authenticated', 'service_role', 'authenticator']);

function pgError(code: string, message: string): PgError {
  return Object.assign(new Error(message), { code });
}

/**
 * The roles' own statement_timeout settings (pg_db_role_setting: 3s for anon,
 * 8s for authenticated and authenticator, platform.sql), which PostgREST 12+
 * reads with its schema cache and applies with set_config(..., true) after
 * switching to the impersonated role.
 */
const ROLE_TIMEOUTS_SQL = `select r.rolname as role, split_part(s.setting, '=', 2) as value
  from pg_db_role_setting d
  join pg_roles r on r.oid = d.setrole
  cross join lateral unnest(d.setconfig) as s(setting)
  where d.setdatabase in (0, (select oid from pg_database where datname = current_database()))
    and s.setting like 'statement\\_timeout=%'
  order by d.setdatabase`;

/**
 * The search_path the connecting role has in pg_db_role_setting (for postgres
 * `"$user", public, extensions`, platform.sql), made local to the current
 * transaction. A session takes its role's settings when it starts, which on
 * PGlite (one session, opened before platform.sql ran) and on pooled connections
 * may be before the setting existed; scripts run as Supabase runs them
 * (migrations, seed) set it first.
 */
export const ROLE_SEARCH_PATH_SQL = `select set_config('search_path', substr(s.setting, 13), true)
  from pg_db_role_setting d
  join pg_roles r on r.oid = d.setrole
  cross join lateral unnest(d.setconfig) as s(setting)
  where r.rolname = current_user and s.setting like 'search\\_path=%'
    and d.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  order by d.setdatabase desc
  limit 1`;

/** Role → statement_timeout text, read once per engine and again after a schema reload. */
export class RoleSettings {
  private cached: Promise<Map<string, string>> | undefined;

  get(tx: Tx): Promise<Map<string, string>> {
    this.cached ??= tx
      .query<{ role: string; value: string }>(ROLE_TIMEOUTS_SQL)
      .then((r) => new Map(r.rows.map((row) => [row.role, row.value])));
    this.cached.catch(() => (this.cached = undefined));
    return this.cached;
  }

  reload(): void {
    this.cached = undefined;
  }
}

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

/**
 * Runs the per-request preamble inside an open transaction. Shared by both
 * engines. `applyTimeout` false leaves statement_timeout alone (PGlite cannot
 * interrupt a statement; it enforces the returned value itself). Returns the
 * role's statement timeout in milliseconds (0 when it has none).
 */
export async function applyScope(
  tx: Tx,
  scope: RequestScope,
  roleSettings: RoleSettings,
  applyTimeout: boolean,
): Promise<number> {
  if (!JWT_ROLES.has(scope.role)) {
    const { rows } = await tx.query<{ exists: boolean }>(
      'select exists (select 1 from pg_roles where rolname = $1) as exists',
      [scope.role],
    );
    throw rows[0]?.exists
      ? pgError('42501', `permission denied to set role "${scope.role}"`)
      : pgError('22023', `role "${scope.role}" does not exist`);
  }
  const timeout = scope.roleSettings === false ? '' : ((await roleSettings.get(tx)).get(scope.role) ?? '');
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
    applyTimeout ? timeout : '',
  ]);
  for (const [k, v] of Object.entries(scope.settings ?? {})) {
    await tx.query('select set_config($1, $2, true)', [k, v]);
  }
  return parseDuration(timeout);
}

/** A Postgres duration setting ("3s", "8000", "1min") in milliseconds; 0 for none. */
export function parseDuration(value: string | null): number {
  if (!value) return 0;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value.replace(/^'|'$/g, ''));
  if (!m) return 0;
  const n = Number(m[1]);
  const unit = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 'ms']!;
  return Math.round(n * unit);
}

/** The error Postgres raises when statement_timeout cancels a statement. */
export function statementTimeoutError(): PgError {
  return pgError('57014', 'canceling statement due to statement timeout');
}
