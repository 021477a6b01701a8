// The customers list's first reads, started by its route as navigation begins (beside the
// screen's chunk, not after it): light enough for the app's own chunk.
import { listParams } from '@/hooks/use-list-search-params';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { CUSTOMER_STATUSES } from './customer-schema';
import { customerCountsOptions, customerListOptions } from './customers';

/** The page of customers the address asks for, and the counts. */
export const prefetchCustomersList: ScreenPrefetch = (queryClient, url) => {
  void queryClient.prefetchQuery(customerListOptions(listParams(url.searchParams, CUSTOMER_STATUSES)));
  void queryClient.prefetchQuery(customerCountsOptions());
};
