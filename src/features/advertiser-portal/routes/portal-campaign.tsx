// One of the advertiser's campaigns: its dates, status and screens, delivery against
// booking (network campaigns), and its plays in a period by day, venue and screen, with
// the way to its printable report.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDay } from '@/entities/plays/calendar-days';
import { PlaysByDayChart } from '@/entities/plays/plays-chart';
import { formatCount } from '@/entities/plays/time-on-screen';
import { formatNumber } from '@/lib/format';
import {
  performanceQueryOptions,
  portalCampaignsQueryOptions,
  portalDeliveryQueryOptions,
  type PortalCampaign,
} from '../api/portal-queries';
import { CampaignStatus } from '../components/campaign-status';
import { PerformanceTotals, ScreensTable, VenuesTable } from '../components/performance-tables';
import { PeriodPicker } from '../components/period-picker';
import { campaignPeriod, type Period } from '../lib/period';
import { dateRange } from '../lib/campaign-dates';

function Delivery({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation('advertiserPortal');
  const delivery = useQuery(portalDeliveryQueryOptions(campaignId));
  if (delivery.isPending) return <Skeleton className="h-24" />;
  if (delivery.isError) {
    return (
      <ErrorState
        title={t('campaignPage.deliveryError')}
        error={delivery.error}
        onRetry={() => void delivery.refetch()}
        isRetrying={delivery.isRefetching}
      />
    );
  }
  const expected = delivery.data.reduce((s, d) => s + d.expected, 0);
  const recorded = delivery.data.reduce((s, d) => s + d.recorded, 0);
  return (
    <section aria-labelledby="delivery-heading" className="space-y-2">
      <h2 id="delivery-heading" className="text-lg font-semibold text-gray-900">
        {t('campaignPage.deliveryHeading')}
      </h2>
      <p className="text-sm text-gray-700">
        {expected > 0
          ? t('campaignPage.recordedOfExpected', {
              count: recorded,
              recorded: formatCount(recorded),
              expected: formatCount(Math.round(expected)),
              percent: formatNumber(recorded / expected, { style: 'percent', maximumFractionDigits: 0 }),
            })
          : t('campaignPage.recordedNothingExpected', { count: recorded, recorded: formatCount(recorded) })}{' '}
        {t('campaignPage.expectedExplained')}
      </p>
    </section>
  );
}

function Plays({ campaignId, period }: { campaignId: string; period: Period }) {
  const { t } = useTranslation('advertiserPortal');
  const report = useQuery(performanceQueryOptions(campaignId, period.from, period.to));
  if (report.isPending) {
    return (
      <LoadingRegion label={t('campaignPage.loadingPlays')} className="space-y-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-40" />
      </LoadingRegion>
    );
  }
  if (report.isError) {
    return (
      <ErrorState
        title={t('campaignPage.playsError')}
        error={report.error}
        onRetry={() => void report.refetch()}
        isRetrying={report.isRefetching}
      />
    );
  }
  if (report.data.totals.plays === 0) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600">
        {t('campaignPage.noPlays', { from: formatDay(period.from, 'long'), to: formatDay(period.to, 'long') })}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <PerformanceTotals report={report.data} />
      <PlaysByDayChart days={report.data.days} title={t('performance.playsPerDay')} height={180} />
      <div className="grid gap-4 lg:grid-cols-2">
        <VenuesTable report={report.data} />
        <ScreensTable report={report.data} />
      </div>
    </div>
  );
}

function Details({ campaign }: { campaign: PortalCampaign }) {
  const { t } = useTranslation('advertiserPortal');
  const [params] = useSearchParams();
  const period = campaignPeriod(params, campaign);
  return (
    <>
      <div className="space-y-2">
        <Link
          to={paths.advertiser.home.getHref()}
          className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" /> {t('home.title')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-gray-900">{campaign.name}</h1>
          <CampaignStatus status={campaign.status} />
        </div>
        <p className="text-sm text-gray-600">
          {t('campaignPage.summary', {
            kind:
              campaign.kind === 'network'
                ? t('campaign.network')
                : t('campaign.atVenue', { venue: campaign.venueName ?? t('campaign.aVenue') }),
            dates: dateRange(campaign),
            screens: t('campaignPage.screens', { count: campaign.screens, formatted: formatCount(campaign.screens) }),
          })}
        </p>
      </div>
      {campaign.kind === 'network' && <Delivery campaignId={campaign.id} />}
      <section aria-labelledby="plays-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="plays-heading" className="text-lg font-semibold text-gray-900">
            {t('performance.plays')}
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            <PeriodPicker period={period} />
            <Button asChild variant="outline">
              <Link to={paths.advertiser.report.getHref(campaign.id, period.from, period.to)}>
                <FileText aria-hidden className="size-4" />
                {t('campaignPage.report')}
              </Link>
            </Button>
          </div>
        </div>
        <Plays campaignId={campaign.id} period={period} />
      </section>
    </>
  );
}

export function PortalCampaignRoute() {
  const { t } = useTranslation('advertiserPortal');
  const { id = '' } = useParams();
  const campaigns = useQuery(portalCampaignsQueryOptions());
  if (campaigns.isPending) {
    return (
      <LoadingRegion label={t('campaignPage.loading')} className="space-y-4">
        <Skeleton className="h-16" />
        <Skeleton className="h-64" />
      </LoadingRegion>
    );
  }
  if (campaigns.isError) {
    return (
      <ErrorState
        title={t('campaignPage.error')}
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
        isRetrying={campaigns.isRefetching}
      />
    );
  }
  const campaign = campaigns.data.find((c) => c.id === id);
  if (!campaign) {
    return <ErrorState title={t('campaignPage.notFound.title')} error={t('campaignPage.notFound.description')} />;
  }
  return <Details campaign={campaign} />;
}
