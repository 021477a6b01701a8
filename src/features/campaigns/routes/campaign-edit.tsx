import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { bothQueries, QueryBoundary } from '@/components/errors/query-boundary';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Card, CardContent } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { saveErrorText, useUpdateCampaign } from '../api/campaign-mutations';
import { campaignScreenKeys, type CampaignScreen } from '../api/campaign-screens';
import { campaignKeys, type CampaignDetail } from '../api/campaigns';
import { CampaignForm } from '../components/campaign-form';
import { windowsOf } from '../lib/campaign-windows';
import { columnToFormDate, type CampaignFormValues } from '../lib/campaign-schema';

// Kept from the product's earlier message, which operators know.
const CONSOLE_HINT = 'Check browser console for details.';

const toFormValues = (campaign: CampaignDetail, screens: CampaignScreen[]): CampaignFormValues => ({
  name: campaign.name,
  customer_id: campaign.customer_id ?? '',
  status: campaign.status as CampaignFormValues['status'],
  start_date: columnToFormDate(campaign.start_date),
  end_date: columnToFormDate(campaign.end_date),
  priority: campaign.priority,
  targeting: campaign.plays_on === 'chosen' ? 'chosen' : 'all',
  device_ids: screens.map((screen) => screen.device_id),
  schedule: campaign.campaign_windows.length > 0 ? 'windows' : 'always',
  windows: windowsOf(campaign),
});

/** Loads the campaign and its chosen screens, then hands their values to the form. */
export function CampaignEditRoute() {
  const { id = '' } = useParams();
  const campaign = useQuery(campaignKeys.detail(id));
  const screens = useQuery(campaignScreenKeys.ofCampaign(id));
  return (
    <ContentLayout title="Edit Campaign" description={campaign.data?.name ?? 'Change the campaign’s details.'}>
      <QueryBoundary
        query={bothQueries(campaign, screens)}
        loading={
          <LoadingRegion label="Loading campaign...">
            <Card>
              <CardContent className="space-y-4 py-6">
                <Skeleton className="h-10" />
                <Skeleton className="h-10" />
                <Skeleton className="h-10" />
              </CardContent>
            </Card>
          </LoadingRegion>
        }
        error="Could not load the campaign"
      >
        {([detail, chosen]) => <EditCampaignForm id={id} defaultValues={toFormValues(detail, chosen)} />}
      </QueryBoundary>
    </ContentLayout>
  );
}

function EditCampaignForm({ id, defaultValues }: { id: string; defaultValues: CampaignFormValues }) {
  const navigate = useNavigate();
  const update = useUpdateCampaign();
  return (
    <CampaignForm
      defaultValues={defaultValues}
      submitLabel="Save Changes"
      isSaving={update.isPending}
      saveError={update.isError ? `${saveErrorText(update.error)} ${CONSOLE_HINT}` : null}
      onSubmit={(values) =>
        update.mutate(
          { id, values },
          {
            onSuccess: () => void navigate(paths.dashboard.campaigns.list.getHref()),
            onError: (error) => console.error('Failed to update campaign', error),
          },
        )
      }
    />
  );
}
