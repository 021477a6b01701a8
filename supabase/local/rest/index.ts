// The PostgREST-compatible service behind /rest/v1: tables and views under
// /<name>, functions under /rpc/<name>. Every request is one transaction as
// the caller's role (ctx.db.withRequest) running one generated statement.
import type { ServerResponse } from 'node:http';
import { BodyTooLargeError, type Service, type StackContext, type StackRequest } from '../http/server.ts';
import { bearerToken, verifyJwt } from '../http/jwt.ts';
import type { Tx } from '../db/core.ts';
import { ApiError, notFoundTable, sendError, toApiError } from './errors.ts';
import { parsePrefer, parseQuery, type ParsedQuery, type Preferences } from './parse.ts';
import { planDelete, planInsert, planRead, planRpc, planUpdate, type ReturnMode, type Statement } from './plan.ts';
import { findFunctions, findTable, loadSchemaCache, type PgFunction, type SchemaCache, type Table } from './schema-cache.ts';

const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';
/** Errors raised from the schema cache alone, before any SQL ran. */
const STALE_CACHE_CODES = new Set(['PGRST200', 'PGRST204', '42703']);

interface Outcome {
  total: number | null;
  pageTotal: number;
  body: string;
}

/** Thrown inside the transaction to roll it back while still answering. */
class Rollback {
  constructor(
    readonly outcome: Outcome | undefined,
    readonly error: ApiError | undefined,
  ) {}
}

interface Auth {
  role: string;
  claims: Record<string, unknown>;
}

/**
 * The overload an RPC call means: the one whose named arguments are exactly the
 * keys given (those left out have defaults), else one taking a single unnamed
 * json/jsonb argument, which then receives the whole body.
 */
export function chooseFunction(fns: PgFunction[], keys: string[]): { fn: PgFunction; wholeBody: boolean } | undefined {
  const named = fns.find(
    (f) =>
      f.args.every((a) => a.name !== '') &&
      keys.every((k) => f.args.some((a) => a.name === k)) &&
      f.args.every((a) => a.hasDefault || keys.includes(a.name)),
  );
  if (named) return { fn: named, wholeBody: false };
  const single = fns.find((f) => f.args.length === 1 && f.args[0].name === '' && (f.args[0].type === 'json' || f.args[0].type === 'jsonb'));
  return single ? { fn: single, wholeBody: true } : undefined;
}

export async function createRestService(ctx: StackContext): Promise<Service> {
  const { config, db } = ctx;
  const schemas = config.api.schemas;
  let cache: SchemaCache = await loadSchemaCache(db, schemas);
  let reloading: Promise<void> | undefined;

  // PostgREST re-reads the roles' settings (statement_timeout) with its schema cache.
  const reload = (): Promise<void> =>
    (reloading ??= (db.reloadRoleSettings(), loadSchemaCache(db, schemas))
      .then((c) => {
        cache = c;
      })
      .finally(() => {
        reloading = undefined;
      }));

  async function authenticate(req: StackRequest): Promise<Auth> {
    const token = bearerToken(req.authorization);
    if (!token) return { role: 'anon', claims: {} };
    const result = await verifyJwt(token, config.jwtSecret);
    if (!result.ok) {
      const code = result.reason === 'expired' ? 'PGRST303' : 'PGRST301';
      throw new ApiError(401, code, result.message, null, null, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${result.message}"`,
      });
    }
    const role = typeof result.claims.role === 'string' && result.claims.role !== '' ? result.claims.role : 'anon';
    return { role, claims: result.claims };
  }

  function profile(req: StackRequest): string {
    const header = req.method === 'GET' || req.method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
    const schema = typeof header === 'string' && header !== '' ? header : schemas[0];
    if (!schemas.includes(schema)) {
      throw new ApiError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${schemas.join(', ')}`);
    }
    return schema;
  }

  async function table(schema: string, name: string): Promise<Table> {
    let t = findTable(cache, schema, name);
    if (!t) {
      await reload();
      t = findTable(cache, schema, name);
    }
    if (!t) throw notFoundTable(schema, name);
    return t;
  }

  async function functions(schema: string, name: string): Promise<PgFunction[]> {
    let fns = findFunctions(cache, schema, name);
    if (fns.length === 0) {
      await reload();
      fns = findFunctions(cache, schema, name);
    }
    return fns;
  }

  async function readJson(req: StackRequest): Promise<unknown> {
    const buf = await req.body();
    const text = buf.toString('utf8');
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
    }
  }

  async function handle(req: StackRequest, res: ServerResponse): Promise<void> {
    let auth: Auth = { role: 'anon', claims: {} };
    try {
      auth = await authenticate(req);
      const method = req.method;
      if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
        throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`, null, null);
      }
      const schema = profile(req);
      const segments = req.path.split('/').filter(Boolean).map(decodeURIComponent);
      if (segments.length === 0) {
        res.writeHead(200, { 'Content-Type': 'application/openapi+json; charset=utf-8' });
        res.end(method === 'HEAD' ? undefined : JSON.stringify({ swagger: '2.0', info: { title: 'standard public schema' }, paths: {} }));
        return;
      }
      const { prefs, applied } = parsePrefer(req.headers.prefer);
      const accept = String(req.headers.accept ?? '');
      const single = accept.includes(OBJECT_MEDIA) || accept.includes('application/vnd.pgrst.object');
      const common = { req, res, auth, schema, prefs, applied, single };
      const dispatch = async () => {
        if (segments[0] === 'rpc' && segments.length === 2) return handleRpc(common, segments[1]);
        if (segments.length !== 1) throw notFoundTable(schema, segments.join('/'));
        return handleTable(common, await table(schema, segments[0]));
      };
      try {
        return await dispatch();
      } catch (e) {
        // A column or relationship the cache does not know may be newer than the cache: reload once.
        if (!(e instanceof ApiError) || !STALE_CACHE_CODES.has(e.code) || res.headersSent) throw e;
        await reload();
        return await dispatch();
      }
    } catch (e) {
      // The gateway already answered 413 for an oversize body.
      if (e instanceof BodyTooLargeError) return;
      sendError(res, toApiError(e, auth.role === 'anon'));
    }
  }

  interface Common {
    req: StackRequest;
    res: ServerResponse;
    auth: Auth;
    schema: string;
    prefs: Preferences;
    applied: string[];
    single: boolean;
  }

  function scope(c: Common, readOnly: boolean) {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.req.headers)) {
      if (k === 'cookie' || v === undefined) continue;
      headers[k] = Array.isArray(v) ? v.join(', ') : v;
    }
    return {
      role: c.auth.role,
      claims: c.auth.claims,
      method: c.req.method,
      path: c.req.path,
      headers,
      readOnly,
      searchPath: [c.schema, ...config.api.extraSearchPath.filter((s) => s !== c.schema)].map((s) => `"${s.replace(/"/g, '""')}"`).join(', '),
    };
  }

  /** Runs the statement; `check` may condemn the transaction (rollback) with an error. */
  async function run(c: Common, stmt: Statement, readOnly: boolean, check: (o: Outcome) => ApiError | undefined): Promise<Outcome> {
    try {
      return await db.withRequest(scope(c, readOnly), async (tx: Tx) => {
        const r = await tx.query<{ total: string | number | null; page_total: string | number; body: string }>(stmt.sql, stmt.params);
        const row = r.rows[0];
        const outcome: Outcome = {
          total: row.total === null ? null : Number(row.total),
          pageTotal: Number(row.page_total),
          body: row.body ?? '',
        };
        const err = check(outcome);
        if (err || c.prefs.tx === 'rollback') throw new Rollback(outcome, err);
        return outcome;
      });
    } catch (e) {
      if (e instanceof Rollback) {
        if (e.error) throw e.error;
        return e.outcome!;
      }
      throw e;
    }
  }

  function singleCheck(c: Common) {
    return (o: Outcome) =>
      c.single && o.pageTotal !== 1
        ? new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${o.pageTotal} rows`, null)
        : undefined;
  }

  function maxAffectedCheck(c: Common, inner: (o: Outcome) => ApiError | undefined) {
    return (o: Outcome) => {
      if (c.prefs.handling === 'strict' && c.prefs.maxAffected !== undefined && o.pageTotal > c.prefs.maxAffected) {
        return new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${o.pageTotal} rows`, null);
      }
      return inner(o);
    };
  }

  function send(c: Common, status: number, body: string | undefined, headers: Record<string, string>): void {
    const h: Record<string, string> = { ...headers };
    if (c.applied.length) h['Preference-Applied'] = c.applied.join(', ');
    if (body !== undefined) h['Content-Type'] = c.single ? `${OBJECT_MEDIA}; charset=utf-8` : 'application/json; charset=utf-8';
    c.res.writeHead(status, h);
    c.res.end(c.req.method === 'HEAD' || body === undefined ? undefined : body);
  }

  /** The object body of a one-row array (json_agg prints `[elem]`). */
  const unwrap = (arrayText: string) => arrayText.slice(1, -1).trim();

  function answerRead(c: Common, q: ParsedQuery, o: Outcome): void {
    const lower = q.nodes.get('')?.offset ?? 0;
    const totalText = o.total === null ? '*' : String(o.total);
    const range = o.pageTotal === 0 ? `*/${totalText}` : `${lower}-${lower + o.pageTotal - 1}/${totalText}`;
    let status = 200;
    if (o.total !== null) {
      if (lower > o.total) {
        throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${lower} was requested, but there are only ${o.total} rows.`, null, {
          'Content-Range': `*/${o.total}`,
        });
      }
      if (o.pageTotal < o.total) status = 206;
    }
    send(c, status, c.single ? unwrap(o.body) : o.body, { 'Content-Range': range });
  }

  async function handleTable(c: Common, t: Table): Promise<void> {
    const q = parseQuery(c.req.url.searchParams);
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') {
      const stmt = planRead(cache, c.schema, t, q, { count: !!c.prefs.count, maxRows: config.api.maxRows });
      const o = await run(c, stmt, true, singleCheck(c));
      return answerRead(c, q, o);
    }
    const ret: ReturnMode = c.prefs.return ?? 'minimal';
    const returnRows = ret === 'representation';
    if (method === 'POST') {
      const body = await readJson(c.req);
      const rows = Array.isArray(body) ? body : body === undefined ? [] : [body];
      if (body === undefined || rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) {
        throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
      }
      const objects = rows as Record<string, unknown>[];
      let columns = q.columns;
      if (!columns) {
        columns = Object.keys(objects[0] ?? {});
        const same = objects.every((r) => {
          const keys = Object.keys(r);
          return keys.length === columns!.length && keys.every((k) => columns!.includes(k));
        });
        if (!same) throw new ApiError(400, 'PGRST102', 'All object keys must match', null, null);
      }
      if (objects.length === 0) {
        return send(c, 201, returnRows ? (c.single ? '' : '[]') : undefined, { 'Content-Range': '*/*' });
      }
      const stmt = planInsert(cache, c.schema, t, q, {
        rows: objects,
        columns,
        missingDefault: c.prefs.missing === 'default',
        resolution: c.prefs.resolution,
        onConflict: q.onConflict,
        ret,
      });
      const o = await run(c, stmt, false, maxAffectedCheck(c, singleCheck(c)));
      const range = `*/${c.prefs.count ? o.pageTotal : '*'}`;
      // A merge-duplicates upsert that only updated answers 200.
      const status = c.prefs.resolution === 'merge-duplicates' && returnRows && o.total === 0 ? 200 : 201;
      return send(c, status, returnRows ? (c.single ? unwrap(o.body) : o.body) : undefined, { 'Content-Range': range });
    }
    // PATCH and DELETE: Supabase's safeupdate refuses them without a filter.
    const top = q.nodes.get('');
    if (!top || top.filters.length === 0) {
      const verb = method === 'PATCH' ? 'UPDATE' : 'DELETE';
      throw new ApiError(400, '21000', `${verb} requires a WHERE clause`, null, null);
    }
    let stmt: Statement;
    if (method === 'PATCH') {
      const body = await readJson(c.req);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
      }
      if (Object.keys(body).length === 0) return send(c, returnRows ? 200 : 204, returnRows ? '[]' : undefined, { 'Content-Range': '*/*' });
      stmt = planUpdate(cache, c.schema, t, q, body as Record<string, unknown>, ret);
    } else {
      stmt = planDelete(cache, c.schema, t, q, ret);
    }
    const o = await run(c, stmt, false, maxAffectedCheck(c, singleCheck(c)));
    const totalText = c.prefs.count ? String(o.pageTotal) : '*';
    const range = o.pageTotal === 0 || method === 'DELETE' ? `*/${totalText}` : `0-${o.pageTotal - 1}/${totalText}`;
    return send(c, returnRows ? 200 : 204, returnRows ? (c.single ? unwrap(o.body) : o.body) : undefined, { 'Content-Range': range });
  }

  async function handleRpc(c: Common, name: string): Promise<void> {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      throw new ApiError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions', null, null);
    }
    const fns = await functions(c.schema, name);
    const argNames = new Set(fns.flatMap((f) => f.args.map((a) => a.name)));
    const q = parseQuery(c.req.url.searchParams, method === 'POST' ? undefined : (k) => argNames.has(k));
    let args: Record<string, unknown>;
    let raw: unknown;
    if (method === 'POST') {
      raw = await readJson(c.req);
      if (raw === undefined) raw = {};
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
        throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
      }
      args = raw as Record<string, unknown>;
    } else {
      args = Object.fromEntries(q.rest);
      raw = args;
    }
    const keys = Object.keys(args).sort();
    const chosen = chooseFunction(fns, keys);
    if (!chosen) {
      const sig = keys.length ? `(${keys.join(', ')})` : ' without parameters';
      throw new ApiError(
        404,
        'PGRST202',
        `Could not find the function ${c.schema}.${name}${sig} in the schema cache`,
        `Searched for the function ${c.schema}.${name}${keys.length ? ` with parameters ${keys.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
        null,
      );
    }
    const { fn, wholeBody } = chosen;
    const readOnly = method !== 'POST' || !fn.volatile;
    const stmt = planRpc(cache, c.schema, fn, args, q, {
      count: !!c.prefs.count,
      maxRows: config.api.maxRows,
      wholeBody: wholeBody ? raw : undefined,
    });
    const isSet = fn.returnsSet;
    const o = await run(c, stmt, readOnly, maxAffectedCheck(c, isSet || fn.returnKind === 'composite' ? singleCheck(c) : () => undefined));
    if (fn.returnKind === 'void') return send(c, 204, undefined, {});
    if (fn.returnKind === 'scalar' && !isSet) return send({ ...c, single: false }, 200, o.body === '' ? 'null' : o.body, {});
    if (!isSet && !c.single) {
      // A single composite is an object (null when the function returned no row).
      return send(c, 200, o.pageTotal === 0 ? 'null' : unwrap(o.body), {});
    }
    return answerRead(c, q, o);
  }

  return { handle, reload };
}
