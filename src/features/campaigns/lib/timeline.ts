// The slide builder's rules as pure functions over the local list of slides: adding,
// duplicating, deleting, reordering (always renumbered from 1), type switches and the
// numeric fallbacks of the slide editor. The builder keeps every edit local until
// Save Campaign sends the whole list to save_campaign_slides.
import type { Json, Tables } from '@/types/database';

export const SLIDE_TYPES = ['advertisement', 'weather', 'news', 'sports', 'business_info', 'promotional'] as const;
export type SlideType = (typeof SLIDE_TYPES)[number];

export const DYNAMIC_SLIDE_TYPES: readonly SlideType[] = ['weather', 'news', 'sports'];
export const IMAGE_SLIDE_TYPES: readonly SlideType[] = ['advertisement', 'business_info'];

export const NEWS_CATEGORIES = ['general', 'business', 'technology', 'sports', 'entertainment'] as const;

export const SLIDE_TYPE_LABELS: Record<SlideType, string> = {
  advertisement: 'Advertisement',
  weather: 'Weather',
  news: 'News',
  sports: 'Sports',
  business_info: 'Business Info',
  promotional: 'Promotional',
};

export const DURATION = { min: 5, max: 300, fallback: 10 } as const;
export const PRIORITY = { min: 1, max: 10, fallback: 1 } as const;
export const REFRESH_INTERVAL = { min: 60, max: 3600, fallback: 300 } as const;

export interface SlideSettings {
  location?: string;
  category?: string;
  refresh_interval?: number;
}

/** A slide as the builder holds it: a campaign_items row, or an unsaved one with a temp- id. */
export interface Slide {
  id: string;
  campaign_id: string;
  content_type: 'static' | 'dynamic';
  slide_type: SlideType;
  title: string | null;
  content: string | null;
  image_url: string | null;
  display_order: number;
  duration: number;
  priority: number;
  is_active: boolean;
  settings: SlideSettings;
  created_at?: string;
  updated_at?: string;
}

export const TEMP_PREFIX = 'temp-';

export const isTempId = (id: string | null | undefined) => !id || id.startsWith(TEMP_PREFIX);

export const newTempId = () => `${TEMP_PREFIX}${crypto.randomUUID()}`;

export const isSlideType = (value: unknown): value is SlideType =>
  typeof value === 'string' && (SLIDE_TYPES as readonly string[]).includes(value);

export const contentTypeFor = (slideType: SlideType): Slide['content_type'] =>
  DYNAMIC_SLIDE_TYPES.includes(slideType) ? 'dynamic' : 'static';

export const showsImage = (slideType: SlideType) => IMAGE_SLIDE_TYPES.includes(slideType);

/** Turns a stored row into a builder slide (settings read defensively, unknown types as advertisement). */
export function slideFromRow(row: Tables<'campaign_items'>): Slide {
  const raw = row.settings;
  const settings: SlideSettings = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    if (typeof raw.location === 'string') settings.location = raw.location;
    if (typeof raw.category === 'string') settings.category = raw.category;
    if (raw.refresh_interval !== undefined && raw.refresh_interval !== null) {
      settings.refresh_interval = normalizeRefreshInterval(raw.refresh_interval);
    }
  }
  const slideType = isSlideType(row.slide_type) ? row.slide_type : 'advertisement';
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    content_type: row.content_type === 'dynamic' ? 'dynamic' : 'static',
    slide_type: slideType,
    title: row.title,
    content: row.content,
    image_url: row.image_url,
    display_order: row.display_order,
    duration: row.duration,
    priority: row.priority,
    is_active: row.is_active,
    settings,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

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
    title: 'New Slide',
    content: '',
    image_url: null,
    display_order: slides.length + 1,
    duration: DURATION.fallback,
    priority: PRIORITY.fallback,
    is_active: true,
    settings: {},
  };
}

export function addSlide(campaignId: string, slides: readonly Slide[]): { slides: Slide[]; added: Slide } {
  const added = createSlide(campaignId, slides);
  return { slides: [...slides, added], added };
}

/** Appends a copy of slide `id` with a temp id and ' (Copy)' after its title. */
export function duplicateSlide(slides: readonly Slide[], id: string): Slide[] {
  const original = slides.find((slide) => slide.id === id);
  if (!original) return [...slides];
  const copy: Slide = {
    ...original,
    id: newTempId(),
    title: `${original.title ?? ''} (Copy)`,
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

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

function bounded(value: unknown, { min, max, fallback }: { min: number; max: number; fallback: number }) {
  const number = toNumber(value);
  if (!Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, Math.round(number)));
}

/** Duration in seconds, 5 to 300; anything non-numeric falls back to 10. */
export const normalizeDuration = (value: unknown) => bounded(value, DURATION);
/** Priority 1 to 10; anything non-numeric falls back to 1. */
export const normalizePriority = (value: unknown) => bounded(value, PRIORITY);
/** Refresh interval in seconds, 60 to 3600; anything non-numeric falls back to 300. */
export const normalizeRefreshInterval = (value: unknown) => bounded(value, REFRESH_INTERVAL);

export interface TimelineStats {
  total: number;
  totalDuration: number;
  staticCount: number;
  dynamicCount: number;
}

export function timelineStats(slides: readonly Slide[]): TimelineStats {
  let totalDuration = 0;
  let dynamicCount = 0;
  for (const slide of slides) {
    totalDuration += slide.duration;
    if (slide.content_type === 'dynamic') dynamicCount += 1;
  }
  return { total: slides.length, totalDuration, staticCount: slides.length - dynamicCount, dynamicCount };
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
      duration: slide.duration,
      priority: slide.priority,
      is_active: slide.is_active,
      settings,
    };
  });
}

/** True when the local list differs from what was loaded (order, content or membership). */
export function hasChanges(saved: readonly Slide[], local: readonly Slide[]): boolean {
  return JSON.stringify(toSavePayload(saved)) !== JSON.stringify(toSavePayload(local));
}
