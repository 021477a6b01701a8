// The PostgREST-compatible service behind /rest/v1: tables and views under
// /<name>, functions under /rpc/<name>. Every request is one transaction as
// the caller's role (ctx.db.withRequest) running the statement request.ts
// planned; the answer's status, headers and body are PostgREST's
// (src/PostgREST/Response.hs, MainTx.hs).
import type { ServerResponse } from 'node:http';
import { BodyTooLargeError, type Service, type StackContext, type StackRequest } from '../http/server.ts';
import { bearerToken, postgrestJwtError, verifyJwt } from '../http/jwt.ts';
import type { Tx } from '../db/core.ts';
import { ApiError, sendError, toApiError } from './errors.ts';
import { toContentType } from './media.ts';
import { planRequest, type Planned, type RestConfig } from './request.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

/** Errors raised from the schema cache alone, before any SQL ran: the cache may be older than the database. */
const STALE_CACHE_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205']);

interface ResultSet {
  total: number | null;
  pageTotal: number;
  body: string;
  gucHeaders: string | null;
  gucStatus: string | null;
  inserted: number | null;
}

/** Thrown inside the transaction to roll it back while still answering. */
class Rollback {
  constructor(
    readonly result: ResultSet | string | undefined,
    readonly error: ApiError | undefined,
  ) {}
}

interface Auth {
  role: string;
  claims: Record<string, unknown>;
}

/** PostgREST's coerceBool for configuration text: true/false in any case, or a number above 0. */
export function coerceBool(s: string | undefined): boolean | undefined {
  if (s === undefined) return undefined;
  const letters = s.replace(/[^A-Za-z]/g, '').toLowerCase();
  if (letters === 'true') return true;
  if (letters === 'false') return false;
  return /^-?\d+$/.test(s.trim()) ? Number(s) > 0 : undefined;
}

/**
 * The REST settings in force: the stack's (env) overridden, as PostgREST does,
 * by the in-database configuration (`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`).
 */
export function restConfig(api: { schemas: string[]; maxRows: number; aggregatesEnabled: boolean; planEnabled: boolean }, cache: SchemaCache): RestConfig {
  return {
    schemas: api.schemas,
    maxRows: api.maxRows,
    aggregatesEnabled: coerceBool(cache.dbConfig.get('pgrst.db_aggregates_enabled')) ?? api.aggregatesEnabled,
    planEnabled: coerceBool(cache.dbConfig.get('pgrst.db_plan_enabled')) ?? api.planEnabled,
  };
}

/** Content-Range and the status a read answers with (RangeQuery.rangeStatusHeader). */
function rangeStatus(offset: number, pageTotal: number, total: number | null): { status: number; range: string } {
  const upper = offset + pageTotal - 1;
  const totalText = total === null ? '*' : String(total);
  const range = `${total !== 0 && offset <= upper ? `${offset}-${upper}` : '*'}/${totalText}`;
  let status = 200;
  if (total !== null) {
    if (offset > total) status = 416;
    else if (1 + upper - offset < total) status = 206;
  }
  return { status, range };
}

function contentRange(lower: number, upper: number, total: number | null): string {
  return `${total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'}/${total === null ? '*' : total}`;
}

export async function createRestService(ctx: StackContext): Promise<Service> {
  const { config, db } = ctx;
  const schemas = config.api.schemas;
  const load = () => loadSchemaCache(db, schemas, config.api.extraSearchPath);
  let cache: SchemaCache = await load();
  let reloading: Promise<void> | undefined;

  // PostgREST re-reads the roles' settings (statement_timeout) and its in-database configuration with its schema cache.
  const reload = (): Promise<void> =>
    (reloading ??= (db.reloadRoleSettings(), load())
      .then((c) => {
        cache = c;
      })
      .finally(() => {
        reloading = undefined;
      }));
  // NOTIFY pgrst, 'reload schema' | 'reload config': as PostgREST's listener does.
  const unlisten = await db.listen('pgrst', () => void reload().catch(() => undefined));

  async function authenticate(req: StackRequest): Promise<Auth> {
    const token = bearerToken(req.authorization);
    if (!token) return { role: 'anon', claims: {} };
    // PostgREST's JWKS holds the JWT secret without a kid: an HS256 token with a kid matches no key.
    const result = await verifyJwt(token, config.jwtSecret, { hsKidFallback: false });
    if (!result.ok) {
      const { code, message, details } = postgrestJwtError(result.failure, result.parts);
      throw new ApiError(401, code, message, details, null, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
      });
    }
    const role = typeof result.claims.role === 'string' && result.claims.role !== '' ? result.claims.role : 'anon';
    return { role, claims: result.claims };
  }

  function scope(req: StackRequest, auth: Auth, schema: string, readOnly: boolean) {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (k === 'cookie' || v === undefined) continue;
      headers[k] = Array.isArray(v) ? v.join(', ') : v;
    }
    return {
      role: auth.role,
      claims: auth.claims,
      method: req.method,
      path: req.path,
      headers,
      readOnly,
      searchPath: [schema, ...config.api.extraSearchPath.filter((s) => s !== schema)].map((s) => `"${s.replace(/"/g, '""')}"`).join(', '),
    };
  }

  async function plan(req: StackRequest, body: Buffer | undefined): Promise<Planned> {
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(', ') : v;
    };
    const restReq = { method: req.method, path: req.path, query: req.url.searchParams, header, body };
    try {
      return planRequest(cache, restConfig(config.api, cache), restReq);
    } catch (e) {
      // A table, column, function or relationship the cache does not know may be newer than the cache: reload once.
      if (!(e instanceof ApiError) || !STALE_CACHE_CODES.has(e.code)) throw e;
      await reload();
      return planRequest(cache, restConfig(config.api, cache), restReq);
    }
  }

  async function execute(req: StackRequest, auth: Auth, p: Planned): Promise<ResultSet | string> {
    try {
      return await db.withRequest(scope(req, auth, p.schema, p.readOnly), async (tx: Tx) => {
        if (p.isPlan) {
          const r = await tx.query<Record<string, unknown>>(p.stmt.sql, p.stmt.params);
          const text = r.rows.map((row) => {
            const v = Object.values(row)[0];
            return typeof v === 'string' ? v : JSON.stringify(v, null, 2);
          });
          const out = text.map((l) => `${l}\n`).join('');
          if (p.prefs.tx === 'rollback') throw new Rollback(out, undefined);
          return out;
        }
        const r = await tx.query<{ total_result_set: string | number | null; page_total: string | number; body: string | null; response_headers: string | null; response_status: string | null; response_inserted: string | number | null }>(
          p.stmt.sql,
          p.stmt.params,
        );
        const row = r.rows[0];
        const result: ResultSet = {
          total: row.total_result_set === null || row.total_result_set === '' ? null : Number(row.total_result_set),
          pageTotal: Number(row.page_total),
          body: row.body ?? '',
          gucHeaders: row.response_headers,
          gucStatus: row.response_status,
          inserted: row.response_inserted === null || row.response_inserted === '' ? null : Number(row.response_inserted),
        };
        const err = check(p, result);
        if (err) throw new Rollback(undefined, err);
        if (p.explainCount) {
          const e = await tx.query<Record<string, unknown>>(p.explainCount.sql, p.explainCount.params);
          const v = Object.values(e.rows[0] ?? {})[0];
          const parsed = (typeof v === 'string' ? JSON.parse(v) : v) as { Plan?: { 'Plan Rows'?: number } }[];
          const planned = parsed?.[0]?.Plan?.['Plan Rows'];
          const est = planned === undefined ? null : Math.round(planned);
          if (p.prefs.count === 'planned') result.total = est;
          else if (result.total !== null && config.api.maxRows !== undefined && result.total > config.api.maxRows && est !== null) {
            result.total = Math.max(result.total, est);
          }
        }
        if (p.prefs.tx === 'rollback') throw new Rollback(result, undefined);
        return result;
      });
    } catch (e) {
      if (e instanceof Rollback) {
        if (e.error) throw e.error;
        return e.result!;
      }
      throw e;
    }
  }

  /** What condemns the transaction after the statement ran: a singular answer that is not, max-affected. */
  function check(p: Planned, r: ResultSet): ApiError | undefined {
    const single = p.media.type === 'single';
    const maxAffected = p.prefs.handling === 'strict' && p.prefs.maxAffected !== undefined && (p.mutation === 'update' || p.mutation === 'delete' || p.action === 'call');
    if (p.action === 'call') {
      if (single && r.pageTotal !== 1) return singularity(r.pageTotal);
      if (maxAffected && r.pageTotal > p.prefs.maxAffected!) return maxAffectedError(r.pageTotal);
      return undefined;
    }
    if (p.mutation === 'upsert') {
      // PUT writes exactly the row its URL names, or nothing.
      return r.pageTotal !== 1 ? new ApiError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)', null, null) : undefined;
    }
    if (single && r.pageTotal !== 1) return singularity(r.pageTotal);
    if (maxAffected && r.pageTotal > p.prefs.maxAffected!) return maxAffectedError(r.pageTotal);
    return undefined;
  }
  const singularity = (n: number) => new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`, null);
  const maxAffectedError = (n: number) =>
    new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`, null);

  function respond(res: ServerResponse, req: StackRequest, p: Planned, r: ResultSet | string): void {
    const headers: Record<string, string> = {};
    const typeHeaders = () => {
      headers['Content-Type'] = toContentType(p.media);
      if (p.negotiatedByProfile) headers['Content-Profile'] = p.schema;
    };
    if (p.applied.length) headers['Preference-Applied'] = p.applied.join(', ');
    if (typeof r === 'string') {
      typeHeaders();
      res.writeHead(200, headers);
      res.end(r);
      return;
    }
    let status: number;
    let body: string | undefined;
    const counted = p.prefs.count === 'exact' || p.prefs.count === 'estimated';
    if (p.action === 'read' || p.action === 'call') {
      const rs = rangeStatus(p.offset, r.pageTotal, r.total);
      headers['Content-Range'] = rs.range;
      status = rs.status;
      if (p.fn && p.fn.returnType.schema === 'pg_catalog' && p.fn.returnType.name === 'void' && !p.fn.returnsSet) {
        status = 204;
        body = undefined;
      } else {
        typeHeaders();
        body =
          status === 416
            ? JSON.stringify(
                new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${p.offset} was requested, but there are only ${r.total ?? 0} rows.`, null).body(),
              )
            : r.body;
        if (p.headersOnly) body = undefined;
      }
    } else {
      const representation = p.prefs.return === 'representation';
      if (p.mutation === 'update') headers['Content-Range'] = contentRange(0, r.pageTotal - 1, counted ? r.pageTotal : null);
      else if (p.mutation !== 'upsert') headers['Content-Range'] = contentRange(1, 0, counted ? r.pageTotal : null);
      if (p.mutation === 'create') status = r.inserted !== null && r.inserted <= 0 && p.prefs.resolution === 'merge-duplicates' ? 200 : 201;
      else if (p.mutation === 'upsert') status = representation ? ((r.inserted ?? 0) > 0 ? 201 : 200) : 204;
      else status = representation ? 200 : 204;
      if (representation) {
        typeHeaders();
        body = r.body;
      }
    }
    // response.status and response.headers set by the SQL override ours.
    if (r.gucStatus !== null) {
      if (!/^\d+$/.test(r.gucStatus.trim())) throw new ApiError(500, 'PGRST112', 'response.status guc must be a valid status code', null, null);
      status = Number(r.gucStatus);
    }
    if (r.gucHeaders !== null) {
      let list: unknown;
      try {
        list = JSON.parse(r.gucHeaders);
      } catch {
        list = undefined;
      }
      const valid =
        Array.isArray(list) && list.every((h) => h && typeof h === 'object' && Object.keys(h).length === 1 && typeof Object.values(h)[0] === 'string');
      if (!valid) {
        throw new ApiError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value', null, null);
      }
      for (const h of list as Record<string, string>[]) {
        const [k, v] = Object.entries(h)[0];
        const existing = Object.keys(headers).find((x) => x.toLowerCase() === k.toLowerCase());
        if (existing) delete headers[existing];
        headers[k] = v;
      }
    }
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function handle(req: StackRequest, res: ServerResponse): Promise<void> {
    let auth: Auth = { role: 'anon', claims: {} };
    try {
      auth = await authenticate(req);
      const method = req.method;
      if (!['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
        throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`, null, null);
      }
      if (req.path.split('/').filter(Boolean).length === 0) {
        res.writeHead(200, { 'Content-Type': 'application/openapi+json; charset=utf-8' });
        res.end(method === 'HEAD' ? undefined : JSON.stringify({ swagger: '2.0', info: { title: 'standard public schema' }, paths: {} }));
        return;
      }
      const body = method === 'POST' || method === 'PATCH' || method === 'PUT' ? await req.body() : undefined;
      const p = await plan(req, body);
      if (p.immediate) {
        const headers: Record<string, string> = { 'Content-Range': '*/*' };
        if (p.immediate.body !== undefined) headers['Content-Type'] = toContentType(p.media);
        if (p.applied.length) headers['Preference-Applied'] = p.applied.join(', ');
        res.writeHead(p.immediate.status, headers);
        res.end(p.immediate.body);
        return;
      }
      const result = await execute(req, auth, p);
      respond(res, req, p, result);
    } catch (e) {
      // The gateway already answered 413 for an oversize body.
      if (e instanceof BodyTooLargeError) return;
      sendError(res, toApiError(e, auth.role === 'anon'));
    }
  }

  return {
    handle,
    reload,
    async close() {
      await unlisten();
    },
  };
}
