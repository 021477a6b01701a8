import { useQuery } from '@tanstack/react-query';
import { ChartColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { dayIn } from '@/entities/campaign/campaign-dates';
import { formatDay, lastDays } from '@/entities/plays/calendar-days';
import { PlaysByDayChart } from '@/entities/plays/plays-chart';
import { ReadsError } from '@/entities/plays/reads-error';
import { playsByDayQuery, playsReportQuery, playsTotals } from '@/entities/plays/plays-report';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';

/** How many of the venue's campaigns the panel names. */
const TOP_CAMPAIGNS = 5;

/**
 * The venue's own plays over its last 7 days (its own calendar days, in its time zone):
 * totals, plays per day and the campaigns that played most. Read with the venue's login,
 * naming no venue: the database answers with the venue's own plays only.
 */
export function RecentPlays({ timeZone, now }: { timeZone: string; now?: Date }) {
  const { t } = useTranslation('home');
  const scope = lastDays(dayIn(timeZone, now), 7);
  const days = useQuery(playsByDayQuery(scope));
  const campaigns = useQuery(playsReportQuery(scope, 'campaign'));

  if (days.isPending || campaigns.isPending) {
    return (
      <LoadingRegion label={t('plays.loading')} className="space-y-3">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-32" />
        <Skeleton className="h-5 w-1/2" />
      </LoadingRegion>
    );
  }
  if (days.isError || campaigns.isError) {
    return <ReadsError title={t('plays.loadFailed')} reads={[days, campaigns]} />;
  }
  const totals = playsTotals(days.data);
  const period = t('plays.period', { from: formatDay(scope.from), to: formatDay(scope.to) });
  if (totals.plays === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-gray-500">
        <ChartColumn aria-hidden className="size-8 text-gray-400" />
        <p className="font-medium text-gray-700">{t('plays.none', { period })}</p>
        <p>{t('plays.noneHint')}</p>
      </div>
    );
  }
  const top = campaigns.data.slice(0, TOP_CAMPAIGNS);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-4" aria-label={t('plays.totalsLabel')}>
        <div>
          <dt className="text-sm text-gray-500">{t('plays.plays')}</dt>
          <dd className="text-2xl font-semibold text-gray-900">{formatCount(totals.plays)}</dd>
        </div>
        <div>
          <dt className="text-sm text-gray-500">{t('plays.timeOnScreen')}</dt>
          <dd className="text-2xl font-semibold text-gray-900">{formatTimeOnScreen(totals.seconds)}</dd>
        </div>
      </dl>
      <PlaysByDayChart days={days.data} title={t('plays.chartTitle')} height={160} />
      <div className="space-y-2">
        <h3 className="text-sm font-medium text-gray-700">{t('plays.topCampaigns')}</h3>
        <ol aria-label={t('plays.topCampaigns')} className="space-y-1 text-sm">
          {top.map((row) => (
            <li key={row.key ?? 'none'} className="flex items-baseline justify-between gap-3">
              <span className="truncate text-gray-900">{row.label}</span>
              <span className="shrink-0 text-gray-500 tabular-nums">
                {t('plays.topLine', {
                  count: row.plays,
                  plays: formatCount(row.plays),
                  time: formatTimeOnScreen(row.seconds),
                })}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <p className="text-xs text-gray-500">{t('plays.footer', { period, zone: timeZone.replaceAll('_', ' ') })}</p>
    </div>
  );
}
