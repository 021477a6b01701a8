// A screen's health on Equipment: a badge on its card (good, attention, bad) and the figures of
// its last heartbeat in its details.
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { Device } from '../api/equipment';
import {
  deviceHealth,
  formatBytes,
  formatOffset,
  formatUptime,
  healthFigures,
  type HealthState,
} from '../lib/device-health';

const TONE: Record<HealthState, 'success' | 'warning' | 'danger'> = {
  good: 'success',
  attention: 'warning',
  bad: 'danger',
};
const TEXT: Record<HealthState, string> = { good: 'Healthy', attention: 'Needs attention', bad: 'Unhealthy' };

type HealthOf = Pick<Device, 'device_health' | 'clock_offset_ms'>;

export function DeviceHealthBadge({ device }: { device: HealthOf }) {
  const health = deviceHealth(healthFigures(device.device_health), device.clock_offset_ms);
  if (!health) return null;
  return (
    <Badge tone={TONE[health.state]} title={health.reasons.join(', ') || undefined}>
      {TEXT[health.state]}
      {health.reasons.length > 0 && <span className="sr-only">: {health.reasons.join(', ')}</span>}
    </Badge>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-gray-500">{label}</dt>
      <dd className="font-medium text-gray-900">{children ?? '—'}</dd>
    </>
  );
}

/** The figures of the screen's last heartbeat, for its details. */
export function DeviceHealthFigures({ device }: { device: HealthOf }) {
  const f = healthFigures(device.device_health);
  const health = deviceHealth(f, device.clock_offset_ms);
  if (!health) return <span>Not reported yet</span>;
  const pct = (used?: number, total?: number) =>
    used !== undefined && total
      ? `${formatBytes(used)} of ${formatBytes(total)} (${Math.round((used / total) * 100)} %)`
      : null;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2">
        <DeviceHealthBadge device={device} />
        {health.reasons.length > 0 && <span className="text-gray-600">{health.reasons.join(', ')}</span>}
      </p>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1 text-sm" aria-label="Health figures">
        <Figure label="Clock">{device.clock_offset_ms != null ? formatOffset(device.clock_offset_ms) : null}</Figure>
        <Figure label="Memory">{pct(f?.heap_used, f?.heap_limit)}</Figure>
        <Figure label="Storage">{pct(f?.storage_used, f?.storage_quota)}</Figure>
        <Figure label="Cached media">
          {f?.cached_media_count !== undefined
            ? `${f.cached_media_count} files, ${formatBytes(f.cached_media_bytes ?? 0)}`
            : null}
        </Figure>
        <Figure label="Page up for">{f?.uptime_s !== undefined ? formatUptime(f.uptime_s) : null}</Figure>
        <Figure label="Restarts (1 h)">{f?.restarts_last_hour}</Figure>
        <Figure label="Network">{f?.network_type}</Figure>
        <Figure label="Screen">
          {f?.screen_width && f.screen_height
            ? `${f.screen_width}×${f.screen_height}${f.rotation ? `, rotated ${f.rotation}°` : ''}`
            : null}
        </Figure>
      </dl>
    </div>
  );
}
