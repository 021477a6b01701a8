import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';
import { monthlyRevenueQueryOptions } from '../api/overview';
import { PanelError } from './panel-states';

function Metric({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="text-sm font-semibold text-gray-900">{children}</dd>
    </div>
  );
}

export function PerformanceMetrics() {
  const revenue = useQuery(monthlyRevenueQueryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance Metrics</CardTitle>
      </CardHeader>
      <CardContent>
        {revenue.isError && (
          <PanelError
            title="Average revenue could not be loaded"
            error={revenue.error}
            onRetry={() => void revenue.refetch()}
          />
        )}
        <dl className="divide-y divide-gray-100">
          <Metric label="Average Monthly Revenue">
            {revenue.isPending ? (
              <span role="status" aria-label="Loading average monthly revenue">
                <Skeleton className="h-5 w-20" />
              </span>
            ) : revenue.isError ? (
              '—'
            ) : (
              formatMoney(revenue.data.average)
            )}
          </Metric>
          <Metric label="Customer Retention">94%</Metric>
          <Metric label="Avg. Ad Duration">45 days</Metric>
          <Metric label="System Uptime">99.2%</Metric>
        </dl>
      </CardContent>
    </Card>
  );
}
