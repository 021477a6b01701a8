import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { saveErrorText, useCreateAdvertiser } from '../api/advertiser-mutations';
import { AdvertiserForm, EMPTY_ADVERTISER } from '../components/advertiser-form';

export function AdvertiserAddRoute() {
  const { t } = useTranslation('advertisers');
  const navigate = useNavigate();
  const create = useCreateAdvertiser();
  return (
    <ContentLayout title={t('add.title')} description={t('add.description')}>
      <AdvertiserForm
        defaultValues={EMPTY_ADVERTISER}
        submitLabel={t('add.submit')}
        isSaving={create.isPending}
        saveError={create.isError ? saveErrorText(create.error) : null}
        onSubmit={(values) =>
          create.mutate(values, { onSuccess: () => void navigate(paths.dashboard.advertisers.list.getHref()) })
        }
      />
    </ContentLayout>
  );
}
