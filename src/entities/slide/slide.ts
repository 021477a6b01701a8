// The slide: a row of campaign_items as every screen reads it. Its types, the settings it
// carries, its numeric bounds (one copy; the database checks the same ones) and how a
// stored row becomes a slide. The builder edits slides, the player and the preview show them.
import { translate } from '@/i18n';
import { REFRESH_INTERVAL, refreshIntervalSeconds } from '@/lib/dynamic-content';
import type { Tables } from '@/types/database';
import type { SlideRow } from '@/types/database-json';
import type { MediaKind } from './media-limits';

export { MEDIA_KINDS, type MediaKind } from './media-limits';

export const SLIDE_TYPES = ['advertisement', 'weather', 'news', 'sports', 'business_info', 'promotional'] as const;
export type SlideType = (typeof SLIDE_TYPES)[number];

export const DYNAMIC_SLIDE_TYPES: readonly SlideType[] = ['weather', 'news', 'sports'];
export const IMAGE_SLIDE_TYPES: readonly SlideType[] = ['advertisement', 'business_info'];

/** The kind of a slide's file; rows read without it (older copies) are images. */
export const mediaKindOf = (slide: { media_kind?: string | null }): MediaKind =>
  slide.media_kind === 'video' ? 'video' : 'image';

/** The news categories the slide editor offers (the test page offers the news service's longer list). */
export const SLIDE_NEWS_CATEGORIES = ['general', 'business', 'technology', 'sports', 'entertainment'] as const;

/** A slide type as people read it, in the current language ('Business Info'). */
export const slideTypeLabel = (type: SlideType) => translate(`builder:slideType.${type}`);

/**
 * Each slide type's name, read in the current language at the moment it is looked up
 * (`SLIDE_TYPE_LABELS.weather` is 'Weather', 'Clima' or 'Wetter').
 */
export const SLIDE_TYPE_LABELS: Readonly<Record<SlideType, string>> = Object.defineProperties(
  {} as Record<SlideType, string>,
  Object.fromEntries(
    SLIDE_TYPES.map((type) => [type, { enumerable: true, get: () => slideTypeLabel(type) }]),
  ) as PropertyDescriptorMap,
);

/** A news category as people read it, in the current language. */
export const newsCategoryLabel = (category: string) =>
  translate(`builder:newsCategory.${category}` as never, { defaultValue: category });

/** Seconds a slide stays on screen: 5 to 300, 10 when missing. */
export const DURATION = { min: 5, max: 300, fallback: 10 } as const;
/** A slide's priority: 1 to 10, 1 when missing. */
export const PRIORITY = { min: 1, max: 10, fallback: 1 } as const;
/** Refresh interval of a dynamic slide in seconds: 60 to 3600, 300 by default (kept with the dynamic content it paces). */
export { REFRESH_INTERVAL };

export interface SlideSettings {
  location?: string;
  category?: string;
  refresh_interval?: number;
}

/** A slide: a campaign_items row read defensively (the builder also holds unsaved ones with a temp- id). */
export interface Slide {
  id: string;
  campaign_id: string;
  content_type: 'static' | 'dynamic';
  slide_type: SlideType;
  title: string | null;
  content: string | null;
  image_url: string | null;
  /** What image_url names (image when absent). */
  media_kind?: MediaKind;
  display_order: number;
  duration: number;
  priority: number;
  is_active: boolean;
  settings: SlideSettings;
  /** The ad the slide shows (its plays count for it); undefined where the row was read without it (screens). */
  ad_id?: string | null;
  created_at?: string;
  updated_at?: string;
}

export const isSlideType = (value: unknown): value is SlideType =>
  typeof value === 'string' && (SLIDE_TYPES as readonly string[]).includes(value);

export const contentTypeFor = (slideType: SlideType): Slide['content_type'] =>
  DYNAMIC_SLIDE_TYPES.includes(slideType) ? 'dynamic' : 'static';

export const showsImage = (slideType: SlideType) => IMAGE_SLIDE_TYPES.includes(slideType);

/** The settings a stored slide carries (location, category, refresh_interval), read defensively. */
export function parseSlideSettings(raw: unknown): SlideSettings {
  const settings: SlideSettings = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const value = raw as Record<string, unknown>;
    if (typeof value.location === 'string') settings.location = value.location;
    if (typeof value.category === 'string') settings.category = value.category;
    if (value.refresh_interval !== undefined && value.refresh_interval !== null) {
      settings.refresh_interval = normalizeRefreshInterval(value.refresh_interval);
    }
  }
  return settings;
}

/** A stored row as a slide (unknown types read as advertisement). */
export function slideFromRow(
  row: Omit<SlideRow, 'updated_at'> &
    Partial<Pick<Tables<'campaign_items'>, 'created_at' | 'updated_at' | 'media_kind'>>,
): Slide {
  const slideType = isSlideType(row.slide_type) ? row.slide_type : 'advertisement';
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    content_type: row.content_type === 'dynamic' ? 'dynamic' : 'static',
    slide_type: slideType,
    title: row.title,
    content: row.content,
    image_url: row.image_url,
    media_kind: mediaKindOf(row),
    display_order: row.display_order,
    duration: row.duration,
    priority: row.priority,
    is_active: row.is_active,
    settings: parseSlideSettings(row.settings),
    ...('ad_id' in row ? { ad_id: (row as { ad_id: string | null }).ad_id } : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A video slide's default duration: the video's own length in whole seconds (a fraction
 * under 0.1 s is dropped rather than played as a loop's first moment), within 5 to 300.
 */
export const videoSlideSeconds = (videoSeconds: number) =>
  Number.isFinite(videoSeconds) && videoSeconds > 0
    ? Math.min(DURATION.max, Math.max(DURATION.min, Math.ceil(videoSeconds - 0.1)))
    : DURATION.fallback;

/**
 * How a video fills its slide: it loops when the slide is at least a second longer, it is
 * cut when the slide is shorter, otherwise it plays once (holding its last frame for the
 * moment left).
 */
export type VideoFit = 'once' | 'loops' | 'cut';

/** A video shorter than its slide by less than this holds its last frame instead of starting again. */
export const VIDEO_LOOP_MIN_SECONDS = 1;

export function videoFit(videoSeconds: number, slideSeconds: number): VideoFit {
  if (slideSeconds < videoSeconds - 0.1) return 'cut';
  if (slideSeconds - videoSeconds >= VIDEO_LOOP_MIN_SECONDS) return 'loops';
  return 'once';
}

/** Seconds a slide plays: its duration, or 10 when it has none that makes sense. */
export const playSeconds = (slide: Pick<Slide, 'duration'> | undefined) =>
  slide && Number.isFinite(slide.duration) && slide.duration > 0 ? slide.duration : DURATION.fallback;

/** Refresh interval in seconds, 60 to 3600; anything non-numeric falls back to 300. */
export const normalizeRefreshInterval = (value: unknown) =>
  refreshIntervalSeconds({ refresh_interval: typeof value === 'number' || typeof value === 'string' ? value : null });
