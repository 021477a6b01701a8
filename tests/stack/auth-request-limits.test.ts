// GoTrue's per-IP request limits with config.toml's [auth.rate_limit] values (the
// shared test stack loosens them): token buckets of 30 requests per client IP and
// endpoint group, refilled at the configured number per 5 minutes, answering
// 429 over_request_rate_limit. Every test speaks for an IP of its own through
// X-Forwarded-For, the header GoTrue reads behind Kong, so the buckets stay apart.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startTestStack, type TestStack } from '../support/stack-process.ts';
import { ANON_KEY, ENGINE } from './helpers.ts';

const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
const OVER = { code: 'over_request_rate_limit', message: 'Request rate limit reached' };
let stack: TestStack;

beforeAll(async () => {
  const base = Number(process.env.TEST_BASE_PORT ?? (ENGINE === 'postgres' ? 54520 : 54420)) + 84;
  stack = await startTestStack({
    engine: ENGINE,
    basePort: base,
    name: `test-${ENGINE}-${base}-request-limits`,
    // '' drops the suite's loosened limits: config.toml's token_refresh = 150,
    // sign_in_sign_ups = 30 and token_verifications = 30 apply.
    env: { GOTRUE_RATE_LIMIT_OTP: '', GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '', GOTRUE_RATE_LIMIT_VERIFY: '' },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

function clientFrom(ip: string) {
  return createClient(stack.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: { headers: { 'X-Forwarded-For': ip } },
  });
}

function post(path: string, ip: string, body: unknown): Promise<Response> {
  return fetch(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      'X-Forwarded-For': `${ip}, 10.0.0.1`,
    },
    body: JSON.stringify(body),
  });
}

/** Sends `n` requests one after the other and returns their statuses. */
async function burst(n: number, send: (i: number) => Promise<Response>): Promise<{ statuses: number[]; last: Response }> {
  const statuses: number[] = [];
  let last!: Response;
  for (let i = 0; i < n; i++) {
    last = await send(i);
    statuses.push(last.status);
    if (i < n - 1) await last.arrayBuffer();
  }
  return { statuses, last };
}

/** The first 30 requests pass (the bucket), the rest are refused but for a token or two refilled meanwhile. */
function expectBucketOf30(statuses: number[], passed: number) {
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(passed));
  const refused = statuses.slice(30).filter((s) => s === 429).length;
  expect(refused).toBeGreaterThanOrEqual(statuses.length - 30 - 2);
  expect(statuses.at(-1)).toBe(429);
}

describe('auth: request rate limits per IP (config.toml values)', () => {
  it('answers 429 over_request_rate_limit after 30 quick wrong passwords, for that IP only', async () => {
    const ip = '198.51.100.1';
    const { statuses, last } = await burst(40, () =>
      post('/token?grant_type=password', ip, { email: 'nobody@example.test', password: 'wrong-password' }),
    );
    expectBucketOf30(statuses, 400);
    expect(last.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    expect(await last.json()).toEqual(OVER);

    const js = await clientFrom(ip).auth.signInWithPassword({ email: 'nobody@example.test', password: 'wrong-password' });
    expect(js.error).toMatchObject({ status: 429, ...OVER });

    // The bucket is the client's: another address still gets through.
    const other = await clientFrom('198.51.100.2').auth.signInWithPassword({ email: 'nobody@example.test', password: 'x-x-x-x' });
    expect(other.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('limits refresh-token grants the same way (token_refresh)', async () => {
    const ip = '198.51.100.3';
    const { statuses, last } = await burst(36, () => post('/token?grant_type=refresh_token', ip, { refresh_token: 'no-such-token' }));
    expectBucketOf30(statuses, 400);
    expect(await last.json()).toEqual(OVER);
    const js = await clientFrom(ip).auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(js.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('limits sign-ups and magic links (sign_in_sign_ups), each endpoint with a bucket of its own', async () => {
    const ip = '198.51.100.4';
    const otp = await burst(34, () => post('/otp', ip, { email: email('otp'), create_user: false }));
    expectBucketOf30(otp.statuses, 422);
    expect(await otp.last.json()).toEqual(OVER);
    const js = await clientFrom(ip).auth.signInWithOtp({ email: email('otp'), options: { shouldCreateUser: false } });
    expect(js.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    const signups = await burst(34, () => post('/signup', ip, { email: email('signup'), password: 'long-enough' }));
    expectBucketOf30(signups.statuses, 422);
    expect(await signups.last.json()).toEqual(OVER);
  });

  it('limits token verifications (token_verifications)', async () => {
    const ip = '198.51.100.5';
    const { statuses, last } = await burst(34, () =>
      post('/verify', ip, { type: 'email', email: 'nobody@example.test', token: '123456' }),
    );
    expectBucketOf30(statuses, 403);
    expect(await last.json()).toEqual(OVER);

    // A link followed past the limit answers 429 itself rather than redirecting.
    const r = await fetch(`${stack.url}/auth/v1/verify?token=nothing&type=magiclink`, {
      redirect: 'manual',
      headers: { 'X-Forwarded-For': ip },
    });
    expect(r.status).toBe(429);
  });
});
