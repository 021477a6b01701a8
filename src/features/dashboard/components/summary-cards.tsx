import {
  DollarSign,
  Megaphone,
  Minus,
  MonitorPlay,
  RotateCw,
  TrendingDown,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { cn } from '@/utils/cn';
import type { DailyCounts } from '@/types/database-json';
import { changePercent, useDashboardFigures } from '../api/overview';

const CARDS: {
  key: 'customers' | 'advertisers' | 'ads' | 'revenue';
  icon: LucideIcon;
  field: keyof DailyCounts;
  format: (n: number) => string;
}[] = [
  { key: 'customers', icon: Users, field: 'active_customers', format: (n) => formatNumber(n) },
  { key: 'advertisers', icon: Megaphone, field: 'active_advertisers', format: (n) => formatNumber(n) },
  { key: 'ads', icon: MonitorPlay, field: 'running_ads', format: (n) => formatNumber(n) },
  { key: 'revenue', icon: DollarSign, field: 'monthly_revenue', format: (n) => formatMoney(n) },
];

/** '+12%' in green, '−8%' in red, '0%' in grey; a dash when there is no month-ago figure. */
function Change({ percent, since }: { percent: number | null; since: string | null }) {
  const { t } = useTranslation(['dashboard', 'common']);
  if (percent === null) {
    return (
      <p className="mt-3 flex items-center gap-1 text-sm text-gray-500" title={t('cards.noChangeHint')}>
        <Minus aria-hidden className="size-4" />
        <span aria-label={t('cards.noChange')}>{t('common:states.none')}</span> <span>{t('cards.fromLastMonth')}</span>
      </p>
    );
  }
  const Icon = percent > 0 ? TrendingUp : percent < 0 ? TrendingDown : Minus;
  const size = formatNumber(Math.abs(percent) / 100, { style: 'percent' });
  const text = percent > 0 ? `+${size}` : percent < 0 ? `−${size}` : size;
  return (
    <p
      className={cn(
        'mt-3 flex items-center gap-1 text-sm',
        percent > 0 ? 'text-success-700' : percent < 0 ? 'text-danger-700' : 'text-gray-500',
      )}
      title={since ? t('cards.comparedWith', { date: formatDate(since) }) : undefined}
    >
      <Icon aria-hidden className="size-4" />
      <span>{text}</span> <span className="text-gray-500">{t('cards.fromLastMonth')}</span>
    </p>
  );
}

export function SummaryCards() {
  const { t } = useTranslation(['dashboard', 'common']);
  const figures = useDashboardFigures();
  return (
    <section aria-label={t('cards.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ key, icon: Icon, field, format }) => {
        const title = t(`cards.${key}`);
        return (
          <Card key={key} className="p-5" role="group" aria-label={title}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 space-y-1">
                <h2 className="text-sm font-medium text-gray-500">{title}</h2>
                {figures.isPending ? (
                  <div role="status" aria-label={t('loadingFigure', { name: title })}>
                    <Skeleton className="h-8 w-24" />
                  </div>
                ) : figures.isError ? (
                  <div role="alert" className="space-y-1 text-sm text-danger-700">
                    <p>{errorMessage(figures.error)}</p>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => void figures.refetch()}
                      aria-label={t('cards.retry', { name: title })}
                    >
                      <RotateCw aria-hidden className="size-4" />
                      {t('common:actions.retry')}
                    </Button>
                  </div>
                ) : (
                  <p className="text-2xl font-semibold text-gray-900">{format(figures.data.current[field])}</p>
                )}
              </div>
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
            </div>
            {figures.isSuccess && (
              <Change
                percent={changePercent(figures.data.current[field], figures.data.month_ago?.[field])}
                since={figures.data.month_ago?.day ?? null}
              />
            )}
          </Card>
        );
      })}
    </section>
  );
}
