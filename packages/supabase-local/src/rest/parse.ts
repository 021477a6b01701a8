// PostgREST's query-string grammar → a request tree. No SQL here: names are
// kept as written and checked against the schema cache when planning.
import { ApiError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  /** An array index (`->0`, `->-1`) rather than a key. */
  index?: boolean;
}

/** A column reference: name, optional json path. */
export interface Field {
  name: string;
  json: JsonStep[];
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'max' | 'min';

export interface ColumnItem {
  kind: 'column';
  /** `*` with `agg: 'count'` is `count()`. */
  field: Field;
  alias?: string;
  cast?: string;
  agg?: AggregateFunction;
  aggCast?: string;
}
export interface StarItem {
  kind: 'star';
}
export interface EmbedItem {
  kind: 'embed';
  /** The target as written: table, constraint or FK column. */
  name: string;
  alias?: string;
  hint?: string;
  join?: 'left' | 'inner';
  /** `...rel(cols)`: the columns join the parent's. */
  spread: boolean;
  select: SelectItem[];
}
export type SelectItem = ColumnItem | StarItem | EmbedItem;

export type Operator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'is'
  | 'isdistinct'
  | 'in'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts';

const OPERATORS = new Set<string>([
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
]);

/** Operators that take `(any)` / `(all)`. */
export const QUANT_OPERATORS = new Set<string>(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);

export interface Condition {
  kind: 'cond';
  field: Field;
  negate: boolean;
  op: Operator;
  quant?: 'any' | 'all';
  /** For fts operators: the text search configuration. */
  language?: string;
  /** Raw value (for `in`: the list). */
  value: string | string[];
}
export interface LogicTree {
  kind: 'logic';
  negate: boolean;
  op: 'and' | 'or';
  children: Filter[];
}
export type Filter = Condition | LogicTree;

export interface OrderTerm {
  /** `rel(col)`: a column of a to-one embed. */
  relation?: string;
  field: Field;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Filters, order and range for one level of the tree (top level or an embed path). */
export interface NodeParams {
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by embed path joined with "." ("" is the top level). */
  nodes: Map<string, NodeParams>;
  columns?: string[];
  onConflict?: string[];
  /** Parameters that are neither reserved nor filters (a function's GET arguments), in order. */
  rest: [string, string][];
}

export function parseError(message: string, details: string | null = null): ApiError {
  return new ApiError(400, 'PGRST100', message, details, null);
}

// ---------------------------------------------------------------- tokens

/** Splits at top-level commas, honouring parentheses and double quotes. */
export function splitTopLevel(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '\\' && i + 1 < s.length) {
        cur += c + s[++i];
        continue;
      }
      if (c === '"') quoted = false;
      cur += c;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth--;
    if (c === sep && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  if (quoted || depth !== 0) throw parseError(`"failed to parse" (${s})`, 'unbalanced parentheses or quotes');
  out.push(cur);
  return out;
}

function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  return s;
}

/** `name`, `"quoted name"`, `name->a->>b`. Returns the field and what follows it. */
function readField(s: string): { field: Field; rest: string } {
  let i = 0;
  let name: string;
  if (s.startsWith('"')) {
    const end = s.indexOf('"', 1);
    if (end < 0) throw parseError(`"failed to parse field" (${s})`);
    name = s.slice(1, end);
    i = end + 1;
  } else {
    const m = /^[^.,:()!"\->]+/.exec(s);
    if (!m) throw parseError(`"failed to parse field" (${s})`, `unexpected "${s[0] ?? ''}" expecting field name`);
    name = m[0];
    i = m[0].length;
  }
  const json: JsonStep[] = [];
  for (;;) {
    const rest = s.slice(i);
    const m = /^(->>|->)("(?:[^"\\]|\\.)*"|[^-.,:()!"]+(?:-(?!>)[^-.,:()!"]*)*)/.exec(rest);
    if (!m) break;
    const index = /^-?\d+$/.test(m[2]);
    json.push({ arrow: m[1] as '->' | '->>', key: index ? (m[2].startsWith('-') ? m[2] : `+${m[2]}`) : unquote(m[2]), index });
    i += m[0].length;
  }
  return { field: { name: name.trim(), json }, rest: s.slice(i) };
}

// ---------------------------------------------------------------- select

export function parseSelect(s: string): SelectItem[] {
  if (s.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(s).map((raw) => parseSelectItem(raw.trim(), s));
}

const AGGREGATE = /^\.(sum|avg|count|max|min)\(\)(?:::([A-Za-z0-9_ $]+))?$/;
const CAST = /^::([A-Za-z0-9_ $]+)/;

function parseSelectItem(raw: string, whole: string): SelectItem {
  const fail = (details: string) => parseError(`"failed to parse select parameter (${whole})"`, details);
  if (raw === '') throw parseError(`"failed to parse select parameter (${whole})" (line 1, column 1)`, 'unexpected end of input expecting field name');
  if (raw === '*') return { kind: 'star' };
  let alias: string | undefined;
  let body = raw;
  const spread = body.startsWith('...');
  if (spread) {
    body = body.slice(3);
  } else {
    const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^:"(]+):(?!:)/.exec(raw);
    if (aliasMatch) {
      alias = unquote(aliasMatch[1]).trim();
      body = raw.slice(aliasMatch[0].length).trim();
    }
  }
  // count() counts the rows of its level.
  const count = /^count\(\)(?:::([A-Za-z0-9_ $]+))?$/.exec(body);
  if (count && !spread) return { kind: 'column', field: { name: '*', json: [] }, alias, agg: 'count', aggCast: count[1]?.trim() };
  const { field, rest } = readField(body);
  if (rest.startsWith('(') || rest.startsWith('!')) {
    // An embed: name[!hint][!inner|!left](select)
    if (field.json.length || field.name === 'count') throw fail(`unexpected "${rest[0]}"`);
    const m = /^((?:![^!(]+){0,2})\((.*)\)$/.exec(rest);
    if (!m) throw fail(`unexpected "${rest}"`);
    let hint: string | undefined;
    let join: 'left' | 'inner' | undefined;
    for (const p of m[1].split('!').slice(1)) {
      if ((p === 'inner' || p === 'left') && !join) join = p;
      else if (!hint) hint = unquote(p);
      else throw fail(`unexpected "!${p}"`);
    }
    return { kind: 'embed', name: field.name, alias, hint, join, spread, select: m[2].trim() === '' ? [] : parseSelect(m[2]) };
  }
  if (spread) throw fail('unexpected end of input expecting "("');
  let tail = rest;
  let cast: string | undefined;
  const c = CAST.exec(tail);
  if (c) {
    cast = c[1].trim();
    tail = tail.slice(c[0].length);
  }
  const agg = AGGREGATE.exec(tail);
  if (agg) return { kind: 'column', field, alias, cast, agg: agg[1] as AggregateFunction, aggCast: agg[2]?.trim() };
  if (tail !== '') {
    throw parseError(
      `"failed to parse select parameter (${whole})" (line 1, column ${body.length - tail.length + 1})`,
      tail.startsWith('::') ? 'unexpected end of input expecting letter or digit' : `unexpected "${tail[0]}" expecting delimiter (.), "->", "::" or ","`,
    );
  }
  return { kind: 'column', field, alias, cast };
}

// ---------------------------------------------------------------- filters

/** `[not.]op[(lang)].value` for a given field. */
export function parseCondition(field: Field, expr: string, inLogic = false): Condition {
  let s = expr;
  let negate = false;
  if (s.startsWith('not.')) {
    negate = true;
    s = s.slice(4);
  }
  const m = /^([a-z]+)(?:\(([A-Za-z0-9_]+)\))?\./.exec(s);
  if (!m || !OPERATORS.has(m[1])) {
    const opMatch = /^([a-z]+)(\(|$|\.)/.exec(s);
    if (opMatch && OPERATORS.has(opMatch[1]) && !s.includes('.')) {
      throw parseError(`"failed to parse filter (${expr})" (line 1, column ${s.length + 1})`, 'unexpected end of input expecting "."');
    }
    throw parseError(
      `"failed to parse filter (${expr})" (line 1, column ${negate ? 5 : 1})`,
      `unexpected "${s[0] ?? ''}" expecting "not" or operator (eq, gt, ...)`,
    );
  }
  const op = m[1] as Operator;
  let language: string | undefined;
  let quant: 'any' | 'all' | undefined;
  if (m[2] !== undefined) {
    if (['fts', 'plfts', 'phfts', 'wfts'].includes(op)) language = m[2];
    else if (QUANT_OPERATORS.has(op) && (m[2] === 'any' || m[2] === 'all')) quant = m[2];
    else {
      throw parseError(
        `"failed to parse filter (${expr})" (line 1, column ${(negate ? 4 : 0) + op.length + 1})`,
        'unexpected "(" expecting delimiter (.)',
      );
    }
  }
  let raw = s.slice(m[0].length);
  if (op === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) {
      throw parseError(`"failed to parse filter (${expr})" (line 1, column ${expr.length - raw.length + 1})`, 'unexpected end of input expecting "("');
    }
    const inner = raw.slice(1, -1);
    const values = inner.trim() === '' ? [] : splitTopLevel(inner).map((v) => unquote(v.trim()));
    return { kind: 'cond', field, negate, op, value: values };
  }
  if (op === 'is') {
    const v = raw.toLowerCase();
    if (!['null', 'true', 'false', 'unknown', 'not_null'].includes(v)) {
      throw parseError(`"failed to parse filter (${expr})" (line 1, column ${expr.length - raw.length + 1})`, `unexpected "${raw[0] ?? ''}" expecting null or trilean value (unknown, true, false)`);
    }
    raw = v;
  }
  if (inLogic) raw = unquote(raw);
  return { kind: 'cond', field, negate, op, language, quant, value: raw };
}

/** A logic tree value such as `(a.eq.1,and(b.gt.2,c.is.null))`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): LogicTree {
  const v = value.trim();
  if (!v.startsWith('(') || !v.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${value})" (line 1, column 1)`, 'unexpected end of input expecting "("');
  }
  const inner = v.slice(1, -1);
  if (inner.trim() === '') throw parseError(`"failed to parse logic tree (${value})"`, 'unexpected ")" expecting filter');
  const children = splitTopLevel(inner).map((part): Filter => {
    const p = part.trim();
    const lm = /^(not\.)?(and|or)\(/.exec(p);
    if (lm) return parseLogic(lm[2] as 'and' | 'or', !!lm[1], p.slice(lm[0].length - 1));
    const { field, rest } = readField(p);
    if (!rest.startsWith('.')) throw parseError(`"failed to parse logic tree (${value})"`, `unexpected "${rest[0] ?? ''}" expecting "."`);
    return parseCondition(field, rest.slice(1), true);
  });
  return { kind: 'logic', negate, op, children };
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((term) => {
    const rel = /^([^.,:()!"]+)\(([^()]*)\)(.*)$/.exec(term.trim());
    const { field, rest } = rel ? { field: readField(rel[2].trim()).field, rest: rel[3] } : readField(term.trim());
    const t: OrderTerm = rel ? { relation: rel[1], field } : { field };
    const mods = rest === '' ? [] : rest.replace(/^\./, '').split('.');
    if (rest !== '' && !rest.startsWith('.')) throw parseError(`"failed to parse order (${value})"`, `unexpected "${rest[0]}"`);
    for (const mod of mods) {
      if (mod === 'asc' || mod === 'desc') t.dir = mod;
      else if (mod === 'nullsfirst') t.nulls = 'first';
      else if (mod === 'nullslast') t.nulls = 'last';
      else throw parseError(`"failed to parse order (${value})" (line 1, column 1)`, `unexpected "${mod}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
    }
    return t;
  });
}

function parseNonNegative(key: string, value: string): number {
  if (!/^\d+$/.test(value)) throw parseError(`"failed to parse ${key} parameter (${value})"`, 'expecting a non-negative integer');
  return Number(value);
}

/** Column lists as in `columns="a","b"` or `on_conflict=a,b`. */
function parseColumnList(value: string): string[] {
  return splitTopLevel(value)
    .map((c) => unquote(c.trim()))
    .filter((c) => c !== '');
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);

/**
 * Parses the whole query string. `argNames` (RPC) are parameters that are
 * arguments rather than filters.
 */
export function parseQuery(params: URLSearchParams, isRpcRead = false): ParsedQuery {
  const nodes = new Map<string, NodeParams>();
  const node = (path: string): NodeParams => {
    let n = nodes.get(path);
    if (!n) nodes.set(path, (n = { filters: [], order: [] }));
    return n;
  };
  node('');
  const q: ParsedQuery = { select: [{ kind: 'star' }], nodes, rest: [] };
  for (const [key, value] of params) {
    if (key === 'select') {
      q.select = parseSelect(value.replace(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/g, ''));
      continue;
    }
    if (key === 'columns') {
      q.columns = parseColumnList(value);
      continue;
    }
    if (key === 'on_conflict') {
      q.onConflict = parseColumnList(value);
      continue;
    }
    if (RESERVED.has(key)) continue;
    // Split "a.b.order" into the embed path and the last part.
    let path = '';
    let last = key;
    // `or`, `not.or`, `a.b.or`, `a.b.not.or`: the shortest embed path, so "not." is read as negation.
    const logic = /^(?:(.*?)\.)??(not\.)?(and|or)$/.exec(key);
    if (logic) {
      node(logic[1] ?? '').filters.push(parseLogic(logic[3] as 'and' | 'or', !!logic[2], value));
      continue;
    }
    const dot = key.lastIndexOf('.');
    if (dot >= 0 && !key.includes('->')) {
      path = key.slice(0, dot);
      last = key.slice(dot + 1);
    }
    if (last === 'order') {
      node(path).order.push(...parseOrder(value));
      continue;
    }
    if (last === 'limit') {
      node(path).limit = parseNonNegative(key, value);
      continue;
    }
    if (last === 'offset') {
      node(path).offset = parseNonNegative(key, value);
      continue;
    }
    const { field, rest } = readField(last);
    if (rest !== '') throw parseError(`"failed to parse filter (${key})"`, `unexpected "${rest[0]}"`);
    let cond: Condition;
    try {
      cond = parseCondition(field, value);
    } catch (e) {
      // A function's GET arguments are the parameters that are not filters.
      if (!isRpcRead) throw e;
      q.rest.push([key, value]);
      continue;
    }
    node(path).filters.push(cond);
  }
  return q;
}

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
}

export function parsePrefer(header: string | string[] | undefined): { prefs: Preferences; applied: string[] } {
  const prefs: Preferences = {};
  const applied: string[] = [];
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of raw.split(/[,;]/)) {
    const [k, v] = part.trim().split('=').map((x) => x?.trim());
    if (!k || v === undefined) continue;
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) prefs.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) prefs.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) prefs.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) prefs.missing = v;
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) prefs.tx = v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) prefs.handling = v;
    else if (k === 'max-affected' && /^\d+$/.test(v)) prefs.maxAffected = Number(v);
    else continue;
    applied.push(`${k}=${v}`);
  }
  return { prefs, applied };
}
