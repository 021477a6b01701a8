// CORS for edge functions. Supabase's runtime does not answer preflights, so
// every function returns `preflight(req)` early and adds `corsHeaders` to each
// response (the same values supabase-js exports from `@supabase/supabase-js/cors`).

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, traceparent, tracestate, baggage',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};

/** A JSON response with the CORS headers. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const h = new Headers(corsHeaders);
  h.set('Content-Type', 'application/json');
  new Headers(headers).forEach((value, key) => h.set(key, value));
  return new Response(JSON.stringify(body), { status, headers: h });
}

/** The answer to an OPTIONS preflight, or null when `req` is not one. */
export function preflight(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : null;
}
