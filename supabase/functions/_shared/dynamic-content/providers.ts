// The upstream content services: OpenWeatherMap (weather), NewsAPI (news) and
// ESPN (sports, no key). Keys come only from the function's secrets. Any failure
// (missing key, HTTP error, timeout, malformed JSON) becomes a ContentFailure
// carrying the spec's text for the step that failed.
import {
  normaliseForecast,
  normaliseNews,
  normaliseScoreboard,
  normaliseStandings,
  normaliseWeather,
} from './normalise.ts';
import { type ContentData, type ContentRequest, DEFAULTS, ERRORS, SPORTS_LEAGUES } from '../contracts/dynamic-content.ts';

export const DEFAULT_BASE_URLS = {
  weather: 'https://api.openweathermap.org',
  news: 'https://newsapi.org',
  sports: 'https://site.api.espn.com',
} as const;

/** How long one upstream request may take. */
export const UPSTREAM_TIMEOUT_MS = 5000;

/** News categories NewsAPI's top-headlines does not have; they are searched for instead. */
const SEARCHED_CATEGORIES = new Set(['politics', 'world']);

export class ContentFailure extends Error {
  constructor(
    /** The spec's text, shown to the caller. */
    readonly userMessage: string,
    /** What went wrong, for the log only. */
    detail: string,
  ) {
    super(`${userMessage}: ${detail}`);
    this.name = 'ContentFailure';
  }
}

export interface ProviderDeps {
  fetch: typeof fetch;
  /** A function secret (WEATHER_API_KEY, NEWS_API_KEY, *_API_BASE_URL). */
  secret(name: string): string | undefined;
  timeoutMs: number;
}

function baseUrl(deps: ProviderDeps, name: string, fallback: string): string {
  return (deps.secret(name)?.trim() || fallback).replace(/\/+$/, '');
}

function requireKey(deps: ProviderDeps, name: string, failure: string): string {
  const key = deps.secret(name)?.trim();
  if (!key) throw new ContentFailure(failure, `${name} is not set`);
  return key;
}

/** GET `url` as JSON within the timeout; anything but a 2xx JSON answer is a ContentFailure with `failure`. */
async function getJson(deps: ProviderDeps, url: URL, failure: string): Promise<unknown> {
  let res: Response;
  try {
    res = await deps.fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
  } catch (e) {
    const reason =
      e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError') ? 'timed out' : String(e);
    throw new ContentFailure(failure, `${url.pathname}: ${reason}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new ContentFailure(failure, `${url.pathname}: HTTP ${res.status}`);
  }
  try {
    return await res.json();
  } catch {
    throw new ContentFailure(failure, `${url.pathname}: malformed JSON`);
  }
}

/** Runs a normaliser; a malformed answer becomes a ContentFailure with `failure`. */
function normalised<T>(failure: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw new ContentFailure(failure, e instanceof Error ? e.message : String(e));
  }
}

function url(base: string, path: string, params: Record<string, string>): URL {
  const u = new URL(`${base}${path}`);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u;
}

async function fetchWeather(deps: ProviderDeps, location: string): Promise<ContentData> {
  const key = requireKey(deps, 'WEATHER_API_KEY', ERRORS.weather);
  const base = baseUrl(deps, 'WEATHER_API_BASE_URL', DEFAULT_BASE_URLS.weather);
  const params = { q: location, units: 'imperial', appid: key };
  // Both at once; when both fail, the current weather's failure is the one reported.
  const [current, forecast] = await Promise.allSettled([
    getJson(deps, url(base, '/data/2.5/weather', params), ERRORS.weather),
    getJson(deps, url(base, '/data/2.5/forecast', params), ERRORS.forecast),
  ]);
  if (current.status === 'rejected') throw current.reason;
  if (forecast.status === 'rejected') throw forecast.reason;
  const weather = normalised(ERRORS.weather, () => normaliseWeather(current.value, [], location));
  weather.forecast = normalised(ERRORS.forecast, () => normaliseForecast(forecast.value));
  return weather;
}

async function fetchNews(deps: ProviderDeps, category: string, query: string | null): Promise<ContentData> {
  const search = query ?? (SEARCHED_CATEGORIES.has(category) ? category : null);
  const failure = query ? ERRORS.newsSearch : ERRORS.news;
  const key = requireKey(deps, 'NEWS_API_KEY', failure);
  const base = baseUrl(deps, 'NEWS_API_BASE_URL', DEFAULT_BASE_URLS.news);
  const target = search
    ? url(base, '/v2/everything', { q: search, sortBy: 'publishedAt', pageSize: '10', apiKey: key })
    : url(base, '/v2/top-headlines', {
        country: DEFAULTS.country,
        category,
        pageSize: '10',
        apiKey: key,
      });
  const body = await getJson(deps, target, failure);
  return normalised(failure, () => normaliseNews(body, category));
}

async function fetchSports(
  deps: ProviderDeps,
  sport: string,
  league: string,
  view: 'scoreboard' | 'standings',
): Promise<ContentData> {
  const base = baseUrl(deps, 'SPORTS_API_BASE_URL', DEFAULT_BASE_URLS.sports);
  const name = SPORTS_LEAGUES.find((l) => l.sport === sport && l.league === league)?.name ?? league.toUpperCase();
  if (view === 'standings') {
    const body = await getJson(deps, url(base, `/apis/v2/sports/${sport}/${league}/standings`, {}), ERRORS.standings);
    return normalised(ERRORS.standings, () => normaliseStandings(body, name));
  }
  const body = await getJson(deps, url(base, `/apis/site/v2/sports/${sport}/${league}/scoreboard`, {}), ERRORS.sports);
  return normalised(ERRORS.sports, () => normaliseScoreboard(body, name));
}

/** Fetches and normalises the content of a validated request. */
export function fetchContent(deps: ProviderDeps, req: ContentRequest): Promise<ContentData> {
  switch (req.type) {
    case 'weather':
      return fetchWeather(deps, req.location);
    case 'news':
      return fetchNews(deps, req.category, req.query);
    case 'sports':
      return fetchSports(deps, req.sport, req.league, req.view);
  }
}

/** The failure text for a request when no specific step failed (used for unexpected errors). */
export function failureText(req: ContentRequest): string {
  if (req.type === 'weather') return ERRORS.weather;
  if (req.type === 'news') return req.query ? ERRORS.newsSearch : ERRORS.news;
  return req.view === 'standings' ? ERRORS.standings : ERRORS.sports;
}
