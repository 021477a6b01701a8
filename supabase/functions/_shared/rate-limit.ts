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
