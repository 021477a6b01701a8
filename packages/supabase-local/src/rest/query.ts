// Read plan trees, mutations and function calls → SQL, as PostgREST writes it
// (src/PostgREST/Query/QueryBuilder.hs, SqlFragment.hs, Statements.hs): one
// LATERAL join per embed, json_agg for to-many, row_to_json for to-one, GROUP
// BY for aggregates, and one statement per request whose single row carries
// the total, the page's row count and the body in the negotiated format.
// Values are bind parameters of unknown type, as PostgREST sends them.
import { ident } from '../db/sql.ts';
import type { Condition, JsonStep } from './parse.ts';
import {
  SOURCE_CTE,
  unknownField,
  type CField,
  type CFilter,
  type JoinCondition,
  type LogicTree,
  type OrderTerm,
  type Range,
  type ReadPlan,
  type RelSelectField,
  type SelectField,
  type SpreadSelectField,
} from './plan.ts';
import type { FunctionParam, PgFunction, QI } from './schema-cache.ts';

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export interface Statement {
  sql: string;
  params: unknown[];
}

export const fromQi = (t: QI) => (t.schema === '' ? '' : `${ident(t.schema)}.`) + ident(t.name);
const alias = (name: string): QI => ({ schema: '', name });
const column = (t: QI, c: string) => (c === '*' ? `${fromQi(t)}.*` : `${fromQi(t)}.${ident(c)}`);

function jsonPath(p: Params, path: JsonStep[]): string {
  return path.map((s) => `${s.arrow}${s.index ? `${p.add(s.key)}::int` : p.add(s.key)}`).join('');
}

function fieldSql(p: Params, table: QI, f: CField): string {
  let sql: string;
  if (f.fullRow) sql = ident(table.name);
  else if (f.json.length === 0) sql = column(table, f.name);
  else if (f.toJson) sql = `to_jsonb(${column(table, f.name)})${jsonPath(p, f.json)}`;
  else sql = `${column(table, f.name)}${jsonPath(p, f.json)}`;
  if (f.tsv) return `to_tsvector(${f.tsv.lang !== undefined ? `${p.add(f.tsv.lang)}, ` : ''}${sql})`;
  return sql;
}

const applyCast = (cast: string | undefined, sql: string) => (cast ? `CAST( ${sql} AS ${cast} )` : sql);
const applyAgg = (agg: string | undefined, aggCast: string | undefined, sql: string) =>
  agg ? applyCast(aggCast, `${agg.toUpperCase()}(${sql})`) : sql;
const as = (name: string | undefined) => (name !== undefined ? ` AS ${ident(name)}` : '');

function selectItem(p: Params, table: QI, s: SelectField): string {
  return applyAgg(s.agg, s.aggCast, applyCast(s.cast, fieldSql(p, table, s.field))) + as(s.alias);
}

const fullSelName = (aggAlias: string, name: string) => (name === '*' ? `${ident(aggAlias)}.*` : `${ident(aggAlias)}.${ident(name)}`);

function spreadSelectItem(aggAlias: string, s: SpreadSelectField): string {
  return applyAgg(s.agg, s.aggCast, fullSelName(aggAlias, s.name)) + as(s.alias);
}

/** Postgres array literal of the values, as pgBuildArrayLiteral. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const SIMPLE: Record<string, string> = { neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' };
const QUANT: Record<string, string> = { eq: '=', gte: '>=', gt: '>', lte: '<=', lt: '<', like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
const FTS: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };

function opSql(p: Params, c: Condition): string {
  const v = c.value;
  if (c.op === 'is') {
    return ` IS ${{ null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[String(v)]}`;
  }
  if (c.op === 'isdistinct') return ` IS DISTINCT FROM ${p.add(v)}`;
  if (c.op === 'in') {
    const list = v as string[];
    return list.length === 0 || (list.length === 1 && list[0] === '') ? " = ANY('{}') " : ` = ANY (${p.add(arrayLiteral(list))}) `;
  }
  if (c.op in FTS) return ` @@ ${FTS[c.op]}(${c.language !== undefined ? `${p.add(c.language)}, ` : ''}${p.add(v)}) `;
  if (c.op in SIMPLE) return ` ${SIMPLE[c.op]} ${p.add(v)}`;
  const value = c.op === 'like' || c.op === 'ilike' ? String(v).replace(/\*/g, '%') : v;
  const lit = p.add(value);
  return ` ${QUANT[c.op]} ${c.quant === 'any' ? `ANY(${lit})` : c.quant === 'all' ? `ALL(${lit})` : lit}`;
}

function filterSql(p: Params, table: QI, f: CFilter): string {
  if (f.kind === 'null-embed') return `${ident(f.name)} IS ${f.negate ? '' : 'NOT '}DISTINCT FROM NULL`;
  return `${f.cond.negate ? 'NOT' : ''} ${fieldSql(p, table, f.field)}${opSql(p, f.cond)}`;
}

export function logicSql(p: Params, table: QI, t: LogicTree): string {
  if (t.kind === 'stmt') return filterSql(p, table, t.filter);
  return `${t.negate ? 'NOT' : ''} (${t.children.map((c) => logicSql(p, table, c)).join(t.op === 'and' ? ' AND ' : ' OR ')})`;
}

const joinConditionSql = (j: JoinCondition) => `${column(j.left, j.leftCol)} = ${column(j.right, j.rightCol)}`;

function orderSql(p: Params, table: QI, terms: OrderTerm[]): string {
  if (terms.length === 0) return '';
  return `ORDER BY ${terms
    .map((t) => {
      const term = t.kind === 'field' ? fieldSql(p, table, t.field) : fieldSql(p, alias(t.relation), unknownField(t.field.name, t.field.json));
      const mods = [t.dir ? t.dir.toUpperCase() : '', t.nulls ? `NULLS ${t.nulls.toUpperCase()}` : ''].filter(Boolean);
      return mods.length ? `${term} ${mods.join(' ')}` : term;
    })
    .join(', ')}`;
}

function limitOffsetSql(p: Params, r: Range): string {
  if (r.offset === 0 && r.limit === undefined) return '';
  return `LIMIT ${r.limit === undefined ? 'ALL' : p.add(String(r.limit))} OFFSET ${p.add(String(r.offset))}`;
}

function groupSql(p: Params, table: QI, select: SelectField[], relSelect: RelSelectField[]): string {
  const aggregated = select.some((s) => s.agg) || relSelect.some((r) => r.kind === 'spread' && r.sels.some((s) => s.agg));
  if (!aggregated) return '';
  const terms = [
    ...select.filter((s) => !s.agg).map((s) => (s.alias !== undefined ? ident(s.alias) : fieldSql(p, table, s.field))),
    ...relSelect.flatMap((r) => {
      if (r.kind === 'json') return [ident(r.selName)];
      const t = r.sels.filter((s) => !s.agg).map((s) => `${ident(r.aggAlias)}.${ident(s.alias ?? s.name)}`);
      return t.length ? [t.join(', ')] : [];
    }),
  ];
  return terms.length ? `GROUP BY ${terms.join(', ')}` : '';
}

/** How a level names its rows: its alias, or the table itself. */
function levelQi(node: ReadPlan): QI {
  if (node.relToParent?.kind === 'computed') return alias(node.fromAlias ?? node.relToParent.fn.name);
  return node.fromAlias !== undefined ? alias(node.fromAlias) : node.from;
}

function fromSql(node: ReadPlan): string {
  const r = node.relToParent;
  const source = r?.kind === 'computed' ? `${fromQi(r.fn)}(${ident(node.relTableAlias!.name)}::${fromQi(r.table)})` : fromQi(node.from);
  const junction = r?.kind === 'fk' && r.card.type === 'm2m' ? `, ${fromQi(r.card.junction.table)}` : '';
  return ` FROM ${source}${node.fromAlias !== undefined ? ` AS ${ident(node.fromAlias)}` : ''}${junction}`;
}

function joinSelects(node: ReadPlan): string[] {
  return node.relSelect.flatMap((r) => {
    const agg = ident(r.aggAlias);
    if (r.kind === 'spread') return r.sels.map((s) => spreadSelectItem(r.aggAlias, s));
    if (r.empty) return [];
    if (r.mode === 'object') return [`row_to_json(${agg}.*)::jsonb AS ${ident(r.selName)}`];
    return [`COALESCE( ${agg}.${agg}, '[]') AS ${ident(r.selName)}`];
  });
}

function joinSql(p: Params, r: RelSelectField, child: ReadPlan): string {
  const lateral = (sub: string, on: string) => ` ${child.relJoinType === 'inner' ? 'INNER' : 'LEFT'} JOIN LATERAL ( ${sub} ) AS ${agg} ON ${on}`;
  const agg = ident(r.aggAlias);
  const cond = child.relJoinType === 'inner' ? `${agg} IS NOT NULL` : 'TRUE';
  const sub = readPlanToQuery(p, child);
  if (r.kind === 'json' && r.mode === 'object') return lateral(sub, 'TRUE');
  if (r.kind === 'spread') {
    if (child.relSpread?.kind !== 'to-many') return lateral(sub, 'TRUE');
    const order = child.relSpread.order;
    const sels = r.sels.map(
      (s) => `COALESCE(json_agg(${fullSelName(r.aggAlias, s.name)} ${orderSql(p, alias(r.aggAlias), order)}),'[]')::jsonb AS ${ident(s.alias ?? s.name)}`,
    );
    return lateral(`SELECT json_agg(${agg})::jsonb AS ${agg}${sels.length ? ', ' : ''}${sels.join(', ')} FROM (${sub} ) AS ${agg}`, cond);
  }
  return lateral(`SELECT json_agg(${agg})::jsonb AS ${agg} FROM (${sub} ) AS ${agg}`, cond);
}

/** One level of the tree and its embeds as one SELECT. */
export function readPlanToQuery(p: Params, node: ReadPlan): string {
  const qi = levelQi(node);
  const select = node.select.length === 0 && node.children.length === 0 ? [{ field: unknownField('*') }] : node.select;
  const selects = select.map((s) => selectItem(p, qi, s));
  const extra =
    node.relSpread?.kind === 'to-many' ? node.relSpread.extraSelect.map((e) => selectItem(p, e.relation !== undefined ? alias(e.relation) : qi, e.sel)) : [];
  const joinsSel = joinSelects(node);
  const from = fromSql(node);
  const joins = node.relSelect.map((r) => joinSql(p, r, node.children.find((c) => c.relAggAlias === r.aggAlias)!));
  const conds = [...node.where.map((t) => logicSql(p, qi, t)), ...node.relJoinConds.map(joinConditionSql)];
  const where = conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
  const group = groupSql(p, qi, node.select, node.relSelect);
  const order = orderSql(p, qi, node.order);
  const limit = limitOffsetSql(p, node.range);
  return `SELECT ${[...selects, ...extra, ...joinsSel].join(', ')}${from}${joins.join('')}${where}${group ? ` ${group}` : ''}${order ? ` ${order}` : ''}${limit ? ` ${limit}` : ''}`;
}

/**
 * The root level counted: only its WHERE, without LIMIT/OFFSET; an !inner embed
 * and a null-embed filter become EXISTS subqueries.
 */
export function readPlanToCountQuery(p: Params, node: ReadPlan): string {
  const qi = levelQi(node);
  const countLogic = (t: LogicTree): string => {
    if (t.kind === 'expr') return `${t.negate ? 'NOT' : ''} (${t.children.map(countLogic).join(t.op === 'and' ? ' AND ' : ' OR ')})`;
    const f = t.filter;
    if (f.kind === 'null-embed') {
      const child = node.children.find((c) => c.relAggAlias === f.name);
      return child ? `${f.negate ? '' : 'NOT '}EXISTS (${readPlanToCountQuery(p, child)})` : '';
    }
    return filterSql(p, qi, f);
  };
  const conds = [
    ...node.where.map(countLogic),
    ...node.relJoinConds.map(joinConditionSql),
    ...node.children.filter((c) => c.relJoinType === 'inner').map((c) => `EXISTS (${readPlanToCountQuery(p, c)} )`),
  ];
  return `SELECT 1${fromSql(node)}${conds.length ? ` WHERE ${conds.join(' AND ')}` : ''}`;
}

// ------------------------------------------------------------------ bodies

/** How the body is aggregated (PostgREST's MediaHandler). */
export type Handler =
  | { kind: 'json' }
  | { kind: 'array-strip' }
  | { kind: 'single'; strip: boolean }
  | { kind: 'csv' }
  | { kind: 'geojson' }
  | { kind: 'none' };

/** What a function returns, for the body: a single scalar is unwrapped, a single composite is an object. */
export type RoutineShape = 'single-scalar' | 'setof-scalar' | 'single-composite' | 'setof-composite';

export function routineShape(fn: PgFunction): RoutineShape {
  if (fn.returnsComposite) return fn.returnsSet ? 'setof-composite' : 'single-composite';
  return fn.returnsSet ? 'setof-scalar' : 'single-scalar';
}

const strip = (on: boolean, sql: string) => (on ? `json_strip_nulls(${sql})` : sql);

function handlerSql(h: Handler, shape: RoutineShape | undefined): string {
  const row = shape === 'single-scalar' || shape === 'setof-scalar' ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  switch (h.kind) {
    case 'none':
      return "''::text";
    case 'single':
      return `coalesce(${strip(h.strip, `json_agg(${row})->0`)}, 'null')`;
    case 'csv':
      return (
        "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text as k FROM ( " +
        `SELECT row_to_json(hh) as r from ${SOURCE_CTE} as hh limit 1) s) a) || E'\\n' || ` +
        "coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), E'\\n'), '')"
      );
    case 'geojson':
      return "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]'))";
    case 'json':
    case 'array-strip': {
      const s = h.kind === 'array-strip';
      if (shape === 'single-composite' || shape === 'single-scalar') return `coalesce(${strip(s, `json_agg(${row})->0`)}, 'null')`;
      return `coalesce(${strip(s, `json_agg(${row})`)}, '[]')`;
    }
  }
}

const RESPONSE_GUCS =
  "nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status";

/** `count=exact` (and estimated): the count CTE and the expression that reads it. */
function countCte(countQuery: string | undefined): [string, string] {
  return countQuery === undefined
    ? ['', 'null::bigint']
    : [`, pgrst_source_count AS (${countQuery})`, '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'];
}

export function mainRead(p: Params, root: ReadPlan, countQuery: string | undefined, h: Handler): string {
  const select = readPlanToQuery(p, root);
  const [cte, total] = countCte(countQuery);
  return (
    `WITH ${SOURCE_CTE} AS ( ${select} )${cte} SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
    `(${handlerSql(h, undefined)})::text AS body, ${RESPONSE_GUCS}, '' AS response_inserted FROM ( SELECT * FROM ${SOURCE_CTE} ) _postgrest_t`
  );
}

/**
 * A mutation (its table aliased by its name) and the representation read from its
 * rows. With `countInserted` (merge-duplicates upserts) response_inserted says
 * how many rows were new, which decides between 201 and 200.
 */
export function mainWrite(p: Params, root: ReadPlan, mutation: string, table: QI, h: Handler, countInserted: boolean): string {
  const select = h.kind === 'none' ? `SELECT * FROM ${SOURCE_CTE}` : readPlanToQuery(p, root);
  const head = countInserted
    ? `WITH pgrst_ret AS (${mutation} RETURNING ${ident(table.name)} AS pgrst_row, (xmax = 0) AS pgrst_inserted), ${SOURCE_CTE} AS (SELECT (pgrst_row).* FROM pgrst_ret)`
    : `WITH ${SOURCE_CTE} AS (${mutation} RETURNING ${ident(table.name)}.*)`;
  const inserted = countInserted ? '(SELECT count(*) FROM pgrst_ret WHERE pgrst_inserted)' : "''";
  return (
    `${head} SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
    `(${handlerSql(h, undefined)})::text AS body, ${RESPONSE_GUCS}, ${inserted} AS response_inserted FROM (${select}) _postgrest_t`
  );
}

export type CallArgs =
  | { kind: 'direct'; args: Map<string, string | string[]> }
  | { kind: 'json'; body: string | undefined }
  | { kind: 'raw'; body: string | Buffer | undefined };

/** `fn(...)` as PostgREST calls it: named arguments, or one positional argument for a single unnamed parameter. */
export function callPlanToQuery(p: Params, fn: PgFunction, keys: Set<string>, args: CallArgs, returnings: Set<string>, filterFields: Set<string>): string {
  const shape = routineShape(fn);
  const scalar = shape === 'single-scalar' || shape === 'setof-scalar';
  const qf = fromQi({ schema: fn.schema, name: fn.name });
  const callIt = (argument: string) => (scalar ? `(SELECT ${qf}(${argument}) pgrst_scalar) pgrst_call` : `${qf}(${argument}) pgrst_call`);
  let fromCall: string;
  const params = fn.params;
  if (params.length === 1 && params[0].name === '') {
    const prm = params[0];
    let value: unknown;
    if (args.kind === 'direct') value = JSON.stringify(Object.fromEntries(args.args));
    else value = args.body ?? null;
    fromCall = `FROM ${callIt(prm.type === 'bytea' ? `${p.add(value)}::bytea` : `${p.add(value)}::${prm.type}`)}`;
  } else {
    const used = params.filter((x) => keys.has(x.name));
    if (used.length === 0) fromCall = `FROM ${callIt('')}`;
    else if (args.kind === 'direct') {
      const fmt = (x: FunctionParam) => {
        const v = args.args.get(x.name);
        const value = v === undefined ? 'NULL' : p.add(Array.isArray(v) ? arrayLiteral(v) : v);
        return `${x.variadic ? 'VARIADIC ' : ''}${ident(x.name)} := ${value}::${x.typeMaxLength}`;
      };
      fromCall = `FROM ${callIt(used.map(fmt).join(', '))}`;
    } else {
      const body = args.kind === 'json' ? args.body : undefined;
      const isObject = (body ?? '').trimStart().startsWith('{');
      const typed = used.map((x) => `${ident(x.name)} ${x.typeMaxLength}`).join(', ');
      const names = used.map((x) => ident(x.name)).join(', ');
      const named = used.map((x) => `${x.variadic ? 'VARIADIC ' : ''}${ident(x.name)} := pgrst_body.${ident(x.name)}`).join(', ');
      fromCall =
        `FROM (SELECT ${p.add(body ?? null)}::json AS json_data) pgrst_payload, ` +
        `LATERAL (SELECT ${names} FROM ${isObject ? 'json_to_record' : 'json_to_recordset'}(pgrst_payload.json_data) AS _(${typed}) LIMIT 1) pgrst_body , ` +
        `LATERAL ${callIt(named)}`;
    }
  }
  let returned: string;
  if (scalar) returned = 'pgrst_call.pgrst_scalar';
  else {
    const list = [...returnings];
    if (list.length === 0) returned = '*';
    else if (list.length === 1 && list[0] === '*') returned = 'pgrst_call.*';
    else returned = [...new Set([...returnings, ...filterFields])].map((c) => column(alias('pgrst_call'), c)).join(', ');
  }
  return `SELECT ${returned} ${fromCall}`;
}

export function mainCall(p: Params, fn: PgFunction, call: string, root: ReadPlan, countQuery: string | undefined, h: Handler): string {
  const shape = routineShape(fn);
  const [cte, total] = countCte(countQuery);
  const select = readPlanToQuery(p, root);
  return (
    `WITH ${SOURCE_CTE} AS (${call})${cte} SELECT ${total} AS total_result_set, ` +
    `${fn.returnsSet ? 'pg_catalog.count(_postgrest_t)' : '1'} AS page_total, (${handlerSql(h, shape)})::text AS body, ` +
    `${RESPONSE_GUCS}, '' AS response_inserted FROM (${select}) _postgrest_t`
  );
}

export function explain(format: 'text' | 'json', options: string[], sql: string): string {
  return `EXPLAIN (${[`FORMAT ${format.toUpperCase()}`, ...options.map((o) => o.toUpperCase())].join(', ')}) ${sql}`;
}
