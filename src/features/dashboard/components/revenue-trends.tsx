import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { BarChart } from '@/components/charts/bar-chart';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/format';
import { dashboardFiguresQueryOptions } from '../api/overview';
import { PanelError, PanelLoading } from './panel-states';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const asDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** Monthly revenue (active customers' fees) at the end of each month, this month as it stands. */
export function RevenueTrends() {
  const figures = useQuery(dashboardFiguresQueryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Revenue Trends</CardTitle>
        <CardDescription>Monthly revenue at the end of each month; this month as it stands.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryBoundary
          query={figures}
          loading={<PanelLoading label="Loading revenue" rows={3} />}
          error={(failure) => (
            <PanelError title="Revenue could not be loaded" error={failure.error} onRetry={failure.retry} />
          )}
        >
          {({ revenue_by_month: months }) =>
            months.length < 2 ? (
              <div className="flex h-56 flex-col items-center justify-center gap-2 text-center text-sm text-gray-500">
                <BarChart3 aria-hidden className="size-10 text-gray-400" />
                <p>No history yet: the chart fills in as the months go by.</p>
                <p>This month: {formatMoney(months[0]?.revenue ?? 0)}</p>
              </div>
            ) : (
              <BarChart
                title="Monthly revenue"
                valueLabel="Revenue"
                data={months.map((m) => ({ label: monthName.format(asDate(m.month)), value: m.revenue }))}
                formatValue={(v) => formatMoney(v)}
                formatTick={(label) => label.split(' ')[0] ?? label}
              />
            )
          }
        </QueryBoundary>
      </CardContent>
    </Card>
  );
}
