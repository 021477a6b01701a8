import { useQuery } from '@tanstack/react-query';
import { Megaphone, Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatLabel } from '@/lib/format';
import { useToggleAdvertiserStatus } from '../api/advertiser-mutations';
import {
  ADVERTISER_PAGE_SIZE,
  ADVERTISER_STATUSES,
  advertisersQueryOptions,
  type AdvertiserFilters,
} from '../api/advertisers';
import { AdvertiserCard } from '../components/advertiser-card';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...ADVERTISER_STATUSES.map((s) => ({ value: s, label: formatLabel(s) })),
];

/** Search typing waits this long before asking the database. */
export const SEARCH_DEBOUNCE_MS = 300;

function readStatus(value: string | null): AdvertiserFilters['status'] {
  return (ADVERTISER_STATUSES as readonly string[]).includes(value ?? '') ? (value as AdvertiserFilters['status']) : 'all';
}

export function AdvertisersListRoute() {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const urlSearch = params.get('q') ?? '';
  // The settled search goes to the address (so back and reload keep it) and starts at page 1.
  useEffect(() => {
    if (search !== urlSearch) setParams((p) => updated(p, { q: search, page: null }), { replace: true });
  }, [search, urlSearch, setParams]);
  const filters: AdvertiserFilters = { search: urlSearch, status, page };

  const advertisers = useQuery(advertisersQueryOptions(filters));
  const toggle = useToggleAdvertiserStatus();

  const filtered = filters.search !== '' || filters.status !== 'all';

  return (
    <ContentLayout
      title="Advertisers"
      description="Companies whose ads run on the displays."
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1 space-y-1.5">
          <Label htmlFor="advertiser-search">Search advertisers</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
            <Input
              id="advertiser-search"
              type="search"
              className="pl-9"
              placeholder="Company or contact person"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
        </div>
        <div className="w-48 space-y-1.5">
          <Label htmlFor="advertiser-status">Status</Label>
          <Select
            id="advertiser-status"
            options={STATUS_OPTIONS}
            value={status}
            onChange={(e) => setParams((p) => updated(p, { status: e.target.value === 'all' ? null : e.target.value, page: null }))}
          />
        </div>
        <Button asChild>
          <Link to={paths.dashboard.advertisers.add.getHref()}>
            <Plus aria-hidden className="size-4" />
            Add Advertiser
          </Link>
        </Button>
      </div>

      {advertisers.isPending ? (
        <LoadingRegion label="Loading advertisers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </LoadingRegion>
      ) : advertisers.isError ? (
        <ErrorState
          title="Advertisers could not be loaded"
          error={advertisers.error}
          onRetry={() => void advertisers.refetch()}
          isRetrying={advertisers.isRefetching}
        />
      ) : advertisers.data.advertisers.length === 0 ? (
        <EmptyState
          icon={Megaphone}
          title={filtered ? 'No advertisers match' : 'No advertisers yet'}
          description={filtered ? 'Try another search or status.' : 'Add the first company whose ads run on the displays.'}
          action={
            <Button asChild>
              <Link to={paths.dashboard.advertisers.add.getHref()}>
                <Plus aria-hidden className="size-4" />
                Add Advertiser
              </Link>
            </Button>
          }
        />
      ) : (
        <div className="space-y-4" aria-busy={advertisers.isPlaceholderData || undefined}>
          <ul aria-label="Advertisers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {advertisers.data.advertisers.map((a) => (
              <li key={a.id} className="flex">
                <div className="flex-1 [&>*]:h-full">
                  <AdvertiserCard
                    advertiser={a}
                    onToggle={(adv) => toggle.mutate(adv)}
                    isToggling={toggle.isPending && toggle.variables.id === a.id}
                  />
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            page={filters.page}
            pageSize={ADVERTISER_PAGE_SIZE}
            total={advertisers.data.total}
            noun="advertisers"
            onPageChange={(next) => setParams((p) => updated(p, { page: next === 0 ? null : String(next) }))}
          />
        </div>
      )}
    </ContentLayout>
  );
}

/** A copy of `params` with the given keys set (or removed when null/empty). */
function updated(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
