import { useQuery } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { describeWindows } from '@/entities/campaign/schedule';
import { formatDay, type Day } from '@/entities/plays/calendar-days';
import { screenDayBookingsQueryOptions } from '../api/availability';
import { describeSeconds, formatShare } from '../lib/share';

export interface BookingsTarget {
  deviceId: string;
  name: string;
  venue: string | null;
  day: Day;
  loopSeconds: number;
  bookedSeconds: number;
  /** When the cell was a group's: its name (the dialog shows its fullest screen). */
  group?: string;
}

/** The campaigns booked on one screen on one day, with the seconds of its loop each takes. */
export function BookingsDialog({ target, onClose }: { target: BookingsTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && <BookingsContent target={target} />}
    </Dialog>
  );
}

function BookingsContent({ target }: { target: BookingsTarget }) {
  const { t } = useTranslation(['availability', 'common']);
  const bookings = useQuery(screenDayBookingsQueryOptions(target.deviceId, target.day));
  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>{t('bookings.title', { name: target.name, day: formatDay(target.day, 'long') })}</DialogTitle>
        <DialogDescription>
          {target.group && <>{t('bookings.fullestOf', { group: target.group })} </>}
          {t('bookings.summary', {
            venue: target.venue ?? t('screens.noVenue'),
            seconds: describeSeconds(target.bookedSeconds, target.loopSeconds),
            share: formatShare(target.bookedSeconds, target.loopSeconds),
          })}
        </DialogDescription>
      </DialogHeader>
      <QueryBoundary
        query={bookings}
        loading={
          <LoadingRegion label={t('bookings.loading')} className="space-y-2">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </LoadingRegion>
        }
        error={t('bookings.loadFailed')}
      >
        {(rows) =>
          rows.length === 0 ? (
            <p className="flex items-center gap-2 py-6 text-sm text-gray-500">
              <CalendarX aria-hidden className="size-4" />
              {t('bookings.empty')}
            </p>
          ) : (
            <div className="max-h-96 overflow-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('bookings.caption')}</caption>
                <thead className="text-xs text-gray-500 uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('bookings.columns.campaign')}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('bookings.columns.advertiser')}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('bookings.columns.spots')}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('bookings.columns.perLoop')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      {t('bookings.columns.dayparts')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {rows.map((b) => (
                    <tr key={b.campaignId}>
                      <th scope="row" className="py-2 pr-3 font-medium text-gray-900">
                        {b.campaignName}
                      </th>
                      <td className="py-2 pr-3 text-gray-600">{b.advertiserName ?? t('common:states.none')}</td>
                      <td className="py-2 pr-3 text-gray-600 tabular-nums">
                        {t('bookings.spots', { spots: b.spotsPerLoop, seconds: b.spotSeconds })}
                      </td>
                      <td className="py-2 pr-3 text-gray-900 tabular-nums">
                        {t('bookings.seconds', { seconds: b.bookedSeconds })}
                      </td>
                      <td className="py-2 text-gray-600">{describeWindows(b.windows)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryBoundary>
    </DialogContent>
  );
}
