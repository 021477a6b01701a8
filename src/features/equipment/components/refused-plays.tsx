import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { refusalsText, refusalsTodayQueryOptions } from '../api/play-refusals';

/** Today's refused plays of one screen, for its details (loading, error with a retry, or the count). */
export function RefusedPlays({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation(['equipment', 'common']);
  const query = useQuery(refusalsTodayQueryOptions(deviceId));
  if (query.isPending) return <span className="text-gray-500">{t('common:states.loading')}</span>;
  if (query.isError) {
    return (
      <span className="inline-flex items-center gap-2">
        <span className="text-danger-700">{t('refusals.loadFailed')}</span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('refusals.retry')}
        </Button>
      </span>
    );
  }
  const text = refusalsText(query.data);
  return <span className={query.data.total > 0 ? 'text-warning-700' : undefined}>{text}</span>;
}
