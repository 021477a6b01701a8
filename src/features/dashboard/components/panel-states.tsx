import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';

export function PanelLoading({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <LoadingRegion label={label} className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </LoadingRegion>
  );
}

export function PanelError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="space-y-2 rounded-md border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-700"
    >
      <p className="font-medium">{title}</p>
      <p>{errorMessage(error)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden className="size-4" />
        {t('actions.retry')}
      </Button>
    </div>
  );
}
