// The overview's figures, all computed by the database in one call (dashboard_figures()):
// today's counts and monthly revenue, the daily snapshot of a month ago for the change
// figures, monthly revenue per month for the chart, and the performance metrics. Where
// there is no history yet the database says so (null), and the page shows a dash.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';
import type { DashboardFigures } from '@/types/database-json';

export const overviewKeys = {
  figures: () => [...tableKeys.network_figures, 'dashboard'] as const,
};

async function fetchFigures(): Promise<DashboardFigures> {
  const { data } = await supabase.rpc('dashboard_figures').throwOnError();
  return data;
}

export const dashboardFiguresQueryOptions = () =>
  queryOptions({ queryKey: overviewKeys.figures(), queryFn: fetchFigures });

/**
 * The change from `before` to `now` in percent, rounded; null when there is nothing to
 * compare with (no snapshot, or a month ago it was 0 and still is).
 */
export function changePercent(now: number, before: number | null | undefined): number | null {
  if (before === null || before === undefined) return null;
  if (before === 0) return now === 0 ? 0 : null;
  return Math.round(((now - before) / before) * 100);
}
