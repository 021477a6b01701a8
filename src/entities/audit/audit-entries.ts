// The audit trail (public.audit_log), read through audit_entries(): filtered, searched and
// paged by the database, newest first, each entry with its actor's e-mail. Written by the
// database's own triggers on every business table; the app never writes it.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { formatLabel } from '@/lib/format';

export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What each audited table's rows are, in the words of the app. */
export const AUDIT_TABLES = {
  campaigns: 'campaign',
  campaign_items: 'slide',
  campaign_windows: 'daypart',
  campaign_screens: 'campaign screen',
  campaign_targets: 'campaign target',
  customers: 'venue',
  customer_bank_accounts: 'bank account',
  advertisers: 'advertiser',
  ads: 'ad',
  equipment_status: 'screen',
  screen_groups: 'screen group',
  screen_group_members: 'group member',
  system_alerts: 'alert',
  network_settings: 'network settings',
  alert_settings: 'alert settings',
  alert_recipients: 'alert recipient',
  users: 'team member',
} as const satisfies Record<string, string>;
export type AuditTable = keyof typeof AUDIT_TABLES;

export const AUDIT_PERIODS = { day: 1, week: 7, month: 30, year: 365 } as const;
export type AuditPeriod = keyof typeof AUDIT_PERIODS;

export interface AuditFilters {
  table: AuditTable | 'all';
  /** One record's id (with `table`), as the detail pages link to it. */
  record: string;
  /** The actor's user id, or '' for anyone. */
  actor: string;
  action: AuditAction | 'all';
  period: AuditPeriod | 'all';
  search: string;
  /** 0-based page of `pageSize` entries. */
  page: number;
  pageSize?: number;
}

type FieldValues = Record<string, unknown>;

export interface AuditEntry {
  id: number;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string;
  table_name: string;
  row_id: string;
  row_label: string | null;
  action: AuditAction;
  before: FieldValues | null;
  after: FieldValues | null;
}

export const auditKeys = {
  all: ['audit_log'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: AuditFilters) => [...auditKeys.lists(), filters] as const,
};

/** The start of a period, counted back from `now`. */
export function periodStart(period: AuditPeriod | 'all', now: Date = new Date()): string | undefined {
  if (period === 'all') return undefined;
  return new Date(now.getTime() - AUDIT_PERIODS[period] * 86_400_000).toISOString();
}

const asValues = (value: unknown): FieldValues | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as FieldValues) : null;

async function fetchAuditEntries(filters: AuditFilters) {
  const pageSize = filters.pageSize ?? AUDIT_PAGE_SIZE;
  const { data } = await supabase
    .rpc('audit_entries', {
      p_table: filters.table === 'all' ? undefined : filters.table,
      p_row_id: filters.record || undefined,
      p_actor: filters.actor || undefined,
      p_action: filters.action === 'all' ? undefined : filters.action,
      p_from: periodStart(filters.period),
      p_search: filters.search.trim() || undefined,
      p_limit: pageSize,
      p_offset: filters.page * pageSize,
    })
    .throwOnError();
  const rows = data ?? [];
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.at,
    actor_id: r.actor_id,
    actor_email: r.actor_email,
    actor_role: r.actor_role,
    table_name: r.table_name,
    row_id: r.row_id,
    row_label: r.row_label,
    action: r.action as AuditAction,
    before: asValues(r.before),
    after: asValues(r.after),
  }));
  return { entries, total: rows[0]?.total_count ?? 0 };
}

/**
 * A page of the audit trail. Always read fresh: any change anywhere may add to it, so it is
 * read again whenever a page showing it mounts or the window regains focus.
 */
export const auditEntriesQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: () => fetchAuditEntries(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** 'campaign', 'screen', …; an unknown table by its own name. */
export function recordKind(table: string): string {
  return (AUDIT_TABLES as Record<string, string>)[table] ?? formatLabel(table).toLowerCase();
}

/** Who made the change: their e-mail and role, or the system. */
export function actorName(entry: Pick<AuditEntry, 'actor_email' | 'actor_role'>): string {
  if (entry.actor_role === 'system') return 'The system';
  if (entry.actor_role === 'service') return 'A server task';
  return `${entry.actor_email ?? 'A former member'} (${entry.actor_role})`;
}

const verbs: Record<AuditAction, string> = { insert: 'added', update: 'changed', delete: 'removed' };

/** 'admin@example.com (admin) changed campaign “Summer Menu”'. */
export function describeEntry(entry: AuditEntry): string {
  const label = entry.row_label ? ` “${entry.row_label}”` : '';
  return `${actorName(entry)} ${verbs[entry.action]} ${recordKind(entry.table_name)}${label}`;
}

/** A field's value as read in the trail: '—' for none, Yes/No, text, numbers, lists. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/**
 * The fields an entry shows: an update's changed fields, before → after; an insert's or a
 * delete's non-empty fields, with ids and timestamps left out.
 */
export function fieldChanges(entry: AuditEntry): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const quiet = (key: string) => key === 'id' || key === 'created_at' || key === 'updated_at';
  const keys =
    entry.action === 'update'
      ? Object.keys(after)
      : Object.keys(entry.action === 'insert' ? after : before).filter((key) => {
          const value = (entry.action === 'insert' ? after : before)[key];
          return !quiet(key) && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
        });
  return keys.map((field) => ({
    field,
    label: formatLabel(field),
    before: formatAuditValue(before[field]),
    after: formatAuditValue(after[field]),
  }));
}
