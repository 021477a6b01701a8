// A network campaign's change as the database broadcasts it to a venue's topic
// (supabase/migrations/20261128000400_playlist_push.sql): the campaign's spot as
// player_playlist() builds it for that venue (device_ids: the venue's screens it plays on), null
// when it no longer plays there, or 'read' when it was too large to send. A screen applies it to
// the playlist it holds, without reading.

/** What a screen needs of a spot to place it; the rest travels as the database built it. */
export interface SpotLike {
  campaign_id: string;
  device_ids: readonly string[];
}

/** The message on 'venue:<customer_id>', event 'spot'. */
export interface SpotPush {
  campaign_id: string;
  spot: SpotLike | null | 'read';
}

interface SpotHolder {
  version: string;
  spots?: readonly SpotLike[] | null;
}

/** Whether a broadcast's payload is a spot push (anything else on the topic is ignored). */
export function isSpotPush(value: unknown): value is SpotPush {
  if (typeof value !== 'object' || value === null) return false;
  const { campaign_id, spot } = value as Record<string, unknown>;
  if (typeof campaign_id !== 'string' || !('spot' in value)) return false;
  if (spot === null || spot === 'read') return true;
  if (typeof spot !== 'object') return false;
  const s = spot as Record<string, unknown>;
  return s.campaign_id === campaign_id && Array.isArray(s.device_ids);
}

/** A spot as the version sees it: on_air is the server's at the time it was built, not content. */
const contentOf = (spot: SpotLike) => {
  const { on_air: _onAir, ...rest } = spot as SpotLike & { on_air?: unknown };
  return JSON.stringify(rest);
};

/** FNV-1a, 32 bits, in hex: a short name for what the spots hold. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The version of a playlist whose spots changed by a push: the version it was read with, and a
 * name for the spots it holds now. Another push gives another version; a read gives the server's.
 */
export function pushedVersion(readVersion: string, spots: readonly SpotLike[]): string {
  const base = readVersion.split('+')[0] ?? '';
  return `${base}+${hash(spots.map(contentOf).join('\n'))}`;
}

/**
 * The playlist with the push applied: the campaign's entry replaced, added (in the server's
 * order, by campaign id) or removed. A screen (`deviceId`) keeps a spot only if it is one of its
 * device_ids, and holds it with device_ids just itself, as its own read would; a venue's kiosk
 * with no device keeps it as sent. The same playlist comes back when nothing changed (no new
 * version, nothing for the player to swap); 'read' when the push says to read the playlist.
 */
export function applySpotPush<P extends SpotHolder>(playlist: P, push: SpotPush, deviceId: string | null): P | 'read' {
  if (push.spot === 'read') return 'read';
  const spots = playlist.spots ?? [];
  const before = spots.find((s) => s.campaign_id === push.campaign_id);
  const spot = push.spot;
  const plays = spot !== null && (deviceId === null ? spot.device_ids.length > 0 : spot.device_ids.includes(deviceId));
  const entry: SpotLike | undefined = plays
    ? deviceId === null
      ? spot
      : { ...spot, device_ids: [deviceId] }
    : undefined;
  if (!entry && !before) return playlist;
  if (entry && before && contentOf(entry) === contentOf(before)) return playlist;
  const next = spots.filter((s) => s.campaign_id !== push.campaign_id);
  if (entry) {
    const at = next.findIndex((s) => s.campaign_id > entry.campaign_id);
    next.splice(at === -1 ? next.length : at, 0, entry);
  }
  return { ...playlist, spots: next, version: pushedVersion(playlist.version, next) };
}
