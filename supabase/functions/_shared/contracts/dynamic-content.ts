// The dynamic content a slide shows (product spec §3): weather, news articles and
// sports events, as the dynamic-content edge function answers them.

export type ContentType = 'weather' | 'news' | 'sports';

export interface ForecastDay {
  /** ISO date-time of the forecast entry. */
  date: string;
  /** Degrees Fahrenheit, rounded. */
  temp: number;
  condition: string;
  /** Icon code such as 01d or 10n. */
  icon: string;
}

export interface WeatherData {
  location: string;
  /** Degrees Fahrenheit, rounded. */
  temperature: number;
  condition: string;
  icon: string;
  /** Percent. */
  humidity: number;
  /** Miles per hour, rounded. */
  windSpeed: number;
  /** One entry a day, five days. */
  forecast: ForecastDay[];
}

export interface NewsArticle {
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
  /** ISO date-time. */
  publishedAt: string;
  source: string;
  category: string;
}

export type SportsStatus = 'live' | 'final' | 'scheduled' | 'other';

export interface SportsEvent {
  event: string;
  teams: { home: string; away: string };
  score: { home: number | null; away: number | null };
  status: SportsStatus;
  /** ISO date-time of the start, or null. */
  time: string | null;
  league: string;
}

export type ContentData = WeatherData | NewsArticle[] | SportsEvent[];

/** What the function answers with 200. */
export interface ContentAnswer {
  type: ContentType;
  data: ContentData;
  /** True when `data` is the built-in sample data because the service could not be reached. */
  fallback: boolean;
  /** The spec's failure text when `fallback` is true, else null. */
  error: string | null;
  /** When `data` was fetched from the service (ISO). */
  updatedAt: string;
  /** True when `data` came from the shared cache rather than from this request's fetch. */
  cached: boolean;
  /** True when `data` is a cached entry older than the cache period, served because a refresh failed or is under way. */
  stale: boolean;
}

/** A request after validation, defaults applied. */
export type ContentRequest =
  | { type: 'weather'; location: string }
  | { type: 'news'; category: NewsCategory; query: string | null }
  | { type: 'sports'; sport: string; league: string; view: 'scoreboard' | 'standings' };

export const NEWS_CATEGORIES = [
  'general',
  'business',
  'technology',
  'sports',
  'entertainment',
  'health',
  'science',
  'politics',
  'world',
] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** The sport/league pairs the function serves (ESPN paths), the first of each sport being its default. */
export const SPORTS_LEAGUES: readonly { sport: string; league: string; name: string }[] = [
  { sport: 'football', league: 'nfl', name: 'NFL' },
  { sport: 'football', league: 'college-football', name: 'NCAA Football' },
  { sport: 'basketball', league: 'nba', name: 'NBA' },
  { sport: 'basketball', league: 'wnba', name: 'WNBA' },
  { sport: 'baseball', league: 'mlb', name: 'MLB' },
  { sport: 'hockey', league: 'nhl', name: 'NHL' },
  { sport: 'soccer', league: 'usa.1', name: 'MLS' },
  { sport: 'soccer', league: 'eng.1', name: 'Premier League' },
];

export const DEFAULTS = {
  country: 'us',
  location: 'New York',
  category: 'general' as NewsCategory,
  sport: 'football',
  league: 'nfl',
} as const;

/** The spec's failure texts (§8). */
export const ERRORS = {
  weather: 'Failed to fetch weather data',
  forecast: 'Failed to fetch weather forecast',
  news: 'Failed to fetch news data',
  newsSearch: 'Failed to search news',
  sports: 'Failed to fetch sports data',
  standings: 'Failed to fetch standings',
  unknownType: 'Unknown content type',
} as const;

export const MAX_ARTICLES = 10;
export const MAX_EVENTS = 10;
export const FORECAST_DAYS = 5;
/** The forecast has an entry every 3 hours: every 8th is one a day. */
export const FORECAST_STEP = 8;
