import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { useScreenCommandsLive } from '../api/screen-commands';
import { useSearchParams } from 'react-router-dom';
import {
  Ban,
  CircleAlert,
  CircleCheck,
  CirclePause,
  CircleX,
  FolderMinus,
  FolderPlus,
  MonitorOff,
  MoveRight,
  RefreshCw,
  RotateCw,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { CardList } from '@/components/lists/card-list';
import { ListContent } from '@/components/lists/list-content';
import { FilterSelect, ListToolbar, SearchField, StatusFilterSelect } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ListPage } from '@/components/layouts/list-page';
import { ListCounters } from '@/components/lists/list-counters';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/components/ui/error-state';
import { SelectionBar } from '@/components/lists/selection-bar';
import { SendCommandMenu } from '../components/send-command-menu';
import { useSelection } from '@/hooks/use-selection';
import { useCan } from '@/lib/auth';
import { listParams, useListSearchParams, withParams } from '@/hooks/use-list-search-params';
import { screenGroupsQueryOptions } from '@/entities/screen-group/screen-groups';
import type { ScreenPrefetch } from '@/lib/prefetch';
import {
  deviceQueryOptions,
  devicesQueryOptions,
  EQUIPMENT_PAGE_SIZE,
  EQUIPMENT_STATUSES,
  equipmentCountsQueryOptions,
  groupParam,
  type EquipmentFilters,
  type EquipmentStatus,
} from '../api/equipment';
import { AddScreenDialog } from '../components/add-screen-dialog';
import { BulkScreensDialog, type BulkScreenKind } from '../components/bulk-screens-dialog';
import { DeviceCard } from '../components/device-card';
import { DeviceDetailsDialog } from '../components/device-details-dialog';
import { GroupMembersBulkDialog } from '../components/group-members-bulk-dialog';
import { useMayUse } from '@/lib/may-use';

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
  void queryClient.prefetchQuery(
    devicesQueryOptions({ ...listParams(url.searchParams, EQUIPMENT_STATUSES), group: groupParam(url.searchParams) }),
  );
  void queryClient.prefetchQuery(equipmentCountsQueryOptions());
};

export function EquipmentStatusRoute() {
  const canControl = useMayUse('screens');
  const { searchText, setSearchText, search, status, setStatus, page, setPage } =
    useListSearchParams(EQUIPMENT_STATUSES);
  // The QR code a screen shows while it waits to be paired opens this page with its code.
  const [params, setParams] = useSearchParams();
  const group = groupParam(params);
  const filters: EquipmentFilters = { search, status, group, page };
  const setGroup = (next: string) => setParams((p) => withParams(p, { group: next, page: null }));
  const groups = useQuery(screenGroupsQueryOptions());
  // The screens ticked for a bulk action (kept across pages and filters until the action is done),
  // for the roles that may change screens.
  const canManage = useCan('screens');
  const selection = useSelection();
  const none = selection.selected.size === 0;
  const [bulk, setBulk] = useState<'add' | 'remove' | null>(null);
  const [bulkScreens, setBulkScreens] = useState<BulkScreenKind | null>(null);
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
  useLiveTables('equipment', ['equipment_status', 'screen_groups', 'screen_group_members']);
  // Commands sent to screens, and how they went, show on the cards as the screens answer.
  useScreenCommandsLive();
  const devices = useQuery(devicesQueryOptions(filters));
  const counts = useQuery(equipmentCountsQueryOptions());
  const refreshing = devices.isRefetching || counts.isRefetching;
  const filtered = filters.search !== '' || filters.status !== 'all' || filters.group !== '';
  const pageIds = (devices.data?.devices ?? []).flatMap((d) => (d.id ? [d.id] : []));

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
          {canControl && <AddScreenDialog initialCode={pairCode} />}
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
          <FilterSelect
            id="device-group"
            label="Group"
            className="w-52"
            options={[
              { value: '', label: groups.isError ? 'All screens (groups could not be loaded)' : 'All screens' },
              ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
              // A group named by the address that is not (or not yet) in the list still reads as chosen.
              ...(group && !groups.data?.some((g) => g.id === group) ? [{ value: group, label: 'Chosen group' }] : []),
            ]}
            value={group}
            onValueChange={setGroup}
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
                ? 'Try another search, status or group.'
                : 'Devices appear here once a screen is installed and reports in.'
            }
          />
        }
      >
        {(data) => (
          <div className="space-y-3">
            {canManage && (
              <SelectionBar label="Selected screens" noun="screen" pageIds={pageIds} {...selection}>
                <SendCommandMenu
                  deviceIds={[...selection.selected]}
                  label={`${selection.selected.size} selected screens`}
                />
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('add')}>
                  <FolderPlus aria-hidden className="size-4" />
                  Add to group…
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('remove')}>
                  <FolderMinus aria-hidden className="size-4" />
                  Remove from group…
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulkScreens('move')}>
                  <MoveRight aria-hidden className="size-4" />
                  Move to venue…
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulkScreens('orientation')}>
                  <RotateCw aria-hidden className="size-4" />
                  Orientation…
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulkScreens('revoke')}>
                  <Ban aria-hidden className="size-4" />
                  Revoke…
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulkScreens('delete')}>
                  <Trash2 aria-hidden className="size-4" />
                  Delete…
                </Button>
              </SelectionBar>
            )}
            <CardList label="Devices" className={GRID} items={data.devices} getKey={(d) => d.id}>
              {(d) => (
                <DeviceCard
                  device={d}
                  groups={d.groups}
                  listUpdatedAt={devices.dataUpdatedAt}
                  selected={canManage && d.id ? selection.selected.has(d.id) : false}
                  onSelectedChange={canManage ? (on) => d.id && selection.toggle([d.id], on) : undefined}
                />
              )}
            </CardList>
          </div>
        )}
      </ListContent>
      <GroupMembersBulkDialog
        mode={bulk ?? 'add'}
        deviceIds={[...selection.selected]}
        open={bulk !== null}
        onOpenChange={(open) => !open && setBulk(null)}
        onDone={selection.clear}
      />
      <BulkScreensDialog
        kind={bulkScreens}
        deviceIds={[...selection.selected]}
        onOpenChange={(open) => !open && setBulkScreens(null)}
        onDone={selection.clear}
      />
    </ListPage>
  );
}
