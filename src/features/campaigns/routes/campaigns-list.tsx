import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AddLink } from '@/components/lists/add-link';
import { ListContent } from '@/components/lists/list-content';
import { FilterSelect, ListToolbar, SearchField, StatusFilterSelect } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/hooks/use-debounced-value';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { useDeleteCampaign, saveErrorText } from '../api/campaign-mutations';
import {
  CAMPAIGN_CONTENT_TYPES,
  CAMPAIGN_STATUSES,
  campaignKeys,
  type CampaignFilters,
  type CampaignListItem,
} from '../api/campaigns';
import { CampaignCard } from '../components/campaign-card';
import { humanize } from '../lib/format';

const CONTENT_TYPE_OPTIONS = [
  { value: 'all', label: 'All content types' },
  ...CAMPAIGN_CONTENT_TYPES.map((value) => ({ value, label: humanize(value) })),
];

const GRID = 'grid gap-4 md:grid-cols-2 xl:grid-cols-3';

/** The list as it opens: no search, every status and content type. */
const FIRST_FILTERS: CampaignFilters = { search: '', status: 'all', contentType: 'all' };

export const prefetch: ScreenPrefetch = (queryClient) => {
  void queryClient.prefetchQuery(campaignKeys.list(FIRST_FILTERS));
};

export function CampaignsListRoute() {
  const [search, setSearch] = useState(FIRST_FILTERS.search);
  const [status, setStatus] = useState(FIRST_FILTERS.status);
  const [contentType, setContentType] = useState(FIRST_FILTERS.contentType);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters: CampaignFilters = { search: debouncedSearch, status, contentType };
  const campaigns = useQuery(campaignKeys.list(filters));
  const [toDelete, setToDelete] = useState<CampaignListItem | null>(null);
  const deletion = useDeleteCampaign();
  const filtered = debouncedSearch !== '' || status !== 'all' || contentType !== 'all';

  return (
    <ContentLayout title="Campaigns" description="Timed slide shows played on customers' displays.">
      <ListToolbar layout="stack-lg">
        <SearchField
          id="campaign-search"
          label="Search campaigns"
          placeholder="Search by name or content type"
          value={search}
          onValueChange={setSearch}
        />
        <StatusFilterSelect
          id="campaign-status-filter"
          className="lg:w-48"
          statuses={CAMPAIGN_STATUSES}
          value={status}
          onValueChange={(value) => setStatus(value as CampaignFilters['status'])}
        />
        <FilterSelect
          id="campaign-type-filter"
          label="Content type"
          className="lg:w-52"
          options={CONTENT_TYPE_OPTIONS}
          value={contentType}
          onValueChange={(value) => setContentType(value as CampaignFilters['contentType'])}
        />
        <AddLink to={paths.dashboard.campaigns.add.getHref()}>Add Campaign</AddLink>
      </ListToolbar>

      <ListContent
        query={campaigns}
        loading={<SkeletonGrid label="Loading campaigns..." className={GRID} itemClassName="h-56" />}
        errorTitle="Could not load campaigns"
        isEmpty={(data) => data.length === 0}
        empty={
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
        }
      >
        {(data) => (
          <div className={GRID} aria-busy={campaigns.isFetching || undefined}>
            {data.map((campaign) => (
              <CampaignCard key={campaign.id} campaign={campaign} onDelete={setToDelete} />
            ))}
          </div>
        )}
      </ListContent>

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
