import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import { fakeNetwork, fakeUser, reply, TEST_ENV } from '../_shared/fake-fetch.ts';
import { jwksRoute, PROJECT_KEYS, sessionToken } from '../_shared/fake-jwt.ts';
import { EMAIL_TAKEN_BY_CUSTOMER } from '../_shared/customer-logins.ts';
import { ADMINS_ONLY, createHandler, NOT_SIGNED_IN } from './handler.ts';

const ADMIN_ID = '0a0a0a0a-0000-4000-8000-000000000001';
const VENUE_LOGIN = '0a0a0a0a-0000-4000-8000-000000000002';
const CAFE = '0c0c0c0c-0000-4000-8000-000000000001';
/** Sessions as Auth signs them: the admin's with the project's ES256 key, the venue's with its RS256 key. */
const ADMIN_TOKEN = await sessionToken({ sub: ADMIN_ID, role: 'authenticated', email: 'admin@example.com' });
const CUSTOMER_TOKEN = await sessionToken(
  { sub: VENUE_LOGIN, role: 'authenticated', email: 'cafe@example.com' },
  { key: PROJECT_KEYS.rs256 },
);
const TOKENS: Record<string, [string, string]> = {
  [ADMIN_TOKEN]: [ADMIN_ID, 'admin@example.com'],
  [CUSTOMER_TOKEN]: [VENUE_LOGIN, 'cafe@example.com'],
};
const ROLES: Record<string, string> = { [ADMIN_ID]: 'admin', [VENUE_LOGIN]: 'customer' };

function setup(opts: { otherCustomerEmail?: string; rowUpdateFails?: boolean } = {}) {
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
      const id = (call.search.get('id') ?? '').replace(/^eq\./, '');
      return reply(ROLES[id] ? [{ role: ROLES[id] }] : []);
    },
    'GET /rest/v1/customers': (call) => {
      if (call.search.get('id') === `eq.${CAFE}`) return reply([{ id: CAFE, email: 'cafe@example.com', user_id: VENUE_LOGIN }]);
      const email = (call.search.get('email') ?? '').replace(/^ilike\./, '');
      return reply(
        opts.otherCustomerEmail === email ? [{ id: 'other', email: opts.otherCustomerEmail, user_id: null }] : [],
      );
    },
    [`GET /auth/v1/admin/users/${VENUE_LOGIN}`]: () => reply(fakeUser(VENUE_LOGIN, 'cafe@example.com')),
    [`PUT /auth/v1/admin/users/${VENUE_LOGIN}`]: (call) =>
      reply(fakeUser(VENUE_LOGIN, (call.body as { email: string }).email)),
    'PATCH /rest/v1/customers': (call) =>
      opts.rowUpdateFails
        ? reply({ code: '23514', message: 'check failed' }, 400)
        : reply([{ id: CAFE, email: (call.body as { email: string }).email, user_id: VENUE_LOGIN }]),
  });
  return { handler: createHandler({ env: TEST_ENV, fetch: net.fetch }), net };
}

const post = (body: unknown, token = 'anon-key') =>
  new Request('http://localhost/customer-login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

async function answer(res: Response): Promise<[number, unknown]> {
  return [res.status, await res.json()];
}

Deno.test('customer-login refuses callers without a session and customers', async () => {
  const { handler, net } = setup();
  assertEquals(await answer(await handler(post({ customerId: CAFE }))), [401, { error: NOT_SIGNED_IN }]);
  assertEquals(await answer(await handler(post({ customerId: CAFE }, CUSTOMER_TOKEN))), [403, { error: ADMINS_ONLY }]);
  assertEquals(net.callsTo('GET /rest/v1/customers').length, 0);
});

Deno.test('customer-login refuses a body without a customer id or with a bad e-mail with 400', async () => {
  const { handler } = setup();
  for (const body of [{}, { customerId: 'nope' }, { customerId: CAFE, email: 'not-an-address' }]) {
    const [status] = await answer(await handler(post(body, ADMIN_TOKEN)));
    assertEquals(status, 400, JSON.stringify(body));
  }
});

Deno.test("customer-login changes the venue's login e-mail and then the venue's row", async () => {
  const { handler, net } = setup();
  assertEquals(await answer(await handler(post({ customerId: CAFE, email: ' New@Example.com ' }, ADMIN_TOKEN))), [
    200,
    { customer: { id: CAFE, email: 'new@example.com', user_id: VENUE_LOGIN } },
  ]);
  assertEquals(net.callsTo(`PUT /auth/v1/admin/users/${VENUE_LOGIN}`)[0]?.body, {
    email: 'new@example.com',
    email_confirm: true,
  });
  assertEquals(net.callsTo('PATCH /rest/v1/customers')[0]?.body, { email: 'new@example.com' });
});

Deno.test('customer-login refuses an e-mail another customer uses, changing nothing', async () => {
  const { handler, net } = setup({ otherCustomerEmail: 'gym@example.com' });
  assertEquals(await answer(await handler(post({ customerId: CAFE, email: 'gym@example.com' }, ADMIN_TOKEN))), [
    409,
    { error: EMAIL_TAKEN_BY_CUSTOMER },
  ]);
  assertEquals(net.callsTo(`PUT /auth/v1/admin/users/${VENUE_LOGIN}`).length, 0);
  assertEquals(net.callsTo('PATCH /rest/v1/customers').length, 0);
});

Deno.test('customer-login gives the login its old e-mail back when the row cannot be saved', async () => {
  const { handler, net } = setup({ rowUpdateFails: true });
  const original = console.error;
  console.error = () => undefined;
  try {
    const [status] = await answer(await handler(post({ customerId: CAFE, email: 'new@example.com' }, ADMIN_TOKEN)));
    assertEquals(status, 500);
  } finally {
    console.error = original;
  }
  const puts = net.callsTo(`PUT /auth/v1/admin/users/${VENUE_LOGIN}`).map((c) => (c.body as { email: string }).email);
  assertEquals(puts, ['new@example.com', 'cafe@example.com']);
});
