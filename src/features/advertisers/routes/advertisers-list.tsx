import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AddLink } from '@/components/lists/add-link';
import { CardList } from '@/components/lists/card-list';
import { ListContent } from '@/components/lists/list-content';
import { FilterSelect, ListToolbar, SearchField } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ListPage } from '@/components/layouts/list-page';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useListSearchParams } from '@/hooks/use-list-search-params';
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


export function AdvertisersListRoute() {
  const { t } = useTranslation('advertisers');
  // Search, status and page live in the address, so back and reload keep them.
  const { searchText, setSearchText, search, status, setStatus, page, setPage } =
    useListSearchParams(ADVERTISER_STATUSES);
  const filters: AdvertiserFilters = { search, status, page };

  const advertisers = useQuery(advertisersQueryOptions(filters));
  const toggle = useToggleAdvertiserStatus();

  const filtered = filters.search !== '' || filters.status !== 'all';
  const canAdd = useMayUse('advertisers');
  const addLink = canAdd && <AddLink to={paths.dashboard.advertisers.add.getHref()}>{t('list.add')}</AddLink>;

  return (
    <ListPage
      title={t('list.title')}
      description={t('list.description')}
      actions={addLink}
      filters={
        <ListToolbar>
          <SearchField
            id="advertiser-search"
            label={t('list.searchLabel')}
            placeholder={t('list.searchPlaceholder')}
            className="min-w-56"
            value={searchText}
            onValueChange={setSearchText}
          />
          <FilterSelect
            id="advertiser-status"
            className="w-48"
            label={t('list.statusFilter')}
            options={[
              { value: 'all', label: t('list.allStatuses') },
              ...ADVERTISER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
            value={status}
            onValueChange={setStatus}
          />
        </ListToolbar>
      }
      paging={{
        page: filters.page,
        pageSize: ADVERTISER_PAGE_SIZE,
        total: advertisers.data?.total,
        noun: t('list.noun'),
        nounPlural: t('list.nounPlural'),
        onPageChange: setPage,
      }}
    >
      <ListContent
        query={advertisers}
        loading={<SkeletonGrid label={t('list.loading')} className={`grid gap-4 ${GRID}`} itemClassName="h-56" />}
        errorTitle={t('list.error')}
        isEmpty={(data) => data.advertisers.length === 0}
        empty={
          <EmptyState
            icon={Megaphone}
            title={t(filtered ? 'list.noMatch.title' : 'list.empty.title')}
            description={t(filtered ? 'list.noMatch.description' : 'list.empty.description')}
            action={addLink}
          />
        }
      >
        {(data) => (
          <CardList
            label={t('list.title')}
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
