// The audit trail (public.audit_log), read through audit_entries(): filtered, searched and
// paged by the database, newest first, each entry with its actor's e-mail. Written by the
// database's own triggers on every business table; the app never writes it.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { translate, type MessageKey } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { formatLabel } from '@/lib/format';
import { serverMessage } from '@/lib/write-errors';

export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What each audited table's rows are, in the words of the app (English; the catalogue's 'activity:kinds' in every language). */
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
    queryFn: () =>
      fetchAuditEntries(filters).catch((error: unknown) => {
        // audit_entries() refuses anyone but the team: say so in the current language.
        if (serverMessage(error) === 'Only team members read the audit trail.')
          throw new Error(translate('activity:errors.teamOnly'), { cause: error });
        throw error;
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

const isAuditTable = (table: string): table is AuditTable => Object.hasOwn(AUDIT_TABLES, table);

/** 'campaign', 'screen', …; an unknown table by its own name. */
export function recordKind(table: string): string {
  return isAuditTable(table) ? translate(`activity:kinds.${table}.one`) : formatLabel(table).toLowerCase();
}

/** 'Campaign', 'Screen', … as a choice in a list; an unknown table by its own name. */
export function recordKindName(table: string): string {
  return isAuditTable(table) ? translate(`activity:kinds.${table}.name`) : formatLabel(table);
}

const actorRoles = ['admin', 'operator', 'sales', 'viewer', 'customer', 'advertiser'] as const;

/** A login's role as the trail names it ('admin', 'operator', …); an unknown one as stored. */
export function actorRole(role: string): string {
  return (actorRoles as readonly string[]).includes(role)
    ? translate(`activity:roles.${role as (typeof actorRoles)[number]}`)
    : role;
}

/** Who made the change: their e-mail and role, or the system. */
export function actorName(entry: Pick<AuditEntry, 'actor_email' | 'actor_role'>): string {
  if (entry.actor_role === 'system') return translate('activity:actor.system');
  if (entry.actor_role === 'service') return translate('activity:actor.service');
  return translate('activity:actor.member', {
    email: entry.actor_email ?? translate('activity:actor.former'),
    role: actorRole(entry.actor_role),
  });
}

const sentences: Record<AuditAction, { plain: MessageKey; named: MessageKey }> = {
  insert: { plain: 'activity:entry.added', named: 'activity:entry.addedNamed' },
  update: { plain: 'activity:entry.changed', named: 'activity:entry.changedNamed' },
  delete: { plain: 'activity:entry.removed', named: 'activity:entry.removedNamed' },
};

/** 'admin@example.com (admin) changed campaign “Summer Menu”'. */
export function describeEntry(entry: AuditEntry): string {
  const sentence = sentences[entry.action];
  return translate(entry.row_label ? sentence.named : sentence.plain, {
    actor: actorName(entry),
    kind: recordKind(entry.table_name),
    label: entry.row_label ?? '',
  });
}

/** A field's value as read in the trail: '—' for none, Yes/No, text, numbers, lists. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return translate('common:states.none');
  if (typeof value === 'boolean') return translate(value ? 'common:yes' : 'common:no');
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
  // Fields are named by their columns ('Device name'), as stored in the trail: the trail covers
  // every column of every audited table, past and present, and the columns' names stay English.
  return keys.map((field) => ({
    field,
    label: formatLabel(field),
    before: formatAuditValue(before[field]),
    after: formatAuditValue(after[field]),
  }));
}
