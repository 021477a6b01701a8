import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Building2, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { useSignedUrl } from '@/lib/storage';
import { advertiserQueryOptions, LOGO_BUCKET, LOGO_LINK_SECONDS, type Advertiser } from '../api/advertisers';
import { AdvertiserAds } from '../components/advertiser-ads';
import { AdvertiserNotFound } from '../components/advertiser-not-found';
import { AdvertiserStatusBadge } from '../components/advertiser-status-badge';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-gray-900">{children || '—'}</dd>
    </div>
  );
}

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
  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="flex flex-wrap items-center gap-5 py-6">
          <Logo advertiser={advertiser} />
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="text-xl font-semibold text-gray-900">{advertiser.business_name}</h2>
            <p className="text-sm text-gray-500">{advertiser.industry ?? 'No industry set'}</p>
            <AdvertiserStatusBadge status={advertiser.status} />
          </div>
          <Button asChild>
            <Link to={paths.dashboard.advertisers.edit.getHref(advertiser.id)}>
              <Pencil aria-hidden className="size-4" />
              Edit
            </Link>
          </Button>
        </CardContent>
      </Card>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Contact</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4">
              <Item label="Contact person">{advertiser.advertiser_name}</Item>
              <Item label="Email">{advertiser.email}</Item>
              <Item label="Contact number">{advertiser.contact_number}</Item>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Business</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4">
              <Item label="Business name">{advertiser.business_name}</Item>
              <Item label="Business number">{advertiser.business_number}</Item>
              <Item label="Address">{advertiser.address}</Item>
              <Item label="Industry">{advertiser.industry}</Item>
            </dl>
          </CardContent>
        </Card>
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>Account</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Item label="Status">
                <AdvertiserStatusBadge status={advertiser.status} />
              </Item>
              <Item label="Total spent">{formatMoney(advertiser.total_spent)}</Item>
              <Item label="Member since">{formatDate(advertiser.created_at)}</Item>
            </dl>
          </CardContent>
        </Card>
        <AdvertiserAds advertiserId={advertiser.id} />
      </div>
    </div>
  );
}

export function AdvertiserViewRoute() {
  const { id = '' } = useParams();
  const advertiser = useQuery(advertiserQueryOptions(id));
  return (
    <ContentLayout
      title="Advertiser Details"
      description={
        <Link
          to={paths.dashboard.advertisers.list.getHref()}
          className="inline-flex items-center gap-1 text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to Advertisers
        </Link>
      }
    >
      {advertiser.isPending ? (
        <LoadingRegion label="Loading advertiser" className="space-y-6">
          <Skeleton className="h-32" />
          <Skeleton className="h-64" />
        </LoadingRegion>
      ) : advertiser.isError ? (
        <ErrorState
          title="The advertiser could not be loaded"
          error={advertiser.error}
          onRetry={() => void advertiser.refetch()}
          isRetrying={advertiser.isRefetching}
        />
      ) : advertiser.data === null ? (
        <AdvertiserNotFound />
      ) : (
        <AdvertiserDetails advertiser={advertiser.data} />
      )}
    </ContentLayout>
  );
}
