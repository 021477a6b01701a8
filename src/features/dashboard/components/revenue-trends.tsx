import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { intlLocale } from '@/i18n';
import { formatMoney } from '@/lib/format';
import { useDashboardFigures } from '../api/overview';
import { PanelError, PanelLoading } from './panel-states';

const asDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** Monthly revenue (active customers' fees) at the end of each month, this month as it stands. */
export function RevenueTrends() {
  const { t } = useTranslation('dashboard');
  const figures = useDashboardFigures();
  // Month names in the screens' language ('Sep 2026', 'sept 2026', 'Sept. 2026').
  const monthName = new Intl.DateTimeFormat(intlLocale(), { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const monthTick = new Intl.DateTimeFormat(intlLocale(), { month: 'short', timeZone: 'UTC' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('revenue.title')}</CardTitle>
        <CardDescription>{t('revenue.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryBoundary
          query={figures}
          loading={<PanelLoading label={t('revenue.loading')} rows={3} />}
          error={(failure) => (
            <PanelError title={t('revenue.loadFailed')} error={failure.error} onRetry={failure.retry} />
          )}
        >
          {({ revenue_by_month: months }) => {
            if (months.length < 2) {
              return (
                <div className="flex h-56 flex-col items-center justify-center gap-2 text-center text-sm text-gray-500">
                  <BarChart3 aria-hidden className="size-10 text-gray-400" />
                  <p>{t('revenue.noHistory')}</p>
                  <p>{t('revenue.thisMonth', { amount: formatMoney(months[0]?.revenue ?? 0) })}</p>
                </div>
              );
            }
            const bars = months.map((m) => ({
              label: monthName.format(asDate(m.month)),
              tick: monthTick.format(asDate(m.month)),
              value: m.revenue,
            }));
            const ticks = new Map(bars.map((b) => [b.label, b.tick]));
            return (
              <BarChart
                title={t('revenue.chartTitle')}
                periodLabel={t('revenue.period')}
                valueLabel={t('revenue.valueLabel')}
                data={bars.map(({ label, value }) => ({ label, value }))}
                formatValue={(v) => formatMoney(v)}
                formatTick={(label) => ticks.get(label) ?? label}
              />
            );
          }}
        </QueryBoundary>
      </CardContent>
    </Card>
  );
}
