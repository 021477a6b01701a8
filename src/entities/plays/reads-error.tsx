import { ErrorState } from '@/components/ui/error-state';

interface Read {
  isError: boolean;
  error: unknown;
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * One error for a panel built on several reads (plays per day and a report): the first
 * failure's message, and a retry that reads again each read that failed. Nothing while
 * none failed.
 */
export function ReadsError({ title, reads }: { title: string; reads: readonly Read[] }) {
  const failed = reads.filter((r) => r.isError);
  if (failed.length === 0) return null;
  return (
    <ErrorState
      title={title}
      error={failed[0]!.error}
      onRetry={() => failed.forEach((r) => void r.refetch())}
      isRetrying={reads.some((r) => r.isRefetching)}
    />
  );
}
