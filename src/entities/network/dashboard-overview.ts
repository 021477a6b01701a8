// The admin's first screen in one read: dashboard_overview() returns the side menu's figures,
// the bell's count and everything the dashboard shows first (its figures, the newest
// unresolved alerts and ads). The shell and the dashboard read this one query (each picks
// its part with `select`), so signing in waits for one round trip. The answer is kept for
// the whole visit (a return to the dashboard shows at once); Realtime changes of the tables
// it counts mark it stale (its key is under network_figures, see DEPENDENT_KEYS), and it is
// read again every minute too, since uptime moves with the clock.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';
import type { DashboardOverview } from '@/types/database-json';

/** The dashboard's lists show this many rows. */
export const OVERVIEW_LIST_SIZE = 5;

export const overviewKeys = {
  overview: () => [...tableKeys.network_figures, 'overview'] as const,
};

async function fetchOverview(): Promise<DashboardOverview> {
  const { data } = await supabase.rpc('dashboard_overview', { p_list_size: OVERVIEW_LIST_SIZE }).throwOnError();
  return data;
}

export const dashboardOverviewQueryOptions = () =>
  queryOptions({
    queryKey: overviewKeys.overview(),
    queryFn: fetchOverview,
    // Fresh until a change arrives (Realtime invalidates it) or the minute's refresh.
    staleTime: 60_000,
    gcTime: Infinity,
    refetchInterval: 60_000,
  });

/** Starts the read before the shell renders (from a route's loader); what comes back lands in the cache. */
export function prefetchDashboardOverview(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(dashboardOverviewQueryOptions());
}
