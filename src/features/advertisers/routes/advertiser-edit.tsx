import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { ContentLayout } from '@/components/layouts/content-layout';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { saveErrorText, useUpdateAdvertiser } from '../api/advertiser-mutations';
import { advertiserQueryOptions, type Advertiser, type AdvertiserStatus } from '../api/advertisers';
import { AdvertiserForm } from '../components/advertiser-form';
import { AdvertiserNotFound } from '../components/advertiser-not-found';
import type { AdvertiserFormInput } from '../api/advertiser-schema';

function toFormValues(a: Advertiser): AdvertiserFormInput {
  return {
    advertiser_name: a.advertiser_name,
    email: a.email,
    business_name: a.business_name,
    business_number: a.business_number ?? '',
    address: a.address ?? '',
    contact_number: a.contact_number ?? '',
    industry: (a.industry ?? '') as AdvertiserFormInput['industry'],
    status: a.status as AdvertiserStatus,
    logo: null,
  };
}

function EditAdvertiserForm({ advertiser }: { advertiser: Advertiser }) {
  const { t } = useTranslation('advertisers');
  const navigate = useNavigate();
  const update = useUpdateAdvertiser();
  return (
    <AdvertiserForm
      defaultValues={toFormValues(advertiser)}
      currentLogo={advertiser.company_logo}
      submitLabel={t('edit.submit')}
      isSaving={update.isPending}
      saveError={update.isError ? saveErrorText(update.error) : null}
      onSubmit={(values) =>
        update.mutate(
          { id: advertiser.id, values, currentLogo: advertiser.company_logo },
          { onSuccess: () => void navigate(paths.dashboard.advertisers.list.getHref()) },
        )
      }
    />
  );
}

export function AdvertiserEditRoute() {
  const { t } = useTranslation('advertisers');
  const { id = '' } = useParams();
  const advertiser = useQuery(advertiserQueryOptions(id));
  return (
    <ContentLayout title={t('edit.title')} description={t('edit.description')}>
      <QueryBoundary
        query={advertiser}
        loading={
          <LoadingRegion label={t('view.loading')}>
            <Skeleton className="h-96" />
          </LoadingRegion>
        }
        error={t('view.error')}
        notFound={<AdvertiserNotFound />}
      >
        {(data) => <EditAdvertiserForm key={data.id} advertiser={data} />}
      </QueryBoundary>
    </ContentLayout>
  );
}
