// Request limits shared by every function instance: counted in the database
// (public.function_rate_limits through public.consume_rate_limit), not in memory.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one request for `key` and says whether it is within the limit.
 * `client` must be the service-role client (only it may call the function).
 */
export async function consumeRateLimit(
  client: SupabaseClient,
  key: string,
  { limit, windowSeconds }: RateLimit,
): Promise<boolean> {
  const { data, error } = await client.rpc('consume_rate_limit', {
    p_key: key,
    p_limit: limit,
    p_window_seconds: windowSeconds,
  });
  if (error) throw new Error(`rate limit check failed: ${error.message}`);
  return data === true;
}

/**
 * Seconds until the window of `key` restarts: how long a caller over its limit must wait
 * (at least 1). `client` must be the service-role client.
 */
export async function rateLimitRetryAfter(
  client: SupabaseClient,
  key: string,
  { windowSeconds }: RateLimit,
): Promise<number> {
  const { data, error } = await client.rpc('rate_limit_retry_after', { p_key: key, p_window_seconds: windowSeconds });
  if (error) throw new Error(`rate limit check failed: ${error.message}`);
  return typeof data === 'number' && data > 0 ? data : windowSeconds;
}
