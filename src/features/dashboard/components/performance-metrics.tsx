import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';
import type { DashboardFigures } from '@/types/database-json';
import { dashboardFiguresQueryOptions } from '../api/overview';
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

const percent = (v: number | null) => (v === null ? '—' : `${v}%`);

const METRICS: { label: string; hint: string; value: (f: DashboardFigures) => string }[] = [
  {
    label: 'Average Monthly Revenue',
    hint: 'The average monthly fee of the active customers.',
    value: (f) => formatMoney(f.average_monthly_revenue),
  },
  {
    label: 'Customer Retention',
    hint: 'Of the customers who signed up over 30 days ago, the share still active.',
    value: (f) => percent(f.retention_percent),
  },
  {
    label: 'Avg. Ad Duration',
    hint: 'The average length of the campaigns that have a start and an end date.',
    value: (f) => (f.average_campaign_days === null ? '—' : `${f.average_campaign_days} days`),
  },
  {
    label: 'System Uptime',
    hint: 'The share of minutes the screens were reporting, over the last 30 days.',
    value: (f) => percent(f.uptime_percent),
  },
];

export function PerformanceMetrics() {
  const figures = useQuery(dashboardFiguresQueryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance Metrics</CardTitle>
      </CardHeader>
      <CardContent>
        {figures.isError && (
          <PanelError
            title="The metrics could not be loaded"
            error={figures.error}
            onRetry={() => void figures.refetch()}
          />
        )}
        <dl className="divide-y divide-gray-100">
          {METRICS.map(({ label, hint, value }) => (
            <Metric key={label} label={label} hint={hint}>
              {figures.isPending ? (
                <span role="status" aria-label={`Loading ${label}`}>
                  <Skeleton className="h-5 w-20" />
                </span>
              ) : figures.isError ? (
                '—'
              ) : (
                value(figures.data)
              )}
            </Metric>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
