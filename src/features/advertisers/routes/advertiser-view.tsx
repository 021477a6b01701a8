import { useQuery } from '@tanstack/react-query';
import { Building2, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { industryLabel } from '../api/advertiser-schema';
import { advertiserQueryOptions, LOGO_BUCKET, LOGO_LINK_SECONDS, type Advertiser } from '../api/advertisers';
import { AdvertiserAds } from '../components/advertiser-ads';
import { AdvertiserNotFound } from '../components/advertiser-not-found';
import { AdvertiserStatusBadge } from '../components/advertiser-status-badge';
import { PortalAccess } from '../components/portal-access';

function Logo({ advertiser }: { advertiser: Advertiser }) {
  const { t } = useTranslation('advertisers');
  const link = useSignedUrl(LOGO_BUCKET, advertiser.company_logo, LOGO_LINK_SECONDS);
  if (link.data) {
    return (
      <img
        src={link.data}
        alt={t('view.logoAlt', { name: advertiser.business_name })}
        className="size-20 rounded-lg border border-gray-200 bg-white object-contain"
      />
    );
  }
  return (
    <span className="flex size-20 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
      <Building2 aria-label={t(advertiser.company_logo ? 'view.logoUnavailable' : 'view.noLogo')} className="size-8" />
    </span>
  );
}

function AdvertiserDetails({ advertiser }: { advertiser: Advertiser }) {
  const { t } = useTranslation(['advertisers', 'common']);
  const back = useBack();
  const canChange = useMayUse('advertisers');
  const seesMoney = useMayUse('money');
  return (
    <DetailPage
      title={advertiser.business_name}
      description={
        <span className="inline-flex items-center gap-2">
          {t('view.title')} <AdvertiserStatusBadge status={advertiser.status} />
        </span>
      }
      back={back}
      actions={
        canChange && (
          <Button asChild>
            <Link to={paths.dashboard.advertisers.edit.getHref(advertiser.id)}>
              <Pencil aria-hidden className="size-4" />
              {t('common:actions.edit')}
            </Link>
          </Button>
        )
      }
    >
      <DetailSection title={t('view.contact')} span="wide">
        <div className="flex flex-wrap items-start gap-5">
          <Logo advertiser={advertiser} />
          <div className="min-w-0 flex-1">
            <DetailList columns={2}>
              <DetailItem label={t('view.contactPerson')}>{advertiser.advertiser_name}</DetailItem>
              <DetailItem label={t('view.email')}>{advertiser.email}</DetailItem>
              <DetailItem label={t('view.contactNumber')}>{advertiser.contact_number}</DetailItem>
            </DetailList>
          </div>
        </div>
      </DetailSection>
      <DetailSection title={t('view.account')}>
        <DetailList>
          <DetailItem label={t('view.status')}>
            <AdvertiserStatusBadge status={advertiser.status} />
          </DetailItem>
          {seesMoney && (
            <DetailItem label={t('view.totalSpent')}>
              {formatMoney(advertiser.total_spent)}
              <span className="block text-xs font-normal text-gray-500">{t('view.totalSpentNote')}</span>
            </DetailItem>
          )}
          <DetailItem label={t('view.memberSince')}>{formatDate(advertiser.created_at)}</DetailItem>
        </DetailList>
      </DetailSection>
      <DetailSection title={t('view.business')} span="full">
        <DetailList columns={2}>
          <DetailItem label={t('view.businessName')}>{advertiser.business_name}</DetailItem>
          <DetailItem label={t('view.businessNumber')}>{advertiser.business_number}</DetailItem>
          <DetailItem label={t('view.address')}>{advertiser.address}</DetailItem>
          <DetailItem label={t('view.industry')}>
            {advertiser.industry ? industryLabel(advertiser.industry) : null}
          </DetailItem>
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

/** The way back to the list, in the current language. */
function useBack() {
  const { t } = useTranslation('advertisers');
  return { to: paths.dashboard.advertisers.list.getHref(), label: t('notFound.back') };
}

export function AdvertiserViewRoute() {
  const { t } = useTranslation('advertisers');
  const back = useBack();
  const { id = '' } = useParams();
  const advertiser = useQuery(advertiserQueryOptions(id));
  /** The page around what shows until the advertiser is there. */
  const framed = (state: ReactNode) => (
    <ContentLayout title={t('view.title')} back={back}>
      {state}
    </ContentLayout>
  );
  return (
    <QueryBoundary
      query={advertiser}
      loading={framed(
        <LoadingRegion label={t('view.loading')} className="space-y-6">
          <Skeleton className="h-32" />
          <Skeleton className="h-64" />
        </LoadingRegion>,
      )}
      error={(failure) => framed(<FailedRead title={t('view.error')} failure={failure} />)}
      notFound={framed(<AdvertiserNotFound />)}
    >
      {(data) => <AdvertiserDetails advertiser={data} />}
    </QueryBoundary>
  );
}
