import { useQuery } from '@tanstack/react-query';
import { Megaphone, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDeleteCampaign, saveErrorText } from '../api/campaign-mutations';
import {
  CAMPAIGN_CONTENT_TYPES,
  CAMPAIGN_STATUSES,
  campaignKeys,
  type CampaignFilters,
  type CampaignListItem,
} from '../api/campaigns';
import { CampaignCard } from '../components/campaign-card';
import { NativeSelect } from '../components/native-select';
import { humanize } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';

export function CampaignsListRoute() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CampaignFilters['status']>('all');
  const [contentType, setContentType] = useState<CampaignFilters['contentType']>('all');
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const filters: CampaignFilters = { search: debouncedSearch, status, contentType };
  const campaigns = useQuery(campaignKeys.list(filters));
  const [toDelete, setToDelete] = useState<CampaignListItem | null>(null);
  const deletion = useDeleteCampaign();
  const filtered = debouncedSearch !== '' || status !== 'all' || contentType !== 'all';

  return (
    <ContentLayout title="Campaigns" description="Timed slide shows played on customers' displays.">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="campaign-search">Search campaigns</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-3 left-3 size-4 text-gray-400" />
            <Input
              id="campaign-search"
              type="search"
              className="pl-9"
              placeholder="Search by name or content type"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="space-y-1.5 lg:w-48">
          <Label htmlFor="campaign-status-filter">Status</Label>
          <NativeSelect
            id="campaign-status-filter"
            value={status}
            onChange={(event) => setStatus(event.target.value as CampaignFilters['status'])}
          >
            <option value="all">All statuses</option>
            {CAMPAIGN_STATUSES.map((value) => (
              <option key={value} value={value}>
                {humanize(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5 lg:w-52">
          <Label htmlFor="campaign-type-filter">Content type</Label>
          <NativeSelect
            id="campaign-type-filter"
            value={contentType}
            onChange={(event) => setContentType(event.target.value as CampaignFilters['contentType'])}
          >
            <option value="all">All content types</option>
            {CAMPAIGN_CONTENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {humanize(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button asChild>
          <Link to={paths.dashboard.campaigns.add.getHref()}>
            <Plus aria-hidden className="size-4" />
            Add Campaign
          </Link>
        </Button>
      </div>

      {campaigns.isPending ? (
        <LoadingRegion label="Loading campaigns..." className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-56" />
          ))}
        </LoadingRegion>
      ) : campaigns.isError ? (
        <ErrorState
          title="Could not load campaigns"
          error={campaigns.error}
          onRetry={() => void campaigns.refetch()}
          isRetrying={campaigns.isFetching}
        />
      ) : campaigns.data.length === 0 ? (
        <EmptyState
          icon={Megaphone}
          title={filtered ? 'No campaigns match' : 'No campaigns yet'}
          description={
            filtered
              ? 'Try another search or clear the filters.'
              : 'Create a campaign, then add its slides in the builder.'
          }
          action={
            !filtered && (
              <Button asChild>
                <Link to={paths.dashboard.campaigns.add.getHref()}>Add Campaign</Link>
              </Button>
            )
          }
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy={campaigns.isFetching || undefined}>
          {campaigns.data.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} onDelete={setToDelete} />
          ))}
        </div>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
            deletion.reset();
          }
        }}
        title="Delete campaign"
        description="Are you sure you want to delete this campaign?"
        isPending={deletion.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          deletion.mutate(toDelete.id, { onSuccess: () => setToDelete(null) });
        }}
      >
        {deletion.isError && <Alert tone="danger">{saveErrorText(deletion.error, 'Failed to delete campaign')}</Alert>}
      </ConfirmDialog>
    </ContentLayout>
  );
}
