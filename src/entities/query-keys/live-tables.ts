// Pages that show what others change (the Equipment page, the dashboard) stay current
// without a refresh: each Realtime change of a watched table refreshes the queries that
// read it (invalidateTable), and a channel that reconnects refreshes them all once.
import { useQueryClient } from '@tanstack/react-query';
import { useTableChanges } from '@/lib/realtime';
import { invalidateTable, type KeyedTable } from './table-keys';

/** Many changes at once (a save of twenty slides, the heartbeats of a whole network) refresh at most once a second. */
export const LIVE_COALESCE_MS = 1000;

export function useLiveTables(name: string, tables: readonly KeyedTable[]): boolean {
  const queryClient = useQueryClient();
  return useTableChanges({
    name,
    tables: tables.map((table) => ({ table })),
    coalesceMs: LIVE_COALESCE_MS,
    onChange: (change) => {
      if (tables.includes(change.table as KeyedTable)) void invalidateTable(queryClient, change.table as KeyedTable);
    },
    // Back after a drop: what changed meanwhile is read again (the first read is fresh enough).
    onSubscribed: (again) => {
      if (again) tables.forEach((table) => void invalidateTable(queryClient, table));
    },
  });
}
