import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { DollarSign, Megaphone, MonitorPlay, RotateCw, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';
import {
  activeAdvertisersQueryOptions,
  activeCustomersQueryOptions,
  monthlyRevenueQueryOptions,
  runningAdsQueryOptions,
} from '../api/overview';

const count = new Intl.NumberFormat('en-US');

interface SummaryCardProps<T> {
  title: string;
  icon: LucideIcon;
  /** The fixed change figure shown under the value. */
  change: string;
  query: UseQueryResult<T>;
  format: (value: T) => string;
}

function SummaryCard<T>({ title, icon: Icon, change, query, format }: SummaryCardProps<T>) {
  return (
    <Card className="p-5" role="group" aria-label={title}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="text-sm font-medium text-gray-500">{title}</h2>
          {query.isPending ? (
            <div role="status" aria-label={`Loading ${title}`}>
              <Skeleton className="h-8 w-24" />
            </div>
          ) : query.isError ? (
            <div role="alert" className="space-y-1 text-sm text-danger-700">
              <p>{errorMessage(query.error)}</p>
              <Button variant="ghost" size="sm" onClick={() => void query.refetch()} aria-label={`Try ${title} again`}>
                <RotateCw aria-hidden className="size-4" />
                Try again
              </Button>
            </div>
          ) : (
            <p className="text-2xl font-semibold text-gray-900">{format(query.data)}</p>
          )}
        </div>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
      </div>
      <p className="mt-3 flex items-center gap-1 text-sm text-success-700">
        <TrendingUp aria-hidden className="size-4" />
        <span>{change}</span>
        <span className="text-gray-500">from last month</span>
      </p>
    </Card>
  );
}

export function SummaryCards() {
  const customers = useQuery(activeCustomersQueryOptions());
  const advertisers = useQuery(activeAdvertisersQueryOptions());
  const ads = useQuery(runningAdsQueryOptions());
  const revenue = useQuery(monthlyRevenueQueryOptions());
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard
        title="Active Customers"
        icon={Users}
        change="+12%"
        query={customers}
        format={(n) => count.format(n)}
      />
      <SummaryCard
        title="Active Advertisers"
        icon={Megaphone}
        change="+8%"
        query={advertisers}
        format={(n) => count.format(n)}
      />
      <SummaryCard title="Running Ads" icon={MonitorPlay} change="+15%" query={ads} format={(n) => count.format(n)} />
      <SummaryCard
        title="Monthly Revenue"
        icon={DollarSign}
        change="+23%"
        query={revenue}
        format={(r) => formatMoney(r.total)}
      />
    </section>
  );
}
