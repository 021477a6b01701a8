// The advertiser's campaigns: its network campaigns and the venues' campaigns that carry its
// ads, with dates, screens, status, plays so far and, for network campaigns, delivery
// against booking.
import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCalendarDate } from '@/entities/campaign/campaign-dates';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';
import { portalCampaignsQueryOptions, portalPacingQueryOptions, type PortalCampaign } from '../api/portal-queries';
import { CampaignStatus, deliveryText } from '../components/campaign-status';

function dates(c: Pick<PortalCampaign, 'startDate' | 'endDate'>) {
  if (!c.startDate && !c.endDate) return 'No end date';
  return `${formatCalendarDate(c.startDate, 'Open start')} – ${formatCalendarDate(c.endDate, 'No end')}`;
}

function CampaignCard({ campaign, delivery }: { campaign: PortalCampaign; delivery: string }) {
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
              {campaign.kind === 'network' ? 'Network campaign' : `At ${campaign.venueName ?? 'a venue'}`}
            </p>
          </div>
          <CampaignStatus status={campaign.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div className="col-span-2">
            <dt className="text-gray-500">Dates</dt>
            <dd className="text-gray-900">{dates(campaign)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">Screens</dt>
            <dd className="text-gray-900 tabular-nums">{formatCount(campaign.screens)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">Plays so far</dt>
            <dd className="text-gray-900 tabular-nums">{formatCount(campaign.plays)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">Time on screen</dt>
            <dd className="text-gray-900 tabular-nums">{formatTimeOnScreen(campaign.seconds)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">Delivery</dt>
            <dd className="text-gray-900">{campaign.kind === 'network' ? delivery : 'Venue schedule'}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

export function PortalHomeRoute() {
  const campaigns = useQuery(portalCampaignsQueryOptions());
  const pacing = useQuery(portalPacingQueryOptions());

  let body;
  if (campaigns.isPending) {
    body = (
      <LoadingRegion label="Loading your campaigns" className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </LoadingRegion>
    );
  } else if (campaigns.isError) {
    body = (
      <ErrorState
        title="Your campaigns could not be loaded"
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
        isRetrying={campaigns.isRefetching}
      />
    );
  } else if (campaigns.data.length === 0) {
    body = (
      <EmptyState
        icon={Megaphone}
        title="No campaigns yet"
        description="Your campaigns show here as soon as the network books them."
      />
    );
  } else {
    body = (
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Your campaigns">
        {campaigns.data.map((c) => (
          <li key={c.id}>
            <CampaignCard
              campaign={c}
              delivery={pacing.isError ? 'Unavailable' : pacing.isPending ? '…' : deliveryText(pacing.data.get(c.id))}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Your campaigns</h1>
        <p className="text-sm text-gray-500">Where your ads play, how often, and against what was booked.</p>
      </div>
      {body}
    </>
  );
}
