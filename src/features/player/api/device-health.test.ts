// The media figures a heartbeat sends: how many files the device keeps and their bytes, read
// from the browser's cache (a stand-in at the boundary) in one call, not a lookup per file
// every minute: a wall with a full cache sends them all day.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectDeviceHealth } from './device-health';

function cacheOf(files: Record<string, number>) {
  const calls = { match: 0, matchAll: 0, keys: 0 };
  const answer = (bytes: number) => new Response('', { headers: { 'content-length': String(bytes) } });
  const cache = {
    match: (request: Request | string) => {
      calls.match++;
      const url = typeof request === 'string' ? request : request.url;
      return Promise.resolve(url in files ? answer(files[url]!) : undefined);
    },
    matchAll: () => {
      calls.matchAll++;
      return Promise.resolve(Object.values(files).map(answer));
    },
    keys: () => {
      calls.keys++;
      return Promise.resolve(Object.keys(files).map((url) => new Request(url)));
    },
  };
  vi.stubGlobal('caches', { open: () => Promise.resolve(cache) });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('collectDeviceHealth', () => {
  it('counts the cached files and their bytes with one call to the cache', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`https://media.example/slide-${i}.png`, 1000 + i]),
    );
    const calls = cacheOf(files);
    const health = await collectDeviceHealth();
    expect(health.cached_media_count).toBe(40);
    expect(health.cached_media_bytes).toBe(40 * 1000 + (39 * 40) / 2);
    expect(calls.match + calls.matchAll + calls.keys).toBe(1);
  });

  it('says nothing of media where the browser has no cache', async () => {
    vi.stubGlobal('caches', undefined);
    const health = await collectDeviceHealth();
    expect(health).not.toHaveProperty('cached_media_count');
  });
});
