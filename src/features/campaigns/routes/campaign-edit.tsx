import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { bothQueries, QueryBoundary } from '@/components/errors/query-boundary';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Card, CardContent } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { saveErrorText, useUpdateCampaign } from '../api/campaign-mutations';
import { campaignScreenKeys, type CampaignScreen } from '../api/campaign-screens';
import { advertiserName, campaignKeys, type CampaignDetail } from '../api/campaigns';
import { networkTargetKeys, type CampaignTargetRow } from '../api/network-targets';
import { CampaignForm } from '../components/campaign-form';
import { DeliveryPanel } from '../components/delivery-panel';
import { windowsOf } from '../lib/campaign-windows';
import { columnToFormDate, emptyCampaignForm, type CampaignFormValues } from '../lib/campaign-schema';

/** What venue and network campaigns share: name, status, dates, priority and when it plays. */
const commonValues = (campaign: CampaignDetail) => ({
  ...emptyCampaignForm,
  name: campaign.name,
  status: campaign.status as CampaignFormValues['status'],
  start_date: columnToFormDate(campaign.start_date),
  end_date: columnToFormDate(campaign.end_date),
  priority: campaign.priority,
  schedule: campaign.campaign_windows.length > 0 ? ('windows' as const) : ('always' as const),
  windows: windowsOf(campaign),
});

const toFormValues = (campaign: CampaignDetail, screens: CampaignScreen[]): CampaignFormValues => ({
  ...commonValues(campaign),
  kind: 'venue',
  customer_id: campaign.customer_id ?? '',
  targeting: campaign.plays_on === 'chosen' ? 'chosen' : 'all',
  device_ids: screens.map((screen) => screen.device_id),
});

const toNetworkValues = (campaign: CampaignDetail, targets: CampaignTargetRow[]): CampaignFormValues => ({
  ...commonValues(campaign),
  kind: 'network',
  advertiser_id: campaign.advertiser_id ?? '',
  network_plays_on: campaign.plays_on === 'network' ? 'network' : 'targets',
  target_venue_ids: targets.flatMap((t) => (t.customer_id ? [t.customer_id] : [])),
  target_group_ids: targets.flatMap((t) => (t.group_id ? [t.group_id] : [])),
  target_device_ids: targets.flatMap((t) => (t.device_id ? [t.device_id] : [])),
  spots_per_loop: campaign.spots_per_loop,
  price_basis: campaign.price_basis === 'cpm' || campaign.price_basis === 'fixed' ? campaign.price_basis : 'none',
  price_amount: typeof campaign.price_amount === 'number' ? campaign.price_amount.toFixed(2) : '',
});

function FormSkeleton() {
  const { t } = useTranslation('campaigns');
  return (
    <LoadingRegion label={t('edit.loading')}>
      <Card>
        <CardContent className="space-y-4 py-6">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </CardContent>
      </Card>
    </LoadingRegion>
  );
}
const formSkeleton = <FormSkeleton />;

/** Loads the campaign and its chosen screens (a venue's) or targets (a network campaign's), then hands their values to the form. */
export function CampaignEditRoute() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const campaign = useQuery(campaignKeys.detail(id));
  const screens = useQuery(campaignScreenKeys.ofCampaign(id));
  const network = campaign.data ? campaign.data.customer_id === null : false;
  const advertiser = network ? advertiserName(campaign.data?.advertisers ?? null) : null;
  return (
    <ContentLayout
      title={t('edit.title')}
      description={
        campaign.data
          ? advertiser
            ? t('edit.networkDescription', { name: campaign.data.name, advertiser })
            : campaign.data.name
          : t('edit.description')
      }
    >
      <QueryBoundary query={bothQueries(campaign, screens)} loading={formSkeleton} error={t('edit.loadFailed')}>
        {([detail, chosen]) =>
          detail.customer_id === null ? (
            <NetworkCampaignEdit campaign={detail} />
          ) : (
            <EditCampaignForm id={id} defaultValues={toFormValues(detail, chosen)} hasSlides={detail.slide_count > 0} />
          )
        }
      </QueryBoundary>
    </ContentLayout>
  );
}

/** A network campaign: its targets, then the form, and its delivery below. */
function NetworkCampaignEdit({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation('campaigns');
  const targets = useQuery(networkTargetKeys.ofCampaign(campaign.id));
  return (
    <div className="space-y-6">
      <QueryBoundary query={targets} loading={formSkeleton} error={t('edit.targetsFailed')}>
        {(rows) => (
          <EditCampaignForm
            id={campaign.id}
            defaultValues={toNetworkValues(campaign, rows)}
            hasSlides={campaign.slide_count > 0}
          />
        )}
      </QueryBoundary>
      <DeliveryPanel campaignId={campaign.id} />
    </div>
  );
}

function EditCampaignForm({
  id,
  defaultValues,
  hasSlides,
}: {
  id: string;
  defaultValues: CampaignFormValues;
  hasSlides: boolean;
}) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const update = useUpdateCampaign();
  return (
    <CampaignForm
      defaultValues={defaultValues}
      submitLabel={t('edit.submit')}
      isSaving={update.isPending}
      saveError={update.isError ? t('save.errorWithHint', { message: saveErrorText(update.error) }) : null}
      saveFailure={update.error}
      campaignId={id}
      hasSlides={hasSlides}
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
