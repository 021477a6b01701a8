// Stored slides for tests: slide n of a campaign, as campaign_items holds it.
import type { Slide } from './slide';

/** The n-th stored slide (id ending in n, display_order n), with `patch` over the defaults. */
export function storedSlide(n: number, patch: Partial<Slide> = {}): Slide {
  return {
    id: `c1000000-0000-4000-8000-00000000000${n}`,
    campaign_id: 'ca000000-0000-4000-8000-000000000001',
    content_type: 'static',
    slide_type: 'advertisement',
    title: `Slide ${n}`,
    content: null,
    image_url: null,
    display_order: n,
    duration: 10,
    priority: 1,
    is_active: true,
    settings: {},
    ...patch,
  };
}
