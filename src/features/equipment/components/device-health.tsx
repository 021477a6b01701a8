// A screen's health on Equipment: a badge on its card (good, attention, bad) and the figures of
// its last heartbeat in its details.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format';
import type { Device } from '../api/equipment';
import {
  deviceHealth,
  formatBytes,
  formatOffset,
  formatUptime,
  healthFigures,
  percent,
  type HealthState,
} from '../lib/device-health';

const TONE: Record<HealthState, 'success' | 'warning' | 'danger'> = {
  good: 'success',
  attention: 'warning',
  bad: 'danger',
};

type HealthOf = Pick<Device, 'device_health' | 'clock_offset_ms'>;

export function DeviceHealthBadge({ device }: { device: HealthOf }) {
  const { t } = useTranslation('equipment');
  const health = deviceHealth(healthFigures(device.device_health), device.clock_offset_ms);
  if (!health) return null;
  return (
    <Badge tone={TONE[health.state]} title={health.reasons.join(', ') || undefined}>
      {t(`health.state.${health.state}`)}
      {health.reasons.length > 0 && (
        <span className="sr-only">
          {': '}
          {health.reasons.join(', ')}
        </span>
      )}
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
  const { t } = useTranslation('equipment');
  const f = healthFigures(device.device_health);
  const health = deviceHealth(f, device.clock_offset_ms);
  if (!health) return <span>{t('health.notReported')}</span>;
  const pct = (used?: number, total?: number) =>
    used !== undefined && total
      ? t('health.usedOf', { used: formatBytes(used), total: formatBytes(total), percent: percent(used / total) })
      : null;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2">
        <DeviceHealthBadge device={device} />
        {health.reasons.length > 0 && <span className="text-gray-600">{health.reasons.join(', ')}</span>}
      </p>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1 text-sm" aria-label={t('health.figures')}>
        <Figure label={t('health.clock')}>
          {device.clock_offset_ms != null ? formatOffset(device.clock_offset_ms) : null}
        </Figure>
        <Figure label={t('health.memory')}>{pct(f?.heap_used, f?.heap_limit)}</Figure>
        <Figure label={t('health.storage')}>{pct(f?.storage_used, f?.storage_quota)}</Figure>
        <Figure label={t('health.cachedMedia')}>
          {f?.cached_media_count !== undefined
            ? t('health.cachedFiles', {
                count: f.cached_media_count,
                size: formatBytes(f.cached_media_bytes ?? 0),
              })
            : null}
        </Figure>
        <Figure label={t('health.uptimeLabel')}>{f?.uptime_s !== undefined ? formatUptime(f.uptime_s) : null}</Figure>
        <Figure label={t('health.restartsHour')}>
          {f?.restarts_last_hour !== undefined ? formatNumber(f.restarts_last_hour) : undefined}
        </Figure>
        <Figure label={t('health.network')}>{f?.network_type}</Figure>
        <Figure label={t('health.screen')}>
          {f?.screen_width && f.screen_height
            ? t(f.rotation ? 'health.screenRotated' : 'health.screenSize', {
                width: f.screen_width,
                height: f.screen_height,
                degrees: f.rotation,
              })
            : null}
        </Figure>
      </dl>
    </div>
  );
}
