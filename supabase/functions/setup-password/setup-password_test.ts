import { deepStrictEqual as assertEquals, ok } from 'node:assert/strict';
import { fakeNetwork, type FakeRoute, fakeUser, reply, TEST_ENV } from '../_shared/fake-fetch.ts';
import { jwksRoute, sessionToken } from '../_shared/fake-jwt.ts';
import { createHandler, NOT_SIGNED_IN, NOT_YOUR_ACCOUNT, SECOND_FACTOR_NEEDED, TOO_SHORT } from './handler.ts';

/** The venue's session, as Auth signs it with the project's signing key. */
const OWN_TOKEN = await sessionToken({
  sub: '0c0c0c0c-0000-4000-8000-000000000001',
  role: 'authenticated',
  email: 'cafe@example.com',
});
const INVITE_HASH = 'invite-hash-of-cafe';
/** The same account's sessions once it has two-factor sign-in: with and without the code entered. */
const SESSION_AAL1 = await sessionToken({
  sub: '0c0c0c0c-0000-4000-8000-000000000001',
  role: 'authenticated',
  email: 'cafe@example.com',
  aal: 'aal1',
});
const SESSION_AAL2 = await sessionToken({
  sub: '0c0c0c0c-0000-4000-8000-000000000001',
  role: 'authenticated',
  email: 'cafe@example.com',
  aal: 'aal2',
});
const verifiedFactor = {
  id: 'f0000000-0000-4000-8000-000000000001',
  factor_type: 'totp',
  status: 'verified',
  friendly_name: 'Authenticator app',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function setup(routes: Record<string, FakeRoute> = {}) {
  const net = fakeNetwork({
    ...jwksRoute(),
    'GET /auth/v1/user': (call) =>
      [OWN_TOKEN, SESSION_AAL1, SESSION_AAL2].some((t) => call.headers.get('Authorization') === `Bearer ${t}`)
        ? reply(fakeUser('0c0c0c0c-0000-4000-8000-000000000001', 'cafe@example.com'))
        : reply({ code: 'bad_jwt', message: 'invalid JWT: unable to parse or verify signature' }, 403),
    // The account has no second factor unless a test says so.
    'GET /auth/v1/admin/users/0c0c0c0c-0000-4000-8000-000000000001/factors': () => reply([]),
    'POST /auth/v1/verify': (call) => {
      const body = call.body as { type?: string; token_hash?: string };
      if (body.type !== 'invite' || body.token_hash !== INVITE_HASH)
        return reply({ code: 'otp_expired', message: 'Token has expired or is invalid' }, 403);
      return reply({
        access_token: 'a',
        refresh_token: 'r',
        expires_in: 3600,
        token_type: 'bearer',
        user: fakeUser('0c0c0c0c-0000-4000-8000-000000000001', 'cafe@example.com'),
      });
    },
    'PUT /auth/v1/admin/users/0c0c0c0c-0000-4000-8000-000000000001': () =>
      reply(fakeUser('0c0c0c0c-0000-4000-8000-000000000001', 'cafe@example.com')),
    ...routes,
  });
  return { handler: createHandler({ env: TEST_ENV, fetch: net.fetch }), net };
}

const post = (body: unknown, token = 'anon-key') =>
  new Request('http://localhost/setup-password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function answer(res: Response): Promise<[number, unknown]> {
  return [res.status, await res.json()];
}

Deno.test('setup-password answers a preflight with the CORS headers', async () => {
  const { handler } = setup();
  const res = await handler(new Request('http://localhost/setup-password', { method: 'OPTIONS' }));
  assertEquals(res.headers.get('Access-Control-Allow-Headers')?.includes('authorization'), true);
  await res.body?.cancel();
});

Deno.test('setup-password refuses bad input with 400', async () => {
  const { handler, net } = setup();
  for (const body of [
    '{',
    { email: 'cafe@example.com' },
    { password: 'long-enough' },
    { email: 'nope', password: 'long-enough' },
  ]) {
    const res = await handler(post(body, OWN_TOKEN));
    assertEquals(res.status, 400, `for ${JSON.stringify(body)}`);
    ok(typeof ((await res.json()) as { error?: unknown }).error === 'string');
  }
  assertEquals(net.calls.length, 0);
});

Deno.test(
  'setup-password refuses a password shorter than 6 characters with 422 before spending an invite',
  async () => {
    const { handler, net } = setup();
    assertEquals(
      await answer(await handler(post({ email: 'cafe@example.com', password: '12345', token_hash: INVITE_HASH }))),
      [422, { error: TOO_SHORT }],
    );
    assertEquals(TOO_SHORT, 'Password must be at least 6 characters long.');
    assertEquals(net.calls.length, 0);
  },
);

Deno.test('setup-password refuses a caller without a session with 401', async () => {
  const { handler, net } = setup();
  assertEquals(await answer(await handler(post({ email: 'cafe@example.com', password: 'long-enough' }))), [
    401,
    { error: NOT_SIGNED_IN },
  ]);
  assertEquals(
    (await answer(await handler(post({ email: 'cafe@example.com', password: 'long-enough' }, 'forged'))))[0],
    401,
  );
  assertEquals(
    await answer(await handler(post({ email: 'cafe@example.com', password: 'long-enough', token_hash: 'wrong' }))),
    [401, { error: NOT_SIGNED_IN }],
  );
  assertEquals(net.callsTo('PUT /auth/v1/admin/users/0c0c0c0c-0000-4000-8000-000000000001').length, 0);
});

Deno.test('setup-password refuses to set the password of another account with 403', async () => {
  const { handler, net } = setup();
  assertEquals(await answer(await handler(post({ email: 'gym@example.com', password: 'long-enough' }, OWN_TOKEN))), [
    403,
    { error: NOT_YOUR_ACCOUNT },
  ]);
  assertEquals(
    await answer(await handler(post({ email: 'gym@example.com', password: 'long-enough', token_hash: INVITE_HASH }))),
    [403, { error: NOT_YOUR_ACCOUNT }],
  );
  assertEquals(net.callsTo('PUT /auth/v1/admin/users/0c0c0c0c-0000-4000-8000-000000000001').length, 0);
});

Deno.test('setup-password sets the password of the signed-in caller own account', async () => {
  const { handler, net } = setup();
  assertEquals(await answer(await handler(post({ email: 'Cafe@Example.com', password: 'new-password' }, OWN_TOKEN))), [
    200,
    { ok: true },
  ]);
  const [update] = net.callsTo('PUT /auth/v1/admin/users/0c0c0c0c-0000-4000-8000-000000000001');
  assertEquals(update?.headers.get('Authorization'), 'Bearer service-role-key');
  assertEquals(update?.body, { password: 'new-password' });
});

Deno.test('setup-password needs the second factor of an account that has one (401), as Auth does', async () => {
  const { handler, net } = setup({
    'GET /auth/v1/admin/users/0c0c0c0c-0000-4000-8000-000000000001/factors': () => reply([verifiedFactor]),
  });
  assertEquals(
    await answer(await handler(post({ email: 'cafe@example.com', password: 'new-password' }, SESSION_AAL1))),
    [401, { error: SECOND_FACTOR_NEEDED }],
  );
  assertEquals(net.callsTo('PUT /auth/v1/admin/users/0c0c0c0c-0000-4000-8000-000000000001').length, 0);
  assertEquals(
    await answer(await handler(post({ email: 'cafe@example.com', password: 'new-password' }, SESSION_AAL2))),
    [200, { ok: true }],
  );
  assertEquals(net.callsTo('PUT /auth/v1/admin/users/0c0c0c0c-0000-4000-8000-000000000001').length, 1);
});

Deno.test('setup-password accepts the token_hash of the account invite e-mail', async () => {
  const { handler, net } = setup();
  assertEquals(
    await answer(await handler(post({ email: 'cafe@example.com', password: 'new-password', token_hash: INVITE_HASH }))),
    [200, { ok: true }],
  );
  const verify = net.callsTo('POST /auth/v1/verify')[0]?.body as Record<string, unknown>;
  assertEquals([verify.type, verify.token_hash], ['invite', INVITE_HASH]);
  assertEquals(net.callsTo('PUT /auth/v1/admin/users/0c0c0c0c-0000-4000-8000-000000000001').length, 1);
});

Deno.test('setup-password answers 500 without details when Auth fails', async () => {
  const { handler } = setup({
    'PUT /auth/v1/admin/users/0c0c0c0c-0000-4000-8000-000000000001': () =>
      reply({ code: 'unexpected_failure', message: 'db at 10.0.0.5 down' }, 400),
  });
  const original = console.error;
  console.error = () => undefined;
  try {
    assertEquals(
      await answer(await handler(post({ email: 'cafe@example.com', password: 'new-password' }, OWN_TOKEN))),
      [500, { error: 'Internal server error' }],
    );
  } finally {
    console.error = original;
  }
});
