// send-magic-link: e-mails a sign-in link to a customer, or to an advertiser's login an admin
// invited (invite-advertiser). The SPA calls it with
// the anon key. The answer is the same for every valid address, whether or not
// a customer has it, so the function cannot be used to find out who is a customer.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { json, preflight } from '../_shared/cors.ts';
import { type CustomerLoginRow, customersByEmail, ensureCustomerLogin } from '../_shared/customer-logins.ts';
import { errorResponse, HttpError, parseBody } from '../_shared/http.ts';
import { consumeRateLimit, type RateLimit, rateLimitRetryAfter } from '../_shared/rate-limit.ts';
import { anonClient, serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';
import { emailField, escapeLike, sameEmail } from '../_shared/validation.ts';

export const RATE_LIMIT: RateLimit = { limit: 5, windowSeconds: 15 * 60 };
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';
/** Every accepted request takes at least this long, so sending a link and not sending one look alike. */
export const MIN_RESPONSE_MS = 1000;

const bodySchema = z.object({
  email: emailField,
  redirectTo: z.url({ error: 'redirectTo must be a URL' }).nullish(),
});

export interface Deps {
  env: SupabaseEnv;
  fetch?: typeof fetch;
  /** The SPA's origin; sign-in links lead to its /auth/callback unless the caller names another page. */
  siteUrl?: string;
  minResponseMs: number;
  now(): number;
  sleep(ms: number): Promise<void>;
}

export function defaultDeps(): Deps {
  return {
    env: supabaseEnv(),
    siteUrl: Deno.env.get('SITE_URL') || undefined,
    minResponseMs: MIN_RESPONSE_MS,
    now: () => performance.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/** Where the link leads: the caller's page if given (Auth checks it against its allow list), else the SPA's /auth/callback. */
function redirectTarget(
  req: Request,
  redirectTo: string | null | undefined,
  siteUrl: string | undefined,
): string | undefined {
  if (redirectTo) return redirectTo;
  const origin = siteUrl ?? req.headers.get('Origin') ?? undefined;
  if (!origin || origin === 'null') return undefined;
  return `${origin.replace(/\/+$/, '')}/auth/callback`;
}

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  return async (req) => {
    const early = preflight(req);
    if (early) return early;
    const started = deps.now();
    try {
      if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed');
      const { email, redirectTo } = await parseBody(req, bodySchema);
      const admin = serviceClient(deps.env, { fetch: deps.fetch });
      const key = `send-magic-link:${email}`;
      if (!(await consumeRateLimit(admin, key, RATE_LIMIT))) {
        // Say how long to wait, in the body and as HTTP's Retry-After.
        const retryAfter = await rateLimitRetryAfter(admin, key, RATE_LIMIT);
        return json({ error: TOO_MANY_REQUESTS, retry_after_seconds: retryAfter }, 429, {
          'Retry-After': String(retryAfter),
        });
      }

      const [customer] = await customersByEmail(admin, email);
      // A failure from here on is logged but not shown: the answer must not depend on whether a customer exists.
      try {
        if (customer) {
          await sendLink(deps, customer, redirectTarget(req, redirectTo, deps.siteUrl));
        } else {
          const login = await advertiserLogin(admin, email);
          if (login) await sendOtp(deps, login, redirectTarget(req, redirectTo, deps.siteUrl));
        }
      } catch (e) {
        console.error('send-magic-link: could not send the sign-in link', e);
      }

      const elapsed = deps.now() - started;
      if (elapsed < deps.minResponseMs) await deps.sleep(deps.minResponseMs - elapsed);
      return json({ ok: true });
    } catch (e) {
      return errorResponse(e);
    }
  };
}

/**
 * Makes and links the customer's login if they have none, then has Supabase Auth e-mail
 * them a sign-in link. Only the venue's own address, which an admin entered, gets a link.
 */
async function sendLink(deps: Deps, customer: CustomerLoginRow, redirectTo: string | undefined): Promise<void> {
  const admin = serviceClient(deps.env, { fetch: deps.fetch });
  await ensureCustomerLogin(admin, customer);
  await sendOtp(deps, customer.email.trim().toLowerCase(), redirectTo);
}

/**
 * The address of an advertiser's login that an admin invited (role advertiser, linked by
 * advertisers.user_id), or null. Only invite-advertiser makes such a login; this never does.
 */
async function advertiserLogin(admin: SupabaseClient, email: string): Promise<string | null> {
  const { data, error } = await admin
    .from('users')
    .select('id, email, role')
    .ilike('email', escapeLike(email))
    .eq('role', 'advertiser')
    .limit(5);
  if (error) throw new Error(`login lookup failed: ${error.message}`);
  const login = (data as { id: string; email: string }[]).find((u) => sameEmail(u.email, email));
  if (!login) return null;
  const { data: linked, error: linkError } = await admin
    .from('advertisers')
    .select('id')
    .eq('user_id', login.id)
    .limit(1);
  if (linkError) throw new Error(`advertiser lookup failed: ${linkError.message}`);
  return (linked as unknown[]).length > 0 ? login.email.trim().toLowerCase() : null;
}

/** Has Supabase Auth e-mail an existing login a sign-in link (and code). */
async function sendOtp(deps: Deps, email: string, redirectTo: string | undefined): Promise<void> {
  const { error } = await anonClient(deps.env, { fetch: deps.fetch }).auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, ...(redirectTo ? { emailRedirectTo: redirectTo } : {}) },
  });
  if (error) throw error;
}
