// A screen's health from its last heartbeat's figures (equipment_status.device_health and
// clock_offset_ms): good, attention or bad, with the reasons. The thresholds for bad are the
// ones that raise alerts in the database (clock off by more than 30 s, under 10 % of storage
// free, more than 5 restarts within an hour); attention comes earlier.
import type { DeviceHealth } from '@/entities/device/health';
import { translate } from '@/i18n';
import { formatNumber } from '@/lib/format';
import type { Json } from '@/types/database';

/** What the server keeps of a heartbeat's figures, with its count of restarts in the last hour. */
export interface DeviceHealthFigures extends DeviceHealth {
  restarts_last_hour?: number;
}

export type HealthState = 'good' | 'attention' | 'bad';

export interface Health {
  state: HealthState;
  /** Why it is not good, in a few words each. */
  reasons: string[];
}

export const CLOCK_BAD_MS = 30_000;
export const CLOCK_ATTENTION_MS = 5_000;
export const STORAGE_BAD_FREE = 0.1;
export const STORAGE_ATTENTION_FREE = 0.2;
export const RESTARTS_BAD = 5;
export const HEAP_BAD = 0.9;
export const HEAP_ATTENTION = 0.75;

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The figures a heartbeat stored, each of its kind (anything else is dropped). */
export function healthFigures(value: Json | null | undefined): DeviceHealthFigures | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const figures: DeviceHealthFigures = {};
  for (const key of [
    'heap_used',
    'heap_limit',
    'storage_used',
    'storage_quota',
    'cached_media_count',
    'cached_media_bytes',
    'uptime_s',
    'screen_width',
    'screen_height',
    'rotation',
    'restarts_last_hour',
  ] as const) {
    const n = num(v[key]);
    if (n !== undefined) figures[key] = n;
  }
  if (typeof v.network_type === 'string') figures.network_type = v.network_type;
  return figures;
}

/** The screen's health; null when it never reported any figure. */
export function deviceHealth(
  figures: DeviceHealthFigures | null,
  clockOffsetMs: number | null | undefined,
): Health | null {
  if (!figures && (clockOffsetMs === null || clockOffsetMs === undefined)) return null;
  const bad: string[] = [];
  const attention: string[] = [];
  const clock = Math.abs(clockOffsetMs ?? 0);
  const clockText = () => translate('equipment:health.reasons.clock', { offset: formatOffset(clockOffsetMs ?? 0) });
  if (clock > CLOCK_BAD_MS) bad.push(clockText());
  else if (clock > CLOCK_ATTENTION_MS) attention.push(clockText());
  const f = figures ?? {};
  if (f.storage_quota && f.storage_used !== undefined) {
    const free = (f.storage_quota - f.storage_used) / f.storage_quota;
    const text = translate('equipment:health.reasons.storageFree', { percent: percent(Math.max(0, free)) });
    if (free < STORAGE_BAD_FREE) bad.push(text);
    else if (free < STORAGE_ATTENTION_FREE) attention.push(text);
  }
  if (f.restarts_last_hour !== undefined) {
    const text = translate('equipment:health.reasons.restarts', { count: f.restarts_last_hour });
    if (f.restarts_last_hour > RESTARTS_BAD) bad.push(text);
    else if (f.restarts_last_hour >= 2) attention.push(text);
  }
  if (f.heap_limit && f.heap_used !== undefined) {
    const used = f.heap_used / f.heap_limit;
    const text = translate('equipment:health.reasons.memory', { percent: percent(used) });
    if (used > HEAP_BAD) bad.push(text);
    else if (used > HEAP_ATTENTION) attention.push(text);
  }
  if (bad.length) return { state: 'bad', reasons: [...bad, ...attention] };
  if (attention.length) return { state: 'attention', reasons: attention };
  return { state: 'good', reasons: [] };
}

/** A share (0.42) as a whole percentage figure in the current language ('42'); the sign is the catalogue's. */
export function percent(share: number): string {
  return formatNumber(Math.round(share * 100));
}

/** '12 s ahead', '1 min 5 s behind', 'in time' (under half a second). */
export function formatOffset(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds === 0) return translate('equipment:health.offset.inTime');
  const span =
    seconds >= 60
      ? translate('equipment:health.offset.minutesSeconds', {
          minutes: formatNumber(Math.floor(seconds / 60)),
          seconds: seconds % 60,
        })
      : translate('equipment:health.offset.seconds', { seconds });
  return translate(ms > 0 ? 'equipment:health.offset.ahead' : 'equipment:health.offset.behind', { span });
}

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** Bytes as people read them: 512 B, 1.5 MB, 2.1 GB (1,5 MB in German and Spanish). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024)
    return translate('equipment:health.bytes.B', { value: formatNumber(bytes, { useGrouping: false }) });
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 10 ? 0 : 1;
  const figure = formatNumber(value, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return translate(`equipment:health.bytes.${BYTE_UNITS[unit]!}`, { value: figure });
}

/** '3 h 12 min', '45 min', '20 s'; from two days on, '3 days'. */
export function formatUptime(seconds: number): string {
  if (seconds < 60) return translate('equipment:health.uptime.seconds', { value: formatNumber(Math.round(seconds)) });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return translate('equipment:health.uptime.minutes', { value: formatNumber(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 48)
    return translate('equipment:health.uptime.hoursMinutes', { hours: formatNumber(hours), minutes: minutes % 60 });
  return translate('equipment:health.uptime.days', { count: Math.floor(hours / 24) });
}
