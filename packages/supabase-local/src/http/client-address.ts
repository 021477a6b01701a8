// The address a request comes from, decided once by the gateway as Supabase's edge
// decides it: the connection's own peer address, whatever forwarding headers the client
// sent. Only when the peer is a configured trusted proxy (STACK_TRUSTED_PROXIES: a load
// balancer or reverse proxy in front of the stack) is the entry that proxy added to
// X-Forwarded-For taken instead: the rightmost entry that is not itself a trusted proxy.
//
// The gateway then rewrites the forwarding headers the services read, so that none of
// them can be chosen by the client:
//   X-Forwarded-For   the address alone. GoTrue keys its rate limits on the first entry
//                     of this header (GOTRUE_RATE_LIMIT_HEADER, internal/api/middleware.go
//                     performRateLimitingWithHeader) and records it on MFA challenges.
//   X-Real-IP         the address, as Supabase's API gateway (Kong) sets it for the
//                     services behind it; edge functions read it (or CF-Connecting-IP).
//   CF-Connecting-IP, True-Client-IP, X-Client-IP, Forwarded
//                     dropped: on a hosted project Cloudflare sets CF-Connecting-IP at
//                     Supabase's edge and overwrites any value a client sends; locally no
//                     such edge exists, so a client's value is never passed on.
import { BlockList, isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/** Headers a client could use to name an address of its choosing; the gateway drops them. */
const DROPPED = ['cf-connecting-ip', 'true-client-ip', 'x-client-ip', 'forwarded'];

export interface TrustedProxies {
  has(address: string): boolean;
}

/** "::ffff:127.0.0.1" → "127.0.0.1"; other addresses as they are. */
export function normaliseAddress(address: string): string {
  const a = address.trim();
  return a.toLowerCase().startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

/**
 * The trusted proxies named by a list of addresses and CIDR ranges ("10.0.0.0/8",
 * "127.0.0.9", "::1"). Throws on an entry that is neither.
 */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  let any = false;
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`STACK_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
        throw new Error(`STACK_TRUSTED_PROXIES: "${entry}" has no valid prefix length`);
      }
      list.addSubnet(address, prefix, type);
    }
    any = true;
  }
  return {
    has(address: string) {
      if (!any) return false;
      const a = normaliseAddress(address);
      const family = isIP(a);
      return family !== 0 && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * The client's address: the peer, unless the peer is a trusted proxy; then the
 * rightmost X-Forwarded-For entry that is not a trusted proxy (a proxy appends the
 * address it saw, so entries left of it are whatever the client wrote). An entry that is
 * not an address, or a header with only trusted entries, leaves the peer.
 */
export function resolveClientAddress(
  peer: string,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  const self = normaliseAddress(peer);
  if (!trusted.has(self)) return self;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = normaliseAddress(entries[i]!);
    if (trusted.has(entry)) continue;
    return isIP(entry) ? entry : self;
  }
  return self;
}

/** Rewrites the forwarding headers to name `address` only (see the top of this file). */
export function applyClientAddress(headers: IncomingHttpHeaders, address: string): void {
  for (const h of DROPPED) delete headers[h];
  headers['x-forwarded-for'] = address;
  headers['x-real-ip'] = address;
}
