import { useQuery } from '@tanstack/react-query';
import { Crosshair, Megaphone, Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
import { contentTypeLabel } from '../lib/format';
import { useMayUse } from '@/lib/may-use';
import { translate } from '@/i18n';
import { useSearchParamsLatest } from '@/hooks/use-search-params-latest';

const contentTypeOptions = () => [
  { value: 'all', label: translate('campaigns:list.allContentTypes') },
  ...CAMPAIGN_CONTENT_TYPES.map((value) => ({ value, label: contentTypeLabel(value) })),
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
  const { t } = useTranslation('campaigns');
  // Search, filters and page live in the address, so back and reload keep them.
  const { searchText, setSearchText, search, status, setStatus, page, setPage } =
    useListSearchParams(CAMPAIGN_STATUSES);
  const [params, setParams] = useSearchParamsLatest();
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
  const addLink = canAdd && <AddLink to={paths.dashboard.campaigns.add.getHref()}>{t('list.add')}</AddLink>;

  return (
    <ListPage
      title={t('list.title')}
      description={t('list.description')}
      actions={addLink}
      filters={
        <ListToolbar>
          <SearchField
            id="campaign-search"
            label={t('list.searchLabel')}
            placeholder={t('list.searchPlaceholder')}
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
            label={t('list.contentType')}
            className="w-52"
            options={contentTypeOptions()}
            value={contentType}
            onValueChange={setContentType}
          />
        </ListToolbar>
      }
      paging={{
        page,
        pageSize: CAMPAIGN_PAGE_SIZE,
        total: campaigns.data?.total,
        noun: t('list.nounOne'),
        nounPlural: t('list.nounOther'),
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
            title={t('list.deleteTitle')}
            description={t('list.deleteDescription')}
            isPending={deletion.isPending}
            onConfirm={() => {
              if (!toDelete) return;
              deletion.mutate(toDelete.id, { onSuccess: () => setToDelete(null) });
            }}
          >
            {deletion.isError && <Alert tone="danger">{saveErrorText(deletion.error, t('list.deleteFailed'))}</Alert>}
          </ConfirmDialog>
        </>
      }
    >
      <ListContent
        query={campaigns}
        loading={<SkeletonGrid label={t('list.loading')} className={`grid gap-4 ${GRID}`} itemClassName="h-56" />}
        errorTitle={t('list.loadFailed')}
        isEmpty={(data) => data.campaigns.length === 0}
        empty={
          <EmptyState
            icon={Megaphone}
            title={filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
            description={filtered ? t('list.noMatchDescription') : t('list.emptyDescription')}
            action={
              !filtered &&
              canAdd && (
                <Button asChild>
                  <Link to={paths.dashboard.campaigns.add.getHref()}>{t('list.add')}</Link>
                </Button>
              )
            }
          />
        }
      >
        {(data) => (
          <div className="space-y-3">
            {canBulk && (
              <SelectionBar
                label={t('list.selected')}
                noun={t('list.nounOne')}
                nounPlural={t('list.nounOther')}
                pageIds={pageIds}
                {...selection}
              >
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('pause')}>
                  <Pause aria-hidden className="size-4" />
                  {t('list.bulk.pause')}
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('resume')}>
                  <Play aria-hidden className="size-4" />
                  {t('list.bulk.resume')}
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('retarget')}>
                  <Crosshair aria-hidden className="size-4" />
                  {t('list.bulk.retarget')}
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('delete')}>
                  <Trash2 aria-hidden className="size-4" />
                  {t('list.bulk.delete')}
                </Button>
              </SelectionBar>
            )}
            <CardList
              label={t('list.title')}
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
