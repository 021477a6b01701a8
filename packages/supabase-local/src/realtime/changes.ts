// Postgres changes as Supabase Realtime's postgres_cdc_rls extension delivers
// them: bindings {event, schema, table, filter}, filters `col=op.value` with
// eq, neq, lt, lte, gt, gte and in, and the change payload
// {schema, table, commit_timestamp, type, columns, record, old_record, errors}.
// The changes come from the queue platform.sql's capture trigger fills.
import type { Db } from '../db/core.ts';
import { WakeLoop } from '../db/wake-loop.ts';

export interface Binding {
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

export interface Change {
  id: number;
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  columns: { name: string; type: string }[];
  commit_timestamp: string;
}

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface Filter {
  column: string;
  op: FilterOp;
  values: string[];
}

const OPS: ReadonlySet<string> = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** Parses `column=op.value` (`in.(a,b,"c,d")` for in); throws with Realtime's message when it cannot. */
export function parseFilter(filter: string): Filter {
  const m = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(filter);
  if (!m || !OPS.has(m[2]!)) throw new Error(`Error parsing \`filter\` params: ${filter}`);
  const [, column, op, raw] = m as unknown as [string, string, FilterOp, string];
  if (op !== 'in') return { column, op, values: [raw] };
  const list = /^\((.*)\)$/s.exec(raw);
  if (!list) throw new Error(`Error parsing \`filter\` params: ${filter}`);
  const values: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(?:,|$)/gy;
  let item: RegExpExecArray | null;
  while (re.lastIndex < list[1]!.length && (item = re.exec(list[1]!))) {
    values.push(item[1] !== undefined ? item[1].replace(/\\(.)/g, '$1') : item[2]!.trim());
  }
  if (values.length > 100) throw new Error('Too many values for `in` filter. Maximum is 100');
  return { column, op, values };
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

function compare(type: string | undefined, value: unknown, operand: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (type && NUMERIC.has(type)) {
    const a = Number(value);
    const b = Number(operand);
    if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  const a = typeof value === 'string' ? value : JSON.stringify(value);
  if (type === 'timestamptz' || type === 'timestamp' || type === 'date') {
    const ta = Date.parse(a);
    const tb = Date.parse(operand);
    if (!Number.isNaN(ta) && !Number.isNaN(tb)) return ta === tb ? 0 : ta < tb ? -1 : 1;
  }
  if (type === 'uuid')
    return a.toLowerCase() === operand.toLowerCase() ? 0 : a.toLowerCase() < operand.toLowerCase() ? -1 : 1;
  return a === operand ? 0 : a < operand ? -1 : 1;
}

/** Does the row pass the filter? A row without the column, or with null in it, never does. */
export function matchesFilter(
  filter: Filter,
  row: Record<string, unknown> | null,
  columns: Change['columns'],
): boolean {
  if (!row || !(filter.column in row)) return false;
  const type = columns.find((c) => c.name === filter.column)?.type;
  const value = row[filter.column];
  if (filter.op === 'in') return filter.values.some((v) => compare(type, value, v) === 0);
  const c = compare(type, value, filter.values[0]!);
  if (c === undefined) return false;
  switch (filter.op) {
    case 'eq':
      return c === 0;
    case 'neq':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'gte':
      return c >= 0;
  }
}

export interface CompiledBinding extends Binding {
  id: number;
  parsed?: Filter;
}

/** Does a change fall under a binding (event, schema, table, then filter on the row it carries)? */
export function bindingMatches(b: CompiledBinding, change: Change): boolean {
  if (b.event !== '*' && b.event.toUpperCase() !== change.type) return false;
  if (b.schema !== '*' && b.schema !== change.schema) return false;
  if (b.table !== undefined && b.table !== '*' && b.table !== change.table) return false;
  if (!b.parsed) return true;
  const row = change.type === 'DELETE' ? change.old_record : change.record;
  return matchesFilter(b.parsed, row, change.columns);
}

/**
 * The binding id Realtime returns in its join reply and puts in each change's
 * `ids`: a hash of the binding's params (:erlang.phash2 there, FNV-1a here),
 * in phash2's range 0..2^27-1.
 */
export function bindingId(params: Binding): number {
  const text = JSON.stringify([params.event, params.schema, params.table ?? null, params.filter ?? null]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h & 0x7ffffff;
}

interface QueueRow {
  id: string;
  schema_name: string;
  table_name: string;
  action: Change['type'];
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  columns: Change['columns'];
  commit_timestamp: string;
}

const TAKE = `delete from _local_stack.realtime_changes
  where id in (select id from _local_stack.realtime_changes order by id limit 500)
  returning id, schema_name, table_name, action, record, old_record, columns, commit_timestamp`;

/**
 * Takes committed changes off the queue in order, on each NOTIFY and at least
 * every `pollMs`, and hands them to `deliver` one by one. A change is taken
 * once: rows of transactions still open are not visible and wait for the next take.
 */
export class ChangeFeed {
  private readonly loop: WakeLoop;

  constructor(
    private readonly db: Db,
    private readonly deliver: (change: Change) => Promise<void>,
    pollMs = 1000,
  ) {
    this.loop = new WakeLoop(db, '_local_stack_realtime', () => this.drain(), pollMs);
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  kick(): void {
    this.loop.kick();
  }

  private async drain(): Promise<void> {
    for (;;) {
      let rows: QueueRow[];
      try {
        rows = (await this.db.query<QueueRow>(TAKE)).rows;
      } catch {
        return; // the database is away; the next poll tries again
      }
      rows.sort((a, b) => Number(a.id) - Number(b.id));
      for (const r of rows) {
        await this.deliver({
          id: Number(r.id),
          schema: r.schema_name,
          table: r.table_name,
          type: r.action,
          record: r.record,
          old_record: r.old_record,
          columns: r.columns,
          commit_timestamp: r.commit_timestamp,
        }).catch((e) => console.error('[realtime] delivery failed:', e));
      }
      if (rows.length < 500 || this.loop.isStopped) return;
    }
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
