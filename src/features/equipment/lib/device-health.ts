// A screen's health from its last heartbeat's figures (equipment_status.device_health and
// clock_offset_ms): good, attention or bad, with the reasons. The thresholds for bad are the
// ones that raise alerts in the database (clock off by more than 30 s, under 10 % of storage
// free, more than 5 restarts within an hour); attention comes earlier.
import type { DeviceHealth } from '@/entities/device/health';
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
  if (clock > CLOCK_BAD_MS) bad.push(`clock ${formatOffset(clockOffsetMs ?? 0)}`);
  else if (clock > CLOCK_ATTENTION_MS) attention.push(`clock ${formatOffset(clockOffsetMs ?? 0)}`);
  const f = figures ?? {};
  if (f.storage_quota && f.storage_used !== undefined) {
    const free = (f.storage_quota - f.storage_used) / f.storage_quota;
    const text = `${Math.round(Math.max(0, free) * 100)} % storage free`;
    if (free < STORAGE_BAD_FREE) bad.push(text);
    else if (free < STORAGE_ATTENTION_FREE) attention.push(text);
  }
  if (f.restarts_last_hour !== undefined) {
    const text = `${f.restarts_last_hour} restarts in the last hour`;
    if (f.restarts_last_hour > RESTARTS_BAD) bad.push(text);
    else if (f.restarts_last_hour >= 2) attention.push(text);
  }
  if (f.heap_limit && f.heap_used !== undefined) {
    const used = f.heap_used / f.heap_limit;
    const text = `memory ${Math.round(used * 100)} % used`;
    if (used > HEAP_BAD) bad.push(text);
    else if (used > HEAP_ATTENTION) attention.push(text);
  }
  if (bad.length) return { state: 'bad', reasons: [...bad, ...attention] };
  if (attention.length) return { state: 'attention', reasons: attention };
  return { state: 'good', reasons: [] };
}

/** '12 s ahead', '1 min 5 s behind', 'in time' (under half a second). */
export function formatOffset(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds === 0) return 'in time';
  const text = seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
  return `${text} ${ms > 0 ? 'ahead' : 'behind'}`;
}

/** Bytes as people read them: 512 B, 1.5 MB, 2.1 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** '3 h 12 min', '45 min', '20 s'. */
export function formatUptime(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}
