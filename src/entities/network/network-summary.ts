// The admin shell's figures: active campaigns, displays, 30-day uptime (sidebar) and the
// unresolved alerts (the top bar's badge), all from network_summary() in the database.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

export interface NetworkSummary {
  active_campaigns: number;
  /** Screens that belong to a venue. */
  displays: number;
  displays_online: number;
  /** Share of minutes the screens reported over 30 days; null before any history. */
  uptime_percent: number | null;
  unresolved_alerts: number;
}

async function fetchSummary(): Promise<NetworkSummary> {
  const { data } = await supabase.rpc('network_summary').throwOnError();
  const raw = data as unknown as Record<string, unknown>;
  return {
    active_campaigns: Number(raw.active_campaigns),
    displays: Number(raw.displays),
    displays_online: Number(raw.displays_online),
    uptime_percent: raw.uptime_percent === null ? null : Number(raw.uptime_percent),
    unresolved_alerts: Number(raw.unresolved_alerts),
  };
}

/** Read again every minute too: uptime moves with the clock, not only with changes. */
export const networkSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...tableKeys.network_figures, 'summary'] as const,
    queryFn: fetchSummary,
    refetchInterval: 60_000,
  });
