import { useQuery } from '@tanstack/react-query';
import {
  Combine,
  Info,
  Layers,
  Link2,
  MapPin,
  Monitor,
  Pencil,
  PlayCircle,
  RefreshCw,
  Store,
  Trash2,
  TriangleAlert,
  Unlink,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { checkboxClass } from '@/components/ui/checkbox-list';
import { GroupSwatch } from '@/entities/screen-group/group-swatch';
import type { ScreenGroupTag } from '@/entities/screen-group/screen-groups';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/components/ui/error-state';
import { useToast } from '@/components/ui/toast';
import { deviceQueryOptions, deviceState, isRevoked, nowPlaying, revokedText, type Device } from '../api/equipment';
import { heartbeatAge, silenceText } from '@/entities/device/heartbeat-age';
import { orientationLabel } from '@/entities/device/device-rules';
import { liveStatusLabel } from '@/entities/device/live-status';
import { useDeleteDevice, useRevokeScreen } from '../api/screen-mutations';
import { DeviceDetailsDialog } from './device-details-dialog';
import { EditDeviceDialog } from './edit-device-dialog';
import { MergeDeviceDialog } from './merge-device-dialog';
import { DeviceStatusBadge } from './device-status-badge';
import { DeviceCommands } from './device-commands';
import { DeviceHealthBadge } from './device-health';
import { SendCommandMenu } from './send-command-menu';
import { useMayUse } from '@/lib/may-use';

export interface DeviceCardProps {
  /** The device as the list read it. */
  device: Device;
  /** The screen groups it is in, as the list read them. */
  groups?: readonly ScreenGroupTag[];
  /** When the list was read, so a fresher single-device read wins. */
  listUpdatedAt: number;
  /** Whether the device is ticked for a group action; with onSelectedChange, the card has a checkbox. */
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
}

export function DeviceCard({
  device: listed,
  groups = [],
  listUpdatedAt,
  selected = false,
  onSelectedChange,
}: DeviceCardProps) {
  const { t } = useTranslation(['equipment', 'common']);
  const canControl = useMayUse('screens');
  const id = listed.id ?? '';
  // The list's row seeds this device's own query; Check Status refetches only this one.
  const single = useQuery({
    ...deviceQueryOptions(id),
    initialData: listed,
    initialDataUpdatedAt: listUpdatedAt,
    // Read again only when asked (Check Status); the list keeps it current otherwise. Not
    // enabled: a live change of the table refetches the list, never each card on its own.
    enabled: false,
    staleTime: Infinity,
  });
  // Whichever read is newer wins: a checked device, or the list's next refresh.
  const singleIsNewer = single.dataUpdatedAt > listUpdatedAt;
  const device = singleIsNewer && single.data ? single.data : listed;
  const gone = singleIsNewer && single.data === null;
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [revokeOpen, setRevokeOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [mergeOpen, setMergeOpen] = useState(false);
  const revoke = useRevokeScreen();
  const remove = useDeleteDevice();
  const toast = useToast();
  const name = device.device_name ?? t('card.defaultName');
  const revoked = isRevoked(device);
  // A revoked screen is off the air on purpose: its silence is no news.
  const silent = device.heartbeat_stale && !revoked;

  /** Reads this device again and says what it found. */
  const checkStatus = async () => {
    const result = await single.refetch();
    if (result.isError) return; // shown on the card
    const checked = result.data;
    toast(
      checked
        ? {
            tone: isRevoked(checked)
              ? 'info'
              : checked.heartbeat_stale || checked.live_status === 'error'
                ? 'danger'
                : 'success',
            title: t('card.checked', { name, status: liveStatusLabel(deviceState(checked)) }),
            description: t('card.checkedHeartbeat', { age: heartbeatAge(checked.last_heartbeat) }),
          }
        : { tone: 'danger', title: t('card.noLongerExists', { name }) },
    );
  };

  return (
    <Card className="flex h-full flex-col" role="article" aria-label={name}>
      <div className="flex items-start justify-between gap-3 px-5 pt-5">
        <div className="flex min-w-0 items-center gap-3">
          {onSelectedChange && (
            <input
              type="checkbox"
              className={checkboxClass}
              aria-label={t('card.select', { name })}
              checked={selected}
              onChange={(event) => onSelectedChange(event.target.checked)}
            />
          )}
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-600">
            <Monitor aria-hidden className="size-5" />
          </span>
          <h2 className="font-semibold break-all text-gray-900">{name}</h2>
        </div>
        <div className="flex flex-col items-end gap-1">
          <DeviceStatusBadge status={deviceState(device)} />
          {!revoked && <DeviceHealthBadge device={device} />}
        </div>
      </div>
      <dl className="space-y-1.5 px-5 py-4 text-sm text-gray-600">
        <div className="flex items-center gap-2">
          <dt>
            <MapPin aria-label={t('card.location')} className="size-4" />
          </dt>
          <dd className="truncate">{device.location ?? '—'}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Store aria-label={t('card.customer')} className="size-4" />
          </dt>
          <dd className="truncate">{device.customer_name ?? t('card.notAssigned')}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-gray-500">{t('card.lastHeartbeat')}</dt>
          <dd>{heartbeatAge(device.last_heartbeat)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <PlayCircle aria-label={t('card.nowPlaying')} className="size-4" />
          </dt>
          <dd className="truncate" title={nowPlaying(device) ?? undefined}>
            {nowPlaying(device) ?? (revoked ? t('card.nothingRevoked') : t('card.nothingReported'))}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <Layers aria-label={t('card.groups')} className="mt-0.5 size-4" />
          </dt>
          <dd className="min-w-0">
            {groups.length === 0 ? (
              <span className="text-gray-600">{t('card.noGroups')}</span>
            ) : (
              <ul className="flex flex-wrap gap-1" aria-label={t('card.groupsOf', { name })}>
                {groups.map((g) => (
                  <li
                    key={g.id}
                    className="inline-flex items-center gap-1 rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700"
                  >
                    <GroupSwatch colour={g.colour} className="size-2.5" />
                    {g.name}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        {(device.app_version || device.resolution) && (
          <div className="flex items-center gap-2 text-xs text-gray-500">
            <dt className="sr-only">{t('card.player')}</dt>
            <dd>
              {[device.resolution, device.app_version && t('card.version', { version: device.app_version })]
                .filter(Boolean)
                .join(' · ')}
            </dd>
          </div>
        )}
        {device.diagnostics && (
          <div className="flex items-start gap-2 text-warning-700">
            <dt>
              <TriangleAlert aria-label={t('card.screenReports')} className="mt-0.5 size-4" />
            </dt>
            <dd className="line-clamp-2 break-words" title={device.diagnostics}>
              {device.diagnostics}
            </dd>
          </div>
        )}
      </dl>
      {(silent || revoked || single.isError || gone) && (
        <div className="space-y-1 px-5 pb-3 text-sm">
          {revoked && <p className="text-gray-600">{revokedText(device.revoked_at)}</p>}
          {silent && (
            <p className="text-danger-700">
              {device.status !== 'offline'
                ? t('card.countedOffline', { silence: silenceText(device.last_heartbeat) })
                : silenceText(device.last_heartbeat)}
            </p>
          )}
          {single.isError && (
            <p role="alert" className="text-danger-700">
              {errorMessage(single.error)}
            </p>
          )}
          {gone && <p className="text-danger-700">{t('card.gone')}</p>}
        </div>
      )}
      {device.paired && (
        <p className="flex items-center gap-1.5 px-5 pb-3 text-sm text-gray-600">
          <Link2 aria-hidden className="size-4 text-brand-600" />
          {t('card.paired', { orientation: orientationLabel(device.orientation) })}
        </p>
      )}
      {device.paired && id && (
        <div className="px-5 pb-3">
          <DeviceCommands deviceId={id} name={name} />
        </div>
      )}
      <div className="mt-auto grid grid-cols-2 gap-2 border-t border-gray-200 px-5 py-3">
        <Button
          variant="outline"
          size="sm"
          isLoading={single.isFetching}
          onClick={() => void checkStatus()}
          aria-label={t('card.checkStatusOf', { name })}
        >
          {!single.isFetching && <RefreshCw aria-hidden className="size-4" />}
          {t('card.checkStatus')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setDetailsOpen(true)}
          aria-label={t('card.viewDetailsOf', { name })}
        >
          <Info aria-hidden className="size-4" />
          {t('card.viewDetails')}
        </Button>
      </div>
      {canControl && (
        <div className="flex flex-wrap justify-end gap-1 border-t border-gray-100 px-3 py-2">
          {device.paired && id && <SendCommandMenu deviceIds={[id]} label={name} variant="ghost" />}
          <Button variant="ghost" size="sm" onClick={() => setEditOpen(true)} aria-label={t('card.editOf', { name })}>
            <Pencil aria-hidden className="size-4" />
            {t('common:actions.edit')}
          </Button>
          {device.paired && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setRevokeOpen(true)}
              aria-label={t('card.revokeOf', { name })}
            >
              <Unlink aria-hidden className="size-4" />
              {t('card.revoke')}
            </Button>
          )}
          {!device.paired && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setMergeOpen(true)}
              aria-label={t('card.mergeOf', { name })}
            >
              <Combine aria-hidden className="size-4" />
              {t('card.merge')}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setDeleteOpen(true)}
            aria-label={t('card.deleteOf', { name })}
          >
            <Trash2 aria-hidden className="size-4" />
            {t('common:actions.delete')}
          </Button>
        </div>
      )}
      <DeviceDetailsDialog device={device} open={detailsOpen} onOpenChange={setDetailsOpen} />
      <EditDeviceDialog device={device} open={editOpen} onOpenChange={setEditOpen} />
      <MergeDeviceDialog device={device} open={mergeOpen} onOpenChange={setMergeOpen} />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={(next) => !remove.isPending && setDeleteOpen(next)}
        title={t('card.deleteTitle', { name })}
        description={device.paired ? t('card.deletePaired') : t('card.deleteUnpaired')}
        confirmLabel={t('common:actions.delete')}
        destructive
        isPending={remove.isPending}
        onConfirm={() =>
          // The card (and this dialog) goes as soon as the list hears of the deletion, often
          // through Realtime before the call returns, and mutate's callbacks would then never
          // run; the promise still settles, so the toast always comes.
          void remove.mutateAsync(id).then(
            () => {
              setDeleteOpen(false);
              toast({ tone: 'success', title: t('card.deleted', { name }) });
            },
            (error: Error) => toast({ tone: 'danger', title: t('card.deleteFailed'), description: error.message }),
          )
        }
      />
      <ConfirmDialog
        open={revokeOpen}
        onOpenChange={(next) => !revoke.isPending && setRevokeOpen(next)}
        title={t('card.revokeTitle', { name })}
        description={t('card.revokeDescription')}
        confirmLabel={t('card.revoke')}
        destructive
        isPending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(id, {
            onSuccess: () => {
              setRevokeOpen(false);
              toast({ tone: 'success', title: t('card.revokedToast', { name }) });
            },
            onError: (error) => toast({ tone: 'danger', title: t('card.revokeFailed'), description: error.message }),
          })
        }
      />
    </Card>
  );
}
