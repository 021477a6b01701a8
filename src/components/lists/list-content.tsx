import type { ReactNode } from 'react';
import { QueryBoundary, type BoundaryQuery } from '@/components/errors/query-boundary';

/** The parts of a React Query result (useQuery or useInfiniteQuery) a list screen needs. */
export type ListQuery<TData> = BoundaryQuery<TData>;

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
  return (
    <QueryBoundary query={query} loading={loading} error={errorTitle}>
      {(data) => (isEmpty(data) ? empty : children(data))}
    </QueryBoundary>
  );
}
