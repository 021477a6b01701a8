import { CircleAlert, RotateCw } from 'lucide-react';
import { cn } from '@/utils/cn';
import { Button } from './button';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
import { localizeServerMessage } from '@/lib/server-messages';

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
  if (typeof error === 'string' && error) return localizeServerMessage(error);
  if (error && typeof error === 'object' && 'message' in error) {
    const { message } = error;
    if (typeof message === 'string' && message) return localizeServerMessage(message);
  }
  return translate('common:errors.generic');
}

/** What a list or page shows when loading failed, with a retry. */
export function ErrorState({ title, error, onRetry, isRetrying = false, className }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center rounded-lg border border-danger-200 bg-danger-50 px-6 py-12 text-center',
        className,
      )}
    >
      <CircleAlert aria-hidden className="size-8 text-danger-600" />
      <h2 className="mt-3 text-base font-semibold text-danger-700">{title ?? t('errors.somethingWrong')}</h2>
      {error !== undefined && <p className="mt-1 max-w-md text-sm text-danger-700">{errorMessage(error)}</p>}
      {onRetry && (
        <Button variant="outline" className="mt-6" onClick={onRetry} isLoading={isRetrying}>
          {!isRetrying && <RotateCw aria-hidden className="size-4" />}
          {t('actions.retry')}
        </Button>
      )}
    </div>
  );
}
