// PostgREST's query-string grammar → a request tree. No SQL here: names are
// kept as written and checked against the schema cache when planning.
import { ApiError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column reference: name, optional json path. */
export interface Field {
  name: string;
  json: JsonStep[];
}

export interface ColumnItem {
  kind: 'column';
  field: Field;
  alias?: string;
  cast?: string;
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
  join: 'left' | 'inner';
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

export interface Condition {
  kind: 'cond';
  field: Field;
  negate: boolean;
  op: Operator;
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
  /** Parameters that are neither reserved nor valid filters (RPC GET arguments). */
  rest: Map<string, string>;
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
    else if (c === '(') depth++;
    else if (c === ')') depth--;
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
    json.push({ arrow: m[1] as '->' | '->>', key: unquote(m[2]) });
    i += m[0].length;
  }
  return { field: { name: name.trim(), json }, rest: s.slice(i) };
}

// ---------------------------------------------------------------- select

export function parseSelect(s: string): SelectItem[] {
  if (s.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(s).map((raw) => parseSelectItem(raw.trim(), s));
}

function parseSelectItem(raw: string, whole: string): SelectItem {
  if (raw === '') throw parseError(`"failed to parse select parameter (${whole})" (line 1, column 1)`, 'unexpected end of input expecting field name');
  if (raw === '*') return { kind: 'star' };
  if (raw.startsWith('...')) throw parseError(`"failed to parse select parameter (${whole})"`, 'spread embeds are not supported');
  let alias: string | undefined;
  let body = raw;
  const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^:"(]+):(?!:)/.exec(raw);
  if (aliasMatch) {
    alias = unquote(aliasMatch[1]).trim();
    body = raw.slice(aliasMatch[0].length).trim();
  }
  const paren = body.indexOf('(');
  if (paren >= 0 && !body.startsWith('"')) {
    if (!body.endsWith(')')) throw parseError(`"failed to parse select parameter (${whole})"`, `unexpected "${body}"`);
    const head = body.slice(0, paren);
    const inner = body.slice(paren + 1, -1);
    const parts = head.split('!');
    const name = parts[0].trim();
    if (!name) throw parseError(`"failed to parse select parameter (${whole})"`, 'expecting an embed name');
    if (/^(count|sum|avg|min|max)$/i.test(name) || name.includes('.')) {
      throw parseError(`"failed to parse select parameter (${whole})"`, 'aggregate functions are not supported');
    }
    let hint: string | undefined;
    let join: 'left' | 'inner' = 'left';
    for (const p of parts.slice(1)) {
      if (p === 'inner') join = 'inner';
      else if (p === 'left') join = 'left';
      else if (p && !hint) hint = p;
      else throw parseError(`"failed to parse select parameter (${whole})"`, `unexpected "!${p}"`);
    }
    return { kind: 'embed', name: unquote(name), alias, hint, join, select: inner.trim() === '' ? [] : parseSelect(inner) };
  }
  const { field, rest } = readField(body);
  let cast: string | undefined;
  if (rest.startsWith('::')) {
    cast = rest.slice(2).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/.test(cast)) throw parseError(`"failed to parse select parameter (${whole})"`, `invalid cast "${cast}"`);
  } else if (rest.trim() !== '') {
    throw parseError(`"failed to parse select parameter (${whole})" (line 1, column ${body.length - rest.length + 1})`, `unexpected "${rest[0]}" expecting delimiter (.), "->", "::" or ","`);
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
  const language = m[2];
  if (language && !['fts', 'plfts', 'phfts', 'wfts'].includes(op)) {
    throw parseError(`"failed to parse filter (${expr})"`, `unexpected "(" after ${op}`);
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
  return { kind: 'cond', field, negate, op, language, value: raw };
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
    const { field, rest } = readField(term.trim());
    const t: OrderTerm = { field };
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
export function parseQuery(params: URLSearchParams, argNames?: (key: string) => boolean): ParsedQuery {
  const nodes = new Map<string, NodeParams>();
  const node = (path: string): NodeParams => {
    let n = nodes.get(path);
    if (!n) nodes.set(path, (n = { filters: [], order: [] }));
    return n;
  };
  node('');
  const q: ParsedQuery = { select: [{ kind: 'star' }], nodes, rest: new Map() };
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
    if (argNames?.(key)) {
      q.rest.set(key, value);
      continue;
    }
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
    node(path).filters.push(parseCondition(field, value));
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
