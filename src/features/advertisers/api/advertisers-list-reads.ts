// The advertisers list's first read, started by its route as navigation begins (beside the
// screen's chunk, not after it): light enough for the app's own chunk.
import { listParams } from '@/hooks/use-list-search-params';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { ADVERTISER_STATUSES, advertisersQueryOptions } from './advertisers';

/** The page of advertisers the address asks for. */
export const prefetchAdvertisersList: ScreenPrefetch = (queryClient, url) => {
  void queryClient.prefetchQuery(advertisersQueryOptions(listParams(url.searchParams, ADVERTISER_STATUSES)));
};
