import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/components/ui/error-state';
import { formatDay } from '@/entities/plays/calendar-days';
import type { PlaysScope } from '@/entities/plays/plays-report';
import { formatCount } from '@/entities/plays/time-on-screen';
import { downloadText } from '@/lib/csv';
import { exportRawPlays, type RawExportProgress } from '@/entities/plays/raw-plays';

type ExportState =
  | { step: 'running'; progress: RawExportProgress | null }
  | { step: 'done'; rows: number }
  | { step: 'failed'; error: unknown };

/**
 * Reads the raw plays of `scope` with a progress bar and a Cancel button, then downloads
 * them as `filename`. Opened by mounting it; `onClose` when it is done or cancelled.
 */
export function RawExportDialog({
  scope,
  filename,
  onClose,
}: {
  scope: PlaysScope;
  filename: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['reports', 'common']);
  const queryClient = useQueryClient();
  const [state, setState] = useState<ExportState>({ step: 'running', progress: null });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    exportRawPlays(scope, {
      signal: abort.signal,
      queryClient,
      onProgress: (progress) => {
        if (!abort.signal.aborted) setState({ step: 'running', progress });
      },
    }).then(
      ({ csv, rows }) => {
        if (abort.signal.aborted) return;
        downloadText(csv, filename);
        setState({ step: 'done', rows });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ step: 'failed', error });
      },
    );
    // Closing the dialog (or leaving the page) stops the reads.
    return () => abort.abort();
  }, [scope, filename, queryClient]);

  const cancel = () => {
    controller.current?.abort();
    onClose();
  };

  const progress = state.step === 'running' ? state.progress : null;
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.read / progress.total) * 100)) : 0;

  return (
    <Dialog open onOpenChange={(open) => !open && cancel()}>
      <DialogContent hideClose={state.step === 'running'}>
        <DialogHeader>
          <DialogTitle>{t('export.title')}</DialogTitle>
          <DialogDescription>
            {t('export.description', { from: formatDay(scope.from, 'long'), to: formatDay(scope.to, 'long') })}
          </DialogDescription>
        </DialogHeader>
        {state.step === 'running' && (
          <div className="space-y-2">
            <div
              role="progressbar"
              aria-label={t('export.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={progress?.total ?? 0}
              aria-valuenow={progress?.read ?? 0}
              aria-valuetext={
                progress
                  ? t('export.progressValue', {
                      count: progress.total,
                      read: formatCount(progress.read),
                      total: formatCount(progress.total),
                    })
                  : t('export.starting')
              }
              className="h-2 overflow-hidden rounded-full bg-gray-200"
            >
              <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-sm text-gray-600" aria-live="polite">
              {!progress
                ? t('export.finding')
                : progress.phase === 'naming'
                  ? t('export.naming', { count: progress.read, read: formatCount(progress.read) })
                  : t('export.reading', {
                      count: progress.total,
                      read: formatCount(progress.read),
                      total: formatCount(progress.total),
                    })}
            </p>
          </div>
        )}
        {state.step === 'done' && (
          <p role="status" className="text-sm text-success-700">
            {state.rows === 0
              ? t('export.empty', { filename })
              : t('export.saved', { count: state.rows, rows: formatCount(state.rows), filename })}
          </p>
        )}
        {state.step === 'failed' && (
          <p role="alert" className="text-sm text-danger-700">
            {t('export.failed', { reason: errorMessage(state.error) })}
          </p>
        )}
        <DialogFooter>
          {state.step === 'running' ? (
            <Button variant="outline" onClick={cancel}>
              {t('common:actions.cancel')}
            </Button>
          ) : (
            <Button variant="outline" onClick={onClose}>
              {t('export.done')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
