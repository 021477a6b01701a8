// What PostgREST's schema cache holds (src/PostgREST/SchemaCache.hs), loaded
// from the catalogs with the same queries: tables and views with their columns
// and primary keys (a view's through its source tables), relationships (foreign
// keys in both directions, one-to-one, many-to-many through a junction, the same
// carried through views, and computed relationships: functions from one row type
// to another), and functions with their parameters and return types.
import type { Db, Tx } from '../db/core.ts';

export interface QI {
  schema: string;
  name: string;
}

export interface Column {
  name: string;
  /** The type as PostgREST's `data_type` (base type of a domain over a built-in, no modifiers for built-ins). */
  type: string;
  nullable: boolean;
  /** The default expression as the catalog prints it, or null. */
  default: string | null;
  generated: boolean;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  insertable: boolean;
  columns: Map<string, Column>;
  /** Column names in table order. */
  columnOrder: string[];
  /** Primary key columns, by name (a view's from its source table). */
  pk: string[];
}

export type Cardinality =
  | { type: 'o2m'; cons: string; cols: [string, string][] }
  | { type: 'm2o'; cons: string; cols: [string, string][] }
  | { type: 'o2o'; cons: string; cols: [string, string][]; isParent: boolean }
  | { type: 'm2m'; junction: Junction };

export interface Junction {
  table: QI;
  cons1: string;
  cons2: string;
  /** (column of the origin table, column of the junction). */
  colsSource: [string, string][];
  /** (column of the embedded table, column of the junction). */
  colsTarget: [string, string][];
}

export type Relationship =
  | {
      kind: 'fk';
      table: QI;
      foreignTable: QI;
      isSelf: boolean;
      card: Cardinality;
      tableIsView: boolean;
      foreignTableIsView: boolean;
    }
  | {
      kind: 'computed';
      fn: QI;
      table: QI;
      foreignTable: QI;
      toOne: boolean;
      isSelf: boolean;
    };

export interface FunctionParam {
  name: string;
  /** `type::regtype::text`. */
  type: string;
  /** The type a value is cast to (character → character varying, bit → bit varying). */
  typeMaxLength: string;
  required: boolean;
  variadic: boolean;
}

export interface PgFunction {
  schema: string;
  name: string;
  description: string | null;
  params: FunctionParam[];
  returnsSet: boolean;
  /** The returned type: a table or composite type (composite), or a scalar. */
  returnType: QI;
  returnsComposite: boolean;
  volatility: 'v' | 's' | 'i';
  hasVariadic: boolean;
}

export interface SchemaCache {
  schemas: string[];
  tables: Map<string, Table>;
  /** Keyed by `schema.table` of the origin: relationships to tables of the same schema, in PostgREST's order. */
  relationships: Map<string, Relationship[]>;
  functions: Map<string, PgFunction[]>;
  /** In-database configuration of the authenticator role (pgrst.* settings). */
  dbConfig: Map<string, string>;
}

const key = (schema: string, name: string) => `${schema}.${name}`;

export function findTable(cache: SchemaCache, schema: string, name: string): Table | undefined {
  return cache.tables.get(key(schema, name));
}

export function findFunctions(cache: SchemaCache, schema: string, name: string): PgFunction[] {
  return cache.functions.get(key(schema, name)) ?? [];
}

export function relationshipsOf(cache: SchemaCache, schema: string, origin: string): Relationship[] {
  return cache.relationships.get(key(schema, origin)) ?? [];
}

export function relIsToOne(r: Relationship): boolean {
  if (r.kind === 'computed') return r.toOne;
  return r.card.type === 'm2o' || r.card.type === 'o2o';
}

/** PostgREST's `escapeIdent`, used for the regnamespace casts of the schema list. */
const escapeIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

const BASE_TYPES_CTE = `base_types AS (
    WITH RECURSIVE
    recurse AS (
      SELECT oid, typbasetype, typnamespace AS base_namespace, COALESCE(NULLIF(typbasetype, 0), oid) AS base_type
      FROM pg_type
      UNION
      SELECT t.oid, b.typbasetype, b.typnamespace AS base_namespace, COALESCE(NULLIF(b.typbasetype, 0), b.oid) AS base_type
      FROM recurse t
      JOIN pg_type b ON t.typbasetype = b.oid
    )
    SELECT oid, base_namespace, base_type FROM recurse WHERE typbasetype = 0
  )`;

const TABLES_SQL = `WITH
  ${BASE_TYPES_CTE},
  columns AS (
    SELECT
      c.oid AS relid,
      a.attname::text AS column_name,
      CASE
        WHEN (t.typbasetype != 0) AND (ad.adbin IS NULL) THEN pg_get_expr(t.typdefaultbin, 0)
        WHEN a.attidentity = 'd' THEN format('nextval(%L)', seq.objid::regclass)
        WHEN a.attgenerated = 's' THEN null
        ELSE pg_get_expr(ad.adbin, ad.adrelid)::text
      END AS column_default,
      not (a.attnotnull OR t.typtype = 'd' AND t.typnotnull) AS is_nullable,
      CASE
        WHEN t.typtype = 'd' THEN
          CASE WHEN bt.base_namespace = 'pg_catalog'::regnamespace THEN format_type(bt.base_type, NULL::integer)
               ELSE format_type(a.atttypid, a.atttypmod) END
        ELSE
          CASE WHEN t.typnamespace = 'pg_catalog'::regnamespace THEN format_type(a.atttypid, NULL::integer)
               ELSE format_type(a.atttypid, a.atttypmod) END
      END::text AS data_type,
      (a.attgenerated <> '' OR a.attidentity = 'a') AS generated,
      a.attnum::integer AS position
    FROM pg_attribute a
      LEFT JOIN pg_attrdef ad ON a.attrelid = ad.adrelid AND a.attnum = ad.adnum
      JOIN pg_class c ON a.attrelid = c.oid
      JOIN pg_type t ON a.atttypid = t.oid
      LEFT JOIN base_types bt ON t.oid = bt.oid
      LEFT JOIN pg_depend seq ON seq.refobjid = a.attrelid and seq.refobjsubid = a.attnum and seq.deptype = 'i'
    WHERE NOT pg_is_other_temp_schema(c.relnamespace)
      AND a.attnum > 0 AND NOT a.attisdropped
      AND c.relkind in ('r', 'v', 'f', 'm', 'p')
      AND c.relnamespace = ANY($1::regnamespace[])
  ),
  columns_agg AS (
    SELECT relid,
      json_agg(json_build_object('name', column_name, 'nullable', is_nullable, 'type', data_type,
        'default', column_default, 'generated', generated) order by position) as columns
    FROM columns GROUP BY relid
  ),
  tbl_pk_cols AS (
    SELECT r.oid AS relid, array_agg(a.attname::text ORDER BY a.attname) AS pk_cols
    FROM pg_class r
    JOIN pg_constraint c ON r.oid = c.conrelid
    JOIN pg_attribute a ON a.attrelid = r.oid AND a.attnum = ANY (c.conkey)
    WHERE c.contype in ('p') AND r.relkind IN ('r', 'p')
      AND r.relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
      AND NOT pg_is_other_temp_schema(r.relnamespace)
      AND NOT a.attisdropped
    GROUP BY r.oid
  )
  SELECT
    n.nspname::text AS table_schema,
    c.relname::text AS table_name,
    c.relkind IN ('v','m') as is_view,
    (c.relkind IN ('r','p') OR (c.relkind in ('v','f') AND (pg_relation_is_updatable(c.oid::regclass, TRUE) & 8) = 8)) AS insertable,
    coalesce(tpks.pk_cols, '{}') as pk_cols,
    coalesce(cols_agg.columns, '[]')::text as columns
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN tbl_pk_cols tpks ON c.oid = tpks.relid
  LEFT JOIN columns_agg cols_agg ON c.oid = cols_agg.relid
  WHERE c.relkind IN ('v','r','m','f','p')
    AND c.relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    AND not c.relispartition
    AND c.relnamespace = ANY($1::regnamespace[])
  ORDER BY table_schema, table_name`;

const M2O_SQL = `WITH
  pks_uniques_cols AS (
    SELECT conrelid, array_agg(key order by key) as cols
    FROM pg_constraint, LATERAL unnest(conkey) AS _(key)
    WHERE contype IN ('p', 'u') AND connamespace <> 'pg_catalog'::regnamespace
    GROUP BY oid, conrelid
  )
  SELECT
    ns1.nspname::text AS table_schema,
    tab.relname::text AS table_name,
    ns2.nspname::text AS foreign_table_schema,
    other.relname::text AS foreign_table_name,
    traint.conrelid = traint.confrelid AS is_self,
    traint.conname::text AS constraint_name,
    column_info.cols_and_fcols::text AS cols_and_fcols,
    (column_info.cols IN (SELECT cols FROM pks_uniques_cols WHERE conrelid = traint.conrelid)) AS one_to_one
  FROM pg_constraint traint
  JOIN LATERAL (
    SELECT
      json_agg(json_build_array(cols.attname, refs.attname) order by ord) AS cols_and_fcols,
      array_agg(cols.attnum order by cols.attnum) AS cols
    FROM unnest(traint.conkey, traint.confkey) WITH ORDINALITY AS _(col, ref, ord)
    JOIN pg_attribute cols ON cols.attrelid = traint.conrelid AND cols.attnum = col
    JOIN pg_attribute refs ON refs.attrelid = traint.confrelid AND refs.attnum = ref
  ) AS column_info ON TRUE
  JOIN pg_namespace ns1 ON ns1.oid = traint.connamespace
  JOIN pg_class tab ON tab.oid = traint.conrelid
  JOIN pg_class other ON other.oid = traint.confrelid
  JOIN pg_namespace ns2 ON ns2.oid = other.relnamespace
  WHERE traint.contype = 'f' AND traint.conparentid = 0
  ORDER BY traint.conrelid, traint.conname`;

const COMPUTED_RELS_SQL = `with
  all_relations as (
    select reltype from pg_class where relkind in ('v','r','m','f','p')
  ),
  computed_rels as (
    select
      (parse_ident(p.pronamespace::regnamespace::text))[1] as schema,
      p.proname::text as name,
      arg_schema.nspname::text as rel_table_schema,
      arg_name.typname::text as rel_table_name,
      ret_schema.nspname::text as rel_ftable_schema,
      ret_name.typname::text as rel_ftable_name,
      not p.proretset or p.prorows = 1 as single_row
    from pg_proc p
      join pg_type arg_name on arg_name.oid = p.proargtypes[0]
      join pg_namespace arg_schema on arg_schema.oid = arg_name.typnamespace
      join pg_type ret_name on ret_name.oid = p.prorettype
      join pg_namespace ret_schema on ret_schema.oid = ret_name.typnamespace
    where p.pronargs = 1
      and p.proargtypes[0] in (select reltype from all_relations)
      and p.prorettype in (select reltype from all_relations)
  )
  select *, row(rel_table_schema, rel_table_name) = row(rel_ftable_schema, rel_ftable_name) as is_self
  from computed_rels`;

// The views' key dependencies on their source tables, read from the view's
// rewrite rule (PostgREST's allViewsKeyDependencies, verbatim).
const VIEW_KEY_DEPS_SQL = String.raw`with recursive
  pks_fks as (
    select contype::text as contype, conname, array_length(conkey, 1) as ncol, conrelid as resorigtbl, col as resorigcol, ord
    from pg_constraint
    left join lateral unnest(conkey) with ordinality as _(col, ord) on true
    where contype IN ('p', 'f')
    union
    select concat(contype, '_ref') as contype, conname, array_length(confkey, 1) as ncol, confrelid, col, ord
    from pg_constraint
    left join lateral unnest(confkey) with ordinality as _(col, ord) on true
    where contype='f'
  ),
  views as (
    select c.oid as view_id, c.relnamespace as view_schema_id, n.nspname as view_schema, c.relname as view_name, r.ev_action as view_definition
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_rewrite r on r.ev_class = c.oid
    where c.relkind in ('v', 'm') and c.relnamespace = ANY($1::regnamespace[] || $2::regnamespace[])
  ),
  transform_json as (
    select
      view_id, view_schema_id, view_schema, view_name,
      replace(
        replace(
        replace(
        replace(
        replace(
        replace(
        replace(
        regexp_replace(
        replace(
        replace(
        replace(
        replace(
        replace(
        replace(
        replace(
        replace(
        replace(
        replace(
        replace(
          view_definition::text,
           '<>'              , '()'
        ), ','               , ''
        ), E'\\{'            , ''
        ), E'\\}'            , ''
        ), ' :targetList '   , ',"targetList":'
        ), ' :resno '        , ',"resno":'
        ), ' :resorigtbl '   , ',"resorigtbl":'
        ), ' :resorigcol '   , ',"resorigcol":'
        ), '{'               , '{ :'
        ), '(('              , '{(('
        ), '({'              , '{({'
        ), ' :[^}{,]+'       , ',"":'              , 'g'
        ), ',"":}'           , '}'
        ), ',"":,'           , ','
        ), '{('              , '('
        ), '{,'              , '{'
        ), '('               , '['
        ), ')'               , ']'
        ), ' '             , ','
      )::json as view_definition
    from views
  ),
  target_entries as(
    select view_id, view_schema_id, view_schema, view_name, json_array_elements(view_definition->0->'targetList') as entry
    from transform_json
  ),
  results as(
    select view_id, view_schema_id, view_schema, view_name,
      (entry->>'resno')::int as view_column,
      (entry->>'resorigtbl')::oid as resorigtbl,
      (entry->>'resorigcol')::int as resorigcol
    from target_entries
  ),
  recursion(view_id, view_schema_id, view_schema, view_name, view_column, resorigtbl, resorigcol, is_cycle, path) as(
    select r.*, false, ARRAY[resorigtbl]
    from results r
    where view_schema_id = ANY ($1::regnamespace[])
    union all
    select view.view_id, view.view_schema_id, view.view_schema, view.view_name, view.view_column,
      tab.resorigtbl, tab.resorigcol, tab.resorigtbl = ANY(path), path || tab.resorigtbl
    from recursion view
    join results tab on view.resorigtbl=tab.view_id and view.resorigcol=tab.view_column
    where not is_cycle
  ),
  repeated_references as(
    select view_id, view_schema, view_name, resorigtbl, resorigcol, array_agg(attname) as view_columns
    from recursion
    join pg_attribute vcol on vcol.attrelid = view_id and vcol.attnum = view_column
    group by view_id, view_schema, view_name, resorigtbl, resorigcol
  )
  select
    sch.nspname::text as table_schema,
    tbl.relname::text as table_name,
    rep.view_schema::text as view_schema,
    rep.view_name::text as view_name,
    pks_fks.conname::text as constraint_name,
    pks_fks.contype as constraint_type,
    json_agg(json_build_array(col.attname, view_columns) order by pks_fks.ord)::text as column_dependencies
  from repeated_references rep
  join pks_fks using (resorigtbl, resorigcol)
  join pg_class tbl on tbl.oid = rep.resorigtbl
  join pg_attribute col on col.attrelid = tbl.oid and col.attnum = rep.resorigcol
  join pg_namespace sch on sch.oid = tbl.relnamespace
  group by sch.nspname, tbl.relname, rep.view_schema, rep.view_name, pks_fks.conname, pks_fks.contype, pks_fks.ncol
  having ncol = array_length(array_agg(row(col.attname, view_columns) order by pks_fks.ord), 1)`;

const FUNCTIONS_SQL = `WITH
  ${BASE_TYPES_CTE},
  arguments AS (
    SELECT
      oid,
      json_agg(json_build_object(
        'name', COALESCE(name, ''),
        'type', type::regtype::text,
        'typeMaxLength', CASE type
          WHEN 'bit'::regtype THEN 'bit varying'
          WHEN 'bit[]'::regtype THEN 'bit varying[]'
          WHEN 'character'::regtype THEN 'character varying'
          WHEN 'character[]'::regtype THEN 'character varying[]'
          ELSE type::regtype::text
        END,
        'required', idx <= (pronargs - pronargdefaults),
        'variadic', COALESCE(mode = 'v', FALSE)
      ) ORDER BY idx) AS args,
      CASE COUNT(*) - COUNT(name)
        WHEN 0 THEN true
        WHEN 1 THEN (array_agg(type))[1] IN ('bytea'::regtype, 'json'::regtype, 'jsonb'::regtype, 'text'::regtype, 'xml'::regtype)
        ELSE false
      END AS callable
    FROM pg_proc,
         unnest(proargnames, proargtypes, proargmodes) WITH ORDINALITY AS _ (name, type, mode, idx)
    WHERE type IS NOT NULL AND pronamespace = ANY($1::regnamespace[])
    GROUP BY oid
  )
  SELECT
    pn.nspname::text AS proc_schema,
    p.proname::text AS proc_name,
    d.description AS proc_description,
    COALESCE(a.args, '[]')::text AS args,
    tn.nspname::text AS schema,
    COALESCE(comp.relname, t.typname)::text AS name,
    p.proretset AS rettype_is_setof,
    (t.typtype = 'c' or COALESCE(proargmodes::text[] && '{t,b,o}', false)) AS rettype_is_composite,
    p.provolatile::text AS volatility,
    p.provariadic > 0 as hasvariadic
  FROM pg_proc p
  LEFT JOIN arguments a ON a.oid = p.oid
  JOIN pg_namespace pn ON pn.oid = p.pronamespace
  JOIN base_types bt ON bt.oid = p.prorettype
  JOIN pg_type t ON t.oid = bt.base_type
  JOIN pg_namespace tn ON tn.oid = t.typnamespace
  LEFT JOIN pg_class comp ON comp.oid = t.typrelid
  LEFT JOIN pg_description as d ON d.objoid = p.oid AND d.classoid = 'pg_proc'::regclass
  WHERE t.oid <> 'trigger'::regtype AND COALESCE(a.callable, true)
    AND prokind = 'f'
    AND p.pronamespace = ANY($1::regnamespace[])`;

/** The authenticator role's `pgrst.*` settings: PostgREST's in-database configuration. */
const DB_CONFIG_SQL = `select substr(setting, 1, strpos(setting, '=') - 1) as k, substr(setting, strpos(setting, '=') + 1) as v
  from pg_db_role_setting s
  join pg_roles r on r.oid = s.setrole
  cross join lateral unnest(s.setconfig) as setting
  where r.rolname = 'authenticator' and setting like 'pgrst.%'
    and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  order by s.setdatabase`;

// ------------------------------------------------------------------ ordering

/** Haskell's `compare` on Text: by code point. */
function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
function cmpBool(a: boolean, b: boolean): number {
  return a === b ? 0 : a ? 1 : -1;
}
function cmpList<T>(a: T[], b: T[], cmp: (x: T, y: T) => number): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = cmp(a[i], b[i]);
    if (c) return c;
  }
  return a.length - b.length;
}
const cmpQI = (a: QI, b: QI) => cmpStr(a.schema, b.schema) || cmpStr(a.name, b.name);
const cmpPair = (a: [string, string], b: [string, string]) => cmpStr(a[0], b[0]) || cmpStr(a[1], b[1]);
const CARD_ORDER = { o2m: 0, m2o: 1, o2o: 2, m2m: 3 } as const;

function cmpCard(a: Cardinality, b: Cardinality): number {
  if (a.type !== b.type) return CARD_ORDER[a.type] - CARD_ORDER[b.type];
  if (a.type === 'm2m' && b.type === 'm2m') {
    const x = a.junction;
    const y = b.junction;
    return (
      cmpQI(x.table, y.table) ||
      cmpStr(x.cons1, y.cons1) ||
      cmpStr(x.cons2, y.cons2) ||
      cmpList(x.colsSource, y.colsSource, cmpPair) ||
      cmpList(x.colsTarget, y.colsTarget, cmpPair)
    );
  }
  const x = a as Exclude<Cardinality, { type: 'm2m' }>;
  const y = b as Exclude<Cardinality, { type: 'm2m' }>;
  const base = cmpStr(x.cons, y.cons) || cmpList(x.cols, y.cols, cmpPair);
  if (base || x.type !== 'o2o' || y.type !== 'o2o') return base;
  return cmpBool(x.isParent, y.isParent);
}

/** The derived `Ord` of PostgREST's Relationship: the order PGRST201 lists candidates in. */
export function compareRelationships(a: Relationship, b: Relationship): number {
  if (a.kind !== b.kind) return a.kind === 'fk' ? -1 : 1;
  if (a.kind === 'computed' && b.kind === 'computed') {
    return (
      cmpQI(a.fn, b.fn) ||
      cmpQI(a.table, b.table) ||
      cmpQI(a.foreignTable, b.foreignTable) ||
      cmpBool(a.toOne, b.toOne) ||
      cmpBool(a.isSelf, b.isSelf)
    );
  }
  const x = a as Extract<Relationship, { kind: 'fk' }>;
  const y = b as Extract<Relationship, { kind: 'fk' }>;
  return (
    cmpQI(x.table, y.table) ||
    cmpQI(x.foreignTable, y.foreignTable) ||
    cmpBool(x.isSelf, y.isSelf) ||
    cmpCard(x.card, y.card) ||
    cmpBool(x.tableIsView, y.tableIsView) ||
    cmpBool(x.foreignTableIsView, y.foreignTableIsView)
  );
}

const cmpParam = (a: FunctionParam, b: FunctionParam) =>
  cmpStr(a.name, b.name) ||
  cmpStr(a.type, b.type) ||
  cmpStr(a.typeMaxLength, b.typeMaxLength) ||
  cmpBool(a.required, b.required) ||
  cmpBool(a.variadic, b.variadic);

/** PostgREST's `Ord Routine`: overloads with fewer parameters first. */
export function compareFunctions(a: PgFunction, b: PgFunction): number {
  if (a.schema === b.schema && a.name === b.name && a.params.length !== b.params.length) {
    return a.params.length - b.params.length;
  }
  const desc = a.description === b.description ? 0 : a.description === null ? -1 : b.description === null ? 1 : cmpStr(a.description, b.description);
  return cmpStr(a.schema, b.schema) || cmpStr(a.name, b.name) || desc || cmpList(a.params, b.params, cmpParam);
}

// ------------------------------------------------------------------ views

interface ViewKeyDep {
  table: QI;
  view: QI;
  cons: string;
  type: 'p' | 'f' | 'f_ref';
  /** (table column, view columns that show it). */
  cols: [string, string[]][];
}

function zipWith<A, B, C>(a: A[], b: B[], f: (x: A, y: B) => C): C[] {
  return a.slice(0, Math.min(a.length, b.length)).map((x, i) => f(x, b[i]));
}

/** Every way to pick one view column per key column (a key column may appear under several names). */
function expandKeyDepCols(cols: [string, string[]][]): [string, string][][] {
  let out: [string, string][][] = [[]];
  for (const [tcol, vcols] of cols) out = out.flatMap((prefix) => vcols.map((v) => [...prefix, [tcol, v] as [string, string]]));
  return out;
}

function addViewRels(deps: ViewKeyDep[], rels: Extract<Relationship, { kind: 'fk' }>[]): Extract<Relationship, { kind: 'fk' }>[] {
  const indexed = new Map<string, ViewKeyDep[]>();
  for (const d of deps) {
    const k = `${key(d.table.schema, d.table.name)}|${d.cons}|${d.type}`;
    indexed.set(k, [...(indexed.get(k) ?? []), d]);
  }
  const out = [...rels];
  for (const r of rels) {
    if (r.card.type !== 'm2o' && !(r.card.type === 'o2o' && !r.card.isParent)) continue;
    const card = r.card;
    const cons = card.cons;
    const build = (cols: [string, string][]): Cardinality =>
      card.type === 'm2o' ? { type: 'm2o', cons, cols } : { type: 'o2o', cons, cols, isParent: false };
    const viewTable = indexed.get(`${key(r.table.schema, r.table.name)}|${cons}|f`) ?? [];
    const tableView = indexed.get(`${key(r.foreignTable.schema, r.foreignTable.name)}|${cons}|f_ref`) ?? [];
    for (const vt of viewTable) {
      for (const colsVt of expandKeyDepCols(vt.cols)) {
        out.push({
          kind: 'fk',
          table: vt.view,
          foreignTable: r.foreignTable,
          isSelf: false,
          card: build(zipWith(colsVt, card.cols, ([, v], [, f]) => [v, f])),
          tableIsView: true,
          foreignTableIsView: false,
        });
      }
    }
    for (const tv of tableView) {
      for (const colsTv of expandKeyDepCols(tv.cols)) {
        out.push({
          kind: 'fk',
          table: r.table,
          foreignTable: tv.view,
          isSelf: false,
          card: build(zipWith(card.cols, colsTv, ([t], [, v]) => [t, v])),
          tableIsView: false,
          foreignTableIsView: true,
        });
      }
    }
    for (const vt of viewTable) {
      for (const colsVt of expandKeyDepCols(vt.cols)) {
        for (const tv of tableView) {
          for (const colsTv of expandKeyDepCols(tv.cols)) {
            out.push({
              kind: 'fk',
              table: vt.view,
              foreignTable: tv.view,
              isSelf: vt.view.schema === tv.view.schema && vt.view.name === tv.view.name,
              card: build(zipWith(colsVt, colsTv, ([, v1], [, v2]) => [v1, v2])),
              tableIsView: true,
              foreignTableIsView: true,
            });
          }
        }
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ loading

export async function loadSchemaCache(db: Db, schemas: string[], extraSearchPath: string[] = []): Promise<SchemaCache> {
  return db.transaction((tx) => querySchemaCache(tx, schemas, extraSearchPath));
}

async function querySchemaCache(tx: Tx, schemas: string[], extraSearchPath: string[]): Promise<SchemaCache> {
  // Only schemas that exist: a regnamespace cast of a missing one fails.
  const existing = (
    await tx.query<{ n: string }>(`select nspname::text as n from pg_namespace where nspname = any($1::text[])`, [[...schemas, ...extraSearchPath]])
  ).rows.map((r) => r.n);
  const exposed = schemas.filter((s) => existing.includes(s)).map(escapeIdent);
  const extra = extraSearchPath.filter((s) => existing.includes(s)).map(escapeIdent);

  const tableRows = await tx.query<{ table_schema: string; table_name: string; is_view: boolean; insertable: boolean; pk_cols: string[]; columns: string }>(
    TABLES_SQL,
    [exposed],
  );
  const depRows = await tx.query<{ table_schema: string; table_name: string; view_schema: string; view_name: string; constraint_name: string; constraint_type: string; column_dependencies: string }>(
    VIEW_KEY_DEPS_SQL,
    [exposed, extra],
  );
  const m2oRows = await tx.query<{ table_schema: string; table_name: string; foreign_table_schema: string; foreign_table_name: string; is_self: boolean; constraint_name: string; cols_and_fcols: string; one_to_one: boolean }>(M2O_SQL);
  const fnRows = await tx.query<{ proc_schema: string; proc_name: string; proc_description: string | null; args: string; schema: string; name: string; rettype_is_setof: boolean; rettype_is_composite: boolean; volatility: string; hasvariadic: boolean }>(
    FUNCTIONS_SQL,
    [exposed],
  );
  const crelRows = await tx.query<{ schema: string; name: string; rel_table_schema: string; rel_table_name: string; rel_ftable_schema: string; rel_ftable_name: string; single_row: boolean; is_self: boolean }>(COMPUTED_RELS_SQL);
  const configRows = await tx.query<{ k: string; v: string }>(DB_CONFIG_SQL);

  const tables = new Map<string, Table>();
  for (const t of tableRows.rows) {
    const cols = JSON.parse(t.columns) as { name: string; nullable: boolean; type: string; default: string | null; generated: boolean }[];
    tables.set(key(t.table_schema, t.table_name), {
      schema: t.table_schema,
      name: t.table_name,
      isView: t.is_view,
      insertable: t.insertable,
      columns: new Map(cols.map((c) => [c.name, { name: c.name, type: c.type, nullable: c.nullable, default: c.default, generated: c.generated }])),
      columnOrder: cols.map((c) => c.name),
      pk: t.pk_cols,
    });
  }

  const deps: ViewKeyDep[] = depRows.rows.map((d) => ({
    table: { schema: d.table_schema, name: d.table_name },
    view: { schema: d.view_schema, name: d.view_name },
    cons: d.constraint_name,
    type: d.constraint_type === 'p' ? 'p' : d.constraint_type === 'f' ? 'f' : 'f_ref',
    cols: JSON.parse(d.column_dependencies) as [string, string[]][],
  }));
  // A view's primary key: the first view column showing each key column of its source table.
  for (const t of tables.values()) {
    if (!t.isView) continue;
    t.pk = deps
      .filter((d) => d.type === 'p' && d.view.schema === t.schema && d.view.name === t.name)
      .flatMap((d) => d.cols.map(([, v]) => v[0]).filter((v): v is string => v !== undefined));
  }

  const m2o: Extract<Relationship, { kind: 'fk' }>[] = m2oRows.rows.map((r) => {
    const cols = JSON.parse(r.cols_and_fcols) as [string, string][];
    return {
      kind: 'fk',
      table: { schema: r.table_schema, name: r.table_name },
      foreignTable: { schema: r.foreign_table_schema, name: r.foreign_table_name },
      isSelf: r.is_self,
      card: r.one_to_one ? { type: 'o2o', cons: r.constraint_name, cols, isParent: false } : { type: 'm2o', cons: r.constraint_name, cols },
      tableIsView: false,
      foreignTableIsView: false,
    };
  });
  const withViews = addViewRels(deps, m2o);
  // Many-to-many: a table with foreign keys to two tables, both inside its primary key.
  const byTable = new Map<string, Extract<Relationship, { kind: 'fk' }>[]>();
  for (const r of withViews) {
    const k = key(r.table.schema, r.table.name);
    byTable.set(k, [...(byTable.get(k) ?? []), r]);
  }
  const m2m: Extract<Relationship, { kind: 'fk' }>[] = [];
  for (const r1 of withViews) {
    if (r1.card.type !== 'm2o') continue;
    for (const r2 of byTable.get(key(r1.table.schema, r1.table.name)) ?? []) {
      if (r2.card.type !== 'm2o' || r1.card.cons === r2.card.cons) continue;
      const jtCols = new Set([...r1.card.cols.map((c) => c[0]), ...r2.card.cols.map((c) => c[0])]);
      const pk = new Set(tables.get(key(r1.table.schema, r1.table.name))?.pk ?? []);
      if (![...jtCols].every((c) => pk.has(c))) continue;
      m2m.push({
        kind: 'fk',
        table: r1.foreignTable,
        foreignTable: r2.foreignTable,
        isSelf: cmpQI(r1.foreignTable, r2.foreignTable) === 0,
        card: {
          type: 'm2m',
          junction: {
            table: r1.table,
            cons1: r1.card.cons,
            cons2: r2.card.cons,
            colsSource: r1.card.cols.map(([a, b]) => [b, a]),
            colsTarget: r2.card.cols.map(([a, b]) => [b, a]),
          },
        },
        tableIsView: r1.foreignTableIsView,
        foreignTableIsView: r2.foreignTableIsView,
      });
    }
  }
  const direct = [...withViews, ...m2m];
  const inverse: Extract<Relationship, { kind: 'fk' }>[] = [];
  for (const r of direct) {
    if (r.card.type === 'm2o' || r.card.type === 'o2o') {
      const cols = r.card.cols.map(([a, b]) => [b, a] as [string, string]);
      inverse.push({
        kind: 'fk',
        table: r.foreignTable,
        foreignTable: r.table,
        isSelf: r.isSelf,
        card: r.card.type === 'm2o' ? { type: 'o2m', cons: r.card.cons, cols } : { type: 'o2o', cons: r.card.cons, cols, isParent: !r.card.isParent },
        tableIsView: r.foreignTableIsView,
        foreignTableIsView: r.tableIsView,
      });
    }
  }
  const allRels: Relationship[] = [...direct, ...inverse];

  // Computed relationships override the detected ones of the same (table, name).
  const patched = new Map<string, Relationship[]>();
  for (const r of allRels) {
    const k = `${key(r.table.schema, r.table.name)}|${key(r.foreignTable.schema, r.foreignTable.name)}`;
    patched.set(k, [...(patched.get(k) ?? []), r]);
  }
  for (const c of crelRows.rows) {
    const rel: Relationship = {
      kind: 'computed',
      fn: { schema: c.schema, name: c.name },
      table: { schema: c.rel_table_schema, name: c.rel_table_name },
      foreignTable: { schema: c.rel_ftable_schema, name: c.rel_ftable_name },
      toOne: c.single_row,
      isSelf: c.is_self,
    };
    patched.set(`${key(c.rel_table_schema, c.rel_table_name)}|${key(c.schema, c.name)}`, [rel]);
  }
  // Indexed by origin, for foreign tables of the same schema; internal schemas removed.
  const relationships = new Map<string, Relationship[]>();
  for (const rels of patched.values()) {
    for (const r of rels) {
      if (!schemas.includes(r.table.schema) || !schemas.includes(r.foreignTable.schema)) continue;
      if (r.kind === 'fk' && r.card.type === 'm2m' && !schemas.includes(r.card.junction.table.schema)) continue;
      if (r.foreignTable.schema !== r.table.schema) continue;
      const k = key(r.table.schema, r.table.name);
      relationships.set(k, [...(relationships.get(k) ?? []), r]);
    }
  }
  for (const list of relationships.values()) list.sort(compareRelationships);

  const functions = new Map<string, PgFunction[]>();
  for (const f of fnRows.rows) {
    const fn: PgFunction = {
      schema: f.proc_schema,
      name: f.proc_name,
      description: f.proc_description,
      params: JSON.parse(f.args) as FunctionParam[],
      returnsSet: f.rettype_is_setof,
      returnType: { schema: f.schema, name: f.name },
      returnsComposite: f.rettype_is_composite,
      volatility: f.volatility as 'v' | 's' | 'i',
      hasVariadic: f.hasvariadic,
    };
    const k = key(fn.schema, fn.name);
    functions.set(k, [...(functions.get(k) ?? []), fn]);
  }
  for (const list of functions.values()) list.sort(compareFunctions);

  return {
    schemas,
    tables,
    relationships,
    functions,
    dbConfig: new Map(configRows.rows.map((r) => [r.k, r.v])),
  };
}
