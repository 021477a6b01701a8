// The printable proof-of-performance report of one campaign over a period: plays, time on
// screen, venues (with addresses) and screens, plays per day, a sample of what played and
// the period's totals. "Print or save as PDF" prints the page; the portal's frame and the
// page's controls are left out of the print.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCalendarDate } from '@/entities/campaign/campaign-dates';
import { formatDay } from '@/entities/plays/calendar-days';
import { formatDateTime, formatNumber } from '@/lib/format';
import { performanceQueryOptions, type Performance } from '../api/portal-queries';
import { DaysTable, PerformanceTotals, SampleTable, ScreensTable, VenuesTable } from '../components/performance-tables';
import { PeriodPicker } from '../components/period-picker';
import { periodFrom } from '../lib/period';

function Report({ report }: { report: Performance }) {
  const { t } = useTranslation('advertiserPortal');
  const { campaign } = report;
  return (
    <article aria-labelledby="report-title" className="space-y-6 print:space-y-4">
      <header className="space-y-1 border-b border-gray-200 pb-4 print:border-gray-400">
        <p className="text-sm font-medium tracking-wide text-gray-500 uppercase">{t('report.kicker')}</p>
        <h1 id="report-title" className="text-2xl font-semibold text-gray-900">
          {campaign.name}
        </h1>
        <p className="text-sm text-gray-700">
          {campaign.advertiser && <>{campaign.advertiser} · </>}
          {t('report.booked', {
            kind:
              campaign.kind === 'network'
                ? t('campaign.network')
                : t('campaign.atVenue', { venue: campaign.venue ?? t('campaign.aVenue') }),
            from: formatCalendarDate(campaign.start_date, t('report.openStart')),
            to: formatCalendarDate(campaign.end_date, t('report.noEnd')),
          })}
        </p>
        <p className="text-sm text-gray-700">
          {t('report.period', {
            from: formatDay(report.from, 'long'),
            to: formatDay(report.to, 'long'),
            made: formatDateTime(new Date()),
          })}
        </p>
      </header>
      <section aria-label={t('report.totals')} className="break-inside-avoid">
        <PerformanceTotals report={report} />
      </section>
      <VenuesTable report={report} />
      <ScreensTable report={report} />
      <DaysTable report={report} />
      <section aria-labelledby="sample-heading" className="space-y-2">
        <h2 id="sample-heading" className="text-lg font-semibold text-gray-900">
          {t('report.whatPlayed')}
        </h2>
        <SampleTable report={report} />
      </section>
      <footer className="border-t border-gray-200 pt-3 text-xs text-gray-500 print:border-gray-400">
        {t('report.footer', {
          plays: formatNumber(report.totals.plays),
          seconds: formatNumber(Math.round(report.totals.seconds)),
          venues: formatNumber(report.totals.venues),
          screens: formatNumber(report.totals.screens),
          days: formatNumber(report.totals.days_with_plays),
        })}
      </footer>
    </article>
  );
}

export function PortalReportRoute() {
  const { t } = useTranslation('advertiserPortal');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const period = periodFrom(params);
  const report = useQuery(performanceQueryOptions(id, period.from, period.to));
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden" data-print="hide">
        <Link
          to={paths.advertiser.campaign.getHref(id)}
          className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" /> {t('report.back')}
        </Link>
        <div className="flex flex-wrap items-end gap-3">
          <PeriodPicker period={period} />
          <Button onClick={() => window.print()} disabled={!report.isSuccess}>
            <Printer aria-hidden className="size-4" />
            {t('report.print')}
          </Button>
        </div>
      </div>
      {report.isPending ? (
        <LoadingRegion label={t('report.loading')} className="space-y-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </LoadingRegion>
      ) : report.isError ? (
        <ErrorState
          title={t('report.error')}
          error={report.error}
          onRetry={() => void report.refetch()}
          isRetrying={report.isRefetching}
        />
      ) : (
        <Report report={report.data} />
      )}
    </>
  );
}
