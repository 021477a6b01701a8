// The service worker (public/sw.js) answering the player's requests for its slide files from
// Cache Storage, as a browser playing a video asks for them: whole, or by byte ranges (206
// with Content-Range, 416 past the end). The worker runs here with a Cache Storage stand-in.
import { beforeEach, describe, expect, it } from 'vitest';
// The worker's own source, as the browser runs it.
import workerSource from '../../../../public/sw.js?raw';
import { MEDIA_CACHE, MEDIA_PATH_PREFIX } from './media';

const ORIGIN = 'http://screen.test';
const VIDEO_URL = `${ORIGIN}${MEDIA_PATH_PREFIX}ad-videos/clip.webm`;
const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);

type Listener = (event: unknown) => void;

/** Cache Storage holding one cache of URL → response. */
function fakeCaches(entries: Record<string, Record<string, Response>>) {
  const open = (name: string) => {
    const cache = (entries[name] ??= {});
    return {
      match: (request: string | Request) =>
        Promise.resolve(cache[typeof request === 'string' ? request : request.url]?.clone()),
      put: (request: string, response: Response) => {
        cache[request] = response;
        return Promise.resolve();
      },
      add: () => Promise.resolve(),
      keys: () => Promise.resolve(Object.keys(cache).map((url) => new Request(url))),
    };
  };
  return {
    open: (name: string) => Promise.resolve(open(name)),
    match: () => Promise.resolve(undefined),
    keys: () => Promise.resolve(Object.keys(entries)),
    delete: () => Promise.resolve(true),
  };
}

let listeners: Record<string, Listener>;
let networkRequests: string[];

/** Runs public/sw.js against the stand-ins. */
function startWorker(cached: Record<string, Response>) {
  listeners = {};
  networkRequests = [];
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: Listener) => {
      listeners[type] = listener;
    },
    skipWaiting: () => Promise.resolve(),
    clients: { claim: () => Promise.resolve() },
  };
  const fetchStub = (request: Request | string) => {
    networkRequests.push(typeof request === 'string' ? request : request.url);
    return Promise.resolve(new Response('from the network'));
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the worker's own source, as a browser runs it
  const run = new Function('self', 'caches', 'fetch', 'Response', 'URL', workerSource) as (...args: unknown[]) => void;
  run(self, fakeCaches({ [MEDIA_CACHE]: cached }), fetchStub, Response, URL);
}

/** What the worker answers for a GET of `url` with `headers`. */
async function workerAnswer(url: string, headers: Record<string, string> = {}): Promise<Response> {
  let answer: Promise<Response> | undefined;
  listeners.fetch!({
    request: new Request(url, { headers }),
    respondWith: (response: Promise<Response>) => {
      answer = response;
    },
  });
  if (!answer) throw new Error('the worker left the request to the browser');
  return answer;
}

beforeEach(() => {
  startWorker({
    [VIDEO_URL]: new Response(BYTES, { headers: { 'Content-Type': 'video/webm', 'Content-Length': '1000' } }),
  });
});

describe('the service worker with a kept video', () => {
  it('answers the whole file with 200, saying it takes ranges', async () => {
    const response = await workerAnswer(VIDEO_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('video/webm');
    expect(response.headers.get('Accept-Ranges')).toBe('bytes');
    expect(response.headers.get('Content-Length')).toBe('1000');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES);
    expect(networkRequests).toEqual([]);
  });

  it.each([
    ['bytes=0-', 0, 999],
    ['bytes=100-199', 100, 199],
    ['bytes=900-5000', 900, 999],
    ['bytes=-10', 990, 999],
  ])('answers %s with 206 and its Content-Range', async (range, start, end) => {
    const response = await workerAnswer(VIDEO_URL, { Range: range });
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers.get('Content-Length')).toBe(String(end - start + 1));
    expect(response.headers.get('Content-Type')).toBe('video/webm');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES.slice(start, end + 1));
    expect(networkRequests).toEqual([]);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const response = await workerAnswer(VIDEO_URL, { Range: 'bytes=1000-' });
    expect(response.status).toBe(416);
    expect(response.headers.get('Content-Range')).toBe('bytes */1000');
  });

  it('sends the whole file for a header it does not take (several ranges)', async () => {
    const response = await workerAnswer(VIDEO_URL, { Range: 'bytes=0-1,5-6' });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(1000);
  });

  it('answers 404 for a file not kept on the device, without asking the network', async () => {
    const response = await workerAnswer(`${ORIGIN}${MEDIA_PATH_PREFIX}ad-videos/gone.webm`, { Range: 'bytes=0-' });
    expect(response.status).toBe(404);
    expect(networkRequests).toEqual([]);
  });
});
