import { useQuery } from '@tanstack/react-query';
import { Crosshair, Megaphone, Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AddLink } from '@/components/lists/add-link';
import { CardList } from '@/components/lists/card-list';
import { ListContent } from '@/components/lists/list-content';
import { FilterSelect, ListToolbar, SearchField, StatusFilterSelect } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ListPage } from '@/components/layouts/list-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectionBar } from '@/components/lists/selection-bar';
import { paths } from '@/config/paths';
import { useSelection } from '@/hooks/use-selection';
import { useCan } from '@/lib/auth';
import { listParams, useListSearchParams, withParams } from '@/hooks/use-list-search-params';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { useDeleteCampaign, saveErrorText } from '../api/campaign-mutations';
import {
  CAMPAIGN_CONTENT_TYPES,
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_STATUSES,
  campaignKeys,
  type CampaignFilters,
  type CampaignListItem,
} from '../api/campaigns';
import { deliveryKeys } from '../api/delivery';
import { BulkCampaignsDialog, type BulkCampaignKind } from '../components/bulk-campaigns-dialog';
import { CampaignCard } from '../components/campaign-card';
import { humanize } from '../lib/format';
import { useMayUse } from '@/lib/may-use';

const CONTENT_TYPE_OPTIONS = [
  { value: 'all', label: 'All content types' },
  ...CAMPAIGN_CONTENT_TYPES.map((value) => ({ value, label: humanize(value) })),
];

const GRID = 'md:grid-cols-2 xl:grid-cols-3';

/** The content type filter of the address (`?type=`), 'all' when it names none. */
function contentTypeParam(params: URLSearchParams): CampaignFilters['contentType'] {
  const value = params.get('type');
  return CAMPAIGN_CONTENT_TYPES.find((t) => t === value) ?? 'all';
}

/** The page of campaigns the address asks for. */
export const prefetch: ScreenPrefetch = (queryClient, url) => {
  void queryClient.prefetchQuery(
    campaignKeys.list({
      ...listParams(url.searchParams, CAMPAIGN_STATUSES),
      contentType: contentTypeParam(url.searchParams),
    }),
  );
};

export function CampaignsListRoute() {
  // Search, filters and page live in the address, so back and reload keep them.
  const { searchText, setSearchText, search, status, setStatus, page, setPage } =
    useListSearchParams(CAMPAIGN_STATUSES);
  const [params, setParams] = useSearchParams();
  const contentType = contentTypeParam(params);
  const setContentType = (value: string) =>
    setParams((p) => withParams(p, { type: value === 'all' ? null : value, page: null }));
  const filters: CampaignFilters = { search, status, contentType, page };
  const campaigns = useQuery(campaignKeys.list(filters));
  // Network campaigns show how they deliver: read only when the page lists one.
  const pacing = useQuery({
    ...deliveryKeys.pacing(),
    enabled: campaigns.data?.campaigns.some((campaign) => campaign.customer_id === null) ?? false,
  });
  const [toDelete, setToDelete] = useState<CampaignListItem | null>(null);
  const deletion = useDeleteCampaign();
  const filtered = search !== '' || status !== 'all' || contentType !== 'all';
  // Campaigns ticked for a bulk action (kept across pages and filters until the action is done).
  const canBulk = useCan('content');
  const selection = useSelection();
  const [bulk, setBulk] = useState<BulkCampaignKind | null>(null);
  const none = selection.selected.size === 0;
  const pageIds = campaigns.data?.campaigns.map((c) => c.id) ?? [];
  const canAdd = useMayUse('content');
  const addLink = canAdd && <AddLink to={paths.dashboard.campaigns.add.getHref()}>Add Campaign</AddLink>;

  return (
    <ListPage
      title="Campaigns"
      description="Timed slide shows played on customers' displays, and advertisers' spots across the network."
      actions={addLink}
      filters={
        <ListToolbar>
          <SearchField
            id="campaign-search"
            label="Search campaigns"
            placeholder="Search by name or content type"
            className="min-w-56"
            value={searchText}
            onValueChange={setSearchText}
          />
          <StatusFilterSelect
            id="campaign-status-filter"
            className="w-48"
            statuses={CAMPAIGN_STATUSES}
            value={status}
            onValueChange={setStatus}
          />
          <FilterSelect
            id="campaign-type-filter"
            label="Content type"
            className="w-52"
            options={CONTENT_TYPE_OPTIONS}
            value={contentType}
            onValueChange={setContentType}
          />
        </ListToolbar>
      }
      paging={{
        page,
        pageSize: CAMPAIGN_PAGE_SIZE,
        total: campaigns.data?.total,
        noun: 'campaign',
        onPageChange: setPage,
      }}
      footer={
        <>
          <BulkCampaignsDialog
            kind={bulk}
            campaignIds={[...selection.selected]}
            onOpenChange={(open) => !open && setBulk(null)}
            onDone={selection.clear}
          />
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
            {deletion.isError && (
              <Alert tone="danger">{saveErrorText(deletion.error, 'Failed to delete campaign')}</Alert>
            )}
          </ConfirmDialog>
        </>
      }
    >
      <ListContent
        query={campaigns}
        loading={<SkeletonGrid label="Loading campaigns..." className={`grid gap-4 ${GRID}`} itemClassName="h-56" />}
        errorTitle="Could not load campaigns"
        isEmpty={(data) => data.campaigns.length === 0}
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
              !filtered &&
              canAdd && (
                <Button asChild>
                  <Link to={paths.dashboard.campaigns.add.getHref()}>Add Campaign</Link>
                </Button>
              )
            }
          />
        }
      >
        {(data) => (
          <div className="space-y-3">
            {canBulk && (
              <SelectionBar label="Selected campaigns" noun="campaign" pageIds={pageIds} {...selection}>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('pause')}>
                  <Pause aria-hidden className="size-4" />
                  Pause…
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('resume')}>
                  <Play aria-hidden className="size-4" />
                  Resume…
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('retarget')}>
                  <Crosshair aria-hidden className="size-4" />
                  Retarget…
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('delete')}>
                  <Trash2 aria-hidden className="size-4" />
                  Delete…
                </Button>
              </SelectionBar>
            )}
            <CardList
              label="Campaigns"
              className={GRID}
              items={data.campaigns}
              getKey={(campaign) => campaign.id}
              aria-busy={campaigns.isFetching || undefined}
            >
              {(campaign) => (
                <CampaignCard
                  campaign={campaign}
                  onDelete={setToDelete}
                  pacing={pacing.data?.get(campaign.id)}
                  selected={selection.selected.has(campaign.id)}
                  onSelectedChange={canBulk ? (on) => selection.toggle([campaign.id], on) : undefined}
                />
              )}
            </CardList>
          </div>
        )}
      </ListContent>
    </ListPage>
  );
}
