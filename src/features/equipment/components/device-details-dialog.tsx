import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { RecordHistory } from '@/entities/audit/record-history';
import { formatDateTime } from '@/lib/format';
import { orientationLabel } from '@/entities/device/device-rules';
import { liveStatusLabel } from '@/entities/device/live-status';
import { deviceState, isRevoked, nowPlaying, type Device } from '../api/equipment';
import { heartbeatAge, silenceText } from '@/entities/device/heartbeat-age';
import { DeviceStatusBadge } from './device-status-badge';
import { RefusedPlays } from './refused-plays';
import { DeviceCommands } from './device-commands';
import { DeviceHealthFigures } from './device-health';
import { SendCommandMenu } from './send-command-menu';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1.5">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="text-sm font-medium break-words text-gray-900">{children || '—'}</dd>
    </div>
  );
}

export interface DeviceDetailsDialogProps {
  device: Device;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function DeviceDetailsDialog({ device, open, onOpenChange }: DeviceDetailsDialogProps) {
  const { t } = useTranslation(['equipment', 'common']);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{device.device_name}</DialogTitle>
          <DialogDescription>{t('details.description')}</DialogDescription>
        </DialogHeader>
        <dl className="divide-y divide-gray-100">
          <Item label={t('details.status')}>
            <span className="inline-flex flex-wrap items-center gap-2">
              <DeviceStatusBadge status={deviceState(device)} />
              {device.heartbeat_stale && !isRevoked(device) && (
                <span className="text-danger-700">{silenceText(device.last_heartbeat)}</span>
              )}
            </span>
          </Item>
          <Item label={t('details.reportedStatus')}>{device.status ? liveStatusLabel(device.status) : null}</Item>
          {isRevoked(device) && <Item label={t('details.revoked')}>{formatDateTime(device.revoked_at)}</Item>}
          <Item label={t('details.active')}>{device.is_active ? t('common:yes') : t('common:no')}</Item>
          <Item label={t('details.location')}>{device.location}</Item>
          <Item label={t('details.lastHeartbeat')}>
            {device.last_heartbeat
              ? t('details.heartbeatAt', {
                  at: formatDateTime(device.last_heartbeat),
                  ago: heartbeatAge(device.last_heartbeat),
                })
              : t('details.never')}
          </Item>
          <Item label={t('details.lastContentUpdate')}>
            {formatDateTime(device.last_content_update, t('details.never'))}
          </Item>
          <Item label={t('details.nowPlaying')}>
            {nowPlaying(device) ?? (isRevoked(device) ? t('card.nothingRevoked') : t('card.nothingReported'))}
          </Item>
          <Item label={t('details.orientation')}>{orientationLabel(device.orientation)}</Item>
          <Item label={t('details.loop')}>
            {device.loop_seconds != null ? t('details.loopSeconds', { seconds: device.loop_seconds }) : null}
          </Item>
          <Item label={t('details.resolution')}>{device.resolution}</Item>
          <Item label={t('details.appVersion')}>{device.app_version}</Item>
          <Item label={t('details.health')}>{!isRevoked(device) && <DeviceHealthFigures device={device} />}</Item>
          {device.paired && device.id && (
            <Item label={t('details.commands')}>
              <div className="space-y-2">
                <SendCommandMenu deviceIds={[device.id]} label={device.device_name ?? t('details.thisScreen')} />
                {open && <DeviceCommands deviceId={device.id} name={device.device_name ?? t('details.screen')} />}
              </div>
            </Item>
          )}
          <Item label={t('details.screenReports')}>{device.diagnostics ?? t('details.noProblems')}</Item>
          <Item label={t('details.refusedPlays')}>{open && device.id && <RefusedPlays deviceId={device.id} />}</Item>
          <Item label={t('details.installed')}>{formatDateTime(device.created_at)}</Item>
          <Item label={t('details.deviceId')}>{device.id}</Item>
          <Item label={t('details.customer')}>{device.customer_name ?? t('card.notAssigned')}</Item>
          <Item label={t('details.customerLocation')}>{device.customer_location}</Item>
          <Item label={t('details.contactPhone')}>{device.customer_contact_phone}</Item>
        </dl>
        {open && device.id && <RecordHistory table="equipment_status" rowId={device.id} className="mt-4" />}
      </DialogContent>
    </Dialog>
  );
}
