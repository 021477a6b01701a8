// The alerts centre's reads and writes: one page of alerts with the filters of the address
// (alerts_page: filtered, searched and paged by the database, with the total), and
// acknowledging or resolving one or many in one call each (acknowledge_alerts,
// resolve_alerts: all of them or none).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AlertSeverity, AlertState, AlertType } from '@/entities/alert/alert-types';
import { invalidateTable, tableKeys } from '@/entities/query-keys/table-keys';
import { supabase } from '@/lib/supabase';
import { message, translate, type MessageKey } from '@/i18n';
import { serverMessage } from '@/lib/write-errors';

export const ALERTS_PAGE_SIZE = 25;

/** The periods the centre offers, as hours back from now ('' for any time). */
export const ALERT_PERIODS = [
  { value: '', label: 'any' },
  { value: '24', label: 'day' },
  { value: '168', label: 'week' },
  { value: '720', label: 'month' },
  { value: '2160', label: 'quarter' },
] as const;

export interface AlertFilters {
  state: AlertState;
  type: AlertType | '';
  severity: AlertSeverity | '';
  venue: string;
  screen: string;
  /** Hours back from now ('' for any time). */
  period: string;
  search: string;
  page: number;
}

/** One alert as the centre lists it. */
export interface CentreAlert {
  id: string;
  alert_type: string;
  severity: string;
  message: string;
  created_at: string;
  resolved: boolean;
  resolved_at: string | null;
  acknowledged_at: string | null;
  acknowledged_by_email: string | null;
  acknowledge_note: string | null;
  customer_id: string | null;
  venue_name: string | null;
  device_id: string | null;
  device_name: string | null;
}

export interface AlertsPage {
  alerts: CentreAlert[];
  total: number;
}

export const alertCentreKeys = {
  all: tableKeys.system_alerts,
  centre: () => [...alertCentreKeys.all, 'centre'] as const,
  page: (filters: AlertFilters) => [...alertCentreKeys.centre(), filters] as const,
};

async function fetchAlertsPage(filters: AlertFilters): Promise<AlertsPage> {
  const { data } = await supabase
    .rpc('alerts_page', {
      p_state: filters.state,
      p_types: filters.type ? [filters.type] : undefined,
      p_severities: filters.severity ? [filters.severity] : undefined,
      p_customer_id: filters.venue || undefined,
      p_device_id: filters.screen || undefined,
      p_since_hours: filters.period ? Number(filters.period) : undefined,
      p_search: filters.search || undefined,
      p_limit: ALERTS_PAGE_SIZE,
      p_offset: filters.page * ALERTS_PAGE_SIZE,
    })
    .throwOnError();
  const rows = data as unknown as (CentreAlert & { total_count: number })[];
  return {
    alerts: rows.map(({ total_count: _total, ...alert }) => alert),
    total: rows[0]?.total_count ?? 0,
  };
}

export const alertsPageQueryOptions = (filters: AlertFilters) =>
  queryOptions({
    queryKey: alertCentreKeys.page(filters),
    queryFn: () => fetchAlertsPage(filters),
    placeholderData: keepPreviousData,
  });

export const acknowledgeSchema = z.object({
  note: z.string().trim().max(500, message('alerts:acknowledge.note.tooLong')),
});
export type AcknowledgeValues = z.output<typeof acknowledgeSchema>;

/** What our own SQL says when it refuses (acknowledge_alerts, resolve_alerts), in the catalogue's words. */
const SERVER_MESSAGES: [RegExp, MessageKey][] = [
  [/^Only admins and operators can acknowledge alerts/, 'alerts:errors.acknowledgeNotAllowed'],
  [/^Only admins and operators can resolve alerts/, 'alerts:errors.resolveNotAllowed'],
  [/^A note is at most 500 characters/, 'alerts:acknowledge.note.tooLong'],
];

/** The Error of a failed call: our SQL's refusals in the current language, other server text as sent, else `fallback`. */
function alertsFailure(fallback: MessageKey, cause: unknown): Error {
  const said = serverMessage(cause);
  const known = SERVER_MESSAGES.find(([pattern]) => pattern.test(said));
  return new Error(known ? translate(known[1]) : said || translate(fallback), { cause });
}

/** Acknowledges the alerts (one call, all or none); answers how many changed. */
export function useAcknowledgeAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, note }: { ids: string[]; note: string }): Promise<number> => {
      const { data, error } = await supabase.rpc('acknowledge_alerts', { p_ids: ids, p_note: note || undefined });
      if (error) throw alertsFailure('alerts:errors.acknowledgeFailed', error);
      return data;
    },
    onSuccess: () => invalidateTable(queryClient, 'system_alerts'),
  });
}

/** Resolves the alerts (one call, all or none); answers how many changed. */
export function useResolveAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]): Promise<number> => {
      const { data, error } = await supabase.rpc('resolve_alerts', { p_ids: ids });
      if (error) throw alertsFailure('alerts:errors.resolveFailed', error);
      return data;
    },
    onSuccess: () => invalidateTable(queryClient, 'system_alerts'),
  });
}
