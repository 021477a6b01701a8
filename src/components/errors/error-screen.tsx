import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from 'react-i18next';

export interface ErrorScreenProps {
  title?: string;
  message: string;
  /** Offers a reload button (default true). */
  canReload?: boolean;
}

/** A whole-page error, shown instead of a blank page when the app cannot go on. */
export function ErrorScreen({ title, message, canReload = true }: ErrorScreenProps) {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <div
        role="alert"
        className="w-full max-w-lg space-y-4 rounded-lg border border-danger-200 bg-white p-6 shadow-sm"
      >
        <div className="flex items-center gap-3 text-danger-700">
          <TriangleAlert aria-hidden className="size-6 shrink-0" />
          <h1 className="text-lg font-semibold">{title ?? t('errors.somethingWrong')}</h1>
        </div>
        <p className="text-sm whitespace-pre-line text-gray-700">{message}</p>
        {canReload && (
          <Button variant="outline" onClick={() => window.location.reload()}>
            {t('errors.reloadPage')}
          </Button>
        )}
      </div>
    </main>
  );
}
