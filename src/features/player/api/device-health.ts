// The player's health figures, sent with each heartbeat (public.player_heartbeat's p_health and
// p_boot_id): memory, storage, the media kept on the device, how long the page has been up, the
// network, the screen's size and rotation. The boot id is new at each page start, so the server
// can count restarts. Each figure the browser does not offer is left out.
import type { DeviceHealth } from '@/entities/device/health';
import { MEDIA_CACHE } from './media';

/** This page start's id (a restart of the player, or a reload, makes a new one). */
export const BOOT_ID = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}`;

export type { DeviceHealth };

interface ChromeMemory {
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

async function cachedMedia(): Promise<Pick<DeviceHealth, 'cached_media_count' | 'cached_media_bytes'>> {
  if (typeof caches === 'undefined') return {};
  try {
    const cache = await caches.open(MEDIA_CACHE);
    // Every entry's answer in one call (not a lookup per file each minute): only its headers are read.
    const responses = await cache.matchAll();
    let bytes = 0;
    for (const response of responses) bytes += Number(response.headers.get('content-length') ?? 0) || 0;
    return { cached_media_count: responses.length, cached_media_bytes: bytes };
  } catch {
    return {};
  }
}

/** What the browser tells of its health now; never throws. */
export async function collectDeviceHealth(): Promise<DeviceHealth> {
  const health: DeviceHealth = {};
  const memory = (performance as Performance & { memory?: ChromeMemory }).memory;
  if (memory) {
    health.heap_used = memory.usedJSHeapSize;
    health.heap_limit = memory.jsHeapSizeLimit;
  }
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (estimate?.quota) {
      health.storage_used = estimate.usage ?? 0;
      health.storage_quota = estimate.quota;
    }
  } catch {
    // No estimate: left out.
  }
  Object.assign(health, await cachedMedia());
  health.uptime_s = Math.round(performance.now() / 1000);
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; type?: string } }).connection;
  const network = connection?.type && connection.type !== 'unknown' ? connection.type : connection?.effectiveType;
  if (network) health.network_type = network.slice(0, 20);
  if (typeof screen !== 'undefined') {
    health.screen_width = screen.width;
    health.screen_height = screen.height;
    const angle = screen.orientation?.angle;
    if (typeof angle === 'number') health.rotation = angle;
  }
  return health;
}
