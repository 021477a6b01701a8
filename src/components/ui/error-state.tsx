import { CircleAlert, RotateCw } from 'lucide-react';
import { cn } from '@/utils/cn';
import { Button } from './button';

export interface ErrorStateProps {
  title?: string;
  /** The error, or its message. */
  error?: unknown;
  /** Shows a Try again button that calls this. */
  onRetry?: () => void;
  /** True while the retry runs. */
  isRetrying?: boolean;
  className?: string;
}

/** The text of an error as users should see it ('An error occurred' when it has none). */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && 'message' in error) {
    const { message } = error;
    if (typeof message === 'string' && message) return message;
  }
  return 'An error occurred';
}

/** What a list or page shows when loading failed, with a retry. */
export function ErrorState({
  title = 'Something went wrong',
  error,
  onRetry,
  isRetrying = false,
  className,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center rounded-lg border border-danger-200 bg-danger-50 px-6 py-12 text-center',
        className,
      )}
    >
      <CircleAlert aria-hidden className="size-8 text-danger-600" />
      <h2 className="mt-3 text-base font-semibold text-danger-700">{title}</h2>
      {error !== undefined && <p className="mt-1 max-w-md text-sm text-danger-700">{errorMessage(error)}</p>}
      {onRetry && (
        <Button variant="outline" className="mt-6" onClick={onRetry} isLoading={isRetrying}>
          {!isRetrying && <RotateCw aria-hidden className="size-4" />}
          Try again
        </Button>
      )}
    </div>
  );
}
