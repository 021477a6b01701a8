/* global self, caches, fetch, Response, URL */
// The app's service worker: keeps the app shell (index.html and every built file listed
// in /precache.json, which the build writes) so a screen that restarts without a network
// still opens the player, whichever screens it had opened before. Versioned: a new
// SHELL_CACHE name drops the old shell on activation. Slide files are cached by the
// player itself (MEDIA_CACHE, keyed by /__player-media/<bucket>/<path>), never here; the
// worker only answers the player's requests for them from that cache, byte ranges
// included (a browser playing a video asks for ranges), so videos play from the device.
// Requests to other origins (the Supabase API) are left alone.
const SHELL_CACHE = 'signage-shell-v2';
const SHELL_PREFIX = 'signage-shell-';
/** The player's cache (MEDIA_CACHE in src/features/player/api/media.ts). */
const MEDIA_CACHE = 'signage-player-media-v1';
const MEDIA_PREFIX = '/__player-media/';
/** The wall's pages (KIOSK_ROUTES in vite.config.ts). */
const WALL_PATHS = /^\/(screen|slides)(\/|$)/;

/**
 * The one byte range a `Range` header asks of `size` bytes ({start, end}, end inclusive), or
 * 'unsatisfiable' (416). Null for no header, or one this answer ignores as HTTP lets it (not
 * one `bytes=a-b`, `bytes=a-` or `bytes=-n` range): the whole file is sent.
 */
function byteRange(header, size) {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * A slide file from the player's cache: whole (200) or the range asked for (206, or 416). The
 * player removes a file from that cache only to make room, and never one the screen needs (the
 * playlist on screen, the one swapping in, the file on screen), so a video playing from here
 * is not taken away under it; a file not kept (404) is one the player plays from its link.
 */
async function mediaResponse(request, url) {
  const cache = await caches.open(MEDIA_CACHE);
  const kept = await cache.match(url.href);
  if (!kept) return new Response('Not kept on this device', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const body = await kept.blob();
  const type = kept.headers.get('Content-Type') || body.type || 'application/octet-stream';
  const range = byteRange(request.headers.get('Range'), body.size);
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${body.size}` } });
  }
  if (!range) {
    return new Response(body, {
      status: 200,
      headers: { 'Content-Type': type, 'Content-Length': String(body.size), 'Accept-Ranges': 'bytes' },
    });
  }
  return new Response(body.slice(range.start, range.end + 1, type), {
    status: 206,
    headers: {
      'Content-Type': type,
      'Content-Length': String(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${body.size}`,
      'Accept-Ranges': 'bytes',
    },
  });
}

/** Same-origin URLs of the built files: those index.html references and the build's list. */
async function shellUrls() {
  const response = await fetch('/index.html', { cache: 'no-store' });
  const html = await response.clone().text();
  const assets = new Set([...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]));
  try {
    const listed = await fetch('/precache.json', { cache: 'no-store' });
    if (listed.ok) for (const file of (await listed.json()).files ?? []) assets.add(file);
  } catch {
    // No list (a development server): the page sends what it loads instead.
  }
  return { response, assets: [...assets] };
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      const { response, assets } = await shellUrls();
      await cache.put('/index.html', response);
      await Promise.all(assets.map((url) => cache.add(url).catch(() => undefined)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(SHELL_PREFIX) && n !== SHELL_CACHE).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

// The page sends the URLs it loaded (lazy chunks included) so they are kept too.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      for (const url of data.urls) {
        if (typeof url !== 'string') continue;
        const target = new URL(url, self.location.origin);
        if (target.origin !== self.location.origin || target.pathname.startsWith('/__player-media/')) continue;
        if (!(await cache.match(target.pathname))) await cache.add(target.pathname).catch(() => undefined);
      }
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (url.pathname.startsWith(MEDIA_PREFIX)) {
    event.respondWith(mediaResponse(request, url));
    return;
  }

  if (request.mode === 'navigate') {
    // Pages: the network when it answers (fresh deploys), else the kept shell. A wall starts on
    // its kept shell at once (a kiosk relaunched must not wait on the network for its first
    // slide) while the network's copy is kept for its next start: a deploy reaches a wall at
    // the start after the one that fetched it.
    const fresh = fetch(request).then(async (response) => {
      if (response.ok) {
        const cache = await caches.open(SHELL_CACHE);
        await cache.put('/index.html', response.clone());
      }
      return response;
    });
    const wall = WALL_PATHS.test(url.pathname);
    if (wall) event.waitUntil(fresh.catch(() => undefined));
    event.respondWith(
      (async () => {
        const kept = await caches.match('/index.html', { cacheName: SHELL_CACHE });
        if (kept && wall) return kept;
        try {
          return await fresh;
        } catch {
          return kept ?? Response.error();
        }
      })(),
    );
    return;
  }

  // Built assets (content-hashed names) and public files: cache first.
  event.respondWith(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      const kept = await cache.match(url.pathname);
      if (kept) return kept;
      const fresh = await fetch(request);
      if (fresh.ok && (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg')) {
        await cache.put(url.pathname, fresh.clone());
      }
      return fresh;
    })(),
  );
});
