import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { translate } from '@/i18n';
import { formatMoney, formatNumber } from '@/lib/format';
import type { DashboardFigures } from '@/types/database-json';
import { useDashboardFigures } from '../api/overview';
import { PanelError } from './panel-states';

function Metric({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="text-sm text-gray-600" title={hint}>
        {label}
      </dt>
      <dd className="text-sm font-semibold text-gray-900">{children}</dd>
    </div>
  );
}

const none = () => translate('common:states.none');
const percent = (v: number | null) =>
  v === null ? none() : formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 1 });

const METRICS: { key: 'averageRevenue' | 'retention' | 'adDuration' | 'uptime'; value: (f: DashboardFigures) => string }[] =
  [
    { key: 'averageRevenue', value: (f) => formatMoney(f.average_monthly_revenue) },
    { key: 'retention', value: (f) => percent(f.retention_percent) },
    {
      key: 'adDuration',
      value: (f) =>
        f.average_campaign_days === null
          ? none()
          : translate('dashboard:metrics.adDuration.days', {
              count: f.average_campaign_days,
              days: formatNumber(f.average_campaign_days),
            }),
    },
    { key: 'uptime', value: (f) => percent(f.uptime_percent) },
  ];

export function PerformanceMetrics() {
  const { t } = useTranslation(['dashboard', 'common']);
  const figures = useDashboardFigures();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('metrics.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {figures.isError && (
          <PanelError title={t('metrics.loadFailed')} error={figures.error} onRetry={() => void figures.refetch()} />
        )}
        <dl className="divide-y divide-gray-100">
          {METRICS.map(({ key, value }) => {
            const label = t(`metrics.${key}.label`);
            return (
              <Metric key={key} label={label} hint={t(`metrics.${key}.hint`)}>
                {figures.isPending ? (
                  <span role="status" aria-label={t('loadingFigure', { name: label })}>
                    <Skeleton className="h-5 w-20" />
                  </span>
                ) : figures.isError ? (
                  t('common:states.none')
                ) : (
                  value(figures.data)
                )}
              </Metric>
            );
          })}
        </dl>
      </CardContent>
    </Card>
  );
}
