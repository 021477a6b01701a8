import { deepStrictEqual as assertEquals, ok } from 'node:assert/strict';
import { fakeNetwork, type FakeRoute, fakeUser, reply, TEST_ENV } from '../_shared/fake-fetch.ts';
import { jwksRoute, PROJECT_KEYS, sessionToken } from '../_shared/fake-jwt.ts';
import { ADMINS_ONLY, createHandler, NOT_FOUND, NOT_SIGNED_IN, TOO_SHORT } from './handler.ts';

const ADMIN_ID = '0a0a0a0a-0000-4000-8000-000000000001';
const CUSTOMER_ID = '0a0a0a0a-0000-4000-8000-000000000002';
const NEWCOMER_ID = '0a0a0a0a-0000-4000-8000-000000000003';
/** Sessions as Auth signs them: the admin's with the project's ES256 key, the venue's with its RS256 key. */
const ADMIN_TOKEN = await sessionToken({ sub: ADMIN_ID, role: 'authenticated', email: 'admin@example.com' });
const CUSTOMER_TOKEN = await sessionToken(
  { sub: CUSTOMER_ID, role: 'authenticated', email: 'cafe@example.com' },
  { key: PROJECT_KEYS.rs256 },
);
const TOKENS: Record<string, [string, string]> = {
  [ADMIN_TOKEN]: [ADMIN_ID, 'admin@example.com'],
  [CUSTOMER_TOKEN]: [CUSTOMER_ID, 'cafe@example.com'],
};
const ROLES: Record<string, string> = { [ADMIN_ID]: 'admin', [CUSTOMER_ID]: 'customer' };
/** customers rows: username → [id, e-mail, linked login]. */
const CUSTOMERS: Record<string, [string, string, string | null]> = {
  cornercafe: ['c-cafe', 'Cafe@Example.com', CUSTOMER_ID],
  harborbooks: ['c-books', 'books@example.com', null],
};
/** public.users rows: e-mail → id. */
const LOGINS: Record<string, string> = { 'admin@example.com': ADMIN_ID, 'cafe@example.com': CUSTOMER_ID };

const value = (call: { search: URLSearchParams }, column: string, op: string) => {
  const raw = call.search.get(column) ?? '';
  return raw.startsWith(`${op}.`) ? raw.slice(op.length + 1).replace(/\\(.)/g, '$1') : undefined;
};

function setup(routes: Record<string, FakeRoute> = {}) {
  const net = fakeNetwork({
    ...jwksRoute(),
    'GET /auth/v1/user': (call) => {
      const who = TOKENS[(call.headers.get('Authorization') ?? '').replace(/^Bearer /, '')];
      return who ? reply(fakeUser(who[0], who[1])) : reply({ code: 'bad_jwt', message: 'invalid JWT' }, 403);
    },
    'POST /rest/v1/rpc/is_admin': (call) => {
      const who = TOKENS[(call.headers.get('Authorization') ?? '').replace(/^Bearer /, '')];
      return reply(!!who && ROLES[who[0]] === 'admin');
    },
    'GET /rest/v1/users': (call) => {
      const id = value(call, 'id', 'eq');
      if (id) return reply(ROLES[id] ? [{ role: ROLES[id] }] : []);
      const email = value(call, 'email', 'ilike');
      return reply(
        Object.entries(LOGINS)
          .filter(([e]) => e === email?.toLowerCase())
          .map(([e, i]) => ({ id: i, email: e, role: ROLES[i] ?? 'customer' })),
      );
    },
    'GET /rest/v1/customers': (call) => {
      const username = value(call, 'username', 'eq');
      const email = value(call, 'email', 'ilike')?.toLowerCase();
      return reply(
        Object.entries(CUSTOMERS)
          .filter(([u, [, e]]) => u === username || e.toLowerCase() === email)
          .map(([, [id, e, login]]) => ({ id, email: e, user_id: login })),
      );
    },
    'PATCH /rest/v1/customers': (call) =>
      reply([{ id: value(call, 'id', 'eq'), email: 'books@example.com', user_id: (call.body as { user_id: string }).user_id }]),
    [`PUT /auth/v1/admin/users/${CUSTOMER_ID}`]: () => reply(fakeUser(CUSTOMER_ID, 'cafe@example.com')),
    'POST /auth/v1/admin/users': (call) => reply(fakeUser(NEWCOMER_ID, (call.body as { email: string }).email)),
    ...routes,
  });
  return { handler: createHandler({ env: TEST_ENV, fetch: net.fetch }), net };
}

const post = (body: unknown, token = 'anon-key') =>
  new Request('http://localhost/set-users-password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function answer(res: Response): Promise<[number, unknown]> {
  return [res.status, await res.json()];
}

Deno.test('set-users-password answers a preflight with the CORS headers', async () => {
  const { handler, net } = setup();
  const res = await handler(new Request('http://localhost/set-users-password', { method: 'OPTIONS' }));
  assertEquals(res.status, 200);
  assertEquals(res.headers.get('Access-Control-Allow-Origin'), '*');
  await res.body?.cancel();
  assertEquals(net.calls.length, 0);
});

Deno.test('set-users-password refuses a caller without a session with 401', async () => {
  const { handler, net } = setup();
  const body = { username: 'cornercafe', newPassword: 'new-password' };
  assertEquals(await answer(await handler(post(body))), [401, { error: NOT_SIGNED_IN }]);
  assertEquals(await answer(await handler(post(body, 'expired-token'))), [401, { error: NOT_SIGNED_IN }]);
  const bare = await handler(
    new Request('http://localhost/set-users-password', { method: 'POST', body: JSON.stringify(body) }),
  );
  assertEquals(await answer(bare), [401, { error: NOT_SIGNED_IN }]);
  assertEquals(net.callsTo('GET /rest/v1/customers').length, 0);
});

Deno.test('set-users-password refuses a customer with 403', async () => {
  const { handler, net } = setup();
  assertEquals(
    await answer(await handler(post({ username: 'cornercafe', newPassword: 'new-password' }, CUSTOMER_TOKEN))),
    [403, { error: ADMINS_ONLY }],
  );
  assertEquals(net.callsTo('POST /rest/v1/rpc/is_admin')[0]?.headers.get('Authorization'), `Bearer ${CUSTOMER_TOKEN}`);
  assertEquals(net.callsTo('GET /rest/v1/customers').length, 0);
  assertEquals(net.callsTo(`PUT /auth/v1/admin/users/${CUSTOMER_ID}`).length, 0);
});

Deno.test('set-users-password refuses bad input from an admin with 400 and a short password with 422', async () => {
  const { handler, net } = setup();
  for (const body of [
    'nope',
    { username: 'cornercafe' },
    { newPassword: 'new-password' },
    { username: '  ', newPassword: 'new-password' },
  ]) {
    const res = await handler(post(body, ADMIN_TOKEN));
    assertEquals(res.status, 400, `for ${JSON.stringify(body)}`);
    ok(typeof ((await res.json()) as { error?: unknown }).error === 'string');
  }
  assertEquals(await answer(await handler(post({ username: 'cornercafe', newPassword: '12345' }, ADMIN_TOKEN))), [
    422,
    { error: TOO_SHORT },
  ]);
  assertEquals(TOO_SHORT, 'Password must be at least 6 characters');
  assertEquals(net.callsTo(`PUT /auth/v1/admin/users/${CUSTOMER_ID}`).length, 0);
});

Deno.test('set-users-password answers 404 for an unknown username or e-mail', async () => {
  const { handler } = setup();
  assertEquals(await answer(await handler(post({ username: 'nobody', newPassword: 'new-password' }, ADMIN_TOKEN))), [
    404,
    { error: NOT_FOUND },
  ]);
  assertEquals(
    await answer(await handler(post({ username: 'nobody@example.com', newPassword: 'new-password' }, ADMIN_TOKEN))),
    [404, { error: NOT_FOUND }],
  );
});

Deno.test('set-users-password sets the password of the customer login found by username', async () => {
  const { handler, net } = setup();
  assertEquals(
    await answer(await handler(post({ username: 'cornercafe', newPassword: 'new-password' }, ADMIN_TOKEN))),
    [200, { ok: true }],
  );
  const [update] = net.callsTo(`PUT /auth/v1/admin/users/${CUSTOMER_ID}`);
  assertEquals(update?.headers.get('Authorization'), 'Bearer service-role-key');
  assertEquals(update?.body, { password: 'new-password' });
  assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 0);
});

Deno.test('set-users-password finds the customer by e-mail when the username is one', async () => {
  const { handler, net } = setup();
  assertEquals(
    await answer(await handler(post({ username: 'CAFE@example.com', newPassword: 'new-password' }, ADMIN_TOKEN))),
    [200, { ok: true }],
  );
  assertEquals(net.callsTo(`PUT /auth/v1/admin/users/${CUSTOMER_ID}`).length, 1);
});

Deno.test('set-users-password creates a confirmed customer login for a customer who has none', async () => {
  const { handler, net } = setup();
  assertEquals(
    await answer(await handler(post({ username: 'harborbooks', newPassword: 'new-password' }, ADMIN_TOKEN))),
    [200, { ok: true }],
  );
  const [created] = net.callsTo('POST /auth/v1/admin/users');
  const body = created?.body as Record<string, unknown>;
  assertEquals(
    [body.email, body.password, body.email_confirm, body.app_metadata],
    ['books@example.com', 'new-password', true, { role: 'customer' }],
  );
  const [link] = net.callsTo('PATCH /rest/v1/customers');
  assertEquals([link?.search.get('id'), link?.body], ['eq.c-books', { user_id: NEWCOMER_ID }]);
});

Deno.test('set-users-password turns a weak password refused by Auth into 422', async () => {
  const { handler } = setup({
    [`PUT /auth/v1/admin/users/${CUSTOMER_ID}`]: () =>
      reply(
        {
          code: 'weak_password',
          message: 'Password should be at least 8 characters.',
          weak_password: { reasons: ['length'] },
        },
        422,
      ),
  });
  assertEquals(await answer(await handler(post({ username: 'cornercafe', newPassword: 'new-pass' }, ADMIN_TOKEN))), [
    422,
    { error: TOO_SHORT },
  ]);
});
