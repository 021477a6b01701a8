// The caller's address, as far as an edge function can trust one.
//
// X-Forwarded-For is never used: a client may send one, and proxies append to it, so its
// first entry is whatever the client wrote. What the function trusts instead is what the
// platform in front of it sets and overwrites:
//   - CF-Connecting-IP on a hosted project: every request to <ref>.supabase.co passes
//     through Cloudflare, which sets this header to the address the connection came from,
//     replacing any value the client sent;
//   - X-Real-IP otherwise: the address Supabase's API gateway (Kong) saw, which it sets for
//     the services behind it; the local stack's gateway sets it the same way (and drops a
//     CF-Connecting-IP sent by a client, as no Cloudflare stands in front of it).
// See supabase/functions/screen-pairing/README.md for the reasoning in full.

/** The client's address, or null when the platform named none. */
export function clientAddress(req: Request): string | null {
  for (const name of ['CF-Connecting-IP', 'X-Real-IP']) {
    const value = req.headers.get(name)?.split(',', 1)[0]?.trim();
    if (value) return value;
  }
  return null;
}
