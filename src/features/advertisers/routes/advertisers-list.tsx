import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { AddLink } from '@/components/lists/add-link';
import { CardList } from '@/components/lists/card-list';
import { ListContent } from '@/components/lists/list-content';
import { ListToolbar, SearchField, StatusFilterSelect } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ListPage } from '@/components/layouts/list-page';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { listParams, useListSearchParams } from '@/hooks/use-list-search-params';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { useToggleAdvertiserStatus } from '../api/advertiser-mutations';
import {
  ADVERTISER_PAGE_SIZE,
  ADVERTISER_STATUSES,
  advertisersQueryOptions,
  type AdvertiserFilters,
} from '../api/advertisers';
import { AdvertiserCard } from '../components/advertiser-card';
import { useMayUse } from '@/lib/may-use';

const GRID = 'sm:grid-cols-2 xl:grid-cols-3';

/** The page of advertisers the address asks for. */
export const prefetch: ScreenPrefetch = (queryClient, url) => {
  void queryClient.prefetchQuery(advertisersQueryOptions(listParams(url.searchParams, ADVERTISER_STATUSES)));
};

export function AdvertisersListRoute() {
  // Search, status and page live in the address, so back and reload keep them.
  const { searchText, setSearchText, search, status, setStatus, page, setPage } =
    useListSearchParams(ADVERTISER_STATUSES);
  const filters: AdvertiserFilters = { search, status, page };

  const advertisers = useQuery(advertisersQueryOptions(filters));
  const toggle = useToggleAdvertiserStatus();

  const filtered = filters.search !== '' || filters.status !== 'all';
  const canAdd = useMayUse('advertisers');
  const addLink = canAdd && <AddLink to={paths.dashboard.advertisers.add.getHref()}>Add Advertiser</AddLink>;

  return (
    <ListPage
      title="Advertisers"
      description="Companies whose ads run on the displays."
      actions={addLink}
      filters={
        <ListToolbar>
          <SearchField
            id="advertiser-search"
            label="Search advertisers"
            placeholder="Company or contact person"
            className="min-w-56"
            value={searchText}
            onValueChange={setSearchText}
          />
          <StatusFilterSelect
            id="advertiser-status"
            className="w-48"
            statuses={ADVERTISER_STATUSES}
            value={status}
            onValueChange={setStatus}
          />
        </ListToolbar>
      }
      paging={{
        page: filters.page,
        pageSize: ADVERTISER_PAGE_SIZE,
        total: advertisers.data?.total,
        noun: 'advertiser',
        onPageChange: setPage,
      }}
    >
      <ListContent
        query={advertisers}
        loading={<SkeletonGrid label="Loading advertisers" className={`grid gap-4 ${GRID}`} itemClassName="h-56" />}
        errorTitle="Advertisers could not be loaded"
        isEmpty={(data) => data.advertisers.length === 0}
        empty={
          <EmptyState
            icon={Megaphone}
            title={filtered ? 'No advertisers match' : 'No advertisers yet'}
            description={
              filtered ? 'Try another search or status.' : 'Add the first company whose ads run on the displays.'
            }
            action={addLink}
          />
        }
      >
        {(data) => (
          <CardList
            label="Advertisers"
            className={GRID}
            items={data.advertisers}
            getKey={(a) => a.id}
            aria-busy={advertisers.isPlaceholderData || undefined}
          >
            {(a) => (
              <AdvertiserCard
                advertiser={a}
                onToggle={(adv) => toggle.mutate(adv)}
                isToggling={toggle.isPending && toggle.variables.id === a.id}
              />
            )}
          </CardList>
        )}
      </ListContent>
    </ListPage>
  );
}
