// One REST request → the statement(s) that answer it, as PostgREST plans it
// (src/PostgREST/ApiRequest.hs, Payload.hs, Plan.hs): the resource, the body
// read by its Content-Type, the function an RPC call means, the read plan, the
// media type negotiated from Accept, and the SQL. No database access here: the
// service (index.ts) runs what this returns, and the goldens print it.
import { ApiError, notFoundColumn, notFoundTable } from './errors.ts';
import { FuzzySet } from './fuzzy.ts';
import { decodeMediaType, parseAccept, toMime, type MediaType } from './media.ts';
import { parsePrefer, parseQuery, type ParsedQuery, type Preferences } from './parse.ts';
import { columnsNeeded, filterFieldNames, readPlan, resolveRootFilters, type Action, type LogicTree } from './plan.ts';
import {
  callPlanToQuery,
  explain,
  fromQi,
  logicSql,
  mainCall,
  mainRead,
  mainWrite,
  Params,
  readPlanToCountQuery,
  type CallArgs,
  type Handler,
  type Statement,
} from './query.ts';
import { findFunctions, findTable, type PgFunction, type SchemaCache, type Table } from './schema-cache.ts';
import { ident } from '../db/sql.ts';

export interface RestConfig {
  /** Exposed schemas; the first is the default. */
  schemas: string[];
  maxRows?: number;
  /** PostgREST's db-aggregates-enabled. */
  aggregatesEnabled: boolean;
  /** PostgREST's db-plan-enabled (application/vnd.pgrst.plan). */
  planEnabled: boolean;
}

export interface RestRequest {
  method: string;
  /** The path under /rest/v1, e.g. `/posts` or `/rpc/fn`. */
  path: string;
  query: URLSearchParams;
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
  /** The body (POST, PATCH). */
  body: Buffer | undefined;
}

/** POST, PATCH, DELETE, and PUT (one row, upserted by its primary key). */
export type Mutation = 'create' | 'update' | 'delete' | 'upsert';

export interface Planned {
  action: Action;
  schema: string;
  /** Several schemas are exposed: responses name theirs in Content-Profile. */
  negotiatedByProfile: boolean;
  /** The resource name (table or function). */
  name: string;
  stmt: Statement;
  /** `count=planned|estimated`: EXPLAIN of the count query, run after the main statement. */
  explainCount?: Statement;
  media: MediaType;
  handler: Handler;
  /** The statement is an EXPLAIN (application/vnd.pgrst.plan). */
  isPlan: boolean;
  readOnly: boolean;
  prefs: Preferences;
  applied: string[];
  /** The top level's offset (Content-Range). */
  offset: number;
  headersOnly: boolean;
  mutation?: Mutation;
  fn?: PgFunction;
  /** An answer decided without the database (an empty PATCH body). */
  immediate?: { status: number; body: string | undefined };
}

/** Errors for a body PostgREST cannot read. */
const invalidBody = (message: string) => new ApiError(400, 'PGRST102', message, null, null);

function profile(cfg: RestConfig, req: RestRequest): { schema: string; negotiated: boolean } {
  const m = req.method;
  const name = m === 'GET' || m === 'HEAD' || m === 'OPTIONS' ? req.header('accept-profile') : req.header('content-profile');
  if (name === undefined) return { schema: cfg.schemas[0], negotiated: cfg.schemas.length !== 1 };
  if (!cfg.schemas.includes(name)) {
    throw new ApiError(406, 'PGRST106', `Invalid schema: ${name}`, null, `Only the following schemas are exposed: ${cfg.schemas.join(', ')}`);
  }
  return { schema: name, negotiated: true };
}

// ------------------------------------------------------------------ payloads

interface Payload {
  kind: 'json' | 'raw' | 'urlencoded';
  /** JSON text (json), the bytes (raw). */
  text?: string;
  raw?: Buffer;
  /** The parsed JSON (json) or the form's pairs (urlencoded). */
  value?: unknown;
  keys: string[];
}

/** RFC 4180 CSV with a header line → objects; `NULL` is null (cassava's decodeByName, as PostgREST reads it). */
export function csvToObjects(text: string): Record<string, string | null>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else cell += c;
      i++;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      endCell();
      rows.push(row);
      row = [];
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else cell += c;
    i++;
  }
  if (quoted) throw invalidBody('parse error (Failed reading: satisfy) at ""');
  if (cell !== '' || row.length) {
    endCell();
    rows.push(row);
  }
  const [header, ...data] = rows;
  if (!header) return [];
  return data.map((r) => {
    if (r.length !== header.length) throw invalidBody('All lines must have same number of fields');
    return Object.fromEntries(header.map((h, k) => [h, r[k] === 'NULL' ? null : r[k]]));
  });
}

/** PostgREST's payloadAttributes: the keys of an object, or of an array of objects that all have them. */
function jsonKeys(value: unknown): string[] | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    const first = value[0];
    if (first === null || typeof first !== 'object' || Array.isArray(first)) return undefined;
    const keys = Object.keys(first).sort();
    const same = value.every(
      (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === keys.length && Object.keys(v).every((k) => keys.includes(k)),
    );
    return same ? keys : undefined;
  }
  if (value !== null && typeof value === 'object') return Object.keys(value).sort();
  return [];
}

function readPayload(req: RestRequest, isProc: boolean, columns: string[] | undefined): Payload {
  const contentType = req.header('content-type');
  const ct = contentType === undefined ? ({ type: 'json' } as MediaType) : decodeMediaType(contentType);
  const buf = req.body ?? Buffer.alloc(0);
  const text = buf.toString('utf8');
  switch (ct.type) {
    case 'json': {
      if (columns) return { kind: 'json', text, keys: columns };
      let value: unknown;
      if (buf.length === 0 && isProc) value = {};
      else {
        try {
          value = JSON.parse(text);
        } catch {
          throw invalidBody('Empty or invalid json');
        }
      }
      const keys = jsonKeys(value);
      if (!keys) throw invalidBody('All object keys must match');
      // Anything but an object or an array of objects counts as an empty array.
      if (value === null || typeof value !== 'object') return { kind: 'json', text: '[]', value: [], keys: [] };
      return { kind: 'json', text: buf.length === 0 ? '{}' : text, value, keys };
    }
    case 'csv': {
      const value = csvToObjects(text);
      const keys = jsonKeys(value);
      if (!keys) throw invalidBody('All lines must have same number of fields');
      return { kind: 'json', text: JSON.stringify(value), value, keys };
    }
    case 'urlencoded': {
      const pairs = [...new URLSearchParams(text)];
      if (isProc) return { kind: 'urlencoded', value: pairs, keys: [...new Set(pairs.map(([k]) => k))] };
      const obj = Object.fromEntries(pairs);
      return { kind: 'json', text: JSON.stringify(obj), value: obj, keys: Object.keys(obj).sort() };
    }
    case 'text':
    case 'xml':
      if (isProc) return { kind: 'raw', text, keys: [] };
      break;
    case 'octet':
      if (isProc) return { kind: 'raw', raw: buf, keys: [] };
      break;
  }
  throw invalidBody(`Content-Type not acceptable: ${toMime(ct)}`);
}

// ------------------------------------------------------------------ negotiation

/** The handler and media type of the first acceptable type the Accept header lists (PostgREST's negotiateContent). */
function negotiate(cfg: RestConfig, req: RestRequest, action: Action, returnRepresentation: boolean, headersOnly: boolean): { handler: Handler; media: MediaType } {
  const accepts = parseAccept(req.header('accept'));
  const lookup = (mt: MediaType): { handler: Handler; media: MediaType } | undefined => {
    switch (mt.type) {
      case 'any':
      case 'json':
        return { handler: { kind: 'json' }, media: { type: 'json' } };
      case 'csv':
        return { handler: { kind: 'csv' }, media: mt };
      case 'geojson':
        return { handler: { kind: 'geojson' }, media: mt };
      default:
        return undefined;
    }
  };
  const match = (mt: MediaType): { handler: Handler; media: MediaType } | undefined => {
    if (mt.type === 'single') return { handler: { kind: 'single', strip: mt.strip }, media: mt };
    if (mt.type === 'array-strip') return { handler: { kind: 'array-strip' }, media: mt };
    if (mt.type === 'plan') {
      if (!cfg.planEnabled) return undefined;
      const f = mt.for;
      if (f.type === 'single') return { handler: { kind: 'single', strip: f.strip }, media: mt };
      if (f.type === 'array-strip') return { handler: { kind: 'array-strip' }, media: mt };
      const h = lookup(f);
      return h && { handler: h.handler, media: mt };
    }
    return lookup(mt);
  };
  const pick = accepts.map(match).find((x) => x !== undefined);
  if (!pick) throw new ApiError(406, 'PGRST107', `None of these media types are available: ${accepts.map(toMime).join(', ')}`, null, null);
  if (action === 'mutate') return returnRepresentation ? pick : { handler: { kind: 'none' }, media: pick.media };
  if (headersOnly) return { handler: { kind: 'none' }, media: pick.media };
  return pick;
}

// ------------------------------------------------------------------ functions

const singleUnnamedTypes: Record<string, string> = { json: 'json', text: 'text', xml: 'xml', octet: 'bytea' };

/** PostgREST's findProc: the overload whose parameters the argument names fit, else one single unnamed parameter. */
export function findProc(cache: SchemaCache, schema: string, name: string, keys: string[], contentType: MediaType, isInvPost: boolean): PgFunction {
  const fns = findFunctions(cache, schema, name);
  const keySet = new Set(keys);
  const hasSingleUnnamed = (f: PgFunction) => {
    if (f.params.length !== 1 || f.params[0].name !== '' || !isInvPost) return false;
    const t = f.params[0].type;
    if (contentType.type === 'json') return t === 'json' || t === 'jsonb';
    return singleUnnamedTypes[contentType.type] === t;
  };
  const sameSet = (a: Set<string>, b: string[]) => a.size === new Set(b).size && b.every((x) => a.has(x));
  const matches = (f: PgFunction) => {
    if (f.params.length === 0) return keySet.size === 0 && !(isInvPost && ['octet', 'text', 'xml'].includes(contentType.type));
    const req = f.params.filter((p) => p.required).map((p) => p.name);
    const opt = f.params.filter((p) => !p.required).map((p) => p.name);
    if (opt.length === 0) return sameSet(keySet, req);
    if (req.length === 0) return [...keySet].every((k) => opt.includes(k));
    return sameSet(new Set([...keySet].filter((k) => !opt.includes(k))), req);
  };
  const overloaded = fns.filter(matches);
  const fallback = fns.filter((f) => !matches(f) && hasSingleUnnamed(f));
  if (overloaded.length === 1) return overloaded[0];
  if (overloaded.length > 1) throw ambiguousRpc(overloaded);
  if (fallback.length === 1) return fallback[0];
  if (fallback.length > 1) throw ambiguousRpc(fallback);
  throw noRpc(cache, schema, name, keys, contentType, isInvPost);
}

function ambiguousRpc(fns: PgFunction[]): ApiError {
  const list = fns.map((f) => `${f.schema}.${f.name}(${f.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ');
  return new ApiError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${list}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** PostgREST's noRpcHint: a function of a close name, or, for a known name, close parameter names. */
function noRpcHint(cache: SchemaCache, schema: string, name: string, keys: string[]): string | null {
  const overloads = findFunctions(cache, schema, name);
  const listText = (names: string[]) => `(${[...names].sort().join(', ')})`;
  let hit: string | undefined;
  if (overloads.length === 0) {
    const names = [...cache.functions.values()].flat().filter((f) => f.schema === schema).map((f) => f.name);
    hit = new FuzzySet([...new Set(names)].reverse()).getOne(name, 0.75);
  } else {
    const found = new FuzzySet(overloads.map((f) => listText(f.params.map((p) => p.name))).reverse()).getOne(listText(keys));
    hit = found === undefined ? undefined : `${name}${found}`;
  }
  return hit === undefined ? null : `Perhaps you meant to call the function ${schema}.${hit}`;
}

function noRpc(cache: SchemaCache, schema: string, name: string, keys: string[], ct: MediaType, isInvPost: boolean): ApiError {
  const onlySingle = isInvPost && ['text', 'xml', 'octet'].includes(ct.type);
  const func = `${schema}.${name}`;
  const prms = keys.join(', ');
  const message = `Could not find the function ${func}${onlySingle ? '' : keys.length === 0 ? ' without parameters' : `(${prms})`} in the schema cache`;
  const withParams = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's ' : ' '}${prms}`;
  let detail: string;
  if (isInvPost && ct.type === 'text') detail = ' with a single unnamed text parameter';
  else if (isInvPost && ct.type === 'xml') detail = ' with a single unnamed xml parameter';
  else if (isInvPost && ct.type === 'octet') detail = ' with a single unnamed bytea parameter';
  else if (isInvPost && ct.type === 'json') detail = `${withParams} or with a single unnamed json/jsonb parameter`;
  else detail = withParams;
  const hint = onlySingle ? null : noRpcHint(cache, schema, name, keys);
  return new ApiError(404, 'PGRST202', message, `Searched for the function ${func}${detail}, but no matches were found in the schema cache.`, hint);
}

// ------------------------------------------------------------------ mutations

function checkColumns(table: Table, cols: string[]): void {
  for (const c of cols) if (!table.columns.has(c)) throw notFoundColumn(c, table.name);
}

function insertSql(
  p: Params,
  table: Table,
  payload: Payload,
  prefs: Pick<Preferences, 'missing' | 'resolution'>,
  onConflict: string[] | undefined,
  putConditions: LogicTree[] = [],
): string {
  const qt = fromQi(table);
  const columns = payload.keys;
  checkColumns(table, columns);
  const rows = payload.value === undefined ? JSON.parse(payload.text ?? '[]') : payload.value;
  const list = Array.isArray(rows) ? rows : [rows];
  let sql: string;
  if (columns.length === 0) {
    // Objects without keys: one row of defaults each.
    sql = `INSERT INTO ${qt} AS ${ident(table.name)} SELECT FROM jsonb_array_elements(${p.add(JSON.stringify(list))}::jsonb)`;
  } else {
    const rowsParam = p.add(JSON.stringify(list));
    const exprs = columns.map((c) => {
      const col = table.columns.get(c)!;
      const value = `_r.${ident(c)}`;
      if (prefs.missing !== 'default' || col.default === null) return value;
      return `CASE WHEN _j.j ? ${p.add(c)}::text THEN ${value} ELSE ${col.default} END`;
    });
    sql =
      `INSERT INTO ${qt} AS ${ident(table.name)} (${columns.map(ident).join(', ')}) ` +
      `SELECT ${exprs.join(', ')} FROM jsonb_array_elements(${rowsParam}::jsonb) WITH ORDINALITY AS _j(j, ord), ` +
      `LATERAL jsonb_populate_record(null::${qt}, _j.j) AS _r` +
      // PUT: only a row whose key is the URL's is written.
      (putConditions.length ? ` WHERE ${putConditions.map((t) => logicSql(p, { schema: '', name: '_r' }, t)).join(' AND ')}` : '') +
      ' ORDER BY _j.ord';
  }
  if (prefs.resolution) {
    const conflict = onConflict ?? table.pk;
    checkColumns(table, conflict);
    if (conflict.length) {
      const updates = columns.filter((c) => !table.columns.get(c)!.generated);
      if (prefs.resolution === 'ignore-duplicates' || updates.length === 0) {
        sql += ` ON CONFLICT (${conflict.map(ident).join(', ')}) DO NOTHING`;
      } else {
        sql += ` ON CONFLICT (${conflict.map(ident).join(', ')}) DO UPDATE SET ${updates.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ')}`;
      }
    }
  }
  return sql;
}

function mutationWhere(p: Params, cache: SchemaCache, table: Table, q: ParsedQuery): string {
  const trees = resolveRootFilters(cache, table, q);
  const conds = trees.map((t) => logicSql(p, { schema: '', name: table.name }, t));
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

// ------------------------------------------------------------------ planning

export function planRequest(cache: SchemaCache, cfg: RestConfig, req: RestRequest): Planned {
  const method = req.method;
  const segments = req.path.split('/').filter(Boolean).map(decodeURIComponent);
  const { schema, negotiated } = profile(cfg, req);
  const { prefs, applied } = parsePrefer(req.header('prefer'));
  const base = { schema, negotiatedByProfile: negotiated, prefs, applied };
  if (segments[0] === 'rpc' && segments.length === 2) return planCall(cache, cfg, req, segments[1], base);
  if (segments.length !== 1) throw new ApiError(404, 'PGRST125', 'Invalid path specified in request URL', null, null);
  const table = findTable(cache, schema, segments[0]);
  if (!table) {
    // PostgREST suggests a close table name where the schema has fewer than 500.
    const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
    throw notFoundTable(schema, segments[0], names.length < 500 ? new FuzzySet(names.reverse()).getOne(segments[0], 0.75) : undefined);
  }
  const qi = { schema, name: table.name };
  const p = new Params();

  if (method === 'GET' || method === 'HEAD') {
    const q = parseQuery(req.query);
    const root = readPlan(cache, qi, q, { action: 'read', maxRows: cfg.maxRows, aggregatesEnabled: cfg.aggregatesEnabled });
    const headersOnly = method === 'HEAD';
    const { handler, media } = negotiate(cfg, req, 'read', true, headersOnly);
    const exact = prefs.count === 'exact' || prefs.count === 'estimated';
    const countQuery = (pp: Params) => {
      const c = readPlanToCountQuery(pp, root);
      return prefs.count === 'estimated' && cfg.maxRows !== undefined ? `${c} LIMIT ${cfg.maxRows + 1}` : c;
    };
    const main = mainRead(p, root, exact ? countQuery(p) : undefined, handler);
    let explainCount: Statement | undefined;
    if (prefs.count === 'planned' || prefs.count === 'estimated') {
      const ep = new Params();
      explainCount = { sql: explain('json', [], readPlanToCountQuery(ep, root)), params: ep.values };
    }
    return finish({ ...base, action: 'read', name: table.name, media, handler, readOnly: true, offset: root.range.offset, headersOnly, explainCount }, main, p);
  }

  const mutations: Record<string, Mutation> = { POST: 'create', PATCH: 'update', DELETE: 'delete', PUT: 'upsert' };
  const mutation: Mutation | undefined = mutations[method];
  if (!mutation) throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`, null, null);
  const q = parseQuery(req.query);
  const returnRepresentation = prefs.return === 'representation';
  if (mutation === 'upsert' && (q.nodes.get('')?.limit !== undefined || q.nodes.get('')?.offset !== undefined)) {
    throw new ApiError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT', null, null);
  }
  const payload = mutation === 'delete' ? undefined : readPayload(req, false, q.columns);
  const root = readPlan(cache, qi, q, { action: 'mutate', aggregatesEnabled: cfg.aggregatesEnabled });
  const { handler, media } = negotiate(cfg, req, 'mutate', returnRepresentation, false);
  const common = { ...base, action: 'mutate' as const, name: table.name, media, handler, readOnly: false, offset: 0, headersOnly: false, mutation };
  if ((mutation === 'update' || mutation === 'delete') && (q.nodes.get('')?.filters.length ?? 0) === 0) {
    // Supabase loads pg-safeupdate for PostgREST's role: no UPDATE or DELETE without a WHERE.
    throw new ApiError(400, '21000', `${mutation === 'update' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`, null, null);
  }
  let sql: string;
  if (mutation === 'create') {
    sql = insertSql(p, table, payload!, prefs, q.onConflict);
  } else if (mutation === 'upsert') {
    // Filters must name exactly the primary key, each with a plain eq.
    const root = q.nodes.get('')?.filters ?? [];
    const conds = root.filter((f) => f.kind === 'cond');
    const onlyPk =
      table.pk.length > 0 &&
      conds.length === root.length &&
      [...q.nodes].every(([path, n]) => path === '' || n.filters.length === 0) &&
      conds.every((c) => c.op === 'eq' && !c.negate && !c.quant && c.field.json.length === 0) &&
      new Set(conds.map((c) => c.field.name)).size === table.pk.length &&
      conds.every((c) => table.pk.includes(c.field.name));
    if (!onlyPk) throw new ApiError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators", null, null);
    sql = insertSql(p, table, payload!, { missing: undefined, resolution: 'merge-duplicates' }, table.pk, resolveRootFilters(cache, table, q));
  } else if (mutation === 'update') {
    if (!payload || payload.value === null || typeof payload.value !== 'object' || Array.isArray(payload.value)) {
      throw invalidBody('Empty or invalid json');
    }
    const cols = payload.keys;
    if (cols.length === 0) {
      return { ...common, stmt: { sql: '', params: [] }, isPlan: false, immediate: { status: returnRepresentation ? 200 : 204, body: returnRepresentation ? '[]' : undefined } };
    }
    checkColumns(table, cols);
    const qt = fromQi(table);
    const set = cols.map((c) => `${ident(c)} = _r.${ident(c)}`).join(', ');
    sql = `UPDATE ${qt} AS ${ident(table.name)} SET ${set} FROM jsonb_populate_record(null::${qt}, ${p.add(JSON.stringify(payload.value))}::jsonb) AS _r${mutationWhere(p, cache, table, q)}`;
  } else {
    sql = `DELETE FROM ${fromQi(table)} AS ${ident(table.name)}${mutationWhere(p, cache, table, q)}`;
  }
  const main = mainWrite(p, root, sql, table, handler, mutation === 'upsert' || (mutation === 'create' && prefs.resolution === 'merge-duplicates'));
  return finish(common, main, p);
}

function planCall(
  cache: SchemaCache,
  cfg: RestConfig,
  req: RestRequest,
  name: string,
  base: { schema: string; negotiatedByProfile: boolean; prefs: Preferences; applied: string[] },
): Planned {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw new ApiError(405, 'PGRST101', `Cannot use the ${method} method on RPC`, null, null);
  }
  const { schema, prefs } = base;
  const isPost = method === 'POST';
  const q = parseQuery(req.query, !isPost);
  const contentType = req.header('content-type') === undefined ? ({ type: 'json' } as MediaType) : decodeMediaType(req.header('content-type')!);
  const payload = isPost ? readPayload(req, true, q.columns) : undefined;
  const keys = isPost ? payload!.keys : [...new Set(q.rest.map(([k]) => k))].sort();
  const fn = findProc(cache, schema, name, keys, contentType, isPost);
  const tableName = fn.returnsComposite ? fn.returnType.name : fn.name;
  const root = readPlan(cache, { schema, name: tableName }, q, { action: 'call', maxRows: cfg.maxRows, aggregatesEnabled: cfg.aggregatesEnabled });
  const headersOnly = method === 'HEAD';
  const { handler, media } = negotiate(cfg, req, 'call', true, headersOnly);
  // Query or form parameters: a repeated variadic one collects its values (toRpcParams).
  const direct = (pairs: [string, string][]): CallArgs => {
    const map = new Map<string, string | string[]>();
    for (const [k, v] of pairs) {
      const variadic = fn.hasVariadic && fn.params.some((x) => x.name === k && x.variadic);
      map.set(k, variadic ? [...((map.get(k) as string[] | undefined) ?? []), v] : v);
    }
    return { kind: 'direct', args: map };
  };
  let args: CallArgs;
  if (!isPost) {
    args = direct(q.rest);
  } else if (payload!.kind === 'urlencoded') {
    args = direct(payload!.value as [string, string][]);
  } else if (payload!.kind === 'raw') {
    args = { kind: 'raw', body: payload!.raw ?? payload!.text };
  } else {
    args = { kind: 'json', body: payload!.text };
  }
  const p = new Params();
  const call = callPlanToQuery(p, fn, new Set(keys), args, columnsNeeded(root, []), filterFieldNames(root));
  const exact = prefs.count === 'exact' || prefs.count === 'estimated';
  const main = mainCall(p, fn, call, root, exact ? readPlanToCountQuery(p, root) : undefined, handler);
  const readOnly = !isPost || fn.volatility !== 'v';
  return finish({ ...base, action: 'call', name, media, handler, readOnly, offset: root.range.offset, headersOnly, fn }, main, p);
}

function finish(plan: Omit<Planned, 'stmt' | 'isPlan'>, sql: string, p: Params): Planned {
  if (plan.media.type === 'plan') {
    return { ...plan, stmt: { sql: explain(plan.media.format, plan.media.options, sql), params: p.values }, isPlan: true };
  }
  return { ...plan, stmt: { sql, params: p.values }, isPlan: false };
}
