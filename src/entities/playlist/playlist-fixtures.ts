// Playlist slides and spots as player_playlist() returns them, for component tests.
import type { PlaylistSlide, PlaylistSpot } from './playlist';

/** A static playlist slide `id` titled `title`, with `extra` over the defaults. */
export function playlistSlide(id: string, title: string, extra: Partial<PlaylistSlide> = {}): PlaylistSlide {
  return {
    id,
    campaign_id: 'camp-1',
    content_type: 'static',
    slide_type: 'advertisement',
    title,
    content: null,
    image_url: null,
    display_order: 1,
    duration: 10,
    priority: 1,
    is_active: true,
    settings: {},
    updated_at: '2026-11-01T00:00:00Z',
    campaign_start_date: null,
    campaign_end_date: null,
    ...extra,
  };
}

/**
 * A network campaign `campaignId` booked on the screen with `slides` (static, 10 s unless
 * given), one spot a loop, all day, on air; `extra` over the defaults. spot_seconds is its
 * longest slide, as the server gives it.
 */
export function playlistSpot(
  campaignId: string,
  slides: { id: string; title: string; duration?: number; image_url?: string | null }[],
  extra: Partial<PlaylistSpot> = {},
): PlaylistSpot {
  const spotSlides: PlaylistSpot['slides'] = slides.map(({ id, title, duration = 10, image_url = null }, i) => ({
    id,
    campaign_id: campaignId,
    content_type: 'static',
    slide_type: 'advertisement',
    title,
    content: null,
    image_url,
    media_kind: 'image',
    display_order: i + 1,
    duration,
    priority: 1,
    is_active: true,
    settings: {},
    updated_at: '2026-11-01T00:00:00Z',
  }));
  return {
    campaign_id: campaignId,
    campaign_name: `Campaign ${campaignId}`,
    advertiser_id: 'adv-1',
    advertiser_name: 'Acme Coffee',
    spots_per_loop: 1,
    spot_seconds: Math.max(...spotSlides.map((s) => s.duration)),
    campaign_start_date: null,
    campaign_end_date: null,
    campaign_status: 'active',
    campaign_windows: [],
    on_air: true,
    device_ids: [],
    slides: spotSlides,
    ...extra,
  };
}
