// What the player is handed in its tests: a venue's playlist as read and resolved.
import type { PlayerData, PlayerSlide } from './playlist';

/** Corner Cafe's playlist of `slides` at `version`, its media at `urls` (file key → URL). */
export function playerData(slides: PlayerSlide[], version = 'v1', urls: Record<string, string> = {}): PlayerData {
  return {
    customer: { id: 'cust-1', name: 'Corner Cafe', time_zone: 'America/New_York' },
    today: '2026-11-23',
    slides,
    version,
    media: { urls, complete: true, renewAt: Number.POSITIVE_INFINITY },
    fromDevice: false,
  };
}
