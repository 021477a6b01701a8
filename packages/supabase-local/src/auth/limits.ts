// GoTrue's per-IP request limits (supabase/auth internal/api/apilimiter, the
// route table in internal/api/api.go and Token in token.go). Each limiter is a
// tollbooth limiter: per key (the client's IP) a token bucket of 30 requests
// (the burst) that refills at `limit / 300` requests a second, so `limit` is the
// sustained number of requests per 5 minutes; a key's bucket is dropped one hour
// after it was made. Every endpoint group has a bucket of its own, even where
// several share one setting (/otp, /magiclink, /signup, /recover, /resend and
// PUT /user all follow sign_in_sign_ups). Over the limit GoTrue answers 429
// over_request_rate_limit "Request rate limit reached".
import type { StackConfig } from '../config.ts';
import type { StackRequest } from '../http/server.ts';
import { tooManyRequests } from './errors.ts';

const BURST = 30;
const FIVE_MINUTES = 300;
const TTL_MS = 3600_000;

interface Bucket {
  tokens: number;
  /** ms since epoch of the last refill. */
  last: number;
  created: number;
}

/** One tollbooth limiter: golang.org/x/time/rate token buckets keyed by IP. */
export class RequestLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    /** Requests a second added back to a bucket. */
    private readonly ratePerSecond: number,
    private readonly burst = BURST,
    private readonly ttlMs = TTL_MS,
  ) {}

  /** Takes one request from the key's bucket; false when it is empty. */
  allow(key: string, now = Date.now()): boolean {
    let b = this.buckets.get(key);
    if (!b || now - b.created >= this.ttlMs) {
      if (this.buckets.size > 10_000) this.prune(now);
      b = { tokens: this.burst, last: now, created: now };
      this.buckets.set(key, b);
    }
    const elapsed = Math.max(0, now - b.last) / 1000;
    b.tokens = Math.min(this.burst, b.tokens + elapsed * this.ratePerSecond);
    b.last = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  private prune(now: number): void {
    for (const [k, b] of this.buckets) if (now - b.created >= this.ttlMs) this.buckets.delete(k);
  }
}

const per5Minutes = (limit: number) => new RequestLimiter(limit / FIVE_MINUTES);

export interface AuthLimiters {
  /** POST /token (all grants): token_refresh. */
  token: RequestLimiter;
  /** GET/POST /verify: token_verifications. */
  verify: RequestLimiter;
  /** The sign_in_sign_ups group, one bucket each. */
  otp: RequestLimiter;
  magicLink: RequestLimiter;
  signups: RequestLimiter;
  recover: RequestLimiter;
  resend: RequestLimiter;
  user: RequestLimiter;
  /** POST /factors/:id/challenge and /verify: GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY per minute, burst 30, kept a minute. */
  factorChallenge: RequestLimiter;
  factorVerify: RequestLimiter;
  /** Anonymous sign-ins: [auth.rate_limit] anonymous_users per hour, a burst of as many. */
  anonymous: RequestLimiter;
  /** POST /token?grant_type=web3: [auth.rate_limit] web3. */
  web3: RequestLimiter;
}

export function createLimiters(config: StackConfig): AuthLimiters {
  const r = config.auth.rateLimit;
  return {
    token: per5Minutes(r.tokenRefresh),
    verify: per5Minutes(r.verify),
    otp: per5Minutes(r.otp),
    magicLink: per5Minutes(r.otp),
    signups: per5Minutes(r.otp),
    recover: per5Minutes(r.otp),
    resend: per5Minutes(r.otp),
    user: per5Minutes(r.otp),
    factorChallenge: new RequestLimiter(config.auth.mfa.challengeAndVerifyPerMinute / 60, BURST, 60_000),
    factorVerify: new RequestLimiter(config.auth.mfa.challengeAndVerifyPerMinute / 60, BURST, 60_000),
    web3: per5Minutes(r.web3),
    anonymous: new RequestLimiter(r.anonymousUsers / 3600, r.anonymousUsers, TTL_MS),
  };
}

/**
 * The client's IP as GoTrue reads it: the first entry of the rate-limit header
 * (GOTRUE_RATE_LIMIT_HEADER, X-Forwarded-For by default). The gateway has rewritten that
 * header to the address it decided (http/client-address.ts: the connection's own, or what
 * a trusted proxy saw), so no client chooses its bucket by sending a header of its own.
 * A header the gateway does not set falls back to that same address.
 */
export function clientIp(config: StackConfig, req: StackRequest): string {
  const raw = req.headers[config.auth.rateLimit.header.toLowerCase()];
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  const first = value?.split(',', 1)[0]?.trim();
  return first || req.clientAddress;
}

/** Throws GoTrue's 429 when the client's bucket in `limiter` is empty. */
export function enforceLimit(config: StackConfig, limiter: RequestLimiter, req: StackRequest): void {
  if (!limiter.allow(clientIp(config, req))) {
    throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }
}
