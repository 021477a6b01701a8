// The advertiser's campaigns: its network campaigns and the venues' campaigns that carry its
// ads, with dates, screens, status, plays so far and, for network campaigns, delivery
// against booking.
import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';
import { portalCampaignsQueryOptions, portalPacingQueryOptions, type PortalCampaign } from '../api/portal-queries';
import { CampaignStatus, deliveryText } from '../components/campaign-status';
import { campaignDates } from '../lib/campaign-dates';

function CampaignCard({ campaign, delivery }: { campaign: PortalCampaign; delivery: string }) {
  const { t } = useTranslation('advertiserPortal');
  return (
    <Card>
      <CardContent className="space-y-3 pt-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold text-gray-900">
              <Link
                to={paths.advertiser.campaign.getHref(campaign.id)}
                className="hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                {campaign.name}
              </Link>
            </h2>
            <p className="text-sm text-gray-500">
              {campaign.kind === 'network'
                ? t('campaign.network')
                : t('campaign.atVenue', { venue: campaign.venueName ?? t('campaign.aVenue') })}
            </p>
          </div>
          <CampaignStatus status={campaign.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div className="col-span-2">
            <dt className="text-gray-500">{t('home.card.dates')}</dt>
            <dd className="text-gray-900">{campaignDates(campaign)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">{t('home.card.screens')}</dt>
            <dd className="text-gray-900 tabular-nums">{formatCount(campaign.screens)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">{t('home.card.playsSoFar')}</dt>
            <dd className="text-gray-900 tabular-nums">{formatCount(campaign.plays)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">{t('performance.timeOnScreen')}</dt>
            <dd className="text-gray-900 tabular-nums">{formatTimeOnScreen(campaign.seconds)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">{t('home.card.delivery')}</dt>
            <dd className="text-gray-900">{campaign.kind === 'network' ? delivery : t('home.card.venueSchedule')}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

export function PortalHomeRoute() {
  const { t } = useTranslation('advertiserPortal');
  const campaigns = useQuery(portalCampaignsQueryOptions());
  const pacing = useQuery(portalPacingQueryOptions());

  let body;
  if (campaigns.isPending) {
    body = (
      <LoadingRegion label={t('home.loading')} className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </LoadingRegion>
    );
  } else if (campaigns.isError) {
    body = (
      <ErrorState
        title={t('home.error')}
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
        isRetrying={campaigns.isRefetching}
      />
    );
  } else if (campaigns.data.length === 0) {
    body = <EmptyState icon={Megaphone} title={t('home.empty.title')} description={t('home.empty.description')} />;
  } else {
    body = (
      <ul className="grid gap-4 md:grid-cols-2" aria-label={t('home.title')}>
        {campaigns.data.map((c) => (
          <li key={c.id}>
            <CampaignCard
              campaign={c}
              delivery={
                pacing.isError
                  ? t('delivery.unavailable')
                  : pacing.isPending
                    ? '…'
                    : deliveryText(pacing.data.get(c.id))
              }
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">{t('home.title')}</h1>
        <p className="text-sm text-gray-500">{t('home.description')}</p>
      </div>
      {body}
    </>
  );
}
