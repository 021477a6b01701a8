import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/utils/cn';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

export interface ListCounter {
  label: string;
  /** The count; undefined while it loads. */
  value: number | undefined;
  icon?: LucideIcon;
  /** Classes of the icon's round badge, such as 'bg-success-50 text-success-700'. */
  iconClassName?: string;
}

export interface ListCountersProps {
  /** The group's accessible name, such as 'Customer counts'. */
  label: string;
  counters: readonly ListCounter[];
  /** True when the counts could not be read: each shows a dash. */
  isError?: boolean;
  className?: string;
}

/** The counts above a list, one card each (a group named by its label), in a row that wraps on narrow screens. */
export function ListCounters({ label, counters, isError = false, className }: ListCountersProps) {
  const { t } = useTranslation('common');
  return (
    <section
      aria-label={label}
      aria-busy={(!isError && counters.some((c) => c.value === undefined)) || undefined}
      className={cn('grid grid-cols-2 gap-4 md:grid-cols-4', className)}
    >
      {counters.map(({ label: name, value, icon: Icon, iconClassName }) => (
        <Card key={name} role="group" aria-label={name} className="flex min-w-0 items-center gap-4 px-5 py-4">
          {Icon && (
            <span
              className={cn('hidden size-10 shrink-0 items-center justify-center rounded-full sm:flex', iconClassName)}
            >
              <Icon aria-hidden className="size-5" />
            </span>
          )}
          <div className="min-w-0">
            <p className="truncate text-sm text-gray-600">{name}</p>
            {isError ? (
              <p className="text-2xl font-semibold text-gray-900">—</p>
            ) : value === undefined ? (
              <span role="status" aria-label={t('loadingCount', { name })}>
                <Skeleton className="h-8 w-12" />
              </span>
            ) : (
              <p className="text-2xl font-semibold text-gray-900">{formatNumber(value)}</p>
            )}
          </div>
        </Card>
      ))}
    </section>
  );
}
