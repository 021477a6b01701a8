// Dynamic content (weather, news, sports) from the dynamic-content edge function:
// the data shapes it answers, the settings a slide carries, and the React Query
// options that fetch it and refresh it at the slide's refresh interval.
import { FunctionsHttpError } from '@supabase/supabase-js';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import {
  DEFAULTS,
  NEWS_CATEGORIES,
  type NewsArticle,
  type NewsCategory,
  type SportsStatus,
  type WeatherData,
} from '@contracts/dynamic-content.ts';

export const DYNAMIC_CONTENT_TYPES = ['weather', 'news', 'sports'] as const;
export type DynamicContentType = (typeof DYNAMIC_CONTENT_TYPES)[number];

/** Refresh interval in seconds: default 300, never below 60 or above 3600. */
export const REFRESH_INTERVAL = { default: 300, min: 60, max: 3600 } as const;
/** What the dynamic-content function takes as a location (its LOCATION_CHARS and 100-character limit). */
export const LOCATION_RULE = { pattern: /^[\p{L}\p{N} ,.'’-]+$/u, max: 100 } as const;
export const DEFAULT_LOCATION = DEFAULTS.location;
export const DEFAULT_NEWS_CATEGORY: NewsCategory = DEFAULTS.category;

// The answer's weather, news and category shapes are the function's own, read from the contract
// both share (supabase/functions/_shared/contracts, plain TypeScript Vite and Deno take as it is).
/** The news service's categories, all offered on the Dynamic Content Test page (slides offer fewer). */
export { NEWS_CATEGORIES as NEWS_SERVICE_CATEGORIES };
export type { NewsArticle, NewsCategory, SportsStatus, WeatherData };

/**
 * A sports event as the sports view takes it. Not the function's `SportsEvent`: the view also
 * shows the app's own sample games, which have no score, and prints a score given as text.
 */
export interface SportsEvent {
  event: string;
  teams: { home: string; away: string };
  score: { home: number | string | null; away: number | string | null } | null;
  status: SportsStatus;
  time: string;
  league: string;
}

export interface DynamicContentDataMap {
  weather: WeatherData;
  news: NewsArticle[];
  sports: SportsEvent[];
}

/** The function's 200 answer. `fallback` means built-in sample data stands in for the service's. */
export interface DynamicContentResponse<T extends DynamicContentType = DynamicContentType> {
  type: T;
  data: DynamicContentDataMap[T];
  fallback: boolean;
  error: string | null;
  updatedAt: string;
  cached: boolean;
}

/** What a slide keeps in campaign_items.settings, plus the optional service parameters. */
export interface DynamicContentSettings {
  location?: string | null;
  category?: string | null;
  refresh_interval?: number | string | null;
  query?: string | null;
  sport?: string | null;
  league?: string | null;
  view?: 'scoreboard' | 'standings' | null;
}

export function isDynamicContentType(value: unknown): value is DynamicContentType {
  return typeof value === 'string' && (DYNAMIC_CONTENT_TYPES as readonly string[]).includes(value);
}

/** The slide's refresh interval in seconds: 300 when missing or not a number, clamped to 60–3600. */
export function refreshIntervalSeconds(settings: DynamicContentSettings | null | undefined): number {
  const raw = settings?.refresh_interval;
  const value = typeof raw === 'string' ? Number(raw.trim() || NaN) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) return REFRESH_INTERVAL.default;
  return Math.min(REFRESH_INTERVAL.max, Math.max(REFRESH_INTERVAL.min, Math.round(value)));
}

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** The request body for one type: only the parameters that type uses, blanks left out. */
export function dynamicContentRequest(type: DynamicContentType, settings: DynamicContentSettings | null | undefined) {
  const s = settings ?? {};
  switch (type) {
    case 'weather':
      return { type, location: text(s.location) };
    case 'news':
      return { type, category: text(s.category), query: text(s.query) };
    case 'sports':
      return { type, sport: text(s.sport), league: text(s.league), view: s.view ?? undefined };
  }
}

export type DynamicContentRequest = ReturnType<typeof dynamicContentRequest>;

function errorText(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
    return body.error;
  }
  return null;
}

function isResponse(body: unknown, type: DynamicContentType): body is DynamicContentResponse {
  if (!body || typeof body !== 'object' || !('data' in body)) return false;
  const data = body.data;
  return type === 'weather' ? Boolean(data) && typeof data === 'object' && !Array.isArray(data) : Array.isArray(data);
}

/** POST /functions/v1/dynamic-content; throws with the function's error text or 'An error occurred'. */
export async function fetchDynamicContent<T extends DynamicContentType>(
  type: T,
  settings: DynamicContentSettings | null | undefined,
  signal?: AbortSignal,
): Promise<DynamicContentResponse<T>> {
  if (!isDynamicContentType(type)) throw new Error(translate('slides:dynamic.unknownType'));
  const result: { data: unknown; error: unknown } = await supabase.functions.invoke<unknown>('dynamic-content', {
    body: dynamicContentRequest(type, settings),
    signal,
  });
  const { data, error } = result;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorText(body) ?? translate('slides:dynamic.errorOccurred'), { cause: error });
  }
  if (error) throw new Error((error instanceof Error && error.message) || translate('slides:dynamic.errorOccurred'), { cause: error });
  if (!isResponse(data, type)) throw new Error(translate('slides:dynamic.errorOccurred'));
  return data as DynamicContentResponse<T>;
}

export const dynamicContentKeys = {
  all: ['dynamic-content'] as const,
  details: () => [...dynamicContentKeys.all, 'detail'] as const,
  detail: (request: DynamicContentRequest) => [...dynamicContentKeys.details(), request] as const,
};

/**
 * Fetches one type's content with the slide's settings, refetching every refresh interval
 * (also in a background tab: screens are unattended) and keeping the previous answer of the
 * same type on screen while new settings load.
 */
export function dynamicContentQueryOptions<T extends DynamicContentType>(
  type: T,
  settings: DynamicContentSettings | null | undefined,
) {
  const intervalMs = refreshIntervalSeconds(settings) * 1000;
  return queryOptions({
    queryKey: dynamicContentKeys.detail(dynamicContentRequest(type, settings)),
    queryFn: ({ signal }) => fetchDynamicContent(type, settings, signal),
    refetchInterval: intervalMs,
    refetchIntervalInBackground: true,
    staleTime: intervalMs,
    // Keep the last answer on screen while new settings load, but never another type's data.
    placeholderData: (previous) => (previous?.type === type ? keepPreviousData(previous) : undefined),
  });
}
