// The equipment list's first reads, started by its route as navigation begins (beside the
// screen's chunk, not after it): light enough for the app's own chunk.
import { listParams } from '@/hooks/use-list-search-params';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { EQUIPMENT_STATUSES, devicesQueryOptions, equipmentCountsQueryOptions, groupParam } from './equipment';

/** The page of devices the address asks for, and the counts by status. */
export const prefetchEquipmentList: ScreenPrefetch = (queryClient, url) => {
  void queryClient.prefetchQuery(
    devicesQueryOptions({ ...listParams(url.searchParams, EQUIPMENT_STATUSES), group: groupParam(url.searchParams) }),
  );
  void queryClient.prefetchQuery(equipmentCountsQueryOptions());
};
