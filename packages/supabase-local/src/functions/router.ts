// The Deno side of the functions service: one main worker that serves every
// function, routed by the first path segment, as Supabase's edge runtime does.
// Each function module calls `Deno.serve(handler)`; while a module loads,
// `Deno.serve` is replaced so that the handler is captured instead of opening a
// port, and requests are then passed to it unchanged.
//
// Run by supabase/local/functions/index.ts:
//   deno run <permissions> router.ts <functions dir> [<functions dir> ...]
// It prints `FUNCTIONS_READY <port>` once it listens on 127.0.0.1, and exits when
// its standard input closes (the supervising stack went away).
//
// Written against a small typed view of the Deno namespace so that it also
// compiles as part of the Node program.

type ServeInfo = { remoteAddr: unknown; completed: Promise<void> };
type Handler = (req: Request, info: ServeInfo) => Response | Promise<Response>;
interface ServeOptions {
  port?: number;
  hostname?: string;
  handler?: Handler;
  onListen?: (addr: { hostname: string; port: number }) => void;
  onError?: (error: unknown) => Response | Promise<Response>;
  signal?: AbortSignal;
}
interface Server {
  finished: Promise<void>;
  addr: { hostname: string; port: number; transport: 'tcp' };
  shutdown(): Promise<void>;
  ref(): void;
  unref(): void;
  [Symbol.asyncDispose](): Promise<void>;
}
interface DenoApi {
  args: string[];
  serve(options: ServeOptions, handler: Handler): Server;
  stat(path: string): Promise<{ isFile: boolean }>;
  stdin: { readable: ReadableStream<Uint8Array> };
  exit(code?: number): never;
}

const Deno = (globalThis as unknown as { Deno: DenoApi }).Deno;
const realServe = Deno.serve.bind(Deno);
const functionDirs = Deno.args;

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const ENTRY_FILES = ['index.ts', 'index.tsx', 'index.js', 'index.mjs'];

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

interface Loaded {
  handler: Handler;
  onError?: ServeOptions['onError'];
}

/** The handler captured from the module currently being imported. */
let capture: ((loaded: Loaded) => void) | undefined;

function fakeServer(): Server {
  const addr = { hostname: '127.0.0.1', port: 0, transport: 'tcp' as const };
  return {
    finished: new Promise<void>(() => undefined),
    addr,
    shutdown: () => Promise.resolve(),
    ref: () => undefined,
    unref: () => undefined,
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
}

// Deno.serve(handler) | Deno.serve(options, handler) | Deno.serve({ handler, ... })
(Deno as { serve: unknown }).serve = (a: Handler | ServeOptions, b?: Handler): Server => {
  const options: ServeOptions = typeof a === 'function' ? {} : a;
  const handler = typeof a === 'function' ? a : (b ?? a.handler);
  if (!handler) throw new TypeError('Deno.serve: a handler is required');
  if (!capture) {
    console.error('[functions] Deno.serve called outside of module loading; ignored');
    return fakeServer();
  }
  capture({ handler, onError: options.onError });
  capture = undefined;
  return fakeServer();
};

async function findEntry(name: string): Promise<string | undefined> {
  for (const dir of functionDirs) {
    for (const file of ENTRY_FILES) {
      const candidate = `${dir}/${name}/${file}`;
      try {
        if ((await Deno.stat(candidate)).isFile) return candidate;
      } catch {
        // not in this folder
      }
    }
  }
  return undefined;
}

const loaded = new Map<string, Promise<Loaded>>();
/** Modules load one at a time so that each captured handler belongs to the module being imported. */
let loadQueue: Promise<unknown> = Promise.resolve();

function load(name: string, file: string): Promise<Loaded> {
  let p = loaded.get(name);
  if (p) return p;
  p = new Promise<Loaded>((resolve, reject) => {
    loadQueue = loadQueue.then(async () => {
      let captured: Loaded | undefined;
      capture = (l) => (captured = l);
      try {
        const url = new URL('file:///');
        url.pathname = file;
        await import(url.href);
        if (!captured) throw new Error(`${name}/${file.split('/').pop()} did not call Deno.serve(handler)`);
        resolve(captured);
      } catch (e) {
        reject(e);
      } finally {
        capture = undefined;
      }
    });
  });
  // A module that failed to load is retried on the next request.
  p.catch(() => loaded.delete(name));
  loaded.set(name, p);
  return p;
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

async function route(req: Request, info: ServeInfo): Promise<Response> {
  const url = new URL(req.url);
  if (url.pathname === '/_internal/health') return jsonResponse(200, { status: 'ok' });
  const name = url.pathname.split('/')[1] ?? '';
  const file = NAME.test(name) ? await findEntry(name) : undefined;
  if (!file) return jsonResponse(404, { msg: 'Function not found' });

  let fn: Loaded;
  try {
    fn = await load(name, file);
  } catch (e) {
    console.error(`[${name}] failed to start:`, e);
    return jsonResponse(503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
  }

  try {
    const res = await fn.handler(req, info);
    if (!(res instanceof Response))
      throw new TypeError('Return value from serve handler must be a response or a promise resolving to a response');
    return res;
  } catch (e) {
    console.error(`[${name}]`, e);
    if (fn.onError) {
      try {
        return await fn.onError(e);
      } catch (e2) {
        console.error(`[${name}] onError:`, e2);
      }
    }
    return jsonResponse(500, { error: errorMessage(e) });
  }
}

// Supabase's runtime global for work that outlives the response (`EdgeRuntime.waitUntil(promise)`).
(globalThis as unknown as { EdgeRuntime: { waitUntil(p: Promise<unknown>): void } }).EdgeRuntime = {
  waitUntil(p: Promise<unknown>) {
    Promise.resolve(p).catch((e: unknown) => console.error('[functions] background task failed:', e));
  },
};

// A promise a function forgot to await must not take every other function down.
(globalThis as unknown as EventTarget).addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  console.error('[functions] unhandled rejection:', (event as Event & { reason?: unknown }).reason);
});

realServe(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`FUNCTIONS_READY ${port}`),
  },
  route,
);

// Exit with the supervising stack: its end of our standard input closes when it goes away.
void (async () => {
  try {
    const reader = Deno.stdin.readable.getReader();
    while (!(await reader.read()).done) {
      // nothing is sent; only the end matters
    }
  } finally {
    Deno.exit(0);
  }
})();
