// dynamic-content: weather, news and sports for slides and the Dynamic Content
// Test page, for signed-in callers (screens and admins). Keys stay in the
// function's secrets. Answers come from a cache shared by every instance, so the
// upstream services are called once per distinct request and cache period, not
// once per screen. When a service fails, the last cached answer is served if
// there is one, else built-in sample data with `fallback: true` and the spec's text.
import { json, preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, readJson } from '../_shared/http.ts';
import { bearerToken, serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';
import {
  CACHE_TTL_SECONDS,
  type CacheEntry,
  type CacheLookup,
  cacheKey,
  type CacheStore,
  DbCacheStore,
  isFresh,
  LEASE_SECONDS,
} from '../_shared/dynamic-content/cache.ts';
import {
  ContentFailure,
  failureText,
  fetchContent,
  UPSTREAM_TIMEOUT_MS,
} from '../_shared/dynamic-content/providers.ts';
import { sampleNews, sampleSports, sampleWeather } from '../_shared/dynamic-content/sample-data.ts';
import {
  type ContentAnswer,
  type ContentData,
  type ContentRequest,
  DEFAULTS,
  ERRORS,
  NEWS_CATEGORIES,
  type NewsCategory,
  SPORTS_LEAGUES,
} from '../_shared/contracts/dynamic-content.ts';
import { jwtVerifier } from '../_shared/verify-jwt.ts';

export const NOT_SIGNED_IN = 'Not signed in';
/** In test stacks and the benchmark only (DYNAMIC_CONTENT_TEST_CLOCK=1): the request's "now", ISO. */
export const CLOCK_HEADER = 'x-dynamic-content-now';

export interface Deps {
  env: SupabaseEnv;
  /** Network for the Supabase clients (tests put a fake here). */
  fetch?: typeof fetch;
  /** Network for the content services. */
  upstreamFetch: typeof fetch;
  /** Function secrets: WEATHER_API_KEY, NEWS_API_KEY and the *_API_BASE_URL overrides. */
  secret(name: string): string | undefined;
  /** The shared cache; the database table unless a test gives another. */
  cache?: CacheStore;
  now(): Date;
  /** Whether CLOCK_HEADER may set the request's time. */
  clockHeader: boolean;
  timeoutMs: number;
  ttlSeconds: number;
  leaseSeconds: number;
  /** How long a caller waits for another instance's first fetch of a key before falling back. */
  waitMs: number;
  pollMs: number;
  sleep(ms: number): Promise<void>;
  log(message: string): void;
}

export function defaultDeps(): Deps {
  return {
    env: supabaseEnv(),
    upstreamFetch: fetch,
    secret: (name) => Deno.env.get(name),
    now: () => new Date(),
    clockHeader: Deno.env.get('DYNAMIC_CONTENT_TEST_CLOCK') === '1',
    timeoutMs: UPSTREAM_TIMEOUT_MS,
    ttlSeconds: CACHE_TTL_SECONDS,
    leaseSeconds: LEASE_SECONDS,
    waitMs: UPSTREAM_TIMEOUT_MS + 1000,
    pollMs: 50,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    log: (message) => console.error(message),
  };
}

// ---------------------------------------------------------------- validation

const LOCATION_CHARS = /^[\p{L}\p{N} ,.'’-]+$/u;
const MAX_TEXT = 100;
const LEAGUE_LIST = SPORTS_LEAGUES.map((l) => `${l.sport}/${l.league}`).join(', ');

const bad = (message: string) => new HttpError(400, message);

/** A trimmed string with inner whitespace collapsed, or undefined when absent; a non-string is a 400. */
function text(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw bad(`${field} must be a string`);
  return v.trim().replace(/\s+/g, ' ');
}

function location(body: Record<string, unknown>): string {
  const v = text(body, 'location');
  if (v === undefined) return DEFAULTS.location;
  if (v.length < 1 || v.length > MAX_TEXT) throw bad(`location must be 1 to ${MAX_TEXT} characters`);
  if (!LOCATION_CHARS.test(v)) {
    throw bad('location may contain only letters, digits, spaces, commas, periods, hyphens and apostrophes');
  }
  return v;
}

function category(body: Record<string, unknown>): NewsCategory {
  const v = text(body, 'category')?.toLowerCase();
  if (v === undefined || v === '') return DEFAULTS.category;
  const found = NEWS_CATEGORIES.find((c) => c === v);
  if (!found) throw bad(`category must be one of ${NEWS_CATEGORIES.join(', ')}`);
  return found;
}

function query(body: Record<string, unknown>): string | null {
  const v = text(body, 'query');
  if (v !== undefined && v.length > MAX_TEXT) throw bad(`query must be at most ${MAX_TEXT} characters`);
  return v || null;
}

function sportAndLeague(body: Record<string, unknown>): { sport: string; league: string } {
  const sport = text(body, 'sport')?.toLowerCase() || undefined;
  const league = text(body, 'league')?.toLowerCase() || undefined;
  const match = SPORTS_LEAGUES.find((l) =>
    sport === undefined && league === undefined
      ? l.sport === DEFAULTS.sport && l.league === DEFAULTS.league
      : (sport === undefined || l.sport === sport) && (league === undefined || l.league === league),
  );
  if (!match) throw bad(`sport and league must be one of ${LEAGUE_LIST}`);
  return { sport: match.sport, league: match.league };
}

function view(body: Record<string, unknown>): 'scoreboard' | 'standings' {
  const v = text(body, 'view')?.toLowerCase();
  if (v === undefined || v === '' || v === 'scoreboard') return 'scoreboard';
  if (v === 'standings') return 'standings';
  throw bad('view must be scoreboard or standings');
}

/** The request with defaults applied; every field given is checked, whatever the type. */
export function parseContentRequest(body: unknown): ContentRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad('Request body must be a JSON object');
  const b = body as Record<string, unknown>;
  const type = b.type;
  if (type !== 'weather' && type !== 'news' && type !== 'sports') throw bad(ERRORS.unknownType);
  const loc = location(b);
  const cat = category(b);
  const q = query(b);
  const sl = sportAndLeague(b);
  const v = view(b);
  if (type === 'weather') return { type, location: loc };
  if (type === 'news') return { type, category: cat, query: q };
  return { type, ...sl, view: v };
}

export function keyOf(req: ContentRequest): string {
  switch (req.type) {
    case 'weather':
      return cacheKey('weather', req.location);
    case 'news':
      return req.query
        ? cacheKey('news', 'search', req.query)
        : cacheKey('news', 'top', DEFAULTS.country, req.category);
    case 'sports':
      return cacheKey('sports', req.view, req.sport, req.league);
  }
}

function sampleData(req: ContentRequest, now: Date): ContentData {
  switch (req.type) {
    case 'weather':
      return sampleWeather(req.location, now);
    case 'news':
      return sampleNews(req.category, now);
    case 'sports': {
      const league = SPORTS_LEAGUES.find((l) => l.sport === req.sport && l.league === req.league);
      return sampleSports(league?.name ?? req.league.toUpperCase(), now);
    }
  }
}

// ---------------------------------------------------------------- handler

function requestTime(deps: Deps, req: Request): Date {
  const header = deps.clockHeader ? req.headers.get(CLOCK_HEADER) : null;
  if (header) {
    const t = new Date(header);
    if (Number.isNaN(t.getTime())) throw bad(`${CLOCK_HEADER} must be an ISO date-time`);
    return t;
  }
  return deps.now();
}

/** How a request was resolved, before it becomes an answer for each caller sharing it. */
interface Outcome {
  data: ContentData;
  fallback: boolean;
  error: string | null;
  fetchedAt: Date;
  /** When the cached entry stops being fresh; null for sample data. */
  expiresAt: Date | null;
  /** False when this resolution fetched the data from the service. */
  cached: boolean;
}

/** The caller who started a resolution turned out not to be signed in: nothing was fetched. */
const REFUSED = Symbol('refused');
type Resolution = Outcome | typeof REFUSED;

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  const admin = serviceClient(deps.env, { fetch: deps.fetch });
  const verifier = jwtVerifier(deps.env, { fetch: deps.fetch });
  const cache = deps.cache ?? new DbCacheStore(admin);
  const providerDeps = { fetch: deps.upstreamFetch, secret: deps.secret, timeoutMs: deps.timeoutMs };
  /**
   * Resolutions under way in this instance, by cache key: concurrent requests for a key share one.
   * `stale` is set while it refreshes an expired entry, so that others serve that entry meanwhile.
   */
  const flights = new Map<string, { promise: Promise<Resolution>; stale: CacheEntry | null }>();

  const log = (e: unknown) => deps.log(`dynamic-content: ${e instanceof Error ? e.message : String(e)}`);
  const cachedOutcome = (entry: CacheEntry): Outcome => ({
    data: entry.payload as ContentData,
    fallback: false,
    error: null,
    fetchedAt: entry.fetchedAt,
    expiresAt: entry.expiresAt,
    cached: true,
  });
  const sampleOutcome = (req: ContentRequest, now: Date, error: string): Outcome => ({
    data: sampleData(req, now),
    fallback: true,
    error,
    fetchedAt: now,
    expiresAt: null,
    cached: false,
  });

  /** Fetches from the service and stores the answer; on failure releases the lease and serves the old entry or sample data. */
  async function refresh(req: ContentRequest, key: string, stale: CacheEntry | null, now: Date): Promise<Outcome> {
    try {
      const data = await fetchContent(providerDeps, req);
      await cache.store(key, data, now, deps.ttlSeconds).catch(log);
      return {
        data,
        fallback: false,
        error: null,
        fetchedAt: now,
        expiresAt: new Date(now.getTime() + deps.ttlSeconds * 1000),
        cached: false,
      };
    } catch (e) {
      log(e);
      await cache.release(key).catch(log);
      if (stale) return cachedOutcome(stale);
      return sampleOutcome(req, now, e instanceof ContentFailure ? e.userMessage : failureText(req));
    }
  }

  /** Fetches if the caller is signed in; otherwise gives the lease back. */
  async function refreshIfAllowed(
    req: ContentRequest,
    key: string,
    stale: CacheEntry | null,
    now: Date,
    signedIn: Promise<boolean>,
  ): Promise<Resolution> {
    const flight = flights.get(key);
    if (flight && stale) flight.stale = stale;
    if (!(await signedIn)) {
      await cache.release(key).catch(log);
      return REFUSED;
    }
    return refresh(req, key, stale, now);
  }

  /** Waits (with growing pauses) for another instance's first fetch of `key`; claims the lease itself if that one gives up. */
  async function waitForEntry(key: string, now: Date): Promise<CacheLookup | null> {
    const started = Date.now();
    let pause = deps.pollMs;
    while (Date.now() - started < deps.waitMs) {
      await deps.sleep(pause);
      pause = Math.min(pause * 2, 500);
      const seen = await cache.lookup(key, now, deps.leaseSeconds);
      if (seen.entry || seen.claimed) return seen;
    }
    return null;
  }

  async function resolve(req: ContentRequest, key: string, now: Date, signedIn: Promise<boolean>): Promise<Resolution> {
    let lookup: CacheLookup;
    try {
      lookup = await cache.lookup(key, now, deps.leaseSeconds);
    } catch (e) {
      // Without the cache the request still gets an answer, straight from the service.
      log(e);
      return (await signedIn) ? refresh(req, key, null, now) : REFUSED;
    }
    if (isFresh(lookup.entry, now)) return cachedOutcome(lookup.entry);
    if (lookup.claimed) return refreshIfAllowed(req, key, lookup.entry, now, signedIn);
    // Another instance is refreshing: serve what there is, or wait for its first fetch.
    if (lookup.entry) return cachedOutcome(lookup.entry);
    const later = await waitForEntry(key, now);
    if (later?.entry) return cachedOutcome(later.entry);
    if (later?.claimed) return refreshIfAllowed(req, key, null, now, signedIn);
    return sampleOutcome(req, now, failureText(req));
  }

  /** The resolution of `key`, shared with concurrent requests in this instance; `mine` when this request ran it. */
  async function shared(
    req: ContentRequest,
    key: string,
    now: Date,
    signedIn: Promise<boolean>,
  ): Promise<{ outcome: Outcome; mine: boolean } | null> {
    for (;;) {
      const running = flights.get(key);
      if (running?.stale) return { outcome: cachedOutcome(running.stale), mine: false };
      let promise: Promise<Resolution>;
      if (running) {
        promise = running.promise;
      } else {
        const flight: { promise: Promise<Resolution>; stale: CacheEntry | null } = {
          promise: Promise.resolve(REFUSED),
          stale: null,
        };
        flights.set(key, flight);
        flight.promise = resolve(req, key, now, signedIn).finally(() => {
          if (flights.get(key) === flight) flights.delete(key);
        });
        promise = flight.promise;
      }
      const result = await promise;
      if (result !== REFUSED) return { outcome: result, mine: !running };
      // The request that started it was refused; this one tries on its own account.
      if (!running) return null;
    }
  }

  return async (request) => {
    const early = preflight(request);
    if (early) return early;
    try {
      if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed');
      // Signed-in callers only, verified before any work (_shared/verify-jwt.ts: the signature
      // against the project's JWKS, or Auth for a legacy HS256 token): the anon key, which
      // verify_jwt accepts, another role or a forged token is refused here.
      const token = bearerToken(request);
      const caller = token && token !== deps.env.anonKey ? await verifier.user(token) : null;
      if (!token || !caller) throw new HttpError(401, NOT_SIGNED_IN);
      const req = parseContentRequest(await readJson(request));
      const now = requestTime(deps, request);

      // Auth's confirmation that the user and session still stand and the cache read run side by
      // side (a cache hit costs one round trip); nothing is fetched from a service before it.
      const signedIn = caller.confirmed
        ? Promise.resolve(true)
        : verifier.user(token, { current: true }).then(
            (user) => user !== null,
            () => false,
          );
      const [ok, resolved] = await Promise.all([signedIn, shared(req, keyOf(req), now, signedIn)]);
      if (!ok || !resolved) throw new HttpError(401, NOT_SIGNED_IN);

      const { outcome, mine } = resolved;
      return json({
        type: req.type,
        data: outcome.data,
        fallback: outcome.fallback,
        error: outcome.error,
        updatedAt: outcome.fetchedAt.toISOString(),
        // Data another request of this instance fetched counts as cached for this one.
        cached: outcome.cached || (!mine && !outcome.fallback),
        stale: outcome.expiresAt !== null && outcome.expiresAt.getTime() <= now.getTime(),
      } satisfies ContentAnswer);
    } catch (e) {
      return errorResponse(e);
    }
  };
}
