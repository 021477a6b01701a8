import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { RecordHistory } from '@/entities/audit/record-history';
import { formatDateTime, formatLabel } from '@/lib/format';
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{device.device_name}</DialogTitle>
          <DialogDescription>Device details</DialogDescription>
        </DialogHeader>
        <dl className="divide-y divide-gray-100">
          <Item label="Status">
            <span className="inline-flex flex-wrap items-center gap-2">
              <DeviceStatusBadge status={deviceState(device)} />
              {device.heartbeat_stale && !isRevoked(device) && (
                <span className="text-danger-700">{silenceText(device.last_heartbeat)}</span>
              )}
            </span>
          </Item>
          <Item label="Reported status">{formatLabel(device.status)}</Item>
          {isRevoked(device) && <Item label="Revoked">{formatDateTime(device.revoked_at)}</Item>}
          <Item label="Active">{device.is_active ? 'Yes' : 'No'}</Item>
          <Item label="Location">{device.location}</Item>
          <Item label="Last heartbeat">
            {device.last_heartbeat
              ? `${formatDateTime(device.last_heartbeat)} (${heartbeatAge(device.last_heartbeat)})`
              : 'Never'}
          </Item>
          <Item label="Last content update">{formatDateTime(device.last_content_update, 'Never')}</Item>
          <Item label="Now playing">
            {nowPlaying(device) ?? (isRevoked(device) ? 'Nothing: revoked' : 'Nothing reported')}
          </Item>
          <Item label="Orientation">{device.orientation === 'portrait' ? 'Portrait' : 'Landscape'}</Item>
          <Item label="Loop">{device.loop_seconds != null ? `${device.loop_seconds} s` : null}</Item>
          <Item label="Resolution">{device.resolution}</Item>
          <Item label="App version">{device.app_version}</Item>
          <Item label="Health">{!isRevoked(device) && <DeviceHealthFigures device={device} />}</Item>
          {device.paired && device.id && (
            <Item label="Commands">
              <div className="space-y-2">
                <SendCommandMenu deviceIds={[device.id]} label={device.device_name ?? 'this screen'} />
                {open && <DeviceCommands deviceId={device.id} name={device.device_name ?? 'Screen'} />}
              </div>
            </Item>
          )}
          <Item label="Screen reports">{device.diagnostics ?? 'No problems reported'}</Item>
          <Item label="Refused plays">{open && device.id && <RefusedPlays deviceId={device.id} />}</Item>
          <Item label="Installed">{formatDateTime(device.created_at)}</Item>
          <Item label="Device ID">{device.id}</Item>
          <Item label="Customer">{device.customer_name ?? 'Not assigned'}</Item>
          <Item label="Customer location">{device.customer_location}</Item>
          <Item label="Contact phone">{device.customer_contact_phone}</Item>
        </dl>
        {open && device.id && <RecordHistory table="equipment_status" rowId={device.id} className="mt-4" />}
      </DialogContent>
    </Dialog>
  );
}
