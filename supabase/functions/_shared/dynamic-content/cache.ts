// The shared cache of dynamic content: one entry per service and normalised
// request, fresh for CACHE_TTL_SECONDS. On a miss, one caller claims a short
// refresh lease and calls the upstream service; concurrent callers serve the
// stale entry, or wait for the new one when there is none. The production store
// is public.dynamic_content_cache (through two service-role-only functions), so
// every function instance shares it; tests use MemoryCacheStore.
import type { SupabaseClient } from '@supabase/supabase-js';

/** Spec §7: responses are cached 5 minutes. */
export const CACHE_TTL_SECONDS = 300;
/** How long a refresh may take before another caller may claim the entry (upstream timeout plus margin). */
export const LEASE_SECONDS = 10;

export interface CacheEntry {
  payload: unknown;
  fetchedAt: Date;
  expiresAt: Date;
}

export interface CacheLookup {
  /** The stored entry, fresh or not; null when the key has never been fetched. */
  entry: CacheEntry | null;
  /** True when the caller now holds the refresh lease and should fetch. */
  claimed: boolean;
}

export interface CacheStore {
  /**
   * The entry of `key`, fresh when it expires after `now`; when it is missing or expired, claims the
   * refresh lease unless someone holds it. The lease runs on the real clock whatever `now` says.
   */
  lookup(key: string, now: Date, leaseSeconds: number): Promise<CacheLookup>;
  /** Saves a fresh entry and releases the lease. */
  store(key: string, payload: unknown, now: Date, ttlSeconds: number): Promise<void>;
  /** Releases the lease after a failed refresh, keeping the old entry. */
  release(key: string): Promise<void>;
}

/** A cache key: the service and its parameters, each lower-cased, trimmed, inner spaces collapsed. */
export function cacheKey(service: string, ...params: (string | null | undefined)[]): string {
  return [service, ...params.map((p) => (p ?? '').trim().replace(/\s+/g, ' ').toLowerCase())].join(':');
}

export const isFresh = (entry: CacheEntry | null, now: Date): entry is CacheEntry =>
  entry !== null && entry.expiresAt.getTime() > now.getTime();

interface Row {
  payload: unknown;
  fetched_at: string | null;
  expires_at: string | null;
  claimed: boolean;
}

/** public.dynamic_content_cache through dynamic_content_cache_lookup/_store; `client` must have the service role. */
export class DbCacheStore implements CacheStore {
  constructor(private readonly client: SupabaseClient) {}

  async lookup(key: string, now: Date, leaseSeconds: number): Promise<CacheLookup> {
    const { data, error } = await this.client.rpc('dynamic_content_cache_lookup', {
      p_key: key,
      p_lease_seconds: leaseSeconds,
      p_now: now.toISOString(),
    });
    if (error) throw new Error(`cache lookup failed: ${error.message}`);
    const row = (data as Row[] | null)?.[0];
    if (!row) return { entry: null, claimed: false };
    const entry =
      row.payload !== null && row.fetched_at && row.expires_at
        ? { payload: row.payload, fetchedAt: new Date(row.fetched_at), expiresAt: new Date(row.expires_at) }
        : null;
    return { entry, claimed: row.claimed };
  }

  async store(key: string, payload: unknown, now: Date, ttlSeconds: number): Promise<void> {
    const { error } = await this.client.rpc('dynamic_content_cache_store', {
      p_key: key,
      p_payload: payload,
      p_ttl_seconds: ttlSeconds,
      p_now: now.toISOString(),
    });
    if (error) throw new Error(`cache store failed: ${error.message}`);
  }

  async release(key: string): Promise<void> {
    const { error } = await this.client.rpc('dynamic_content_cache_store', {
      p_key: key,
      p_payload: null,
      p_ttl_seconds: 0,
    });
    if (error) throw new Error(`cache release failed: ${error.message}`);
  }
}

/** The same rules in memory, for tests (one process only). */
export class MemoryCacheStore implements CacheStore {
  /** `clock` gives the real time in milliseconds (the lease's clock). */
  constructor(private readonly clock: () => number = Date.now) {}

  readonly rows = new Map<string, { entry: CacheEntry | null; refreshingUntil: number | null }>();

  lookup(key: string, now: Date, leaseSeconds: number): Promise<CacheLookup> {
    const row = this.rows.get(key);
    if (row && isFresh(row.entry, now)) return Promise.resolve({ entry: row.entry, claimed: false });
    // As in the database, the lease runs on the real clock, not on the request's time.
    const real = this.clock();
    if (!row || row.refreshingUntil === null || row.refreshingUntil <= real) {
      const next = { entry: row?.entry ?? null, refreshingUntil: real + leaseSeconds * 1000 };
      this.rows.set(key, next);
      return Promise.resolve({ entry: next.entry, claimed: true });
    }
    return Promise.resolve({ entry: row.entry, claimed: false });
  }

  store(key: string, payload: unknown, now: Date, ttlSeconds: number): Promise<void> {
    // A JSON round trip, as the database stores it.
    const entry = {
      payload: JSON.parse(JSON.stringify(payload)),
      fetchedAt: now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    };
    this.rows.set(key, { entry, refreshingUntil: null });
    return Promise.resolve();
  }

  release(key: string): Promise<void> {
    const row = this.rows.get(key);
    if (row) row.refreshingUntil = null;
    return Promise.resolve();
  }
}
