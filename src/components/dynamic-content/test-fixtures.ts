// Answers of the dynamic-content function as its contract describes them, for component tests.
import { http, HttpResponse } from 'msw';
import type {
  DynamicContentResponse,
  DynamicContentType,
  NewsArticle,
  SportsEvent,
  WeatherData,
} from '@/lib/dynamic-content';
import { functionsUrl } from '@tests/setup/supabase-mocks';

export const weather: WeatherData = {
  location: 'New York',
  temperature: 72.4,
  condition: 'Clear sky',
  icon: '01d',
  humidity: 65,
  windSpeed: 8.6,
  forecast: [
    { date: '2026-11-23', temp: 70, condition: 'Sunny', icon: '01d' },
    { date: '2026-11-24', temp: 65, condition: 'Light rain', icon: '10d' },
    { date: '2026-11-25', temp: 60, condition: 'Snow', icon: '13d' },
    { date: '2026-11-26', temp: 58, condition: 'Mist', icon: '50d' },
    { date: '2026-11-27', temp: 62, condition: 'Broken clouds', icon: '04d' },
    { date: '2026-11-28', temp: 61, condition: 'Extra day', icon: '03d' },
  ],
};

export const article = (n: number, overrides: Partial<NewsArticle> = {}): NewsArticle => ({
  title: `Headline ${n}`,
  description: `Description ${n}`,
  url: `https://news.example/${n}`,
  imageUrl: `https://images.example/${n}.jpg`,
  publishedAt: '2026-11-22T09:30:00Z',
  source: `Source ${n}`,
  category: 'general',
  ...overrides,
});

export const game = (n: number, overrides: Partial<SportsEvent> = {}): SportsEvent => ({
  event: `Game ${n}`,
  teams: { home: `Home ${n}`, away: `Away ${n}` },
  score: { home: n, away: n + 1 },
  status: 'final',
  time: '2026-11-22T18:00:00Z',
  league: 'NFL',
  ...overrides,
});

export function answer<T extends DynamicContentType>(
  type: T,
  data: DynamicContentResponse<T>['data'],
  extra: Partial<DynamicContentResponse<T>> = {},
): DynamicContentResponse<T> {
  return { type, data, fallback: false, error: null, updatedAt: '2026-11-22T14:05:00Z', cached: false, ...extra };
}

/** Handles POST /functions/v1/dynamic-content, recording each request body. */
export function onDynamicContent(reply: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const bodies: Record<string, unknown>[] = [];
  const handler = http.post(functionsUrl('dynamic-content'), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    return reply(body);
  });
  return { handler, bodies };
}

export const json = (body: unknown, status = 200) => HttpResponse.json(body as Record<string, unknown>, { status });
