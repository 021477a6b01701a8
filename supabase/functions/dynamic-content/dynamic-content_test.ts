import { deepStrictEqual as assertEquals, ok } from 'node:assert/strict';
import { fakeNetwork, type FakeRoute, fakeUser, reply, TEST_ENV } from '../_shared/fake-fetch.ts';
import { FOREIGN_KEYS, jwksRoute, PROJECT_KEYS, sessionToken } from '../_shared/fake-jwt.ts';
import { type CacheStore, MemoryCacheStore } from '../_shared/dynamic-content/cache.ts';
import {
  espnScoreboard,
  espnStandings,
  newsApiArticles,
  owmCurrent,
  owmForecast,
} from '../_shared/dynamic-content/upstream-samples.ts';
import type { ContentAnswer, NewsArticle, SportsEvent, WeatherData } from '../_shared/contracts/dynamic-content.ts';
import { CLOCK_HEADER, createHandler, type Deps, NOT_SIGNED_IN } from './handler.ts';

const USER_ID = '0a0a0a0a-0000-4000-8000-00000000d001';
const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** A legacy HS256 session token: the function asks Auth (the fake GET /auth/v1/user) to check it. */
const USER_TOKEN = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: USER_ID, role: 'authenticated' })}.sig`;
const SIGNED_OUT_TOKEN = `${b64({ alg: 'HS256' })}.${b64({ sub: 'gone', role: 'authenticated' })}.sig`;
const ANON_JWT = `${b64({ alg: 'HS256' })}.${b64({ role: 'anon' })}.sig`;
/** A session of a project with JWT signing keys: checked against the (fake) JWKS. */
const ES256_TOKEN = await sessionToken({ sub: USER_ID, role: 'authenticated' });
const NOW = new Date('2026-11-22T12:00:00.000Z');

const SECRETS = {
  WEATHER_API_KEY: 'weather-key',
  NEWS_API_KEY: 'news-key',
  WEATHER_API_BASE_URL: 'http://weather.test',
  NEWS_API_BASE_URL: 'http://news.test/',
  SPORTS_API_BASE_URL: 'http://sports.test',
};

const UPSTREAM: Record<string, FakeRoute> = {
  'GET /data/2.5/weather': (call) => reply(owmCurrent(call.search.get('q') ?? '')),
  'GET /data/2.5/forecast': () => reply(owmForecast()),
  'GET /v2/top-headlines': () => reply(newsApiArticles()),
  'GET /v2/everything': () => reply(newsApiArticles()),
  'GET /apis/site/v2/sports/football/nfl/scoreboard': () => reply(espnScoreboard()),
  'GET /apis/site/v2/sports/basketball/nba/scoreboard': () => reply(espnScoreboard(3)),
  'GET /apis/v2/sports/football/nfl/standings': () => reply(espnStandings()),
};

interface Setup {
  routes?: Record<string, FakeRoute>;
  secrets?: Record<string, string>;
  cache?: CacheStore;
  /** Paths whose requests never answer (until the timeout aborts them). */
  hang?: string[];
  deps?: Partial<Deps>;
}

function setup({ routes = {}, secrets = SECRETS, cache = new MemoryCacheStore(), hang = [], deps = {} }: Setup = {}) {
  const supabase = fakeNetwork({
    ...jwksRoute(),
    'GET /auth/v1/user': (call) =>
      [`Bearer ${USER_TOKEN}`, `Bearer ${ES256_TOKEN}`].includes(call.headers.get('Authorization') ?? '')
        ? reply(fakeUser(USER_ID, 'screen@example.com'))
        : reply({ code: 'session_not_found', message: 'Session not found' }, 403),
  });
  const upstream = fakeNetwork({ ...UPSTREAM, ...routes });
  const upstreamFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    if (hang.includes(path)) {
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    return upstream.fetch(input, init);
  }) as typeof fetch;
  const logs: string[] = [];
  const allDeps: Deps = {
    env: TEST_ENV,
    fetch: supabase.fetch,
    upstreamFetch,
    secret: (name) => secrets[name as keyof typeof secrets],
    cache,
    now: () => NOW,
    clockHeader: true,
    timeoutMs: 100,
    ttlSeconds: 300,
    leaseSeconds: 10,
    waitMs: 2000,
    pollMs: 5,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    log: (m) => logs.push(m),
    ...deps,
  };
  const handler = createHandler(allDeps);
  /** Another function instance sharing the same cache store (as instances share the table). */
  const another = () => createHandler(allDeps);
  return { handler, another, upstream, supabase, logs, cache };
}

const post = (body: unknown, token = USER_TOKEN, headers: Record<string, string> = {}) =>
  new Request('http://localhost/dynamic-content', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function call(
  handler: (req: Request) => Promise<Response>,
  body: unknown,
  token?: string,
  headers?: Record<string, string>,
): Promise<{ status: number; body: ContentAnswer & { error: string | null } }> {
  const res = await handler(post(body, token, headers));
  return { status: res.status, body: await res.json() };
}

// ---------------------------------------------------------------- success

Deno.test('weather: current conditions and every 8th forecast entry, five days, keys from secrets only', async () => {
  const { handler, upstream } = setup();
  const { status, body } = await call(handler, { type: 'weather', location: '  san   Francisco ', appid: 'x' });
  assertEquals(status, 200);
  assertEquals(body.fallback, false);
  assertEquals(body.error, null);
  assertEquals(body.cached, false);
  assertEquals(body.updatedAt, NOW.toISOString());
  const data = body.data as WeatherData;
  assertEquals(
    { ...data, forecast: undefined },
    {
      location: 'san Francisco',
      temperature: 72,
      condition: 'Clouds',
      icon: '04d',
      humidity: 64,
      windSpeed: 10,
      forecast: undefined,
    },
  );
  assertEquals(
    data.forecast.map((d) => [d.temp, d.icon]),
    [
      [50, '00d'],
      [58, '08d'],
      [66, '16d'],
      [74, '24d'],
      [82, '32d'],
    ],
  );
  assertEquals(data.forecast[1]!.date, new Date((1_779_429_600 + 8 * 3 * 3600) * 1000).toISOString());
  const [current] = upstream.callsTo('GET /data/2.5/weather');
  assertEquals(Object.fromEntries(current!.search), { q: 'san Francisco', units: 'imperial', appid: 'weather-key' });
  assertEquals(upstream.callsTo('GET /data/2.5/forecast')[0]!.search.get('appid'), 'weather-key');
});

Deno.test('weather: New York by default', async () => {
  const { handler, upstream } = setup();
  const { body } = await call(handler, { type: 'weather' });
  assertEquals(upstream.callsTo('GET /data/2.5/weather')[0]!.search.get('q'), 'New York');
  assertEquals((body.data as WeatherData).location, 'New York');
});

Deno.test('news: top headlines for the US and the category, at most 10 articles, removed ones left out', async () => {
  const { handler, upstream } = setup();
  const { status, body } = await call(handler, { type: 'news', category: 'Technology' });
  assertEquals(status, 200);
  const articles = body.data as NewsArticle[];
  assertEquals(articles.length, 10);
  assertEquals(articles[0], {
    title: 'Headline 0',
    description: 'Description 0',
    url: 'https://news.example/0',
    imageUrl: null,
    publishedAt: '2026-11-20T10:00:00Z',
    source: 'Source 0',
    category: 'technology',
  });
  ok(articles.every((a) => a.title !== '[Removed]'));
  const [headlines] = upstream.callsTo('GET /v2/top-headlines');
  assertEquals(headlines!.search.get('country'), 'us');
  assertEquals(headlines!.search.get('category'), 'technology');
  assertEquals(headlines!.search.get('apiKey'), 'news-key');
});

Deno.test('news: a query searches everything, newest first', async () => {
  const { handler, upstream } = setup();
  const { body } = await call(handler, { type: 'news', query: ' city   council ' });
  assertEquals((body.data as NewsArticle[]).length, 10);
  const [search] = upstream.callsTo('GET /v2/everything');
  assertEquals(search!.search.get('q'), 'city council');
  assertEquals(search!.search.get('sortBy'), 'publishedAt');
  assertEquals(upstream.callsTo('GET /v2/top-headlines').length, 0);
});

Deno.test('sports: NFL scoreboard by default, at most 10 events, status mapped', async () => {
  const { handler } = setup();
  const { status, body } = await call(handler, { type: 'sports' });
  assertEquals(status, 200);
  const events = body.data as SportsEvent[];
  assertEquals(events.length, 10);
  assertEquals(
    events.slice(0, 4).map((e) => e.status),
    ['live', 'final', 'scheduled', 'other'],
  );
  assertEquals(events[0], {
    event: 'Away 0 at Home 0',
    teams: { home: 'Home 0', away: 'Away 0' },
    score: { home: 20, away: 10 },
    status: 'live',
    time: '2026-11-22T18:00Z',
    league: 'NFL',
  });
  assertEquals(events[2]!.score, { home: null, away: null });
});

Deno.test('sports: another league, and standings as one event per team', async () => {
  const { handler, upstream } = setup();
  const nba = await call(handler, { type: 'sports', sport: 'basketball', league: 'nba' });
  assertEquals((nba.body.data as SportsEvent[]).length, 3);
  const standings = await call(handler, { type: 'sports', view: 'standings' });
  const teams = standings.body.data as SportsEvent[];
  assertEquals(teams.length, 10);
  assertEquals(teams[0], {
    event: 'AFC Team 0: 10-0',
    teams: { home: 'AFC Team 0', away: 'AFC' },
    score: { home: 10, away: 0 },
    status: 'other',
    time: null,
    league: 'NFL',
  });
  assertEquals(upstream.callsTo('GET /apis/v2/sports/football/nfl/standings').length, 1);
});

// ---------------------------------------------------------------- failures

const FAILURES: [string, Record<string, unknown>, string, string][] = [
  ['weather', { type: 'weather' }, '/data/2.5/weather', 'Failed to fetch weather data'],
  ['weather forecast', { type: 'weather' }, '/data/2.5/forecast', 'Failed to fetch weather forecast'],
  ['news', { type: 'news' }, '/v2/top-headlines', 'Failed to fetch news data'],
  ['news search', { type: 'news', query: 'parks' }, '/v2/everything', 'Failed to search news'],
  ['sports', { type: 'sports' }, '/apis/site/v2/sports/football/nfl/scoreboard', 'Failed to fetch sports data'],
  [
    'standings',
    { type: 'sports', view: 'standings' },
    '/apis/v2/sports/football/nfl/standings',
    'Failed to fetch standings',
  ],
];

function assertSample(body: ContentAnswer, message: string) {
  assertEquals(body.fallback, true);
  assertEquals(body.error, message);
  assertEquals(body.cached, false);
  if (body.type === 'weather') {
    const w = body.data as WeatherData;
    assertEquals(w.forecast.length, 5);
    assertEquals(typeof w.temperature, 'number');
  } else {
    ok((body.data as unknown[]).length >= 5, 'at least five sample items');
  }
}

for (const [name, request, path, message] of FAILURES) {
  Deno.test(`${name}: an HTTP error answers sample data with '${message}'`, async () => {
    const { handler } = setup({ routes: { [`GET ${path}`]: () => reply({ message: 'nope' }, 502) } });
    const { status, body } = await call(handler, request);
    assertEquals(status, 200);
    assertSample(body, message);
  });

  Deno.test(`${name}: malformed JSON answers sample data with '${message}'`, async () => {
    const { handler } = setup({ routes: { [`GET ${path}`]: () => new Response('<html>oops', { status: 200 }) } });
    const { status, body } = await call(handler, request);
    assertEquals(status, 200);
    assertSample(body, message);
  });

  Deno.test(`${name}: a timeout answers sample data with '${message}'`, async () => {
    const { handler, logs } = setup({ hang: [path] });
    const { status, body } = await call(handler, request);
    assertEquals(status, 200);
    assertSample(body, message);
    ok(
      logs.some((l) => l.includes('timed out')),
      logs.join('\n'),
    );
  });
}

Deno.test('a well-formed answer without the expected fields is treated as malformed', async () => {
  const { handler } = setup({
    routes: {
      'GET /v2/top-headlines': () => reply({ status: 'error', code: 'apiKeyInvalid' }),
      'GET /apis/site/v2/sports/football/nfl/scoreboard': () => reply({ leagues: [] }),
      'GET /data/2.5/weather': () => reply({ name: 'New York', main: {} }),
    },
  });
  assertSample((await call(handler, { type: 'news' })).body, 'Failed to fetch news data');
  assertSample((await call(handler, { type: 'sports' })).body, 'Failed to fetch sports data');
  assertSample((await call(handler, { type: 'weather' })).body, 'Failed to fetch weather data');
});

Deno.test('a missing key answers sample data without calling the service', async () => {
  const { handler, upstream } = setup({ secrets: { SPORTS_API_BASE_URL: 'http://sports.test' } });
  assertSample((await call(handler, { type: 'weather' })).body, 'Failed to fetch weather data');
  assertSample((await call(handler, { type: 'news' })).body, 'Failed to fetch news data');
  assertSample((await call(handler, { type: 'news', query: 'x' })).body, 'Failed to search news');
  assertEquals(upstream.calls.length, 0);
  // Sports needs no key.
  assertEquals((await call(handler, { type: 'sports' })).body.fallback, false);
});

Deno.test(
  'a failed refresh serves the last cached answer, flagged stale, and retries on the next request',
  async () => {
    let failing = false;
    const { handler, upstream } = setup({
      routes: { 'GET /v2/top-headlines': () => (failing ? reply({}, 500) : reply(newsApiArticles(3))) },
    });
    const first = await call(handler, { type: 'news' });
    assertEquals((first.body.data as NewsArticle[]).length, 2);
    failing = true;
    const later = new Date(NOW.getTime() + 301_000).toISOString();
    const stale = await call(handler, { type: 'news' }, USER_TOKEN, { [CLOCK_HEADER]: later });
    assertEquals(stale.body, { ...first.body, cached: true, stale: true });
    const again = await call(handler, { type: 'news' }, USER_TOKEN, { [CLOCK_HEADER]: later });
    assertEquals(again.body.stale, true);
    assertEquals(upstream.callsTo('GET /v2/top-headlines').length, 3);
  },
);

// ---------------------------------------------------------------- cache

Deno.test('200 requests for the same location within 5 minutes make one upstream call', async () => {
  const { handler, upstream } = setup();
  const at = (s: number) => ({ [CLOCK_HEADER]: new Date(NOW.getTime() + s * 1000).toISOString() });
  const location = (i: number) => (i % 2 ? 'new york' : ' New  York ');
  // 100 screens at the same moment, then 100 more spread over the rest of the 5 minutes.
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) => call(handler, { type: 'weather', location: location(i) }, USER_TOKEN, at(0))),
  );
  for (let i = 0; i < 100; i++) {
    answers.push(await call(handler, { type: 'weather', location: location(i) }, USER_TOKEN, at(1 + i * 2.98)));
  }
  assertEquals(upstream.callsTo('GET /data/2.5/weather').length, 1);
  assertEquals(upstream.callsTo('GET /data/2.5/forecast').length, 1);
  ok(answers.every((a) => a.status === 200 && a.body.fallback === false && a.body.stale === false));
  assertEquals(answers.filter((a) => !a.body.cached).length, 1);
  ok(answers.every((a) => a.body.updatedAt === NOW.toISOString()));
});

Deno.test('concurrent misses on three instances sharing the store make one upstream call', async () => {
  const { handler, another, upstream } = setup();
  const instances = [handler, another(), another()];
  const answers = await Promise.all(
    Array.from({ length: 90 }, (_, i) => call(instances[i % 3]!, { type: 'sports', league: 'nba' })),
  );
  assertEquals(upstream.callsTo('GET /apis/site/v2/sports/basketball/nba/scoreboard').length, 1);
  ok(answers.every((a) => a.status === 200 && !a.body.fallback && (a.body.data as unknown[]).length === 3));
  assertEquals(answers.filter((a) => !a.body.cached).length, 1);
});

Deno.test('the cache expires after 5 minutes, and different requests have their own entries', async () => {
  const { handler, upstream } = setup();
  const at = (s: number) => ({ [CLOCK_HEADER]: new Date(NOW.getTime() + s * 1000).toISOString() });
  await call(handler, { type: 'weather' }, USER_TOKEN, at(0));
  assertEquals((await call(handler, { type: 'weather' }, USER_TOKEN, at(299))).body.cached, true);
  await call(handler, { type: 'weather', location: 'Boston' }, USER_TOKEN, at(1));
  assertEquals(upstream.callsTo('GET /data/2.5/weather').length, 2);
  const expired = await call(handler, { type: 'weather' }, USER_TOKEN, at(300));
  assertEquals(expired.body.cached, false);
  assertEquals(upstream.callsTo('GET /data/2.5/weather').length, 3);
  await call(handler, { type: 'news', category: 'health' }, USER_TOKEN, at(0));
  await call(handler, { type: 'news', category: 'science' }, USER_TOKEN, at(0));
  await call(handler, { type: 'news', category: 'HEALTH' }, USER_TOKEN, at(5));
  assertEquals(upstream.callsTo('GET /v2/top-headlines').length, 2);
});

Deno.test(
  'while one caller refreshes an expired entry, others get the old one without calling the service',
  async () => {
    let release: () => void = () => undefined;
    let slow = false;
    const { handler, upstream } = setup({
      routes: {
        'GET /apis/site/v2/sports/football/nfl/scoreboard': async () => {
          if (slow) await new Promise<void>((r) => (release = r));
          return reply(espnScoreboard());
        },
      },
      deps: { timeoutMs: 5000 },
    });
    await call(handler, { type: 'sports' });
    slow = true;
    const later = { [CLOCK_HEADER]: new Date(NOW.getTime() + 400_000).toISOString() };
    const refreshing = call(handler, { type: 'sports' }, USER_TOKEN, later);
    await new Promise((r) => setTimeout(r, 20));
    const others = await Promise.all(
      Array.from({ length: 20 }, () => call(handler, { type: 'sports' }, USER_TOKEN, later)),
    );
    ok(others.every((o) => o.body.cached && o.body.stale && o.body.fallback === false));
    release();
    assertEquals((await refreshing).body.cached, false);
    assertEquals(upstream.callsTo('GET /apis/site/v2/sports/football/nfl/scoreboard').length, 2);
  },
);

// ---------------------------------------------------------------- callers and input

Deno.test('refuses callers without a session: no token, the anon key, an anon JWT, a signed-out token', async () => {
  const { handler, upstream } = setup();
  const noToken = await handler(
    new Request('http://localhost/dynamic-content', { method: 'POST', body: '{"type":"weather"}' }),
  );
  assertEquals(noToken.status, 401);
  assertEquals(await noToken.json(), { error: NOT_SIGNED_IN });
  for (const token of [TEST_ENV.anonKey, ANON_JWT, SIGNED_OUT_TOKEN]) {
    const { status, body } = await call(handler, { type: 'weather' }, token);
    assertEquals([status, body], [401, { error: NOT_SIGNED_IN }]);
  }
  assertEquals(upstream.calls.length, 0);
});

Deno.test('an ES256 session is served; a forged or expired one is refused before any work', async () => {
  const { handler, upstream, supabase } = setup();
  assertEquals((await call(handler, { type: 'weather', location: 'Denver' }, ES256_TOKEN)).status, 200);
  const upstreamCalls = upstream.calls.length;
  for (const token of [
    await sessionToken(
      { sub: USER_ID, role: 'authenticated' },
      { key: FOREIGN_KEYS.es256, kid: PROJECT_KEYS.es256.kid },
    ),
    await sessionToken({ sub: USER_ID, role: 'authenticated' }, { expiresIn: -60 }),
    await sessionToken({ sub: USER_ID, role: 'service_role' }),
  ]) {
    const { status, body } = await call(handler, { type: 'weather', location: 'Boston' }, token);
    assertEquals([status, body], [401, { error: NOT_SIGNED_IN }]);
  }
  assertEquals(upstream.calls.length, upstreamCalls);
  // Refused by their signature, not by Auth: only the served session was confirmed there.
  assertEquals(supabase.callsTo('GET /auth/v1/user').length, 1);
});

Deno.test('a refused caller leaves no lease behind', async () => {
  const cache = new MemoryCacheStore();
  const { handler } = setup({ cache });
  await call(handler, { type: 'weather', location: 'Denver' }, SIGNED_OUT_TOKEN);
  assertEquals(cache.rows.get('weather:denver')?.refreshingUntil ?? null, null);
});

const LEAGUES =
  'sport and league must be one of football/nfl, football/college-football, basketball/nba, basketball/wnba, baseball/mlb, hockey/nhl, soccer/usa.1, soccer/eng.1';

Deno.test('bad input answers 400 with the problem', async () => {
  const { handler, upstream } = setup();
  const cases: [unknown, string][] = [
    [{ type: 'stocks' }, 'Unknown content type'],
    [{}, 'Unknown content type'],
    [{ type: 'weather', location: '   ' }, 'location must be 1 to 100 characters'],
    [{ type: 'weather', location: 'x'.repeat(101) }, 'location must be 1 to 100 characters'],
    [
      { type: 'weather', location: 'Paris; drop table' },
      'location may contain only letters, digits, spaces, commas, periods, hyphens and apostrophes',
    ],
    [{ type: 'weather', location: 42 }, 'location must be a string'],
    [
      { type: 'news', category: 'gossip' },
      'category must be one of general, business, technology, sports, entertainment, health, science, politics, world',
    ],
    [{ type: 'news', query: 'q'.repeat(101) }, 'query must be at most 100 characters'],
    [{ type: 'sports', sport: 'curling' }, LEAGUES],
    [{ type: 'sports', sport: 'football', league: 'nba' }, LEAGUES],
    [{ type: 'sports', league: 'xfl' }, LEAGUES],
    [{ type: 'sports', view: 'odds' }, 'view must be scoreboard or standings'],
    ['[1]', 'Request body must be a JSON object'],
  ];
  for (const [body, message] of cases) {
    const { status, body: answer } = await call(handler, body);
    assertEquals(status, 400, JSON.stringify(body));
    assertEquals(answer, { error: message });
  }
  assertEquals(upstream.calls.length, 0);
});

Deno.test('accepted locations: accents, commas, periods, hyphens, apostrophes', async () => {
  const { handler } = setup();
  for (const location of ["St. John's, NL", 'Winston-Salem', 'São Paulo', 'Zürich 8001']) {
    assertEquals((await call(handler, { type: 'weather', location })).status, 200, location);
  }
});

Deno.test('answers its preflight and refuses other methods', async () => {
  const { handler } = setup();
  const pre = await handler(new Request('http://localhost/dynamic-content', { method: 'OPTIONS' }));
  assertEquals(pre.status, 200);
  await pre.body?.cancel();
  const get = await handler(
    new Request('http://localhost/dynamic-content', { headers: { Authorization: `Bearer ${USER_TOKEN}` } }),
  );
  assertEquals(get.status, 405);
  await get.body?.cancel();
});

Deno.test('the clock header is ignored outside test mode', async () => {
  const { handler, upstream } = setup({ deps: { clockHeader: false } });
  await call(handler, { type: 'weather' });
  const later = { [CLOCK_HEADER]: new Date(NOW.getTime() + 3_600_000).toISOString() };
  assertEquals((await call(handler, { type: 'weather' }, USER_TOKEN, later)).body.cached, true);
  assertEquals(upstream.callsTo('GET /data/2.5/weather').length, 1);
});

Deno.test('when the cache cannot be read, the answer comes straight from the service', async () => {
  const broken: CacheStore = {
    lookup: () => Promise.reject(new Error('cache down')),
    store: () => Promise.reject(new Error('cache down')),
    release: () => Promise.reject(new Error('cache down')),
  };
  const { handler, logs } = setup({ cache: broken });
  const { status, body } = await call(handler, { type: 'weather' });
  assertEquals([status, body.fallback, body.cached], [200, false, false]);
  ok(logs.some((l) => l.includes('cache down')));
});
