// The slide builder's rules as pure functions over the local list of slides: adding,
// duplicating, deleting, reordering (always renumbered from 1), type switches and the
// numeric fallbacks of the slide editor. The builder keeps every edit local until
// Save Campaign sends the whole list to save_campaign_slides.
import { translate } from '@/i18n';
import { loopOrder } from '@/entities/playlist/loop';
import type { Json } from '@/types/database';
import { DURATION, PRIORITY, contentTypeFor, mediaKindOf, type Slide, type SlideType } from '@/entities/slide/slide';

export const TEMP_PREFIX = 'temp-';

export const isTempId = (id: string | null | undefined) => !id || id.startsWith(TEMP_PREFIX);

export const newTempId = () => `${TEMP_PREFIX}${crypto.randomUUID()}`;

/** display_order 1..n in list order; slides already in place are kept as they are. */
export function renumber(slides: readonly Slide[]): Slide[] {
  return slides.map((slide, index) =>
    slide.display_order === index + 1 ? slide : { ...slide, display_order: index + 1 },
  );
}

/** A new slide with the builder's defaults, ordered after `slides`. */
export function createSlide(campaignId: string, slides: readonly Slide[]): Slide {
  return {
    id: newTempId(),
    campaign_id: campaignId,
    content_type: 'static',
    slide_type: 'advertisement',
    title: translate('builder:slide.newTitle'),
    content: '',
    image_url: null,
    display_order: slides.length + 1,
    duration: DURATION.fallback,
    priority: PRIORITY.fallback,
    is_active: true,
    settings: {},
  };
}

/** Appends a copy of slide `id` with a temp id and ' (Copy)' after its title. */
export function duplicateSlide(slides: readonly Slide[], id: string): Slide[] {
  const original = slides.find((slide) => slide.id === id);
  if (!original) return [...slides];
  const copy: Slide = {
    ...original,
    id: newTempId(),
    title: translate('builder:slide.copyTitle', { title: original.title ?? '' }),
    settings: { ...original.settings },
    display_order: slides.length + 1,
    created_at: undefined,
    updated_at: undefined,
  };
  return [...slides, copy];
}

export function deleteSlide(slides: readonly Slide[], id: string): Slide[] {
  return renumber(slides.filter((slide) => slide.id !== id));
}

/** Moves the slide `activeId` to where `overId` is, then renumbers. */
export function moveSlide(slides: readonly Slide[], activeId: string, overId: string): Slide[] {
  const from = slides.findIndex((slide) => slide.id === activeId);
  const to = slides.findIndex((slide) => slide.id === overId);
  if (from < 0 || to < 0 || from === to) return [...slides];
  const next = [...slides];
  next.splice(to, 0, ...next.splice(from, 1));
  return renumber(next);
}

/** Replaces slide `slide.id` (or appends it when it is new), keeping the order numbers right. */
export function upsertSlide(slides: readonly Slide[], slide: Slide): Slide[] {
  const index = slides.findIndex((existing) => existing.id === slide.id);
  if (index < 0) return renumber([...slides, slide]);
  const next = [...slides];
  next[index] = { ...slide, display_order: index + 1 };
  return next;
}

/** A type switch: weather, news and sports make the slide dynamic, anything else static. */
export function changeSlideType(slide: Slide, slideType: SlideType): Slide {
  return { ...slide, slide_type: slideType, content_type: contentTypeFor(slideType) };
}

export interface TimelineStats {
  total: number;
  totalDuration: number;
  staticCount: number;
  dynamicCount: number;
  /** Plays in one loop: each active slide as often as its priority says. */
  loopPlays: number;
  /** Seconds one loop lasts on a screen. */
  loopDuration: number;
}

export function timelineStats(slides: readonly Slide[]): TimelineStats {
  let totalDuration = 0;
  let dynamicCount = 0;
  for (const slide of slides) {
    totalDuration += slide.duration;
    if (slide.content_type === 'dynamic') dynamicCount += 1;
  }
  const loop = loopOrder(slides.filter((s) => s.is_active));
  return {
    total: slides.length,
    totalDuration,
    staticCount: slides.length - dynamicCount,
    dynamicCount,
    loopPlays: loop.length,
    loopDuration: loop.reduce((sum, s) => sum + s.duration, 0),
  };
}

/** The JSON list save_campaign_slides takes: order is the list order, temp ids become new rows. */
export function toSavePayload(slides: readonly Slide[]): Json {
  return slides.map((slide) => {
    const settings: Record<string, Json> = {};
    if (slide.settings.location !== undefined) settings.location = slide.settings.location;
    if (slide.settings.category !== undefined) settings.category = slide.settings.category;
    if (slide.settings.refresh_interval !== undefined) settings.refresh_interval = slide.settings.refresh_interval;
    return {
      id: slide.id,
      content_type: slide.content_type,
      slide_type: slide.slide_type,
      title: slide.title,
      content: slide.content,
      image_url: slide.image_url,
      media_kind: mediaKindOf(slide),
      duration: slide.duration,
      priority: slide.priority,
      is_active: slide.is_active,
      settings,
      // Left out when unknown, so the saved slide keeps its ad.
      ...(slide.ad_id !== undefined ? { ad_id: slide.ad_id } : {}),
    };
  });
}

/** True when the local list differs from what was loaded (order, content or membership). */
export function hasChanges(saved: readonly Slide[], local: readonly Slide[]): boolean {
  return JSON.stringify(toSavePayload(saved)) !== JSON.stringify(toSavePayload(local));
}
