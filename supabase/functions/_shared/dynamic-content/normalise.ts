// Turns the upstream services' JSON into the spec's shapes. Each function throws
// MalformedResponse when the answer lacks what it needs, so the caller falls back.
import {
  FORECAST_DAYS,
  FORECAST_STEP,
  MAX_ARTICLES,
  MAX_EVENTS,
  type ForecastDay,
  type NewsArticle,
  type SportsEvent,
  type SportsStatus,
  type WeatherData,
} from '../contracts/dynamic-content.ts';

export class MalformedResponse extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedResponse';
  }
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const first = (v: unknown): Json => (Array.isArray(v) ? obj(v[0]) : {});

function need<T>(value: T | null, what: string): T {
  if (value === null) throw new MalformedResponse(`missing ${what}`);
  return value;
}

/** OpenWeatherMap current weather (`/data/2.5/weather`, imperial units) and 5-day forecast (`/data/2.5/forecast`). */
export function normaliseWeather(current: unknown, forecast: ForecastDay[], requested: string): WeatherData {
  if (!isObject(current)) throw new MalformedResponse('weather is not an object');
  const main = obj(current.main);
  const weather = first(current.weather);
  return {
    location: str(current.name) ?? requested,
    temperature: Math.round(need(num(main.temp), 'main.temp')),
    condition: str(weather.main) ?? 'Unknown',
    icon: str(weather.icon) ?? '',
    humidity: Math.round(num(main.humidity) ?? 0),
    windSpeed: Math.round(num(obj(current.wind).speed) ?? 0),
    forecast,
  };
}

/** Every 8th entry of the 3-hourly forecast list (one a day), five days. */
export function normaliseForecast(body: unknown): ForecastDay[] {
  if (!isObject(body) || !Array.isArray(body.list)) throw new MalformedResponse('forecast has no list');
  const days: ForecastDay[] = [];
  for (let i = 0; i < body.list.length && days.length < FORECAST_DAYS; i += FORECAST_STEP) {
    const entry = obj(body.list[i]);
    const dt = num(entry.dt);
    const weather = first(entry.weather);
    days.push({
      date: dt !== null ? new Date(dt * 1000).toISOString() : need(str(entry.dt_txt), 'forecast date'),
      temp: Math.round(need(num(obj(entry.main).temp), 'forecast temperature')),
      condition: str(weather.main) ?? 'Unknown',
      icon: str(weather.icon) ?? '',
    });
  }
  return days;
}

/** NewsAPI top-headlines or everything: at most 10 articles, removed ones left out. */
export function normaliseNews(body: unknown, category: string): NewsArticle[] {
  if (!isObject(body) || !Array.isArray(body.articles)) throw new MalformedResponse('news has no articles');
  if (body.status !== undefined && body.status !== 'ok')
    throw new MalformedResponse(`news status ${String(body.status)}`);
  const articles: NewsArticle[] = [];
  for (const raw of body.articles) {
    const a = obj(raw);
    const title = str(a.title);
    const url = str(a.url);
    if (!title || !url || title === '[Removed]') continue;
    articles.push({
      title,
      description: str(a.description) ?? '',
      url,
      imageUrl: str(a.urlToImage),
      publishedAt: str(a.publishedAt) ?? '',
      source: str(obj(a.source).name) ?? '',
      category,
    });
    if (articles.length === MAX_ARTICLES) break;
  }
  return articles;
}

/** ESPN's game state: in → live, post and completed → final, pre → scheduled, anything else (postponed, delayed) → other. */
export function sportsStatus(statusType: unknown): SportsStatus {
  const t = obj(statusType);
  if (t.state === 'in') return 'live';
  if (t.state === 'post' && t.completed === true) return 'final';
  if (t.state === 'pre') return 'scheduled';
  return 'other';
}

/** ESPN scoreboard: at most 10 events. */
export function normaliseScoreboard(body: unknown, leagueName: string): SportsEvent[] {
  if (!isObject(body) || !Array.isArray(body.events)) throw new MalformedResponse('scoreboard has no events');
  const league = str(first(body.leagues).abbreviation) ?? str(first(body.leagues).name) ?? leagueName;
  return body.events.slice(0, MAX_EVENTS).map((raw): SportsEvent => {
    const e = obj(raw);
    const competition = first(e.competitions);
    const status = sportsStatus(obj(obj(e.status).type));
    const competitors = Array.isArray(competition.competitors) ? competition.competitors.map(obj) : [];
    const side = (homeAway: 'home' | 'away', index: number) =>
      competitors.find((c) => c.homeAway === homeAway) ?? competitors[index] ?? {};
    const home = side('home', 0);
    const away = side('away', 1);
    const teamName = (c: Json) => str(obj(c.team).displayName) ?? str(obj(c.team).name) ?? '';
    const score = (c: Json) => (status === 'scheduled' ? null : num(c.score));
    return {
      event: str(e.name) ?? str(e.shortName) ?? '',
      teams: { home: teamName(home), away: teamName(away) },
      score: { home: score(home), away: score(away) },
      status,
      time: str(e.date) ?? str(competition.date),
      league,
    };
  });
}

/**
 * ESPN standings as events: one per team (at most 10, in the order given), the
 * event text "Team: W-L" with the team as `teams.home`, status 'other', no time.
 */
export function normaliseStandings(body: unknown, leagueName: string): SportsEvent[] {
  if (!isObject(body)) throw new MalformedResponse('standings is not an object');
  const groups = Array.isArray(body.children) ? body.children.map(obj) : [body];
  const events: SportsEvent[] = [];
  for (const group of groups) {
    const entries = obj(group.standings).entries;
    if (!Array.isArray(entries)) continue;
    for (const raw of entries) {
      const entry = obj(raw);
      const team = str(obj(entry.team).displayName) ?? str(obj(entry.team).name);
      if (!team) continue;
      const stats = Array.isArray(entry.stats) ? entry.stats.map(obj) : [];
      const stat = (name: string) => stats.find((s) => s.name === name || s.type === name);
      const summary =
        str(stat('overall')?.displayValue) ??
        [num(stat('wins')?.value), num(stat('losses')?.value)].filter((n) => n !== null).join('-');
      events.push({
        event: summary ? `${team}: ${summary}` : team,
        teams: { home: team, away: str(group.name) ?? '' },
        score: { home: num(stat('wins')?.value), away: num(stat('losses')?.value) },
        status: 'other',
        time: null,
        league: str(body.abbreviation) ?? str(body.name) ?? leagueName,
      });
      if (events.length === MAX_EVENTS) return events;
    }
  }
  if (events.length === 0 && !groups.some((g) => Array.isArray(obj(g.standings).entries))) {
    throw new MalformedResponse('standings has no entries');
  }
  return events;
}
