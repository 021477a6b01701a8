import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { saveErrorText, useCreateCampaign } from '../api/campaign-mutations';
import { CampaignForm } from '../components/campaign-form';
import { emptyCampaignForm } from '../lib/campaign-schema';

export function CampaignAddRoute() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const creation = useCreateCampaign();
  return (
    <ContentLayout
      title={t('add.title')}
      description={t('add.description')}
    >
      <CampaignForm
        defaultValues={emptyCampaignForm}
        submitLabel={t('add.submit')}
        isSaving={creation.isPending}
        saveError={creation.isError ? t('save.errorWithHint', { message: saveErrorText(creation.error) }) : null}
        saveFailure={creation.error}
        kindChoice
        onSubmit={(values) =>
          creation.mutate(values, {
            onSuccess: () => void navigate(paths.dashboard.campaigns.list.getHref()),
            onError: (error) => console.error('Failed to add campaign', error),
          })
        }
      />
    </ContentLayout>
  );
}
