import type { QueryClient } from '@tanstack/react-query';

/**
 * A screen's first reads, which its route starts as soon as the screen's code is loaded,
 * alongside the guards' read of the role, instead of after it. `url` is the address being
 * opened (lists keep their search, filter and page there). What comes back lands in the
 * query cache under the keys the screen then reads; row-level security decides it.
 */
export type ScreenPrefetch = (queryClient: QueryClient, url: URL) => void;
