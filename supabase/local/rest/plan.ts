// Request tree + schema cache → one SQL statement, shaped as PostgREST shapes
// it: LEFT JOIN LATERAL per embed, row_to_json for to-one, json_agg for
// to-many, coalesce(json_agg(_postgrest_t), '[]') for the body. Values are
// bind parameters; identifiers are checked against the cache and quoted.
import { ApiError, notFoundColumn, undefinedColumn } from './errors.ts';
import type { Condition, EmbedItem, Field, Filter, NodeParams, OrderTerm, ParsedQuery, SelectItem } from './parse.ts';
import { findTable, type PgFunction, type Relationship, type SchemaCache, type Table } from './schema-cache.ts';
import { ident } from '../db/sql.ts';

export { ident };

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

interface Ctx {
  cache: SchemaCache;
  schema: string;
  params: Params;
  q: ParsedQuery;
  n: number;
}

/** What a level of the tree selects from: a table, a mutation's result, or a function call. */
interface Source {
  /** Name used in messages and relationship lookups. */
  name: string;
  alias: string;
  table?: Table;
  /** Known output columns (for function results without a table). */
  columns?: string[];
}

interface BuiltNode {
  list: string[];
  joins: string[];
  /** Conditions on embeds (`rel=is.null`, `!inner` to-many). */
  embedConds: string[];
  embeds: Map<string, { lateral: string; toMany: boolean }>;
}

function hasColumn(src: Source, name: string): boolean {
  if (src.table) return src.table.columns.has(name);
  if (src.columns) return src.columns.includes(name);
  return true;
}

function columnRef(ctx: Ctx, src: Source, field: Field): string {
  if (!hasColumn(src, field.name)) throw undefinedColumn(src.name, field.name);
  let expr = `${ident(src.alias)}.${ident(field.name)}`;
  for (const step of field.json) {
    const k = /^-?\d+$/.test(step.key) ? step.key : `${ctx.params.add(step.key)}::text`;
    expr = `${expr}${step.arrow}${k}`;
  }
  return expr;
}

function nodeParams(ctx: Ctx, path: string): NodeParams {
  return ctx.q.nodes.get(path) ?? { filters: [], order: [] };
}

const SIMPLE_OPS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

function conditionSql(ctx: Ctx, src: Source, c: Condition, node: BuiltNode | undefined): string {
  const embed = node && c.field.json.length === 0 ? node.embeds.get(c.field.name) : undefined;
  let sql: string;
  if (embed && !hasColumn(src, c.field.name)) {
    if (c.op !== 'is' || (c.value !== 'null' && c.value !== 'not_null')) {
      throw new ApiError(400, 'PGRST100', `"failed to parse filter (${c.op}.${String(c.value)})"`, 'Only is.null or not.is.null filters are allowed on embedded resources', null);
    }
    const isNull = embed.toMany ? `${ident(embed.lateral)}.body IS NULL` : `row_to_json(${ident(embed.lateral)}.*) IS NULL`;
    sql = c.value === 'null' ? isNull : `NOT (${isNull})`;
    return c.negate ? `NOT (${sql})` : sql;
  }
  const lhs = columnRef(ctx, src, c.field);
  const v = c.value;
  switch (c.op) {
    case 'like':
    case 'ilike':
      sql = `${lhs} ${c.op === 'like' ? 'LIKE' : 'ILIKE'} ${ctx.params.add(String(v).replace(/\*/g, '%'))}`;
      break;
    case 'is':
      sql = `${lhs} IS ${v === 'not_null' ? 'NOT NULL' : String(v).toUpperCase()}`;
      break;
    case 'isdistinct':
      sql = `${lhs} IS DISTINCT FROM ${ctx.params.add(v)}`;
      break;
    case 'in': {
      const list = v as string[];
      sql = list.length === 0 ? 'false' : `${lhs} IN (${list.map((x) => ctx.params.add(x)).join(', ')})`;
      break;
    }
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const fn = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }[c.op];
      const lang = c.language ? `${ctx.params.add(c.language)}::regconfig, ` : '';
      const colType = src.table?.columns.get(c.field.name)?.type;
      const doc = colType === 'tsvector' && c.field.json.length === 0 ? lhs : `to_tsvector(${lang}${lhs})`;
      sql = `${doc} @@ ${fn}(${lang}${ctx.params.add(v)})`;
      break;
    }
    default:
      sql = `${lhs} ${SIMPLE_OPS[c.op]} ${ctx.params.add(v)}`;
  }
  return c.negate ? `NOT (${sql})` : sql;
}

export function filterSql(ctx: Ctx, src: Source, f: Filter, node?: BuiltNode): string {
  if (f.kind === 'cond') return conditionSql(ctx, src, f, node);
  const parts = f.children.map((c) => filterSql(ctx, src, c, node));
  const sql = `(${parts.join(f.op === 'and' ? ' AND ' : ' OR ')})`;
  return f.negate ? `NOT ${sql}` : sql;
}

function orderSql(ctx: Ctx, src: Source, terms: OrderTerm[]): string {
  if (terms.length === 0) return '';
  return (
    ' ORDER BY ' +
    terms
      .map((t) => `${columnRef(ctx, src, t.field)} ${t.dir === 'desc' ? 'DESC' : 'ASC'}${t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : ''}`)
      .join(', ')
  );
}

function rangeSql(limit: number | undefined, offset: number | undefined): string {
  return `${limit !== undefined ? ` LIMIT ${limit}` : ''}${offset ? ` OFFSET ${offset}` : ''}`;
}

// ------------------------------------------------------------ relationships

const singleCol = (cols: string[], name: string) => cols.length === 1 && cols[0] === name;

/** PostgREST's findRel: by table, constraint or FK column, narrowed by the hint. */
export function resolveRelationship(table: Table, embed: EmbedItem, cache: SchemaCache): Relationship {
  const target = embed.name;
  const fkCols = (r: Relationship) => (r.fromHoldsFk ? r.fromCols : r.toCols);
  const refCols = (r: Relationship) => (r.fromHoldsFk ? r.toCols : r.fromCols);
  const candidates = table.relationships.filter((r) => {
    if (r.junction) {
      if (r.to !== target) return false;
      const h = embed.hint;
      return !h || h === r.junction.table || r.junction.constraints.includes(h);
    }
    const targetOk = r.to === target || r.constraint === target || (r.fromHoldsFk && singleCol(r.fromCols, target));
    if (!targetOk) return false;
    if (!embed.hint) return true;
    const h = embed.hint;
    return r.constraint === h || singleCol(fkCols(r), h) || singleCol(refCols(r), h);
  });
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) {
    const exists = [...cache.tables.values()].some((t) => t.schema === table.schema && t.name === target);
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${table.name}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${table.name}' and '${target}'${embed.hint ? ` using the hint '${embed.hint}'` : ''} in the schema '${table.schema}', but no matches were found.`,
      exists ? null : `Perhaps you meant '${target}' to be a table or a foreign key of '${table.name}'.`,
    );
  }
  const card = (r: Relationship) =>
    ({ o2m: 'one-to-many', m2o: 'many-to-one', o2o: 'one-to-one', m2m: 'many-to-many' })[r.cardinality];
  throw new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${table.name}' and '${target}'`,
    candidates.map((r) => ({
      cardinality: card(r),
      embedding: `${table.name} with ${r.to}`,
      relationship: r.junction
        ? `${r.junction.table} using ${r.junction.constraints.join(' and ')}`
        : `${r.constraint} using ${table.name}(${r.fromCols.join(', ')}) and ${r.to}(${r.toCols.join(', ')})`,
    })),
    `Try changing '${target}' to one of the following: ${candidates.map((r) => `'${target}!${r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

// ------------------------------------------------------------ select lists

function buildNode(ctx: Ctx, src: Source, items: SelectItem[], path: string[]): BuiltNode {
  const node: BuiltNode = { list: [], joins: [], embedConds: [], embeds: new Map() };
  for (const item of items.length ? items : [{ kind: 'star' } as SelectItem]) {
    if (item.kind === 'star') {
      node.list.push(`${ident(src.alias)}.*`);
    } else if (item.kind === 'column') {
      let expr = columnRef(ctx, src, item.field);
      if (item.cast) expr = `CAST(${expr} AS ${item.cast})`;
      const last = item.field.json.at(-1);
      const name = item.alias ?? (last ? last.key : item.field.name);
      node.list.push(`${expr} AS ${ident(name)}`);
    } else {
      buildEmbed(ctx, src, item, path, node);
    }
  }
  return node;
}

function buildEmbed(ctx: Ctx, src: Source, item: EmbedItem, path: string[], node: BuiltNode): void {
  if (!src.table) {
    throw new ApiError(400, 'PGRST200', `Could not find a relationship between '${src.name}' and '${item.name}' in the schema cache`, null, null);
  }
  const rel = resolveRelationship(src.table, item, ctx.cache);
  const child = findTable(ctx.cache, src.table.schema, rel.to);
  if (!child) throw new ApiError(400, 'PGRST200', `Could not find a relationship between '${src.name}' and '${item.name}' in the schema cache`, null, null);
  const n = ++ctx.n;
  const childSrc: Source = { name: child.name, alias: `${child.name}_${n}`, table: child };
  const lateral = `pgrst_${n}`;
  const outName = item.alias ?? item.name;
  // Embedded filters are addressed by alias or by name.
  const aliasPath = [...path, outName].join('.');
  const namePath = [...path, item.name].join('.');
  const childPath = ctx.q.nodes.has(aliasPath) ? [...path, outName] : [...path, item.name];
  const params = ctx.q.nodes.get(aliasPath) ?? ctx.q.nodes.get(namePath) ?? { filters: [], order: [] };
  const inner = buildNode(ctx, childSrc, item.select, childPath);
  let junctionJoin = '';
  let conds: string[];
  if (rel.junction) {
    const j = rel.junction;
    const jAlias = ident(`${j.table}_${n}`);
    const on = j.toCols.map((c, i) => `${jAlias}.${ident(c)} = ${ident(childSrc.alias)}.${ident(rel.toCols[i])}`).join(' AND ');
    junctionJoin = ` JOIN ${ident(child.schema)}.${ident(j.table)} AS ${jAlias} ON ${on}`;
    conds = j.fromCols.map((c, i) => `${jAlias}.${ident(c)} = ${ident(src.alias)}.${ident(rel.fromCols[i])}`);
  } else {
    conds = rel.fromCols.map((c, i) => `${ident(childSrc.alias)}.${ident(rel.toCols[i])} = ${ident(src.alias)}.${ident(c)}`);
  }
  for (const f of params.filters) conds.push(filterSql(ctx, childSrc, f, inner));
  conds.push(...inner.embedConds);
  const from = `FROM ${ident(child.schema)}.${ident(child.name)} AS ${ident(childSrc.alias)}${junctionJoin}${inner.joins.join('')}`;
  const where = ` WHERE ${conds.join(' AND ')}`;
  const toMany = rel.cardinality === 'o2m' || rel.cardinality === 'm2m';
  const joinKind = item.join === 'inner' ? 'INNER' : 'LEFT';
  if (toMany) {
    const rows = `${lateral}_rows`;
    const sub = `SELECT ${inner.list.join(', ')} ${from}${where}${orderSql(ctx, childSrc, params.order)}${rangeSql(params.limit, params.offset)}`;
    node.joins.push(
      ` ${joinKind} JOIN LATERAL (SELECT json_agg(${ident(rows)}) AS body FROM (${sub}) AS ${ident(rows)}) AS ${ident(lateral)} ON ${item.join === 'inner' ? `${ident(lateral)}.body IS NOT NULL` : 'TRUE'}`,
    );
    node.list.push(`coalesce(${ident(lateral)}.body, '[]') AS ${ident(outName)}`);
  } else {
    const sub = `SELECT ${inner.list.join(', ')} ${from}${where}`;
    node.joins.push(` ${joinKind} JOIN LATERAL (${sub}) AS ${ident(lateral)} ON TRUE`);
    node.list.push(`row_to_json(${ident(lateral)}.*) AS ${ident(outName)}`);
  }
  node.embeds.set(outName, { lateral, toMany });
  if (outName !== item.name) node.embeds.set(item.name, { lateral, toMany });
}

// ------------------------------------------------------------ statements

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface ReadOptions {
  count: boolean;
  maxRows: number;
}

/** Result columns of every statement: total (or null), page_total, body (JSON array text). */
function wrapBody(inner: string, countExpr: string): string {
  return `SELECT ${countExpr} AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body FROM (${inner}) AS _postgrest_t`;
}

function readStatement(ctx: Ctx, src: Source, from: string, opts: ReadOptions): string {
  const top = nodeParams(ctx, '');
  const node = buildNode(ctx, src, ctx.q.select, []);
  const conds = top.filters.map((f) => filterSql(ctx, src, f, node));
  conds.push(...node.embedConds);
  const where = conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
  const limit = Math.min(top.limit ?? opts.maxRows, opts.maxRows);
  const body = `SELECT ${node.list.join(', ')} ${from}${node.joins.join('')}${where}${orderSql(ctx, src, top.order)}${rangeSql(limit, top.offset)}`;
  const count = opts.count ? `(SELECT count(*) ${from}${node.joins.join('')}${where})` : 'null::bigint';
  return wrapBody(body, count);
}

export function planRead(cache: SchemaCache, schema: string, table: Table, q: ParsedQuery, opts: ReadOptions): Statement {
  const ctx: Ctx = { cache, schema, params: new Params(), q, n: 0 };
  const src: Source = { name: table.name, alias: table.name, table };
  const sql = readStatement(ctx, src, `FROM ${ident(table.schema)}.${ident(table.name)} AS ${ident(table.name)}`, opts);
  return { sql, params: ctx.params.values };
}

export type ReturnMode = 'minimal' | 'representation' | 'headers-only';

/**
 * With `countInserted` (merge-duplicates upserts), `total` carries how many rows
 * were new (xmax = 0), which decides between 201 and 200.
 */
function mutationStatement(ctx: Ctx, table: Table, cte: string, ret: ReturnMode, countInserted = false): string {
  if (ret !== 'representation') {
    return `WITH pgrst_source AS (${cte} RETURNING 1) SELECT null::bigint AS total, count(*) AS page_total, '' AS body FROM pgrst_source`;
  }
  const src: Source = { name: table.name, alias: table.name, table };
  const top = nodeParams(ctx, '');
  const node = buildNode(ctx, src, ctx.q.select, []);
  const where = node.embedConds.length ? ` WHERE ${node.embedConds.join(' AND ')}` : '';
  const inner = `SELECT ${node.list.join(', ')} FROM pgrst_source AS ${ident(table.name)}${node.joins.join('')}${where}${orderSql(ctx, src, top.order)}`;
  if (countInserted) {
    return (
      `WITH pgrst_ret AS (${cte} RETURNING ${ident(table.name)} AS pgrst_row, (xmax = 0) AS pgrst_inserted), ` +
      `pgrst_source AS (SELECT (pgrst_row).* FROM pgrst_ret) ` +
      wrapBody(inner, '(SELECT count(*) FROM pgrst_ret WHERE pgrst_inserted)')
    );
  }
  return `WITH pgrst_source AS (${cte} RETURNING ${ident(table.name)}.*) ${wrapBody(inner, 'null::bigint')}`;
}

function checkColumns(table: Table, cols: string[]): void {
  for (const c of cols) if (!table.columns.has(c)) throw notFoundColumn(c, table.name);
}

export interface InsertOptions {
  rows: Record<string, unknown>[];
  columns: string[];
  missingDefault: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  onConflict?: string[];
  ret: ReturnMode;
}

export function planInsert(cache: SchemaCache, schema: string, table: Table, q: ParsedQuery, o: InsertOptions): Statement {
  const ctx: Ctx = { cache, schema, params: new Params(), q, n: 0 };
  checkColumns(table, o.columns);
  const qt = `${ident(table.schema)}.${ident(table.name)}`;
  let cte: string;
  if (o.columns.length === 0) {
    // An insert of empty objects: one row of defaults per object.
    cte = `INSERT INTO ${qt} AS ${ident(table.name)} DEFAULT VALUES`;
    if (o.rows.length !== 1) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'All object keys must match', null);
    }
  } else {
    const rowsParam = ctx.params.add(JSON.stringify(o.rows));
    const exprs = o.columns.map((c) => {
      const col = table.columns.get(c)!;
      const value = `_r.${ident(c)}`;
      if (!o.missingDefault || col.default === null) return value;
      const def =
        col.default === 'DEFAULT'
          ? `nextval(pg_get_serial_sequence(${ctx.params.add(`${ident(table.schema)}.${ident(table.name)}`)}, ${ctx.params.add(c)})::regclass)`
          : col.default;
      return `CASE WHEN _j.j ? ${ctx.params.add(c)}::text THEN ${value} ELSE ${def} END`;
    });
    cte =
      `INSERT INTO ${qt} AS ${ident(table.name)} (${o.columns.map(ident).join(', ')}) ` +
      `SELECT ${exprs.join(', ')} FROM jsonb_array_elements(${rowsParam}::jsonb) WITH ORDINALITY AS _j(j, ord), ` +
      `LATERAL jsonb_populate_record(null::${qt}, _j.j) AS _r ORDER BY _j.ord`;
  }
  if (o.resolution) {
    const conflict = o.onConflict ?? table.pk;
    if (conflict.length === 0) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json', `There is no primary key on '${table.name}' to upsert on; use on_conflict`, null);
    }
    checkColumns(table, conflict);
    const updates = o.columns.filter((c) => !table.columns.get(c)!.generated);
    if (o.resolution === 'ignore-duplicates' || updates.length === 0) {
      cte += ` ON CONFLICT (${conflict.map(ident).join(', ')}) DO NOTHING`;
    } else {
      cte += ` ON CONFLICT (${conflict.map(ident).join(', ')}) DO UPDATE SET ${updates.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ')}`;
    }
  }
  return { sql: mutationStatement(ctx, table, cte, o.ret, o.resolution === 'merge-duplicates'), params: ctx.params.values };
}

function mutationWhere(ctx: Ctx, table: Table): string {
  const src: Source = { name: table.name, alias: table.name, table };
  const conds = nodeParams(ctx, '').filters.map((f) => filterSql(ctx, src, f));
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

export function planUpdate(cache: SchemaCache, schema: string, table: Table, q: ParsedQuery, patch: Record<string, unknown>, ret: ReturnMode): Statement {
  const ctx: Ctx = { cache, schema, params: new Params(), q, n: 0 };
  const cols = Object.keys(patch);
  checkColumns(table, cols);
  const qt = `${ident(table.schema)}.${ident(table.name)}`;
  const where = mutationWhere(ctx, table);
  const set = cols.map((c) => `${ident(c)} = _r.${ident(c)}`).join(', ');
  const cte = `UPDATE ${qt} AS ${ident(table.name)} SET ${set} FROM jsonb_populate_record(null::${qt}, ${ctx.params.add(JSON.stringify(patch))}::jsonb) AS _r${where}`;
  return { sql: mutationStatement(ctx, table, cte, ret), params: ctx.params.values };
}

export function planDelete(cache: SchemaCache, schema: string, table: Table, q: ParsedQuery, ret: ReturnMode): Statement {
  const ctx: Ctx = { cache, schema, params: new Params(), q, n: 0 };
  const qt = `${ident(table.schema)}.${ident(table.name)}`;
  const cte = `DELETE FROM ${qt} AS ${ident(table.name)}${mutationWhere(ctx, table)}`;
  return { sql: mutationStatement(ctx, table, cte, ret), params: ctx.params.values };
}

/** A function call: the arguments arrive as one JSON object and are typed by json_to_record. */
export function planRpc(
  cache: SchemaCache,
  schema: string,
  fn: PgFunction,
  args: Record<string, unknown>,
  q: ParsedQuery,
  opts: ReadOptions & { wholeBody?: unknown },
): Statement {
  const ctx: Ctx = { cache, schema, params: new Params(), q, n: 0 };
  const qf = `${ident(fn.schema)}.${ident(fn.name)}`;
  let call: string;
  let argsFrom = '';
  if (opts.wholeBody !== undefined) {
    call = `${qf}(${ctx.params.add(JSON.stringify(opts.wholeBody))}::${fn.args[0].type})`;
  } else {
    const used = fn.args.filter((a) => a.name in args);
    if (used.length) {
      const defs = used.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
      argsFrom = `json_to_record(${ctx.params.add(JSON.stringify(args))}::json) AS _args(${defs}), LATERAL `;
      call = `${qf}(${used.map((a) => `${ident(a.name)} => _args.${ident(a.name)}`).join(', ')})`;
    } else {
      call = `${qf}()`;
    }
  }
  if (fn.returnKind === 'void') {
    return { sql: `SELECT null::bigint AS total, 0 AS page_total, '' AS body FROM ${argsFrom}${call} AS pgrst_call`, params: ctx.params.values };
  }
  if (fn.returnKind === 'scalar') {
    if (!fn.returnsSet) {
      return { sql: `SELECT null::bigint AS total, 1 AS page_total, to_json(pgrst_call)::text AS body FROM ${argsFrom}${call} AS pgrst_call`, params: ctx.params.values };
    }
    const src: Source = { name: fn.name, alias: fn.name, columns: [fn.name] };
    const from = `FROM ${argsFrom}${call} AS ${ident(fn.name)}`;
    const top = nodeParams(ctx, '');
    const conds = top.filters.map((f) => filterSql(ctx, src, f));
    const where = conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
    const limit = Math.min(top.limit ?? opts.maxRows, opts.maxRows);
    const inner = `SELECT ${ident(fn.name)} AS v ${from}${where}${orderSql(ctx, src, top.order)}${rangeSql(limit, top.offset)}`;
    const count = opts.count ? `(SELECT count(*) ${from}${where})` : 'null::bigint';
    return {
      sql: `SELECT ${count} AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t.v), '[]')::text AS body FROM (${inner}) AS _postgrest_t`,
      params: ctx.params.values,
    };
  }
  const retName = fn.returnType.replace(/^.*\./, '').replace(/"/g, '');
  const table = findTable(cache, fn.schema, retName);
  const src: Source = { name: fn.name, alias: fn.name, table: table && table.name === retName ? table : undefined, columns: fn.returnColumns };
  const from = `FROM ${argsFrom}${call} AS ${ident(fn.name)}`;
  return { sql: readStatement(ctx, src, from, opts), params: ctx.params.values };
}
