// Playlist slides as player_playlist() returns them, for component tests.
import type { PlaylistSlide } from './playlist';

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
