// A network campaign's delivery over the last 14 days: per day, the screens it played on,
// the plays its schedule, spots and the screens' uptime promised, the plays recorded (proof
// of play) and the pace.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { formatDay, lastDays } from '@/entities/plays/calendar-days';
import { formatNumber } from '@/lib/format';
import { cn } from '@/utils/cn';
import { deliveryKeys } from '../api/delivery';
import { formatPace, paceOf, paceTone, PacingText } from './pacing-text';

/** How many days the panel shows, ending today. */
export const DELIVERY_DAYS = 14;

/** The browser's calendar day. */
function browserToday(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const plays = (n: number) => formatNumber(Math.round(n));

export function DeliveryPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const period = lastDays(browserToday(), DELIVERY_DAYS);
  const delivery = useQuery(deliveryKeys.days(campaignId, period.from, period.to));
  const rows = delivery.data ?? [];
  const expected = rows.reduce((sum, r) => sum + Number(r.expected_plays), 0);
  const recorded = rows.reduce((sum, r) => sum + Number(r.recorded_plays), 0);

  return (
    <Card role="region" aria-labelledby="delivery-title">
      <CardHeader>
        <CardTitle id="delivery-title" className="text-base">
          {t('delivery.title')}
        </CardTitle>
        <CardDescription>
          {t('delivery.description', { count: DELIVERY_DAYS })}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {delivery.isPending ? (
          <LoadingRegion label={t('delivery.loading')} className="space-y-2">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </LoadingRegion>
        ) : delivery.isError ? (
          <ErrorState
            title={t('delivery.loadFailed')}
            error={delivery.error}
            onRetry={() => void delivery.refetch()}
            isRetrying={delivery.isRefetching}
          />
        ) : rows.length === 0 ? (
          <p className="text-sm text-gray-500">{t('delivery.empty', { count: DELIVERY_DAYS })}</p>
        ) : (
          <>
            <PacingText expected={expected} recorded={recorded} />
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('delivery.caption')}</caption>
                <thead className="text-left text-xs text-gray-500">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('delivery.day')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('delivery.screens')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('delivery.expected')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('delivery.recorded')}
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      {t('delivery.pace')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {rows.map((row) => {
                    const pace = paceOf(Number(row.expected_plays), Number(row.recorded_plays));
                    return (
                      <tr key={row.day}>
                        <th scope="row" className="py-2 pr-4 text-left font-normal text-gray-900">
                          {formatDay(row.day, 'long')}
                        </th>
                        <td className="py-2 pr-4 text-right tabular-nums">{formatNumber(row.screens)}</td>
                        <td className="py-2 pr-4 text-right tabular-nums">{plays(Number(row.expected_plays))}</td>
                        <td className="py-2 pr-4 text-right tabular-nums">{plays(Number(row.recorded_plays))}</td>
                        <td className={cn('py-2 text-right font-medium tabular-nums', pace !== null && paceTone(pace))}>
                          {pace === null ? t('common:states.none') : formatPace(pace)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
