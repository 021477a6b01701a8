// Resolving an alert from the dashboard: the panel shows it resolved at once (in the kept
// overview), and the overview is read again once the database has answered.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { overviewKeys } from '@/entities/network/dashboard-overview';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import type { DashboardOverview } from '@/types/database-json';

async function resolveAlert(id: string) {
  const { data, error } = await supabase.from('system_alerts').update({ resolved: true }).eq('id', id).select('id');
  // Nothing changed (no such alert, or not allowed) is a failure too.
  if (error || data.length === 0) throw new Error(translate('dashboard:alerts.resolveFailed'), { cause: error });
}

/**
 * Marks an alert resolved. The panel shows it resolved at once; if the database refuses,
 * it goes back to what it was and the mutation fails with 'Failed to resolve alert'.
 */
export function useResolveAlert() {
  const queryClient = useQueryClient();
  const key = overviewKeys.overview();
  return useMutation({
    mutationFn: resolveAlert,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DashboardOverview>(key);
      queryClient.setQueryData<DashboardOverview>(key, (overview) =>
        overview && {
          ...overview,
          alerts: overview.alerts.map((a) => (a.id === id ? { ...a, resolved: true } : a)),
        },
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => invalidateTable(queryClient, 'system_alerts'),
  });
}
