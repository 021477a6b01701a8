// The overview's figures, all computed by the database in one call (dashboard_figures()):
// today's counts and monthly revenue, the daily snapshot of a month ago for the change
// figures, monthly revenue per month for the chart, and the performance metrics. Where
// there is no history yet the database says so (null), and the page shows a dash.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

export const overviewKeys = {
  figures: () => [...tableKeys.network_figures, 'dashboard'] as const,
};

export interface Counts {
  active_customers: number;
  active_advertisers: number;
  running_ads: number;
  monthly_revenue: number;
}

export interface DashboardFigures {
  current: Counts;
  /** The snapshot of about a month ago (within a week of that day), or null when there is none. */
  month_ago: (Counts & { day: string }) | null;
  /** Monthly revenue per month ('2026-11'), oldest first; months without a snapshot are missing; the last is this month, live. */
  revenue_by_month: { month: string; revenue: number }[];
  average_monthly_revenue: number | null;
  retention_percent: number | null;
  average_campaign_days: number | null;
  uptime_percent: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function counts(raw: Record<string, unknown>): Counts {
  return {
    active_customers: Number(raw.active_customers),
    active_advertisers: Number(raw.active_advertisers),
    running_ads: Number(raw.running_ads),
    monthly_revenue: Number(raw.monthly_revenue),
  };
}

async function fetchFigures(): Promise<DashboardFigures> {
  const { data } = await supabase.rpc('dashboard_figures').throwOnError();
  const raw = data as unknown as Record<string, unknown> & {
    current: Record<string, unknown>;
    month_ago: (Record<string, unknown> & { day: string }) | null;
    revenue_by_month: { month: string; revenue: unknown }[];
  };
  return {
    current: counts(raw.current),
    month_ago: raw.month_ago ? { ...counts(raw.month_ago), day: raw.month_ago.day } : null,
    revenue_by_month: raw.revenue_by_month.map((m) => ({ month: m.month, revenue: Number(m.revenue) })),
    average_monthly_revenue: num(raw.average_monthly_revenue),
    retention_percent: num(raw.retention_percent),
    average_campaign_days: num(raw.average_campaign_days),
    uptime_percent: num(raw.uptime_percent),
  };
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
