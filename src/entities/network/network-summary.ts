// The admin shell's figures: active campaigns, displays, 30-day uptime (sidebar) and the
// unresolved alerts (the top bar's badge), all from network_summary() in the database.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';
import type { NetworkSummary } from '@/types/database-json';

async function fetchSummary(): Promise<NetworkSummary> {
  const { data } = await supabase.rpc('network_summary').throwOnError();
  return data;
}

/** Read again every minute too: uptime moves with the clock, not only with changes. */
export const networkSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...tableKeys.network_figures, 'summary'] as const,
    queryFn: fetchSummary,
    refetchInterval: 60_000,
  });
