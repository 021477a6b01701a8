import { useNavigate } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { saveErrorText, useCreateCampaign } from '../api/campaign-mutations';
import { CampaignForm } from '../components/campaign-form';
import { emptyCampaignForm } from '../lib/campaign-schema';

// The product's earlier message also said 'Check browser console for details.'; it is
// kept so the text matches what operators already know.
const CONSOLE_HINT = 'Check browser console for details.';

export function CampaignAddRoute() {
  const navigate = useNavigate();
  const creation = useCreateCampaign();
  return (
    <ContentLayout
      title="Add Campaign"
      description="A new slide show for a customer's displays, or an advertiser's spots across the network."
    >
      <CampaignForm
        defaultValues={emptyCampaignForm}
        submitLabel="Create Campaign"
        isSaving={creation.isPending}
        saveError={creation.isError ? `${saveErrorText(creation.error)} ${CONSOLE_HINT}` : null}
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
