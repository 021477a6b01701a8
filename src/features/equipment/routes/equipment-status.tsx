import { useQuery } from '@tanstack/react-query';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { useSearchParams } from 'react-router-dom';
import { CircleAlert, CircleCheck, CirclePause, CircleX, MonitorOff, RefreshCw, type LucideIcon } from 'lucide-react';
import { CardList } from '@/components/lists/card-list';
import { ListContent } from '@/components/lists/list-content';
import { ListToolbar, SearchField, StatusFilterSelect } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ListPage } from '@/components/layouts/list-page';
import { ListCounters } from '@/components/lists/list-counters';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/components/ui/error-state';
import { listParams, useListSearchParams } from '@/hooks/use-list-search-params';
import type { ScreenPrefetch } from '@/lib/prefetch';
import {
  deviceQueryOptions,
  devicesQueryOptions,
  EQUIPMENT_PAGE_SIZE,
  EQUIPMENT_STATUSES,
  equipmentCountsQueryOptions,
  type EquipmentFilters,
  type EquipmentStatus,
} from '../api/equipment';
import { AddScreenDialog } from '../components/add-screen-dialog';
import { DeviceCard } from '../components/device-card';
import { DeviceDetailsDialog } from '../components/device-details-dialog';

const COUNT_CARDS: { status: EquipmentStatus; label: string; icon: LucideIcon; classes: string }[] = [
  { status: 'online', label: 'Online', icon: CircleCheck, classes: 'bg-success-50 text-success-700' },
  { status: 'idle', label: 'Idle', icon: CirclePause, classes: 'bg-warning-50 text-warning-700' },
  { status: 'offline', label: 'Offline', icon: CircleX, classes: 'bg-gray-100 text-gray-600' },
  { status: 'error', label: 'Error', icon: CircleAlert, classes: 'bg-danger-50 text-danger-700' },
];

const GRID = 'sm:grid-cols-2 xl:grid-cols-3';

function StatusCounts() {
  const counts = useQuery(equipmentCountsQueryOptions());
  return (
    <div className="space-y-2">
      <ListCounters
        label="Device counts"
        isError={counts.isError}
        counters={COUNT_CARDS.map(({ status, label, icon, classes }) => ({
          label,
          value: counts.data?.[status],
          icon,
          iconClassName: classes,
        }))}
      />
      {counts.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger-700">
          Device counts could not be loaded: {errorMessage(counts.error)}
          <Button variant="outline" size="sm" onClick={() => void counts.refetch()}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The screen an address names (?device=<id>, the link in an alert e-mail or on the dashboard's
 * alerts): its details open over the list; closing them takes the id off the address.
 */
function LinkedDevice({ id, onClose }: { id: string; onClose: () => void }) {
  const device = useQuery(deviceQueryOptions(id));
  if (device.isPending) return null;
  if (device.isError || !device.data)
    return (
      <Alert tone={device.isError ? 'danger' : 'warning'} title="Screen not found">
        {device.isError
          ? errorMessage(device.error)
          : 'The screen this link names no longer exists (it may have been deleted or merged).'}{' '}
        <button type="button" className="font-medium underline" onClick={onClose}>
          Dismiss
        </button>
      </Alert>
    );
  return <DeviceDetailsDialog device={device.data} open onOpenChange={(open) => !open && onClose()} />;
}

/** The page of devices the address asks for, and the counts by status. */
export const prefetch: ScreenPrefetch = (queryClient, url) => {
  void queryClient.prefetchQuery(devicesQueryOptions(listParams(url.searchParams, EQUIPMENT_STATUSES)));
  void queryClient.prefetchQuery(equipmentCountsQueryOptions());
};

export function EquipmentStatusRoute() {
  const { searchText, setSearchText, search, status, setStatus, page, setPage } =
    useListSearchParams(EQUIPMENT_STATUSES);
  const filters: EquipmentFilters = { search, status, page };
  // The QR code a screen shows while it waits to be paired opens this page with its code.
  const [params, setParams] = useSearchParams();
  const pairCode = params.get('pair') ?? '';
  const linkedDevice = params.get('device');
  const closeLinkedDevice = () =>
    setParams(
      (p) => {
        p.delete('device');
        return p;
      },
      { replace: true },
    );

  // Heartbeats, new screens and changes by other admins show without a refresh.
  useLiveTables('equipment', ['equipment_status']);
  const devices = useQuery(devicesQueryOptions(filters));
  const counts = useQuery(equipmentCountsQueryOptions());
  const refreshing = devices.isRefetching || counts.isRefetching;
  const filtered = filters.search !== '' || filters.status !== 'all';

  return (
    <ListPage
      title="Equipment Status"
      description="Online, idle, offline and failing devices."
      actions={
        <>
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
          <AddScreenDialog initialCode={pairCode} />
        </>
      }
      counters={
        <div className="space-y-2">
          {linkedDevice && <LinkedDevice key={linkedDevice} id={linkedDevice} onClose={closeLinkedDevice} />}
          <StatusCounts />
          <p className="text-sm text-gray-500">
            Screens send a heartbeat every minute. A device silent for more than 3 minutes counts as offline, whatever
            it last reported.
          </p>
        </div>
      }
      filters={
        <ListToolbar>
          <SearchField
            id="device-search"
            label="Search devices"
            placeholder="Device name or location"
            className="min-w-56"
            value={searchText}
            onValueChange={setSearchText}
          />
          <StatusFilterSelect
            id="device-status"
            className="w-48"
            statuses={EQUIPMENT_STATUSES}
            value={status}
            onValueChange={setStatus}
          />
        </ListToolbar>
      }
      paging={{
        page: filters.page,
        pageSize: EQUIPMENT_PAGE_SIZE,
        total: devices.data?.total,
        noun: 'device',
        onPageChange: setPage,
      }}
    >
      <ListContent
        query={devices}
        loading={<SkeletonGrid label="Loading devices" className={`grid gap-4 ${GRID}`} itemClassName="h-52" />}
        errorTitle="Devices could not be loaded"
        isEmpty={(data) => data.devices.length === 0}
        empty={
          <EmptyState
            icon={MonitorOff}
            title={filtered ? 'No devices match' : 'No devices yet'}
            description={
              filtered
                ? 'Try another search or status.'
                : 'Devices appear here once a screen is installed and reports in.'
            }
          />
        }
      >
        {(data) => (
          <CardList label="Devices" className={GRID} items={data.devices} getKey={(d) => d.id}>
            {(d) => <DeviceCard device={d} listUpdatedAt={devices.dataUpdatedAt} />}
          </CardList>
        )}
      </ListContent>
    </ListPage>
  );
}
