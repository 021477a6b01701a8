// The dynamic-content edge function through supabase-js against the real stack:
// who may call it, bad input, sample data when no keys are configured, and (on a
// stack of its own whose function secrets point at a fake upstream) real answers,
// failures and the cache shared through public.dynamic_content_cache.
import { randomUUID } from 'node:crypto';
import { writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestStack } from 'supabase-local/testing';
import {
  anon,
  ANON_KEY,
  type AnyClient,
  client,
  ENGINE,
  http,
  portAbove,
  service,
  SERVICE_ROLE_KEY,
  STACK_URL,
} from 'supabase-local/testing/vitest';
import { createTestClient } from 'supabase-local/testing';
import { startProductStack } from '../support/product-stack.ts';
import { type FakeUpstream, startFakeUpstream } from './dynamic-content-upstream.ts';

interface Answer {
  type: string;
  data: unknown;
  fallback: boolean;
  error: string | null;
  updatedAt: string;
  cached: boolean;
  stale: boolean;
}

/** Status and JSON body of an invoke, whether it succeeded or not. */
async function invoke(
  caller: AnyClient,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Answer & { error: string | null } }> {
  const { data, error, response } = await caller.functions.invoke('dynamic-content', {
    body: body as Record<string, unknown>,
    headers,
  });
  if (error) {
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    return { status: res.status, body: (await res.json()) as Answer };
  }
  return { status: response!.status, body: data as Answer };
}

function stackClient(url: string, key = ANON_KEY, accessToken?: string): AnyClient {
  return createTestClient(url, key, { accessToken });
}

/** A new login with a password on the stack at `url`, and a client signed in as it. */
async function signedInOn(url: string): Promise<AnyClient> {
  const email = `screen-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'screen-password';
  const created = await stackClient(url, SERVICE_ROLE_KEY).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { role: 'customer' },
  });
  expect(created.error).toBeNull();
  const { data, error } = await stackClient(url).auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return stackClient(url, ANON_KEY, data.session!.access_token);
}

const expectSample = (body: Answer, type: string, error: string) => {
  expect(body).toMatchObject({ type, fallback: true, error, cached: false });
  if (type === 'weather') {
    expect(body.data).toMatchObject({ location: expect.any(String), temperature: expect.any(Number) });
    expect((body.data as { forecast: unknown[] }).forecast).toHaveLength(5);
  } else {
    expect((body.data as unknown[]).length).toBeGreaterThanOrEqual(5);
  }
};

describe('dynamic-content on the shared stack (no keys configured)', () => {
  let screen: AnyClient;
  beforeAll(async () => {
    screen = await signedInOn(STACK_URL);
  });

  it('answers sample weather with the spec text when WEATHER_API_KEY is not set', async () => {
    const { status, body } = await invoke(screen, { type: 'weather', location: 'New York' });
    expect(status).toBe(200);
    expectSample(body, 'weather', 'Failed to fetch weather data');
    expect(Date.parse(body.updatedAt)).not.toBeNaN();
  });

  it('answers sample news with the spec text when NEWS_API_KEY is not set', async () => {
    const headlines = await invoke(screen, { type: 'news', category: 'business' });
    expect(headlines.status).toBe(200);
    expectSample(headlines.body, 'news', 'Failed to fetch news data');
    expect((headlines.body.data as { category: string }[])[0]!.category).toBe('business');
    const search = await invoke(screen, { type: 'news', query: 'parks' });
    expectSample(search.body, 'news', 'Failed to search news');
  });

  it('serves the seeded admin too', async () => {
    const { data } = await anon().auth.signInWithPassword({ email: 'admin@example.com', password: 'demo-admin-pass' });
    const admin = client(ANON_KEY, data.session!.access_token);
    expect((await invoke(admin, { type: 'weather' })).status).toBe(200);
  });

  it('refuses the anon key and callers without a token', async () => {
    expect(await invoke(anon(), { type: 'weather' })).toEqual({ status: 401, body: { error: 'Not signed in' } });
    const bare = await http('/functions/v1/dynamic-content', {
      method: 'POST',
      headers: { Authorization: '', 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'weather' }),
    });
    expect(bare.status).toBe(401);
  });

  it('refuses a signed-out session', async () => {
    const email = `gone-${randomUUID().slice(0, 8)}@example.test`;
    const created = await service().auth.admin.createUser({ email, password: 'gone-password', email_confirm: true });
    const { data } = await anon().auth.signInWithPassword({ email, password: 'gone-password' });
    const caller = client(ANON_KEY, data.session!.access_token);
    expect((await invoke(caller, { type: 'weather' })).status).toBe(200);
    expect((await service().auth.admin.deleteUser(created.data.user!.id)).error).toBeNull();
    expect(await invoke(caller, { type: 'weather' })).toEqual({ status: 401, body: { error: 'Not signed in' } });
  });

  it('answers 400 for bad input', async () => {
    const cases: [unknown, string][] = [
      [{ type: 'stocks' }, 'Unknown content type'],
      [{ type: 'weather', location: '' }, 'location must be 1 to 100 characters'],
      [{ type: 'weather', location: 'a'.repeat(101) }, 'location must be 1 to 100 characters'],
      [
        { type: 'weather', location: '<script>' },
        'location may contain only letters, digits, spaces, commas, periods, hyphens and apostrophes',
      ],
      [
        { type: 'news', category: 'gossip' },
        'category must be one of general, business, technology, sports, entertainment, health, science, politics, world',
      ],
      [{ type: 'news', query: 'q'.repeat(101) }, 'query must be at most 100 characters'],
      [
        { type: 'sports', sport: 'football', league: 'nba' },
        'sport and league must be one of football/nfl, football/college-football, basketball/nba, basketball/wnba, baseball/mlb, hockey/nhl, soccer/usa.1, soccer/eng.1',
      ],
      [{ type: 'sports', view: 'odds' }, 'view must be scoreboard or standings'],
    ];
    for (const [body, error] of cases) {
      expect(await invoke(screen, body)).toEqual({ status: 400, body: { error } });
    }
  });

  it('keeps the cache table and its functions from anon and signed-in users', async () => {
    for (const caller of [anon(), screen]) {
      const read = await caller.from('dynamic_content_cache').select('key');
      expect(read.error?.code).toBe('42501');
      const lookup = await caller.rpc('dynamic_content_cache_lookup', { p_key: 'weather:x', p_lease_seconds: 10 });
      expect(lookup.error?.code).toBe('42501');
      const store = await caller.rpc('dynamic_content_cache_store', {
        p_key: 'weather:x',
        p_payload: { forged: true },
        p_ttl_seconds: 300,
      });
      expect(store.error?.code).toBe('42501');
    }
  });
});

describe('dynamic-content with keys and a fake upstream (own stack)', () => {
  const base = portAbove(0);
  const envFile = path.join(os.tmpdir(), `dynamic-content-${base}-${process.pid}.env`);
  let stack: TestStack;
  let upstream: FakeUpstream;
  let screen: AnyClient;
  let admin: AnyClient;

  beforeAll(async () => {
    upstream = await startFakeUpstream(base + 50);
    writeFileSync(
      envFile,
      [
        'WEATHER_API_KEY=stack-weather-key',
        'NEWS_API_KEY=stack-news-key',
        `WEATHER_API_BASE_URL=${upstream.url}`,
        `NEWS_API_BASE_URL=${upstream.url}`,
        `SPORTS_API_BASE_URL=${upstream.url}`,
        'DYNAMIC_CONTENT_TEST_CLOCK=1',
      ].join('\n'),
    );
    stack = await startProductStack({
      engine: ENGINE,
      basePort: base + 20,
      name: `test-${ENGINE}-${base + 20}-dynamic-content`,
      env: { STACK_FUNCTIONS_ENV_FILE: envFile },
    });
    screen = await signedInOn(stack.url);
    admin = stackClient(stack.url, SERVICE_ROLE_KEY);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await upstream?.close();
    rmSync(envFile, { force: true });
  });

  beforeEach(async () => {
    upstream.reset();
    // Each test starts from an empty cache.
    const { error } = await admin.from('dynamic_content_cache').delete().neq('key', '');
    expect(error).toBeNull();
  });

  const at = (iso: string) => ({ 'x-dynamic-content-now': iso });

  it('200 requests for the same location make exactly one call to each weather endpoint', async () => {
    const spellings = ['New York', 'new york', '  NEW   york ', 'New York'];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => invoke(screen, { type: 'weather', location: spellings[i % 4] })),
    );
    expect(upstream.count('/data/2.5/weather')).toBe(1);
    expect(upstream.count('/data/2.5/forecast')).toBe(1);
    expect(answers.every((a) => a.status === 200 && a.body.fallback === false && a.body.error === null)).toBe(true);
    expect(answers.filter((a) => !a.body.cached)).toHaveLength(1);
    for (const a of answers) expect(a.body.data).toEqual(answers[0]!.body.data);
    const weather = answers[0]!.body.data as { location: string; temperature: number; forecast: unknown[] };
    // The one call asked for the location as the request that got there first spelled it, tidied:
    // whichever of the 200 that is (they run at once).
    const asked = upstream.requests[0]!.searchParams.get('q');
    expect(['New York', 'new york', 'NEW york']).toContain(asked);
    expect(weather).toMatchObject({ location: asked, temperature: 72, humidity: 64, windSpeed: 10 });
    expect(weather.forecast).toHaveLength(5);
    // The key reached the upstream from the function's secrets, never from the caller.
    expect(upstream.requests[0]!.searchParams.get('appid')).toBe('stack-weather-key');

    const { data: rows } = await admin
      .from('dynamic_content_cache')
      .select('key, refreshing_until, expires_at, fetched_at');
    expect(rows).toHaveLength(1);
    expect(rows![0]).toMatchObject({ key: 'weather:new york', refreshing_until: null });
    expect(Date.parse(rows![0]!.expires_at as string) - Date.parse(rows![0]!.fetched_at as string)).toBe(300_000);
  });

  it('refreshes after 5 minutes, and serves the last answer (stale) when the refresh fails', async () => {
    const t0 = new Date(Date.now() + 3_600_000);
    const later = (s: number) => at(new Date(t0.getTime() + s * 1000).toISOString());
    const first = await invoke(screen, { type: 'news', category: 'health' }, later(0));
    expect(first.body).toMatchObject({ fallback: false, cached: false, updatedAt: t0.toISOString() });
    expect((first.body.data as unknown[]).length).toBe(10);
    expect((await invoke(screen, { type: 'news', category: 'health' }, later(299))).body.cached).toBe(true);
    expect(upstream.count('/v2/top-headlines')).toBe(1);

    upstream.fail('/v2/top-headlines', 503);
    const stale = await invoke(screen, { type: 'news', category: 'health' }, later(301));
    expect(stale.body).toEqual({ ...first.body, cached: true, stale: true });
    expect(upstream.count('/v2/top-headlines')).toBe(2);

    upstream.fail('/v2/top-headlines', null);
    const fresh = await invoke(screen, { type: 'news', category: 'health' }, later(302));
    expect(fresh.body).toMatchObject({
      cached: false,
      stale: false,
      updatedAt: new Date(t0.getTime() + 302_000).toISOString(),
    });
    expect(upstream.count('/v2/top-headlines')).toBe(3);
  });

  it('answers sports scoreboards and standings, each league cached on its own', async () => {
    const nfl = await invoke(screen, { type: 'sports' });
    const events = nfl.body.data as { status: string; league: string }[];
    expect(events).toHaveLength(10);
    expect(events.slice(0, 4).map((e) => e.status)).toEqual(['live', 'final', 'scheduled', 'other']);
    expect(events[0]!.league).toBe('NFL');
    await invoke(screen, { type: 'sports', sport: 'hockey', league: 'nhl' });
    await invoke(screen, { type: 'sports', sport: 'football' });
    const standings = await invoke(screen, { type: 'sports', view: 'standings' });
    expect((standings.body.data as unknown[]).length).toBe(10);
    expect(upstream.count('/apis/site/v2/sports/football/nfl/scoreboard')).toBe(1);
    expect(upstream.count('/apis/site/v2/sports/hockey/nhl/scoreboard')).toBe(1);
    expect(upstream.count('/apis/v2/sports/football/nfl/standings')).toBe(1);
  });

  it('answers sample data with the spec text when the service fails and nothing is cached', async () => {
    upstream.fail('/apis/site/v2/sports/football/nfl/scoreboard', 500);
    upstream.fail('/data/2.5/forecast', 502);
    upstream.fail('/v2/everything', 429);
    const sports = await invoke(screen, { type: 'sports' });
    expect(sports.status).toBe(200);
    expectSample(sports.body, 'sports', 'Failed to fetch sports data');
    expectSample((await invoke(screen, { type: 'weather' })).body, 'weather', 'Failed to fetch weather forecast');
    expectSample((await invoke(screen, { type: 'news', query: 'parks' })).body, 'news', 'Failed to search news');
    // A failure is not cached: the next request tries again.
    await invoke(screen, { type: 'sports' });
    expect(upstream.count('/apis/site/v2/sports/football/nfl/scoreboard')).toBe(2);
    const { data: rows } = await admin.from('dynamic_content_cache').select('key, payload, refreshing_until');
    expect(rows!.every((r) => r.payload === null && r.refreshing_until === null)).toBe(true);
  });
});
