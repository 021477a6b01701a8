import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CirclePause, CircleX, MonitorOff, RefreshCw, Search, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, errorMessage } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatLabel } from '@/lib/format';
import {
  devicesQueryOptions,
  EQUIPMENT_PAGE_SIZE,
  EQUIPMENT_STATUSES,
  equipmentCountsQueryOptions,
  type EquipmentFilters,
  type EquipmentStatus,
} from '../api/equipment';
import { DeviceCard } from '../components/device-card';

const COUNT_CARDS: { status: EquipmentStatus; label: string; icon: LucideIcon; classes: string }[] = [
  { status: 'online', label: 'Online', icon: CircleCheck, classes: 'bg-success-50 text-success-700' },
  { status: 'idle', label: 'Idle', icon: CirclePause, classes: 'bg-warning-50 text-warning-700' },
  { status: 'offline', label: 'Offline', icon: CircleX, classes: 'bg-gray-100 text-gray-600' },
  { status: 'error', label: 'Error', icon: CircleAlert, classes: 'bg-danger-50 text-danger-700' },
];

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...EQUIPMENT_STATUSES.map((s) => ({ value: s, label: formatLabel(s) })),
];

const SEARCH_DEBOUNCE_MS = 300;

function readStatus(value: string | null): EquipmentFilters['status'] {
  return (EQUIPMENT_STATUSES as readonly string[]).includes(value ?? '') ? (value as EquipmentStatus) : 'all';
}

function updated(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

const number = new Intl.NumberFormat('en-US');

function StatusCounts() {
  const counts = useQuery(equipmentCountsQueryOptions());
  if (counts.isError) {
    return (
      <div role="alert" className="rounded-md border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-700">
        Device counts could not be loaded: {errorMessage(counts.error)}{' '}
        <Button variant="outline" size="sm" onClick={() => void counts.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <section aria-label="Device counts" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {COUNT_CARDS.map(({ status, label, icon: Icon, classes }) => (
        <Card key={status} className="flex items-center gap-4 p-5" role="group" aria-label={label}>
          <span className={`flex size-10 items-center justify-center rounded-full ${classes}`}>
            <Icon aria-hidden className="size-5" />
          </span>
          <div>
            <h2 className="text-sm font-medium text-gray-500">{label}</h2>
            {counts.isPending ? (
              <span role="status" aria-label={`Loading ${label} count`}>
                <Skeleton className="h-7 w-12" />
              </span>
            ) : (
              <p className="text-2xl font-semibold text-gray-900">{number.format(counts.data[status])}</p>
            )}
          </div>
        </Card>
      ))}
    </section>
  );
}

export function EquipmentStatusRoute() {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const urlSearch = params.get('q') ?? '';
  useEffect(() => {
    if (search !== urlSearch) setParams((p) => updated(p, { q: search, page: null }), { replace: true });
  }, [search, urlSearch, setParams]);
  const filters: EquipmentFilters = { search: urlSearch, status, page };

  const devices = useQuery(devicesQueryOptions(filters));
  const counts = useQuery(equipmentCountsQueryOptions());
  const refreshing = devices.isRefetching || counts.isRefetching;
  const filtered = filters.search !== '' || filters.status !== 'all';

  return (
    <ContentLayout title="Equipment Status" description="Online, idle, offline and failing devices.">
      <div className="flex justify-end">
        <Button
          variant="outline"
          isLoading={refreshing}
          onClick={() => {
            void devices.refetch();
            void counts.refetch();
          }}
        >
          {!refreshing && <RefreshCw aria-hidden className="size-4" />}
          Refresh
        </Button>
      </div>
      <StatusCounts />
      <p className="text-sm text-gray-500">
        Screens send a heartbeat every minute. A device silent for more than 3 minutes counts as offline, whatever it last
        reported.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1 space-y-1.5">
          <Label htmlFor="device-search">Search devices</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
            <Input
              id="device-search"
              type="search"
              className="pl-9"
              placeholder="Device name or location"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
        </div>
        <div className="w-48 space-y-1.5">
          <Label htmlFor="device-status">Status</Label>
          <Select
            id="device-status"
            options={STATUS_OPTIONS}
            value={status}
            onChange={(e) => setParams((p) => updated(p, { status: e.target.value === 'all' ? null : e.target.value, page: null }))}
          />
        </div>
      </div>
      {devices.isPending ? (
        <LoadingRegion label="Loading devices" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-52" />
          ))}
        </LoadingRegion>
      ) : devices.isError ? (
        <ErrorState
          title="Devices could not be loaded"
          error={devices.error}
          onRetry={() => void devices.refetch()}
          isRetrying={devices.isRefetching}
        />
      ) : devices.data.devices.length === 0 ? (
        <EmptyState
          icon={MonitorOff}
          title={filtered ? 'No devices match' : 'No devices yet'}
          description={filtered ? 'Try another search or status.' : 'Devices appear here once a screen is installed and reports in.'}
        />
      ) : (
        <div className="space-y-4">
          <ul aria-label="Devices" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {devices.data.devices.map((d) => (
              <li key={d.id}>
                <DeviceCard device={d} listUpdatedAt={devices.dataUpdatedAt} />
              </li>
            ))}
          </ul>
          <Pagination
            page={filters.page}
            pageSize={EQUIPMENT_PAGE_SIZE}
            total={devices.data.total}
            noun="devices"
            onPageChange={(next) => setParams((p) => updated(p, { page: next === 0 ? null : String(next) }))}
          />
        </div>
      )}
    </ContentLayout>
  );
}
