import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { useScreenCommandsLive } from '../api/screen-commands';
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
import { FilterSelect, ListToolbar, SearchField } from '@/components/lists/list-toolbar';
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
import { useListSearchParams, withParams } from '@/hooks/use-list-search-params';
import { screenGroupsQueryOptions } from '@/entities/screen-group/screen-groups';
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
import { useSearchParamsLatest } from '@/hooks/use-search-params-latest';

const COUNT_CARDS: { status: EquipmentStatus; icon: LucideIcon; classes: string }[] = [
  { status: 'online', icon: CircleCheck, classes: 'bg-success-50 text-success-700' },
  { status: 'idle', icon: CirclePause, classes: 'bg-warning-50 text-warning-700' },
  { status: 'offline', icon: CircleX, classes: 'bg-gray-100 text-gray-600' },
  { status: 'error', icon: CircleAlert, classes: 'bg-danger-50 text-danger-700' },
];

const GRID = 'sm:grid-cols-2 xl:grid-cols-3';

function StatusCounts() {
  const { t } = useTranslation(['equipment', 'common']);
  const counts = useQuery(equipmentCountsQueryOptions());
  return (
    <div className="space-y-2">
      <ListCounters
        label={t('list.counts')}
        isError={counts.isError}
        counters={COUNT_CARDS.map(({ status, icon, classes }) => ({
          label: t(`status.${status}`),
          value: counts.data?.[status],
          icon,
          iconClassName: classes,
        }))}
      />
      {counts.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger-700">
          {t('list.countsFailed', { error: errorMessage(counts.error) })}
          <Button variant="outline" size="sm" onClick={() => void counts.refetch()}>
            {t('common:actions.retry')}
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
  const { t } = useTranslation('equipment');
  const device = useQuery(deviceQueryOptions(id));
  if (device.isPending) return null;
  if (device.isError || !device.data)
    return (
      <Alert tone={device.isError ? 'danger' : 'warning'} title={t('list.notFound')}>
        {device.isError ? errorMessage(device.error) : t('list.notFoundText')}{' '}
        <button type="button" className="font-medium underline" onClick={onClose}>
          {t('list.dismiss')}
        </button>
      </Alert>
    );
  return <DeviceDetailsDialog device={device.data} open onOpenChange={(open) => !open && onClose()} />;
}

export function EquipmentStatusRoute() {
  const { t } = useTranslation('equipment');
  const canControl = useMayUse('screens');
  const { searchText, setSearchText, search, status, setStatus, page, setPage } =
    useListSearchParams(EQUIPMENT_STATUSES);
  // The QR code a screen shows while it waits to be paired opens this page with its code.
  const [params, setParams] = useSearchParamsLatest();
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
      title={t('list.title')}
      description={t('list.description')}
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
            {t('list.refresh')}
          </Button>
          {canControl && <AddScreenDialog initialCode={pairCode} />}
        </>
      }
      counters={
        <div className="space-y-2">
          {linkedDevice && <LinkedDevice key={linkedDevice} id={linkedDevice} onClose={closeLinkedDevice} />}
          <StatusCounts />
          <p className="text-sm text-gray-500">{t('list.heartbeatNote')}</p>
        </div>
      }
      filters={
        <ListToolbar>
          <SearchField
            id="device-search"
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            className="min-w-56"
            value={searchText}
            onValueChange={setSearchText}
          />
          <FilterSelect
            id="device-status"
            label={t('list.status')}
            className="w-48"
            options={[
              { value: 'all', label: t('list.allStatuses') },
              ...EQUIPMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
            value={status}
            onValueChange={setStatus}
          />
          <FilterSelect
            id="device-group"
            label={t('list.group')}
            className="w-52"
            options={[
              { value: '', label: groups.isError ? t('list.allScreensGroupsFailed') : t('list.allScreens') },
              ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
              // A group named by the address that is not (or not yet) in the list still reads as chosen.
              ...(group && !groups.data?.some((g) => g.id === group)
                ? [{ value: group, label: t('list.chosenGroup') }]
                : []),
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
        noun: t('list.pagingOne'),
        nounPlural: t('list.pagingOther'),
        onPageChange: setPage,
      }}
    >
      <ListContent
        query={devices}
        loading={<SkeletonGrid label={t('list.loading')} className={`grid gap-4 ${GRID}`} itemClassName="h-52" />}
        errorTitle={t('list.loadFailed')}
        isEmpty={(data) => data.devices.length === 0}
        empty={
          <EmptyState
            icon={MonitorOff}
            title={filtered ? t('list.noMatch') : t('list.noDevices')}
            description={filtered ? t('list.noMatchHint') : t('list.noDevicesHint')}
          />
        }
      >
        {(data) => (
          <div className="space-y-3">
            {canManage && (
              <SelectionBar
                label={t('list.selection')}
                noun={t('list.selectionOne')}
                nounPlural={t('list.selectionOther')}
                pageIds={pageIds}
                {...selection}
              >
                <SendCommandMenu
                  deviceIds={[...selection.selected]}
                  label={t('list.selectedScreens', { count: selection.selected.size })}
                />
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('add')}>
                  <FolderPlus aria-hidden className="size-4" />
                  {t('list.addToGroup')}
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulk('remove')}>
                  <FolderMinus aria-hidden className="size-4" />
                  {t('list.removeFromGroup')}
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulkScreens('move')}>
                  <MoveRight aria-hidden className="size-4" />
                  {t('list.moveToVenue')}
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulkScreens('orientation')}>
                  <RotateCw aria-hidden className="size-4" />
                  {t('list.orientation')}
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulkScreens('revoke')}>
                  <Ban aria-hidden className="size-4" />
                  {t('list.revoke')}
                </Button>
                <Button variant="outline" size="sm" disabled={none} onClick={() => setBulkScreens('delete')}>
                  <Trash2 aria-hidden className="size-4" />
                  {t('list.delete')}
                </Button>
              </SelectionBar>
            )}
            <CardList label={t('list.devices')} className={GRID} items={data.devices} getKey={(d) => d.id}>
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
