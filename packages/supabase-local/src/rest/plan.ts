// Request tree + schema cache → a read plan tree, as PostgREST's planner
// builds it (src/PostgREST/Plan.hs): relationships found per embed, stars
// expanded where aggregates need it, aliases, related orders, null-embed
// filters, the select lists of embeds and spreads, aggregates hoisted out of
// to-one spreads, and the max-rows range on every level. query.ts turns the
// tree into SQL.
import { ApiError } from './errors.ts';
import { FuzzySet } from './fuzzy.ts';
import type { AggregateFunction, Condition, EmbedItem, Field, Filter, JsonStep, ParsedQuery, SelectItem } from './parse.ts';
import { findTable, relationshipsOf, relIsToOne, type QI, type Relationship, type SchemaCache } from './schema-cache.ts';

/** A column reference resolved against the schema cache (PostgREST's CoercibleField). */
export interface CField {
  name: string;
  json: JsonStep[];
  /** A non-json column with a json path is read through to_jsonb(). */
  toJson: boolean;
  /** fts filters wrap the column in to_tsvector([lang,] col) unless it is a tsvector. */
  tsv?: { lang?: string };
  /** The column's type ('' when unknown: computed fields, function results). */
  irType: string;
  /** count() inside a spread counts the whole row of its level. */
  fullRow?: boolean;
}

export interface SelectField {
  field: CField;
  agg?: AggregateFunction;
  aggCast?: string;
  cast?: string;
  alias?: string;
}

export type CFilter = { kind: 'filter'; field: CField; cond: Condition } | { kind: 'null-embed'; negate: boolean; name: string };
export type LogicTree = { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] } | { kind: 'stmt'; filter: CFilter };

export type OrderTerm =
  | { kind: 'field'; field: CField; dir?: 'asc' | 'desc'; nulls?: 'first' | 'last' }
  | { kind: 'relation'; relation: string; field: Field; dir?: 'asc' | 'desc'; nulls?: 'first' | 'last' };

/** `left.col = right.col`; a QI with schema '' is an alias. */
export interface JoinCondition {
  left: QI;
  leftCol: string;
  right: QI;
  rightCol: string;
}

export type SpreadType =
  | { kind: 'to-one' }
  | { kind: 'to-many'; extraSelect: { relation?: string; sel: SelectField }[]; order: OrderTerm[] };

export interface SpreadSelectField {
  name: string;
  agg?: AggregateFunction;
  aggCast?: string;
  alias?: string;
}

export type RelSelectField =
  | { kind: 'json'; selName: string; aggAlias: string; mode: 'object' | 'array'; empty: boolean }
  | { kind: 'spread'; sels: SpreadSelectField[]; aggAlias: string };

/** offset and row count (undefined: all rows). */
export interface Range {
  offset: number;
  limit?: number;
}

export interface ReadPlan {
  select: SelectField[];
  from: QI;
  fromAlias?: string;
  where: LogicTree[];
  order: OrderTerm[];
  range: Range;
  relName: string;
  relToParent?: Relationship;
  /** For a computed relationship: how the parent row is named. */
  relTableAlias?: QI;
  relJoinConds: JoinCondition[];
  relAlias?: string;
  relAggAlias: string;
  relHint?: string;
  relJoinType?: 'left' | 'inner';
  relSpread?: SpreadType;
  relSelect: RelSelectField[];
  depth: number;
  children: ReadPlan[];
}

export type Action = 'read' | 'mutate' | 'call';

export interface ReadPlanOptions {
  action: Action;
  maxRows?: number;
  aggregatesEnabled: boolean;
}

export const SOURCE_CTE = 'pgrst_source';

// ------------------------------------------------------------------ fields

export function unknownField(name: string, json: JsonStep[] = []): CField {
  return { name, json, toJson: false, irType: '' };
}

/** PostgREST's resolveTypeOrUnknown: the column's type when the table knows it. */
function resolveField(cache: SchemaCache, qi: QI, field: Field, tsv?: { lang?: string }): CField {
  const col = findTable(cache, qi.schema, qi.name)?.columns.get(field.name);
  const base: CField = col ? { name: field.name, json: [], toJson: false, irType: col.type, tsv } : unknownField(field.name);
  if (base.irType === 'json' || base.irType === 'jsonb') return { ...base, json: field.json, toJson: false };
  if (base.irType === 'tsvector') return { ...base, json: field.json, toJson: true, tsv: undefined };
  return { ...base, json: field.json, toJson: true };
}

function resolveFilter(cache: SchemaCache, qi: QI, f: Filter): LogicTree {
  if (f.kind === 'logic') {
    return { kind: 'expr', negate: f.negate, op: f.op, children: f.children.map((c) => resolveFilter(cache, qi, c)) };
  }
  const isFts = ['fts', 'plfts', 'phfts', 'wfts'].includes(f.op);
  return { kind: 'stmt', filter: { kind: 'filter', field: resolveField(cache, qi, f.field, isFts ? { lang: f.language } : undefined), cond: f } };
}

// ------------------------------------------------------------------ building

function newNode(from: QI, relName: string, depth: number): ReadPlan {
  return { select: [], from, where: [], order: [], range: { offset: 0 }, relName, relJoinConds: [], relAggAlias: '', relSelect: [], depth, children: [] };
}

function initTree(cache: SchemaCache, qi: QI, items: SelectItem[]): ReadPlan {
  const build = (node: ReadPlan, list: SelectItem[]) => {
    for (const item of list) {
      if (item.kind === 'embed') node.children.push(embedNode(item, node.depth + 1));
      else if (item.kind === 'star') node.select.push({ field: resolveField(cache, node.from, { name: '*', json: [] }) });
      else {
        node.select.push({
          field: resolveField(cache, node.from, item.field),
          agg: item.agg,
          aggCast: item.aggCast,
          cast: item.cast,
          alias: item.alias,
        });
      }
    }
    return node;
  };
  const embedNode = (item: EmbedItem, depth: number): ReadPlan => {
    const node = newNode({ schema: qi.schema, name: item.name }, item.name, depth);
    node.relAlias = item.spread ? undefined : item.alias;
    node.relHint = item.hint;
    node.relJoinType = item.join;
    if (item.spread) node.relSpread = { kind: 'to-one' };
    return build(node, item.select);
  };
  return build(newNode(qi, qi.name, 0), items);
}

const notEmbedded = (name: string) =>
  new ApiError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`);

function findNode(root: ReadPlan, path: string[]): ReadPlan {
  let node = root;
  for (const name of path) {
    const next = node.children.find((c) => c.relName === name || c.relAlias === name);
    if (!next) throw notEmbedded(name);
    node = next;
  }
  return node;
}

/** `findRel`: the one relationship an embed names, by table, constraint, column or function, narrowed by the hint. */
export function findRel(cache: SchemaCache, schema: string, origin: string, target: string, hint: string | undefined): Relationship {
  const all = relationshipsOf(cache, schema, origin);
  const single = (cols: [string, string][], i: 0 | 1, name: string) => cols.length === 1 && cols[0][i] === name;
  const rels = all.filter((r) => {
    if (r.kind === 'computed') return target === r.fn.name;
    const card = r.card;
    const cols = card.type === 'm2m' ? [] : card.cols;
    const cons = card.type === 'm2m' ? undefined : card.cons;
    if (r.isSelf) {
      if (hint === undefined) {
        return (target === r.foreignTable.name && card.type === 'o2m') || (card.type === 'm2o' && single(cols, 0, target));
      }
      return target === r.foreignTable.name && card.type === 'o2m' && single(cols, 1, hint);
    }
    if (hint === undefined) {
      return (
        target === r.foreignTable.name ||
        (cons === target && !r.foreignTableIsView) ||
        (single(cols, 0, target) && !r.foreignTableIsView)
      );
    }
    return (
      target === r.foreignTable.name &&
      (cons === hint || single(cols, 0, hint) || single(cols, 1, hint) || (card.type === 'm2m' && card.junction.table.name === hint))
    );
  });
  if (rels.length === 1) return rels[0];
  if (rels.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}'${hint !== undefined ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
      noRelHint(cache, schema, origin, target),
    );
  }
  throw new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    rels.map(compressedRel),
    `Try changing '${target}' to one of the following: ${rels.map(relHint).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

/** PostgREST's noRelBetweenHint: a close embedded name when the origin has relationships, else a close origin. */
function noRelHint(cache: SchemaCache, schema: string, parent: string, child: string): string | null {
  const rels = cache.relationships.get(`${schema}.${parent}`);
  if (rels) {
    const hit = new FuzzySet(rels.map((r) => r.foreignTable.name).reverse()).get(child).find(([score]) => score < 1);
    return hit ? `Perhaps you meant '${hit[1]}' instead of '${child}'.` : null;
  }
  const origins = [...cache.relationships.keys()].filter((k) => k.startsWith(`${schema}.`)).map((k) => k.slice(schema.length + 1));
  const hit = new FuzzySet(origins.reverse()).getOne(parent);
  return hit === undefined ? null : `Perhaps you meant '${hit}' instead of '${parent}'.`;
}

function compressedRel(r: Relationship): Record<string, string> {
  if (r.kind === 'computed') return {};
  const els = (xs: string[]) => `(${xs.join(', ')})`;
  const embedding = `${r.table.name} with ${r.foreignTable.name}`;
  const c = r.card;
  if (c.type === 'm2m') {
    return {
      embedding,
      cardinality: 'many-to-many',
      relationship: `${c.junction.table.name} using ${c.junction.cons1}${els(c.junction.colsSource.map((x) => x[1]))} and ${c.junction.cons2}${els(c.junction.colsTarget.map((x) => x[1]))}`,
    };
  }
  const name = { m2o: 'many-to-one', o2o: 'one-to-one', o2m: 'one-to-many' }[c.type];
  return {
    embedding,
    cardinality: name,
    relationship: `${c.cons} using ${r.table.name}${els(c.cols.map((x) => x[0]))} and ${r.foreignTable.name}${els(c.cols.map((x) => x[1]))}`,
  };
}

function relHint(r: Relationship): string {
  if (r.kind === 'computed') return '';
  const c = r.card;
  return `'${r.foreignTable.name}!${c.type === 'm2m' ? c.junction.table.name : c.cons}'`;
}

function joinConditions(tblAlias: string | undefined, parentAlias: string | undefined, r: Relationship): JoinCondition[] {
  if (r.kind === 'computed') return [];
  const schema = r.table.schema;
  const tN = r.table.name;
  const ftN = r.foreignTable.name;
  const cond = (prAl: string | undefined, newAl: string | undefined, tb: string, ftb: string, [c, fc]: [string, string]): JoinCondition => ({
    left: newAl !== undefined ? { schema: '', name: newAl } : { schema, name: ftb },
    leftCol: fc,
    right: prAl !== undefined ? { schema: '', name: prAl } : { schema, name: tb },
    rightCol: c,
  });
  if (r.card.type === 'm2m') {
    const jt = r.card.junction.table.name;
    return [
      ...r.card.junction.colsTarget.map((p) => cond(undefined, undefined, ftN, jt, p)),
      ...r.card.junction.colsSource.map((p) => cond(parentAlias, tblAlias, tN, jt, p)),
    ];
  }
  return r.card.cols.map((p) => cond(parentAlias, tblAlias, tN, ftN, p));
}

function addRels(cache: SchemaCache, schema: string, action: Action, node: ReadPlan, parent?: ReadPlan): void {
  if (!parent) {
    if (action !== 'read') {
      node.fromAlias = node.from.name;
      node.from = { schema: '', name: SOURCE_CTE };
    }
  } else {
    const origin = node.depth === 1 ? (parent.fromAlias ?? parent.from.name) : parent.from.name;
    const r = findRel(cache, schema, origin, node.relName, node.relHint);
    const newAlias = `${r.foreignTable.name}_${node.depth}`;
    node.relAggAlias = `${r.table.name}_${node.relAlias ?? node.relName}_${node.depth}`;
    if (node.relSpread && !relIsToOne(r)) node.relSpread = { kind: 'to-many', extraSelect: [], order: [] };
    node.from = r.foreignTable;
    node.relToParent = r;
    if (r.kind === 'fk' && r.card.type === 'm2m') {
      node.relJoinConds = joinConditions(undefined, parent.fromAlias, r);
    } else if (r.kind === 'computed') {
      node.relTableAlias = parent.fromAlias !== undefined ? { schema: '', name: parent.fromAlias } : r.table;
      node.fromAlias = newAlias;
    } else {
      node.fromAlias = newAlias;
      node.relJoinConds = joinConditions(newAlias, parent.fromAlias, r);
    }
  }
  for (const child of node.children) addRels(cache, schema, action, child, node);
}

function expandStars(cache: SchemaCache, schema: string, node: ReadPlan, hasAgg: boolean): void {
  const spreadMany = node.relSpread?.kind === 'to-many';
  const newHasAgg = hasAgg || node.select.some((s) => s.agg) || spreadMany;
  const qi = node.from.schema === '' && node.from.name === SOURCE_CTE && node.fromAlias ? { schema, name: node.fromAlias } : node.from;
  const isSpread = node.relSpread !== undefined;
  const hasStar = node.select.some((s) => s.field.name === '*' && (!s.agg || (isSpread && s.agg === 'count')));
  if (hasStar && newHasAgg) {
    const table = findTable(cache, qi.schema, qi.name);
    const columns = table ? table.columnOrder.map((c) => table.columns.get(c)!) : [];
    node.select = node.select.flatMap((s) => {
      if (s.field.name === '*' && s.field.json.length === 0 && !s.agg) {
        return columns.map((col) => ({ ...s, field: { name: col.name, json: [], toJson: false, irType: col.type } }));
      }
      if (isSpread && s.field.name === '*' && s.field.json.length === 0 && s.agg === 'count') {
        return [{ ...s, field: { ...s.field, fullRow: true } }];
      }
      return [s];
    });
  }
  for (const c of node.children) expandStars(cache, schema, c, newHasAgg);
}

function addAliases(node: ReadPlan): void {
  const isSpread = node.relSpread !== undefined;
  node.select = node.select.map((s) => {
    if (s.alias !== undefined) return s;
    if (s.agg) return isSpread ? { ...s, alias: s.agg } : s;
    const last = s.field.json.at(-1);
    if (!last) return s;
    if (!last.index) return { ...s, alias: last.key };
    // A trailing index keeps the last key of the path (or the column's name).
    const lastKey = [...s.field.json].reverse().find((j) => !j.index);
    return { ...s, alias: lastKey ? lastKey.key : s.field.name };
  });
  node.children.forEach(addAliases);
}

function addRelatedOrders(node: ReadPlan): void {
  node.order = node.order.map((o) => {
    if (o.kind === 'field') return o;
    const found = node.children.find((c) => o.relation === (c.relAlias ?? c.relName));
    if (!found) throw notEmbedded(o.relation);
    if (found.relToParent && relIsToOne(found.relToParent)) return { ...o, relation: found.relAggAlias };
    const name = found.relAlias ?? found.relName;
    throw new ApiError(400, 'PGRST118', `A related order on '${name}' is not possible`, `'${node.from.name}' and '${name}' do not form a many-to-one or one-to-one relationship`, null);
  });
  node.children.forEach(addRelatedOrders);
}

function addNullEmbedFilters(node: ReadPlan): void {
  const rewrite = (t: LogicTree): LogicTree => {
    if (t.kind === 'expr') return { ...t, children: t.children.map(rewrite) };
    const f = t.filter;
    if (f.kind !== 'filter' || f.field.json.length) return t;
    const found = node.children.find((c) => f.field.name === (c.relAlias ?? c.relName));
    if (found && f.cond.op === 'is' && f.cond.value === 'null') {
      return { kind: 'stmt', filter: { kind: 'null-embed', negate: f.cond.negate, name: found.relAggAlias } };
    }
    return t;
  };
  node.where = node.where.map(rewrite);
  node.children.forEach(addNullEmbedFilters);
}

function onlyNullEmbeds(node: ReadPlan): boolean {
  return node.select.length === 0 && node.children.every(onlyNullEmbeds);
}

function spreadSelectFields(node: ReadPlan): SpreadSelectField[] {
  return [
    ...node.select.map((s) => ({ name: s.alias ?? s.field.name })),
    ...node.relSelect.flatMap((r) => (r.kind === 'json' ? [{ name: r.selName }] : r.sels)),
  ];
}

function addRelSelects(node: ReadPlan): void {
  if (node.children.length === 0) return;
  node.children.forEach(addRelSelects);
  node.relSelect = node.children.flatMap((c): RelSelectField[] => {
    if (!c.relToParent) return [];
    if (c.relSpread) return [{ kind: 'spread', sels: spreadSelectFields(c), aggAlias: c.relAggAlias }];
    return [
      {
        kind: 'json',
        selName: c.relAlias ?? c.relName,
        aggAlias: c.relAggAlias,
        mode: relIsToOne(c.relToParent) ? 'object' : 'array',
        empty: onlyNullEmbeds(c),
      },
    ];
  });
}

function validateAggregates(node: ReadPlan, enabled: boolean): void {
  if (!enabled && node.select.some((s) => s.agg)) {
    throw new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed', null, null);
  }
  node.children.forEach((c) => validateAggregates(c, enabled));
}

type HoistedAgg = { aggAlias: string; name: string; agg: AggregateFunction; aggCast?: string; alias?: string };

/** Aggregates in a to-one spread are applied one level up, grouped by the parent's columns. */
function hoistSpreadAggregates(node: ReadPlan): HoistedAgg[] {
  const childAggs = node.children.flatMap(hoistSpreadAggregates);
  const toOneSpread = node.relSpread?.kind === 'to-one';
  let aggs: HoistedAgg[] = [];
  if (!(node.depth === 0 || (node.relToParent && !toOneSpread))) {
    node.select = node.select.map((s) => {
      if (!s.agg) return s;
      aggs.push({ aggAlias: node.relAggAlias, name: s.alias ?? s.field.name, agg: s.agg, aggCast: s.aggCast, alias: s.alias });
      return { ...s, agg: undefined, aggCast: undefined };
    });
  }
  if (toOneSpread) {
    aggs = [...aggs, ...childAggs.map((a) => ({ ...a, aggAlias: node.relAggAlias }))];
  } else if (node.children.length) {
    node.relSelect = node.relSelect.map((r) => {
      if (r.kind !== 'spread') return r;
      return {
        ...r,
        sels: r.sels.map((s) => {
          const h = childAggs.find((a) => a.aggAlias === r.aggAlias && a.name === s.name);
          return h ? { ...s, agg: h.agg, aggCast: h.aggCast, alias: h.alias } : s;
        }),
      };
    });
  }
  return aggs;
}

function addToManyOrderSelects(node: ReadPlan): void {
  if (node.relSpread?.kind === 'to-many') {
    const anyAgg = node.select.some((s) => s.agg) || node.relSelect.some((r) => r.kind === 'spread' && r.sels.some((s) => s.agg));
    if (anyAgg) {
      throw new ApiError(400, 'PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.', null);
    }
    const extraSelect: { relation?: string; sel: SelectField }[] = [];
    const order: OrderTerm[] = [];
    node.order.forEach((o, i) => {
      const alias = `${node.relAggAlias}_${o.field.name}_${i + 1}`;
      extraSelect.push(
        o.kind === 'field'
          ? { sel: { field: o.field, alias } }
          : { relation: o.relation, sel: { field: unknownField(o.field.name, o.field.json), alias } },
      );
      order.push({ kind: 'field', field: unknownField(alias), dir: o.dir, nulls: o.nulls });
    });
    node.order = [];
    node.relSpread = { kind: 'to-many', extraSelect, order };
  }
  node.children.forEach(addToManyOrderSelects);
}

function restrictRange(node: ReadPlan, maxRows: number): void {
  if (node.range.limit !== 0) node.range = { ...node.range, limit: Math.min(node.range.limit ?? maxRows, maxRows) };
  node.children.forEach((c) => restrictRange(c, maxRows));
}

/** PostgREST's readPlan: the whole tree for a request on `qi`. */
export function readPlan(cache: SchemaCache, qi: QI, q: ParsedQuery, opts: ReadPlanOptions): ReadPlan {
  const root = initTree(cache, qi, q.select);
  // Filters (for a mutation only those of embeds), then orders, ranges and logic trees, per level.
  for (const [path, params] of q.nodes) {
    const segments = path === '' ? [] : path.split('.');
    const isRoot = segments.length === 0;
    const node = findNode(root, segments);
    const conds = params.filters.filter((f) => f.kind === 'cond');
    const trees = params.filters.filter((f) => f.kind === 'logic');
    if (!(opts.action === 'mutate' && isRoot)) {
      node.where.push(...conds.map((f) => resolveFilter(cache, node.from, f)));
    }
    if (params.order.length) {
      node.order = params.order.map((o): OrderTerm =>
        o.relation !== undefined
          ? { kind: 'relation', relation: o.relation, field: o.field, dir: o.dir, nulls: o.nulls }
          : { kind: 'field', field: resolveField(cache, node.from, o.field), dir: o.dir, nulls: o.nulls },
      );
    }
    if (opts.action !== 'mutate' && (params.limit !== undefined || params.offset !== undefined)) {
      node.range = { offset: params.offset ?? 0, limit: params.limit };
    }
    if (!(opts.action === 'mutate' && isRoot)) {
      node.where.unshift(...trees.map((t) => resolveFilter(cache, node.from, t)));
    }
  }
  addRels(cache, qi.schema, opts.action, root);
  expandStars(cache, qi.schema, root, false);
  addAliases(root);
  addRelatedOrders(root);
  addNullEmbedFilters(root);
  addRelSelects(root);
  validateAggregates(root, opts.aggregatesEnabled);
  hoistSpreadAggregates(root);
  addToManyOrderSelects(root);
  if (opts.action !== 'mutate' && opts.maxRows !== undefined) restrictRange(root, opts.maxRows);
  return root;
}

/** Field names the root's filters use (a function call returns them too). */
export function filterFieldNames(root: ReadPlan): Set<string> {
  const out = new Set<string>();
  const walk = (t: LogicTree) => {
    if (t.kind === 'expr') t.children.forEach(walk);
    else out.add(t.filter.kind === 'filter' ? t.filter.field.name : t.filter.name);
  };
  const visit = (n: ReadPlan) => {
    n.where.forEach(walk);
    n.children.forEach(visit);
  };
  visit(root);
  return out;
}

/** The columns a mutation or a call must return for the select and its embeds (`*` when in doubt). */
export function columnsNeeded(root: ReadPlan, pk: string[]): Set<string> {
  const names = new Set(root.select.map((s) => s.field.name));
  if (names.has('*')) return new Set(['*']);
  if (root.children.some((c) => c.relToParent?.kind === 'computed')) return new Set(['*']);
  for (const c of root.children) {
    const r = c.relToParent;
    if (!r || r.kind !== 'fk') continue;
    const cols = r.card.type === 'm2m' ? r.card.junction.colsSource : r.card.cols;
    for (const [col] of cols) names.add(col);
  }
  for (const k of pk) names.add(k);
  return names;
}

/** A mutation's WHERE: the root's filters, then its logic trees, on the table itself. */
export function resolveRootFilters(cache: SchemaCache, table: QI, q: ParsedQuery): LogicTree[] {
  const top = q.nodes.get('')?.filters ?? [];
  const qi = { schema: table.schema, name: table.name };
  return [...top.filter((f) => f.kind === 'cond'), ...top.filter((f) => f.kind === 'logic')].map((f) => resolveFilter(cache, qi, f));
}
