// A fake of the weather, news and sports services for the dynamic-content stack
// tests and benchmark: answers like OpenWeatherMap, NewsAPI and ESPN, counts
// every request by path, and can be told to fail a path.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  espnScoreboard,
  espnStandings,
  newsApiArticles,
  owmCurrent,
  owmForecast,
} from '../../supabase/functions/_shared/dynamic-content/upstream-samples.ts';

export interface FakeUpstream {
  url: string;
  /** Requests so far, by path (e.g. /data/2.5/weather). */
  calls: Map<string, number>;
  count(path: string): number;
  /** Requests so far, with their query strings. */
  requests: URL[];
  /** Answer this HTTP status (with a JSON error body) for the path from now on; null to answer normally again. */
  fail(path: string, status: number | null): void;
  reset(): void;
  close(): Promise<void>;
}

const ROUTES: Record<string, (url: URL) => unknown> = {
  '/data/2.5/weather': (url) => owmCurrent(url.searchParams.get('q') ?? 'Unknown'),
  '/data/2.5/forecast': () => owmForecast(),
  '/v2/top-headlines': () => newsApiArticles(),
  '/v2/everything': () => newsApiArticles(),
};

function answer(url: URL): unknown {
  const route = ROUTES[url.pathname];
  if (route) return route(url);
  if (/^\/apis\/site\/v2\/sports\/[^/]+\/[^/]+\/scoreboard$/.test(url.pathname)) return espnScoreboard();
  if (/^\/apis\/v2\/sports\/[^/]+\/[^/]+\/standings$/.test(url.pathname)) return espnStandings();
  return undefined;
}

export async function startFakeUpstream(port: number): Promise<FakeUpstream> {
  const calls = new Map<string, number>();
  const requests: URL[] = [];
  const failing = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream.test');
    calls.set(url.pathname, (calls.get(url.pathname) ?? 0) + 1);
    requests.push(url);
    const status = failing.get(url.pathname);
    const body = status ? { status: 'error', message: 'failing on purpose' } : answer(url);
    const code = status ?? (body === undefined ? 404 : 200);
    res.writeHead(code, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body ?? { message: 'not found' }));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    count: (path) => calls.get(path) ?? 0,
    requests,
    fail: (path, status) => (status === null ? failing.delete(path) : failing.set(path, status)),
    reset: () => {
      calls.clear();
      requests.length = 0;
      failing.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
