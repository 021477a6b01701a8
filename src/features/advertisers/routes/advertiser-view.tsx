import { useQuery } from '@tanstack/react-query';
import { Building2, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FailedRead, QueryBoundary } from '@/components/errors/query-boundary';
import { ContentLayout } from '@/components/layouts/content-layout';
import { DetailItem, DetailList, DetailPage, DetailSection } from '@/components/layouts/detail-page';
import { Button } from '@/components/ui/button';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useMayUse } from '@/lib/may-use';
import { formatDate, formatMoney } from '@/lib/format';
import { useSignedUrl } from '@/lib/storage';
import { StatementCard } from '@/entities/statement/statement-card';
import { RecordHistory } from '@/entities/audit/record-history';
import { advertiserQueryOptions, LOGO_BUCKET, LOGO_LINK_SECONDS, type Advertiser } from '../api/advertisers';
import { AdvertiserAds } from '../components/advertiser-ads';
import { AdvertiserNotFound } from '../components/advertiser-not-found';
import { AdvertiserStatusBadge } from '../components/advertiser-status-badge';
import { PortalAccess } from '../components/portal-access';

function Logo({ advertiser }: { advertiser: Advertiser }) {
  const link = useSignedUrl(LOGO_BUCKET, advertiser.company_logo, LOGO_LINK_SECONDS);
  if (link.data) {
    return (
      <img
        src={link.data}
        alt={`${advertiser.business_name} logo`}
        className="size-20 rounded-lg border border-gray-200 bg-white object-contain"
      />
    );
  }
  return (
    <span className="flex size-20 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
      <Building2 aria-label={advertiser.company_logo ? 'Logo unavailable' : 'No logo'} className="size-8" />
    </span>
  );
}

function AdvertiserDetails({ advertiser }: { advertiser: Advertiser }) {
  const canChange = useMayUse('advertisers');
  const seesMoney = useMayUse('money');
  return (
    <DetailPage
      title={advertiser.business_name}
      description={
        <span className="inline-flex items-center gap-2">
          Advertiser Details <AdvertiserStatusBadge status={advertiser.status} />
        </span>
      }
      back={BACK}
      actions={
        canChange && (
          <Button asChild>
            <Link to={paths.dashboard.advertisers.edit.getHref(advertiser.id)}>
              <Pencil aria-hidden className="size-4" />
              Edit
            </Link>
          </Button>
        )
      }
    >
      <DetailSection title="Contact" span="wide">
        <div className="flex flex-wrap items-start gap-5">
          <Logo advertiser={advertiser} />
          <div className="min-w-0 flex-1">
            <DetailList columns={2}>
              <DetailItem label="Contact person">{advertiser.advertiser_name}</DetailItem>
              <DetailItem label="Email">{advertiser.email}</DetailItem>
              <DetailItem label="Contact number">{advertiser.contact_number}</DetailItem>
            </DetailList>
          </div>
        </div>
      </DetailSection>
      <DetailSection title="Account">
        <DetailList>
          <DetailItem label="Status">
            <AdvertiserStatusBadge status={advertiser.status} />
          </DetailItem>
          {seesMoney && (
            <DetailItem label="Total spent">
              {formatMoney(advertiser.total_spent)}
              <span className="block text-xs font-normal text-gray-500">from closed months&rsquo; statements</span>
            </DetailItem>
          )}
          <DetailItem label="Member since">{formatDate(advertiser.created_at)}</DetailItem>
        </DetailList>
      </DetailSection>
      <DetailSection title="Business" span="full">
        <DetailList columns={2}>
          <DetailItem label="Business name">{advertiser.business_name}</DetailItem>
          <DetailItem label="Business number">{advertiser.business_number}</DetailItem>
          <DetailItem label="Address">{advertiser.address}</DetailItem>
          <DetailItem label="Industry">{advertiser.industry}</DetailItem>
        </DetailList>
      </DetailSection>
      {canChange && <PortalAccess advertiser={advertiser} />}
      {seesMoney && (
        <StatementCard
          advertiserId={advertiser.id}
          businessName={advertiser.business_name}
          printHref={(month) => paths.dashboard.advertisers.statement.getHref(advertiser.id, month)}
        />
      )}
      <AdvertiserAds advertiserId={advertiser.id} />
      <RecordHistory table="advertisers" rowId={advertiser.id} className="lg:col-span-3" />
    </DetailPage>
  );
}

const BACK = { to: paths.dashboard.advertisers.list.getHref(), label: 'Back to Advertisers' };

/** The page around what shows until the advertiser is there. */
const framed = (state: ReactNode) => (
  <ContentLayout title="Advertiser Details" back={BACK}>
    {state}
  </ContentLayout>
);

export function AdvertiserViewRoute() {
  const { id = '' } = useParams();
  const advertiser = useQuery(advertiserQueryOptions(id));
  return (
    <QueryBoundary
      query={advertiser}
      loading={framed(
        <LoadingRegion label="Loading advertiser" className="space-y-6">
          <Skeleton className="h-32" />
          <Skeleton className="h-64" />
        </LoadingRegion>,
      )}
      error={(failure) => framed(<FailedRead title="The advertiser could not be loaded" failure={failure} />)}
      notFound={framed(<AdvertiserNotFound />)}
    >
      {(data) => <AdvertiserDetails advertiser={data} />}
    </QueryBoundary>
  );
}
