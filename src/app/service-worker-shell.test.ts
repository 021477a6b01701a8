// The service worker (public/sw.js) answering page loads: a wall (/screen, /slides) starts on
// the shell kept on the device at once, never waiting on the network, and the network's copy
// is kept for its next start; every other page takes the network's copy when there is one.
import { beforeEach, describe, expect, it } from 'vitest';
// The worker's own source, as the browser runs it.
import workerSource from '../../public/sw.js?raw';

const ORIGIN = 'http://screen.test';
const SHELL_CACHE = /const SHELL_CACHE = '([^']+)'/.exec(workerSource)![1]!;

type Listener = (event: unknown) => void;

let listeners: Record<string, Listener>;
let shell: Record<string, Response>;
let network: 'up' | 'down' | 'slow';
let networkRequests: string[];
let releaseNetwork: () => void;

function startWorker() {
  listeners = {};
  networkRequests = [];
  const cache = {
    match: (key: string) => Promise.resolve(shell[key]?.clone()),
    put: (key: string, response: Response) => {
      shell[key] = response;
      return Promise.resolve();
    },
  };
  const caches = {
    open: (name: string) => (name === SHELL_CACHE ? Promise.resolve(cache) : Promise.reject(new Error(name))),
    match: (key: string, { cacheName }: { cacheName?: string } = {}) =>
      Promise.resolve(cacheName === SHELL_CACHE ? shell[key]?.clone() : undefined),
  };
  const held = new Promise<void>((resolve) => (releaseNetwork = resolve));
  const fetchStub = async (request: { url: string }) => {
    networkRequests.push(request.url);
    if (network === 'down') throw new TypeError('Failed to fetch');
    if (network === 'slow') await held;
    return new Response('<html>fresh deploy</html>');
  };
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: Listener) => {
      listeners[type] = listener;
    },
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the worker's own source, as a browser runs it
  const run = new Function('self', 'caches', 'fetch', 'Response', 'URL', workerSource) as (...args: unknown[]) => void;
  run(self, caches, fetchStub, Response, URL);
}

/** Loads `path` as a page: what the worker answers, and the work it keeps going after it. */
function open(path: string) {
  let answer: Promise<Response> | undefined;
  const after: Promise<unknown>[] = [];
  listeners.fetch!({
    request: { method: 'GET', url: `${ORIGIN}${path}`, mode: 'navigate' },
    respondWith: (response: Promise<Response>) => {
      answer = response;
    },
    waitUntil: (work: Promise<unknown>) => after.push(work),
  });
  if (!answer) throw new Error('the worker left the page to the browser');
  return { answer, after: () => Promise.all(after) };
}

beforeEach(() => {
  shell = { '/index.html': new Response('<html>kept shell</html>') };
  network = 'up';
  startWorker();
});

describe('the service worker loading a page', () => {
  it.each(['/slides', '/screen'])('starts the wall at %s on the kept shell while the network has not answered', async (path) => {
    network = 'slow';
    const page = open(path);
    expect(await (await page.answer).text()).toBe('<html>kept shell</html>');
    // The network's copy is asked for all the same, and kept for the next start.
    expect(networkRequests).toEqual([`${ORIGIN}${path}`]);
    releaseNetwork();
    await page.after();
    expect(await shell['/index.html']!.text()).toBe('<html>fresh deploy</html>');
  });

  it('starts the wall on the kept shell with the network down', async () => {
    network = 'down';
    const page = open('/slides');
    expect(await (await page.answer).text()).toBe('<html>kept shell</html>');
    await page.after();
  });

  it("takes the network's copy for the wall when nothing is kept yet (a first start)", async () => {
    delete shell['/index.html'];
    const page = open('/slides');
    expect(await (await page.answer).text()).toBe('<html>fresh deploy</html>');
  });

  it("takes the network's copy for any other page, the kept shell only without a network", async () => {
    network = 'down';
    expect(await (await open('/dashboard').answer).text()).toBe('<html>kept shell</html>');
    network = 'slow';
    const page = open('/dashboard');
    let answered = false;
    void page.answer.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    releaseNetwork();
    expect(await (await page.answer).text()).toBe('<html>fresh deploy</html>');
  });
});
