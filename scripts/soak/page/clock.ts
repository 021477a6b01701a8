// Runs in a wall's page during a soak, before the app's own scripts: see ../page-clock.ts.
// Browser code, checked by tsc with the DOM's types (tsconfig.page.json), handed to the page
// as text (no imports, no exports).

declare global {
  interface Window {
    __soak: SoakProbe;
    __soakTime?: (ms: number) => Promise<void>;
  }
}

interface SoakProbe {
  now(): number;
  runUntil(target: number): Promise<number>;
  frames: number;
  blankFrames: number;
  blanks: { at: number; shown: string }[];
  firstPicture: number | null;
  /** [virtual ms, slide id, stored file shown or ''] at each slide change. */
  switches: [number, string, string][];
  drainSwitches(): [number, string, string][];
  liveObjectUrls: number;
  /** Words shown on the wall that no wall may show (error texts), as found. */
  texts: string[];
  timers(): number;
  /** What moving time cost: timers fired, and real ms spent waiting for the page to settle, by what it waited on. */
  stats: {
    fired: number;
    settleMs: number;
    waits: Record<string, number>;
    busyMs: Record<string, number>;
    delays: Record<string, number>;
  };
  settleTimeouts: number;
  /** The page's last network events and requests, in virtual time: [ms, what]. */
  events: [number, string][];
}

// Called by the script pageClockScript() builds around this file.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function install(startMs: number) {
  // How long time waits at most for the page to settle: seconds on a machine under load (beside
  // npm test's lanes a settle took more than 3 s); a wait that ran out is counted (settleTimeouts).
  const SETTLE_CAP_MS = 10_000;
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const realSetTimeout = window.setTimeout.bind(window);
  const realPerfNow = performance.now.bind(performance);
  const perfAtStart = realPerfNow();
  let vnow = startMs;

  // ---- What time it is
  function SoakDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(vnow).toString();
    return args.length === 0 ? new RealDate(vnow) : new RealDate(...(args as []));
  }
  SoakDate.prototype = RealDate.prototype;
  SoakDate.now = () => vnow;
  SoakDate.parse = RealDate.parse;
  SoakDate.UTC = RealDate.UTC;
  Object.setPrototypeOf(SoakDate, RealDate);
  window.Date = SoakDate as unknown as DateConstructor;
  performance.now = () => perfAtStart + (vnow - startMs);

  // ---- Timers on virtual time
  interface Timer {
    id: number;
    at: number;
    seq: number;
    fn: (...args: unknown[]) => void;
    args: unknown[];
    every: number | null;
  }
  const timers = new Map<number, Timer>();
  let nextId = 1;
  let seq = 0;
  const add = (fn: unknown, ms: unknown, args: unknown[], repeat: boolean) => {
    const id = nextId++;
    if (typeof fn !== 'function') return id;
    const delay = Math.max(0, Number(ms) || 0);
    const key = `${repeat ? 'every ' : ''}${delay}`;
    probe.stats.delays[key] = (probe.stats.delays[key] ?? 0) + 1;
    timers.set(id, {
      id,
      at: vnow + delay,
      seq: seq++,
      fn: fn as Timer['fn'],
      args,
      every: repeat ? Math.max(1, delay) : null,
    });
    return id;
  };
  const clear = (id: unknown) => void timers.delete(Number(id));
  (window as unknown as Record<string, unknown>).setTimeout = (fn: unknown, ms?: unknown, ...args: unknown[]) =>
    add(fn, ms, args, false);
  (window as unknown as Record<string, unknown>).setInterval = (fn: unknown, ms?: unknown, ...args: unknown[]) => {
    // Long intervals are set up once per component: each one started is noted (a remount shows).
    if (Number(ms) >= 60_000) note(`every ${Number(ms) / 1000} s started`);
    return add(fn, ms, args, true);
  };
  (window as unknown as Record<string, unknown>).clearTimeout = clear;
  (window as unknown as Record<string, unknown>).clearInterval = clear;

  const earliest = () => {
    let first: Timer | null = null;
    for (const t of timers.values())
      if (!first || t.at < first.at || (t.at === first.at && t.seq < first.seq)) first = t;
    return first;
  };

  // ---- Work the page waits on (settled before time moves)
  let pending = 0;
  const pendingBy = new Map<string, number>();
  // Wakes the settling soak as soon as nothing is under way (no polling).
  let onIdle: (() => void) | null = null;
  const track = <T>(promise: Promise<T>, label: string): Promise<T> => {
    pending++;
    pendingBy.set(label, (pendingBy.get(label) ?? 0) + 1);
    let done = false;
    const began = realNow();
    const end = () => {
      if (!done) {
        done = true;
        probe.stats.busyMs[label] = Math.round((probe.stats.busyMs[label] ?? 0) + realNow() - began);
        pending--;
        pendingBy.set(label, (pendingBy.get(label) ?? 1) - 1);
        if (pending <= 0 && onIdle) {
          const wake = onIdle;
          onIdle = null;
          wake();
        }
      }
    };
    promise.then(end, end);
    return promise;
  };
  const wrapAsync = (proto: Record<string, unknown> | undefined, names: string[]) => {
    if (!proto) return;
    for (const name of names) {
      const original = proto[name];
      if (typeof original !== 'function') continue;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        const result = (original as (...a: unknown[]) => unknown).apply(this, args);
        return result instanceof Promise ? track(result, name) : result;
      };
    }
  };

  // The stack's clock is set to the page's before a socket message (or a request to an edge
  // function) leaves the page; a request to the stack's API carries the page's time instead.
  let reported = -1;
  const report = (): Promise<void> => {
    if (vnow === reported || !window.__soakTime) return Promise.resolve();
    reported = vnow;
    const began = realNow();
    return window.__soakTime(vnow).then(
      () => void (probe.stats.busyMs.report = Math.round((probe.stats.busyMs.report ?? 0) + realNow() - began)),
      () => undefined,
    );
  };

  const events: [number, string][] = [];
  const note = (what: string) => {
    events.push([vnow, what]);
    if (events.length > 60) events.shift();
  };
  window.addEventListener('online', () => note('online event'));
  window.addEventListener('offline', () => note('offline event'));
  const realFetch = window.fetch.bind(window);
  window.fetch = ((...args: Parameters<typeof fetch>) => {
    const url = args[0] instanceof Request ? args[0].url : String(args[0]);
    const what = url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*/, '');
    const body = args[1]?.body;
    note(`fetch ${what}${typeof body === 'string' ? ` (${body.length} B)` : ''}`);
    // The stack's clock goes with a request to its API (stack-clock.ts reads it as the request
    // arrives; the gateway lets any header through). An edge function allows only the headers
    // it names, so before a request to one (or elsewhere) the page hands its time over first.
    let sent: Promise<Response>;
    if (/\/(rest|auth|storage)\/v1\//.test(url)) {
      const init: RequestInit = { ...args[1] };
      const headers = new Headers(init.headers ?? (args[0] instanceof Request ? args[0].headers : undefined));
      headers.set('x-soak-clock', String(vnow));
      init.headers = headers;
      sent = realFetch(args[0], init);
    } else {
      sent = report().then(() => realFetch(...args));
    }
    return track(
      sent.then(
        (answer) => {
          note(`  ${answer.status} ${what}`);
          return answer;
        },
        (error: unknown) => {
          note(`  failed ${what}: ${error instanceof Error ? error.message : String(error)}`);
          throw error;
        },
      ),
      'fetch',
    );
  }) as typeof fetch;
  wrapAsync(Response.prototype as unknown as Record<string, unknown>, ['json', 'text', 'blob', 'arrayBuffer']);
  wrapAsync((globalThis as unknown as { Cache?: { prototype: Record<string, unknown> } }).Cache?.prototype, [
    'match',
    'matchAll',
    'put',
    'add',
    'addAll',
    'delete',
    'keys',
  ]);
  wrapAsync(
    (globalThis as unknown as { CacheStorage?: { prototype: Record<string, unknown> } }).CacheStorage?.prototype,
    ['open', 'match', 'has', 'delete', 'keys'],
  );
  wrapAsync(HTMLImageElement.prototype as unknown as Record<string, unknown>, ['decode']);
  // supabase-js holds its session behind a Web Lock.
  wrapAsync(
    (globalThis as unknown as { LockManager?: { prototype: Record<string, unknown> } }).LockManager?.prototype,
    ['request'],
  );
  wrapAsync(
    (navigator.storage as unknown as { constructor: { prototype: Record<string, unknown> } } | undefined)?.constructor
      .prototype,
    ['estimate', 'persist', 'persisted'],
  );
  const realTransaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const tx = realTransaction.apply(this, args);
    track(
      new Promise<void>((resolve) => {
        tx.addEventListener('complete', () => resolve());
        tx.addEventListener('abort', () => resolve());
        tx.addEventListener('error', () => resolve());
      }),
      'indexedDB',
    );
    return tx;
  } as IDBDatabase['transaction'];
  const realOpen = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
    const request = realOpen.apply(this, args);
    track(
      new Promise<void>((resolve) => {
        request.addEventListener('success', () => resolve());
        request.addEventListener('error', () => resolve());
        request.addEventListener('blocked', () => resolve());
      }),
      'indexedDB open',
    );
    return request;
  } as IDBFactory['open'];

  // An <img> put in the page (or given another src) loads in real time, a few milliseconds
  // on a wall: time waits for it, as a slide's ten seconds would.
  const watchImage = (image: HTMLImageElement) => {
    if (!image.getAttribute('src') || image.complete) return;
    track(
      new Promise<void>((resolve) => {
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
        // One taken out of the page before it loaded may never say so.
        realSetTimeout(resolve, 2000);
      }),
      'img load',
    );
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes' && record.target instanceof HTMLImageElement) watchImage(record.target);
      for (const node of record.addedNodes) {
        if (node instanceof HTMLImageElement) watchImage(node);
        else if (node instanceof Element) node.querySelectorAll('img').forEach(watchImage);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });

  // A socket's message that expects an answer (a join, a heartbeat) is waited on until the
  // socket's next message, or its closing. The time goes to the stack first.
  const awaiting = new WeakMap<WebSocket, () => void>();
  const RealWebSocket = window.WebSocket;
  const realSend = RealWebSocket.prototype.send;
  RealWebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
    void report();
    if (!awaiting.has(this)) {
      let release = () => undefined as void;
      const answered = new Promise<void>((resolve) => (release = resolve));
      awaiting.set(this, release);
      let finished = false;
      const done = () => {
        if (finished) return;
        finished = true;
        this.removeEventListener('message', done);
        this.removeEventListener('close', done);
        awaiting.delete(this);
        release();
      };
      this.addEventListener('message', done);
      this.addEventListener('close', done);
      // Never wait long on a socket: a push that needs no answer has none (a local stack
      // answers one that does within milliseconds).
      realSetTimeout(done, 50);
      track(answered, 'socket');
    }
    return realSend.call(this, data);
  };

  // ---- Probes
  let liveObjectUrls = 0;
  const realCreate = URL.createObjectURL.bind(URL);
  const realRevoke = URL.revokeObjectURL.bind(URL);
  const live = new Set<string>();
  URL.createObjectURL = (obj: Blob | MediaSource) => {
    const url = realCreate(obj);
    live.add(url);
    liveObjectUrls = live.size;
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    live.delete(url);
    liveObjectUrls = live.size;
    realRevoke(url);
  };

  const channel = new MessageChannel();
  const hops: (() => void)[] = [];
  channel.port1.onmessage = () => hops.shift()?.();
  const realPost = MessagePort.prototype.postMessage;
  // Work the page scheduled on a MessageChannel (React's scheduler does): a step lets it run.
  let posted = 0;
  MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<MessagePort['postMessage']>) {
    if (this !== channel.port2) posted++;
    return realPost.apply(this, args);
  } as MessagePort['postMessage'];
  const hop = () =>
    new Promise<void>((resolve) => {
      hops.push(resolve);
      realPost.call(channel.port2, null);
    });

  const probe: SoakProbe = {
    now: () => vnow,
    frames: 0,
    blankFrames: 0,
    blanks: [],
    firstPicture: null,
    switches: [],
    drainSwitches() {
      const out = probe.switches;
      probe.switches = [];
      return out;
    },
    get liveObjectUrls() {
      return liveObjectUrls;
    },
    timers: () => timers.size,
    texts: [],
    settleTimeouts: 0,
    events,
    stats: { fired: 0, settleMs: 0, waits: {}, busyMs: {}, delays: {} },
    async runUntil(target: number) {
      let seen = -1;
      for (;;) {
        // Let what is under way finish first (its answers, its rendering); a timer that
        // scheduled nothing and started nothing needs no wait.
        const since = realNow();
        // A timer's promise chains run first (microtasks: no task, no cost).
        for (let i = 0; i < 5; i++) await null;
        // After a wait on work under way, what that work's answer set off (its promise chain:
        // a timer it starts, a write it begins) runs before time moves on: a hop's task runs
        // after every microtask, so at least one hop follows each wait.
        let waited = false;
        for (;;) {
          if (!waited && pending <= 0 && posted === seen) break;
          waited = false;
          seen = posted;
          await hop();
          await hop();
          if (pending <= 0 && posted === seen) break;
          if (pending <= 0) continue;
          for (const [label, n] of pendingBy) if (n > 0) probe.stats.waits[label] = (probe.stats.waits[label] ?? 0) + 1;
          const left = SETTLE_CAP_MS - (realNow() - since);
          if (left <= 0) {
            probe.settleTimeouts++;
            break;
          }
          await new Promise<void>((resolve) => {
            onIdle = resolve;
            realSetTimeout(resolve, left);
          });
          waited = true;
        }
        probe.stats.settleMs += realNow() - since;
        const next = earliest();
        if (!next || next.at > target) {
          if (target > vnow) vnow = target;
          return vnow;
        }
        if (next.at > vnow) vnow = next.at;
        if (next.every === null) timers.delete(next.id);
        else {
          next.at = Math.max(vnow, next.at) + next.every;
          next.seq = seq++;
        }
        probe.stats.fired++;
        try {
          next.fn(...next.args);
        } catch (error) {
          // As a browser does: an error in a timer is reported, and time goes on.
          setTimeoutError(error);
        }
      }
    },
  };
  const setTimeoutError = (error: unknown) =>
    realSetTimeout(() => {
      throw error;
    }, 0);
  window.__soak = probe;

  // A picture on screen: the visible slide layer's decoded image or drawn video, or the fallback image.
  const drawn = new WeakSet<HTMLVideoElement>();
  const painted = () => {
    const fallback = document.querySelector<HTMLImageElement>('[data-testid="fallback-screen"] img');
    if (fallback) return fallback.complete && fallback.naturalWidth > 0;
    const layer = document.querySelector('[data-visible="true"]');
    if (!layer) return false;
    const img = layer.querySelector('img');
    if (img) return img.complete && img.naturalWidth > 0;
    const video = layer.querySelector('video');
    if (video && !drawn.has(video) && video.readyState >= 2) {
      if (typeof video.requestVideoFrameCallback === 'function')
        video.requestVideoFrameCallback(() => drawn.add(video));
      else drawn.add(video);
    }
    // A slide of words (text, dynamic) is a picture when it shows something.
    if (!img && !video) return (layer.textContent ?? '').trim().length > 0;
    return Boolean(video && drawn.has(video));
  };
  let lastSlide: string | null = null;
  function noteSwitch() {
    const layer = document.querySelector<HTMLElement>('[data-visible="true"]');
    const slide = layer?.dataset.slideId ?? null;
    if (slide !== lastSlide) {
      lastSlide = slide;
      if (slide) probe.switches.push([vnow, slide, layer?.dataset.media ?? '']);
    }
  }
  const ERROR_WORDS =
    /error|exception|failed|failure|undefined|NaN|\bnull\b|stack|TypeError|went wrong|cannot|unable|not found/i;
  // Frames are looked at while the page changes: the frames that follow a change of the page
  // (a switch, a new layer, new text), and every frame until the first picture. A frame with
  // no change since the last one looked at shows what that one showed. (Asking for every frame
  // would have the browser draw 60 a second, most of the soak's work, for nothing new.)
  const FRAMES_AFTER_CHANGE = 3;
  let framesLeft = 0;
  let frameAsked = false;
  const frame = () => {
    frameAsked = false;
    if (document.body) {
      const text = document.body.innerText;
      const found = ERROR_WORDS.exec(text);
      if (found && probe.texts.length < 20)
        probe.texts.push(text.slice(Math.max(0, found.index - 40), found.index + 60));
    }
    const ok = painted();
    if (probe.firstPicture === null) {
      if (ok) probe.firstPicture = realPerfNow();
    } else {
      probe.frames++;
      if (!ok) {
        probe.blankFrames++;
        if (probe.blanks.length < 20) {
          const layer = document.querySelector('[data-visible="true"]');
          probe.blanks.push({
            at: vnow,
            shown: !layer
              ? (document.body.innerText || 'nothing').slice(0, 80)
              : layer.querySelector('img')
                ? 'image not decoded'
                : 'empty layer',
          });
        }
      }
    }
    noteSwitch();
    framesLeft--;
    if (framesLeft > 0 || probe.firstPicture === null) askFrame();
  };
  const askFrame = () => {
    if (frameAsked) return;
    frameAsked = true;
    requestAnimationFrame(frame);
  };
  askFrame();
  // Slide changes between frames (time runs faster than frames) are noted as the DOM changes;
  // the frames after each change are looked at.
  new MutationObserver(() => {
    noteSwitch();
    framesLeft = FRAMES_AFTER_CHANGE;
    askFrame();
  }).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-visible', 'src'],
    childList: true,
    characterData: true,
  });
}
