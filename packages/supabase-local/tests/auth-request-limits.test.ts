// GoTrue's per-IP request limits with config.toml's [auth.rate_limit] values (the
// shared test stack loosens them): token buckets of 30 requests per client IP and
// endpoint group, refilled at the configured number per 5 minutes, answering
// 429 over_request_rate_limit. The address a bucket belongs to is the connection's own,
// whatever X-Forwarded-For the client sends (the gateway rewrites it, as Supabase's edge
// does), or, from a trusted proxy (STACK_TRUSTED_PROXIES), the entry that proxy added.
// Every test connects from a loopback address of its own, so the buckets stay apart.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestClient, fetchFrom, loopbackAddress, totp, TRUSTED_PROXY_ADDRESS } from 'supabase-local/testing';
import { ANON_KEY, SERVICE_ROLE_KEY } from 'supabase-local/testing/vitest';
import { ownFixtureStack } from './support/own-stack.ts';

const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
const OVER = { code: 'over_request_rate_limit', message: 'Request rate limit reached' };
// '' drops the suite's loosened limits: config.toml's token_refresh = 150,
// sign_in_sign_ups = 30 and token_verifications = 30 apply.
const stack = ownFixtureStack(84, 'request-limits', {
  GOTRUE_RATE_LIMIT_OTP: '',
  GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '',
  GOTRUE_RATE_LIMIT_VERIFY: '',
  // One proxy in front of the stack, whose X-Forwarded-For entry names the client.
  STACK_TRUSTED_PROXIES: TRUSTED_PROXY_ADDRESS,
});

function clientFrom(ip: string) {
  return createTestClient(stack.url, ANON_KEY, { fetch: fetchFrom(ip) });
}

/** POST to Auth from the address `ip`, with any forwarding headers the client chooses to send. */
function post(path: string, ip: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetchFrom(ip)(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...headers,
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
    const ip = loopbackAddress();
    const { statuses, last } = await burst(40, () =>
      post('/token?grant_type=password', ip, { email: 'nobody@example.test', password: 'wrong-password' }),
    );
    expectBucketOf30(statuses, 400);
    expect(last.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    expect(await last.json()).toEqual(OVER);

    const js = await clientFrom(ip).auth.signInWithPassword({ email: 'nobody@example.test', password: 'wrong-password' });
    expect(js.error).toMatchObject({ status: 429, ...OVER });

    // The bucket is the client's: another address still gets through.
    const other = await clientFrom(loopbackAddress()).auth.signInWithPassword({ email: 'nobody@example.test', password: 'x-x-x-x' });
    expect(other.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('limits refresh-token grants the same way (token_refresh)', async () => {
    const ip = loopbackAddress();
    const { statuses, last } = await burst(36, () => post('/token?grant_type=refresh_token', ip, { refresh_token: 'no-such-token' }));
    expectBucketOf30(statuses, 400);
    expect(await last.json()).toEqual(OVER);
    const js = await clientFrom(ip).auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(js.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('limits sign-ups and magic links (sign_in_sign_ups), each endpoint with a bucket of its own', async () => {
    const ip = loopbackAddress();
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
    const ip = loopbackAddress();
    const { statuses, last } = await burst(34, () =>
      post('/verify', ip, { type: 'email', email: 'nobody@example.test', token: '123456' }),
    );
    expectBucketOf30(statuses, 403);
    expect(await last.json()).toEqual(OVER);

    // A link followed past the limit answers 429 itself rather than redirecting.
    const r = await fetchFrom(ip)(`${stack.url}/auth/v1/verify?token=nothing&type=magiclink`, { redirect: 'manual' });
    expect(r.status).toBe(429);
  });
});

describe('auth: the address a limit keys on is not the client’s to choose', () => {
  const claims = (i: number) => ({
    'X-Forwarded-For': `198.51.100.${(i % 250) + 1}`,
    'X-Real-IP': `203.0.113.${(i % 250) + 1}`,
    'CF-Connecting-IP': `192.0.2.${(i % 250) + 1}`,
  });

  it('a new X-Forwarded-For (or X-Real-IP, CF-Connecting-IP) on every wrong password makes no new bucket', async () => {
    const ip = loopbackAddress();
    const { statuses, last } = await burst(60, (i) =>
      post('/token?grant_type=password', ip, { email: 'nobody@example.test', password: `guess-${i}` }, claims(i)),
    );
    expectBucketOf30(statuses, 400);
    expect(await last.json()).toEqual(OVER);
  });

  it('guessing a second factor’s code with a new X-Forwarded-For each time is limited all the same', async () => {
    const admin = createTestClient(stack.url, SERVICE_ROLE_KEY);
    const address = email('mfa-guess');
    const created = await admin.auth.admin.createUser({ email: address, password: 'guessing-pass', email_confirm: true });
    expect(created.error).toBeNull();
    // The owner enrols and verifies an authenticator app from their own address.
    const owner = clientFrom(loopbackAddress());
    expect((await owner.auth.signInWithPassword({ email: address, password: 'guessing-pass' })).error).toBeNull();
    const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled.data!.id;
    const secret = new URL(enrolled.data!.totp.uri).searchParams.get('secret')!;
    expect((await owner.auth.mfa.challengeAndVerify({ factorId, code: totp(secret) })).error).toBeNull();

    // Someone with the password only (aal1) guesses codes from one address.
    const ip = loopbackAddress();
    const guesser = clientFrom(ip);
    const session = await guesser.auth.signInWithPassword({ email: address, password: 'guessing-pass' });
    const token = session.data.session!.access_token;
    const challenge = await guesser.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const { statuses, last } = await burst(40, (i) =>
      post(`/factors/${factorId}/verify`, ip, { challenge_id: challenge.data!.id, code: wrong }, {
        Authorization: `Bearer ${token}`,
        ...claims(i),
      }),
    );
    expect(statuses.slice(0, 29)).toEqual(Array(29).fill(422));
    expect(statuses.slice(31)).toEqual(Array(9).fill(429));
    expect(await last.json()).toEqual(OVER);
  });

  it('behind a trusted proxy the entry the proxy added names the client, not what the client wrote', async () => {
    const client = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    // The client writes anything it likes; the proxy appends the address it saw.
    const { statuses } = await burst(36, (i) =>
      post('/token?grant_type=password', TRUSTED_PROXY_ADDRESS, { email: 'nobody@example.test', password: 'wrong' }, {
        'X-Forwarded-For': `10.1.${i}.1, ${client}`,
      }),
    );
    expectBucketOf30(statuses, 400);
    // Another client behind the same proxy has a bucket of its own.
    const other = await post('/token?grant_type=password', TRUSTED_PROXY_ADDRESS, { email: 'nobody@example.test', password: 'wrong' }, {
      'X-Forwarded-For': `${client}, 198.51.100.3`,
    });
    expect(other.status).toBe(400);
  });

  it('a client that is not the trusted proxy cannot pass for one behind it', async () => {
    const ip = loopbackAddress();
    const { statuses } = await burst(36, (i) =>
      post('/token?grant_type=password', ip, { email: 'nobody@example.test', password: 'wrong' }, {
        'X-Forwarded-For': `198.51.100.${i + 1}, ${TRUSTED_PROXY_ADDRESS}`,
      }),
    );
    expectBucketOf30(statuses, 400);
  });
});
