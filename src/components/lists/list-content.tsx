import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';

/** The parts of a React Query result (useQuery or useInfiniteQuery) a list screen needs. */
export interface ListQuery<TData> {
  data: TData | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface ListContentProps<TData> {
  query: ListQuery<TData>;
  /** Shown while the first read runs: a SkeletonGrid. */
  loading: ReactNode;
  /** The error's heading, such as 'Advertisers could not be loaded'. */
  errorTitle: string;
  /** Whether the data has no rows to show. */
  isEmpty: (data: TData) => boolean;
  /** Shown when there are no rows: an EmptyState. */
  empty: ReactNode;
  /** The rows. */
  children: (data: TData) => ReactNode;
}

/**
 * One list's body in the state its query is in: the loading skeleton, the error with a retry,
 * the empty state, or the rows.
 */
export function ListContent<TData>({ query, loading, errorTitle, isEmpty, empty, children }: ListContentProps<TData>) {
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
      />
    );
  }
  if (query.isPending || query.data === undefined) return loading;
  if (isEmpty(query.data)) return empty;
  return children(query.data);
}
