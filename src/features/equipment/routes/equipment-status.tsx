import { useQuery } from '@tanstack/react-query';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { useSearchParams } from 'react-router-dom';
import { CircleAlert, CircleCheck, CirclePause, CircleX, MonitorOff, RefreshCw, type LucideIcon } from 'lucide-react';
import { CardList } from '@/components/lists/card-list';
import { ListContent } from '@/components/lists/list-content';
import { ListToolbar, SearchField, StatusFilterSelect } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
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
    <ContentLayout title="Equipment Status" description="Online, idle, offline and failing devices.">
      <div className="flex flex-wrap justify-end gap-2">
        <AddScreenDialog initialCode={pairCode} />
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
      {linkedDevice && <LinkedDevice key={linkedDevice} id={linkedDevice} onClose={closeLinkedDevice} />}
      <StatusCounts />
      <p className="text-sm text-gray-500">
        Screens send a heartbeat every minute. A device silent for more than 3 minutes counts as offline, whatever it
        last reported.
      </p>
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
          <div className="space-y-4">
            <CardList label="Devices" className={GRID} items={data.devices} getKey={(d) => d.id}>
              {(d) => <DeviceCard device={d} listUpdatedAt={devices.dataUpdatedAt} />}
            </CardList>
            <Pagination
              page={filters.page}
              pageSize={EQUIPMENT_PAGE_SIZE}
              total={data.total}
              noun="devices"
              onPageChange={setPage}
            />
          </div>
        )}
      </ListContent>
    </ContentLayout>
  );
}
