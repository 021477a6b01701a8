import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';

/** The parts of a React Query result (useQuery or useInfiniteQuery) a screen's states need. */
export interface BoundaryQuery<TData> {
  data: TData | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A failed read, for a screen that shows it its own way. */
export interface QueryFailure {
  error: unknown;
  /** Reads again. */
  retry: () => void;
  /** True while the retry runs. */
  retrying: boolean;
}

export interface QueryBoundaryProps<TData> {
  query: BoundaryQuery<TData>;
  /** Shown while the first read runs: a skeleton in a LoadingRegion, or a spinner. */
  loading: ReactNode;
  /**
   * The failure's heading, shown as an ErrorState with its message and a Try again button;
   * or how the screen shows a failure (a panel's own alert, the kiosk's reconnecting screen).
   */
  error: string | ((failure: QueryFailure) => ReactNode);
  /** Shown when the read found no record (null): a RecordNotFound. */
  notFound?: ReactNode;
  /** The content, once the data is there. */
  children: (data: NonNullable<TData>) => ReactNode;
}

/**
 * A read's screen in the state its query is in: loading, failed (with a retry), found
 * nothing, or its content. Every screen that reads one record (or one list) goes through it.
 */
export function QueryBoundary<TData>({ query, loading, error, notFound = null, children }: QueryBoundaryProps<TData>) {
  if (query.isPending) return loading;
  if (query.isError) {
    const failure: QueryFailure = {
      error: query.error,
      retry: () => void query.refetch(),
      retrying: query.isRefetching,
    };
    return typeof error === 'string' ? <FailedRead title={error} failure={failure} /> : error(failure);
  }
  if (query.data === undefined) return loading;
  if (query.data === null) return notFound;
  return children(query.data);
}

/** A failed read as an ErrorState: its heading, the error's message, and Try again (busy while it runs). */
export function FailedRead({
  title,
  failure,
  className,
}: {
  title: string;
  failure: QueryFailure;
  className?: string;
}) {
  return (
    <ErrorState
      title={title}
      error={failure.error}
      onRetry={failure.retry}
      isRetrying={failure.retrying}
      className={className}
    />
  );
}

/**
 * Two reads a screen needs together, as one: loading while either loads, failed while either
 * failed (the first one's error; a retry reads both again), and both their data once there.
 */
export function bothQueries<A, B>(a: BoundaryQuery<A>, b: BoundaryQuery<B>): BoundaryQuery<[A, B]> {
  return {
    data: a.data === undefined || b.data === undefined ? undefined : [a.data, b.data],
    isPending: a.isPending || b.isPending,
    isError: a.isError || b.isError,
    error: a.error ?? b.error,
    isRefetching: a.isRefetching || b.isRefetching,
    refetch: () => Promise.all([a.refetch(), b.refetch()]),
  };
}
