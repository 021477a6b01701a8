// System alerts: one key factory for the system_alerts table; the overview shows the
// newest few unresolved ones (the alerts centre lists them all) and resolves them in place.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { invalidateTable, tableKeys } from '@/entities/query-keys/table-keys';

/** The overview lists show this many rows. */
export const OVERVIEW_LIST_SIZE = 5;

export interface AlertFilters {
  limit: number;
}

export const alertKeys = {
  all: tableKeys.system_alerts,
  lists: () => [...alertKeys.all, 'list'] as const,
  list: (filters: AlertFilters) => [...alertKeys.lists(), filters] as const,
};

const ALERT_COLUMNS = 'id, alert_type, severity, message, resolved, created_at, device_id, customers(name, location)';

async function fetchAlerts({ limit }: AlertFilters) {
  const { data } = await supabase
    .from('system_alerts')
    .select(ALERT_COLUMNS)
    .eq('resolved', false)
    .order('created_at', { ascending: false })
    .limit(limit)
    .throwOnError();
  return data;
}

export type SystemAlert = Awaited<ReturnType<typeof fetchAlerts>>[number];

export const alertsQueryOptions = (filters: AlertFilters = { limit: OVERVIEW_LIST_SIZE }) =>
  queryOptions({ queryKey: alertKeys.list(filters), queryFn: () => fetchAlerts(filters) });

async function resolveAlert(id: string) {
  const { data, error } = await supabase.from('system_alerts').update({ resolved: true }).eq('id', id).select('id');
  // Nothing changed (no such alert, or not allowed) is a failure too.
  if (error || data.length === 0) throw new Error('Failed to resolve alert', { cause: error });
}

/**
 * Marks an alert resolved. The lists show it resolved at once; if the database refuses,
 * they go back to what they were and the mutation fails with 'Failed to resolve alert'.
 */
export function useResolveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveAlert,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: alertKeys.lists() });
      const previous = queryClient.getQueriesData<SystemAlert[]>({ queryKey: alertKeys.lists() });
      queryClient.setQueriesData<SystemAlert[]>({ queryKey: alertKeys.lists() }, (alerts) =>
        alerts?.map((a) => (a.id === id ? { ...a, resolved: true } : a)),
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => invalidateTable(queryClient, 'system_alerts'),
  });
}
