// The dashboard's reads: one query, dashboard_overview() (src/entities/network), which the
// shell reads too. Each panel picks its part with `select`, so the page and the side menu
// fill from one round trip, and a return to the dashboard shows the kept answer at once.
// Where there is no history yet the database says so (null), and the page shows a dash.
import { useQuery } from '@tanstack/react-query';
import { dashboardOverviewQueryOptions } from '@/entities/network/dashboard-overview';
import type { DashboardOverview } from '@/types/database-json';

export type SystemAlert = DashboardOverview['alerts'][number];
export type AdActivity = DashboardOverview['ads'][number];

const pickFigures = (overview: DashboardOverview) => overview.figures;
const pickAlerts = (overview: DashboardOverview) => overview.alerts;
const pickAds = (overview: DashboardOverview) => overview.ads;

/** The figures of the cards, the chart and the metrics. */
export const useDashboardFigures = () => useQuery({ ...dashboardOverviewQueryOptions(), select: pickFigures });
/** The newest unresolved alerts. */
export const useOverviewAlerts = () => useQuery({ ...dashboardOverviewQueryOptions(), select: pickAlerts });
/** The newest ads. */
export const useRecentAds = () => useQuery({ ...dashboardOverviewQueryOptions(), select: pickAds });

/**
 * The change from `before` to `now` in percent, rounded; null when there is nothing to
 * compare with (no snapshot, or a month ago it was 0 and still is).
 */
export function changePercent(now: number, before: number | null | undefined): number | null {
  if (before === null || before === undefined) return null;
  if (before === 0) return now === 0 ? 0 : null;
  return Math.round(((now - before) / before) * 100);
}
