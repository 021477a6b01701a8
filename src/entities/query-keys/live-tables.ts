// Pages that show what others change (the Equipment page, the dashboard) stay current
// without a refresh: each Realtime change of a watched table refreshes the queries that
// read it (invalidateTable), and each time the channel is subscribed (the first time as after a
// drop) they are read once more: a change made between the page's first read and the moment
// Realtime started sending was not sent, and would otherwise stay unseen. A table another
// channel of the page (the shell's) already follows is current, and is not read again.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTableChanges } from '@/lib/realtime';
import { invalidateTable, invalidateTables, type KeyedTable } from './table-keys';

/** Many changes at once (a save of twenty slides, the heartbeats of a whole network) refresh at most once a second. */
export const LIVE_COALESCE_MS = 1000;

/**
 * The page's channels are answered within moments of each other (the shell's and the page's):
 * the tables of the ones subscribed within this window are read again together, once.
 */
const SUBSCRIBED_WINDOW_MS = 50;
const toRead = new Map<QueryClient, Set<KeyedTable>>();
function readAgainSoon(queryClient: QueryClient, tables: KeyedTable[]) {
  if (!tables.length) return;
  let batch = toRead.get(queryClient);
  if (!batch) {
    const tablesToRead = new Set<KeyedTable>();
    toRead.set(queryClient, (batch = tablesToRead));
    // A save under way (shown at once, before the database answers) is not overwritten by
    // this read: it waits until the page's saves are done.
    const flush = () => {
      if (queryClient.isMutating() > 0) return void setTimeout(flush, SUBSCRIBED_WINDOW_MS);
      toRead.delete(queryClient);
      void invalidateTables(queryClient, [...tablesToRead]);
    };
    setTimeout(flush, SUBSCRIBED_WINDOW_MS);
  }
  tables.forEach((table) => batch.add(table));
}

export function useLiveTables(name: string, tables: readonly KeyedTable[]): boolean {
  const queryClient = useQueryClient();
  return useTableChanges({
    name,
    tables: tables.map((table) => ({ table })),
    coalesceMs: LIVE_COALESCE_MS,
    onChange: (change) => {
      if (tables.includes(change.table as KeyedTable)) void invalidateTable(queryClient, change.table as KeyedTable);
    },
    onSubscribed: (_again, alreadyLive) =>
      readAgainSoon(
        queryClient,
        tables.filter((t) => !alreadyLive.includes(t)),
      ),
  });
}
