// What the player is handed in its tests: a venue's playlist as read and resolved.
import { fakeUser } from '@tests/setup/supabase-mocks';
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

/** A paired screen's device, its login (as Auth hands it out) and its venue. */
export const PAIRED_DEVICE_ID = 'de000000-0000-4000-8000-0000000000aa';
export const PAIRED_SCREEN = {
  ...fakeUser('screen-de000000-1a2b3c4d@screens.invalid', '5c000000-0000-4000-8000-000000000001'),
  app_metadata: { provider: 'email', providers: ['email'], screen_device_id: PAIRED_DEVICE_ID },
};
export const PAIRED_VENUE = {
  id: 'c0000000-0000-4000-8000-000000000001',
  name: 'Corner Cafe',
  time_zone: 'America/New_York',
};
