// The player's media cache as playlists come and go: files that left the playlist stay while
// there is room; when a new file does not fit, the least recently shown files the screen does
// not need leave first; a file the playlist needs is never removed, and one that does not fit
// beside them plays from its signed link (said in the diagnostics). Cache Storage and the
// storage estimate are stand-ins (a browser's, at the boundary); signing and downloads go
// through msw.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { SUPABASE_URL } from '@tests/setup/supabase-mocks';
import type { SlideMedia } from '@/entities/slide/slide-images';
import { clearProblem, diagnosticsSummary } from '@/lib/diagnostics';
import { CACHE_PROBLEM, noteShown } from './media-cache';
import { mediaCacheKey, pruneMediaCache, resolveMedia, takeMediaUrls } from './media';

const SIGNED = `${SUPABASE_URL}/storage/v1/object/sign/ad-images`;

/** Bytes of each file the storage holds, by path. */
let sizes: Record<string, number>;
/** Paths downloaded, in order. */
let downloads: string[];
/** What the device's cache holds: URL → bytes. */
let kept: Map<string, { body: ArrayBuffer; headers: Headers }>;

const image = (path: string, bytes = 200): SlideMedia => {
  sizes[path] = bytes;
  return { path, kind: 'image' };
};
const cachedPaths = () => [...kept.keys()].map((url) => decodeURIComponent(url.split('/').pop()!)).sort();

/**
 * A browser's storage: `quota` bytes as the estimate tells it (none: no estimate), `other`
 * bytes the origin keeps besides slide files, and writes refused past `hardLimit`.
 */
function deviceStorage({ quota, hardLimit = Infinity, other = 0 }: { quota?: number; hardLimit?: number; other?: number }) {
  kept = new Map();
  const keyOf = (request: string | Request) => (typeof request === 'string' ? request : request.url);
  const used = () => [...kept.values()].reduce((sum, e) => sum + e.body.byteLength, 0);
  const cache = {
    match: (request: string | Request) => {
      const entry = kept.get(keyOf(request));
      return Promise.resolve(entry ? new Response(entry.body.slice(0), { headers: entry.headers }) : undefined);
    },
    put: async (request: string | Request, response: Response) => {
      const body = await response.arrayBuffer();
      const replaced = kept.get(keyOf(request))?.body.byteLength ?? 0;
      if (used() - replaced + body.byteLength + other > hardLimit) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      kept.set(keyOf(request), { body, headers: new Headers(response.headers) });
    },
    delete: (request: string | Request) => Promise.resolve(kept.delete(keyOf(request))),
    keys: () => Promise.resolve([...kept.keys()].map((url) => new Request(url))),
  };
  vi.stubGlobal('caches', { open: () => Promise.resolve(cache) });
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: quota === undefined ? undefined : { estimate: () => Promise.resolve({ quota, usage: used() + other }) },
  });
}

/** A playlist read as the player does it: its files resolved, then what the screen needs from now on. */
async function play(files: SlideMedia[], previous: SlideMedia[] = []) {
  const media = await resolveMedia(files);
  await pruneMediaCache([...files, ...previous]);
  return media;
}

/** When the last file was shown: later than anything stored in the test. */
let shownAt: number;

/** Notes `files` as shown, one after another, after every file shown before. */
function show(...files: SlideMedia[]) {
  for (const file of files) noteShown(mediaCacheKey(file), (shownAt += 1000));
}

beforeEach(() => {
  sizes = {};
  downloads = [];
  shownAt = Date.now() + 60_000;
  takeMediaUrls();
  clearProblem(CACHE_PROBLEM);
  let n = 0;
  Object.assign(URL, { createObjectURL: () => `blob:test/${++n}`, revokeObjectURL: () => undefined });
  server.use(
    http.post(SIGNED, async ({ request }) => {
      const { paths } = (await request.json()) as { paths: string[] };
      return HttpResponse.json(
        paths.map((path) => ({ path, signedURL: `/object/sign/ad-images/${encodeURIComponent(path)}?token=t`, error: null })),
      );
    }),
    http.get(`${SIGNED}/:path`, ({ params }) => {
      const path = decodeURIComponent(String(params.path));
      downloads.push(path);
      const bytes = sizes[path] ?? 0;
      return new HttpResponse(new Uint8Array(bytes), {
        headers: { 'Content-Type': 'image/png', 'Content-Length': String(bytes) },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'storage', { configurable: true, value: undefined });
});

describe('the media cache', () => {
  it('keeps the files of playlists that left while there is room, so they are not downloaded again', async () => {
    deviceStorage({ quota: 1000 });
    const morning = [image('keep-a.png'), image('keep-b.png')];
    const noon = [image('keep-c.png')];
    const evening = [image('keep-d.png')];
    await play(morning);
    await play(noon, morning);
    await play(evening, noon);
    await play(morning, evening);

    expect(cachedPaths()).toEqual(['keep-a.png', 'keep-b.png', 'keep-c.png', 'keep-d.png']);
    expect(downloads).toEqual(['keep-a.png', 'keep-b.png', 'keep-c.png', 'keep-d.png']);
  });

  it('makes room by removing the least recently shown files the screen no longer needs, first', async () => {
    deviceStorage({ quota: 1000, other: 0 }); // room for 900 bytes of files: four of 200
    const [a, b, c] = [image('lru-a.png'), image('lru-b.png'), image('lru-c.png')];
    const d = image('lru-d.png');
    await play([a, b, c]);
    show(b, c, a);
    await play([d], [a, b, c]);
    show(d);

    // A fifth file: b, shown longest ago, goes.
    const e = image('lru-e.png');
    const third = await play([e], [d]);
    expect(cachedPaths()).toEqual(['lru-a.png', 'lru-c.png', 'lru-d.png', 'lru-e.png']);
    expect(third.urls[e.path]).toMatch(/^blob:/);

    // And the next one takes c's place (the least recently shown of a, c and d, none of which the screen needs).
    show(e);
    const f = image('lru-f.png');
    await play([f], [e]);
    expect(cachedPaths()).toEqual(['lru-a.png', 'lru-d.png', 'lru-e.png', 'lru-f.png']);
  });

  it('never removes a file the playlist on screen or the one swapping in needs', async () => {
    deviceStorage({ quota: 1000 });
    const old = [image('need-a.png'), image('need-b.png')];
    const current = [image('need-c.png'), image('need-d.png')];
    await play(old);
    await play(current, old);
    // The playlist on screen (current) was shown before the old one was: still it stays.
    show(...current, ...old);

    const next = [image('need-e.png')];
    await play(next, current);
    expect(cachedPaths()).toEqual(['need-b.png', 'need-c.png', 'need-d.png', 'need-e.png']);
  });

  it('plays a file that does not fit beside the needed ones from its link, and says so in the diagnostics only', async () => {
    deviceStorage({ quota: 1000 });
    const playlist = [image('big-a.png', 350), image('big-b.png', 350), image('big-c.png', 350)];
    const media = await play(playlist);

    expect(cachedPaths()).toEqual(['big-a.png', 'big-b.png']);
    expect(media.urls['big-c.png']).toBe(`${SIGNED}/big-c.png?token=t`);
    expect(media.complete).toBe(true);
    expect(media.renewAt).toBeLessThan(Number.POSITIVE_INFINITY);
    // Other reports of this worker may stand before it in the summary.
    expect(diagnosticsSummary()).toMatch(/(^| · )media-cache: 1 file\(s\) of the playlist do not fit/);

    // A smaller playlist later: the file not needed any more is no longer reported.
    await play([playlist[0]!], playlist);
    await play([playlist[0]!], [playlist[0]!]);
    expect(diagnosticsSummary() ?? '').not.toMatch(/media-cache/);
  });

  it('makes room when a write fails for quota (no estimate), then keeps the file', async () => {
    deviceStorage({ hardLimit: 700 });
    const [a, b, c, d] = [image('full-a.png'), image('full-b.png'), image('full-c.png'), image('full-d.png')];
    await play([a, b]);
    await play([c], [a, b]);
    show(b, a, c);

    const media = await play([d], [c]);
    expect(cachedPaths()).toEqual(['full-a.png', 'full-c.png', 'full-d.png']);
    expect(media.urls[d.path]).toMatch(/^blob:/);
  });

  it('counts what the origin keeps besides slide files against the budget', async () => {
    deviceStorage({ quota: 1000, other: 300 }); // 600 bytes left for files: three of 200
    const [a, b, c, d] = [image('other-a.png'), image('other-b.png'), image('other-c.png'), image('other-d.png')];
    await play([a]);
    await play([b], [a]);
    await play([c], [b]);
    show(a, b, c);
    await play([d], [c]);
    expect(cachedPaths()).toEqual(['other-b.png', 'other-c.png', 'other-d.png']);
  });
});
