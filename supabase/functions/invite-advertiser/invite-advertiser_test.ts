import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import { fakeNetwork, fakeUser, reply, TEST_ENV } from '../_shared/fake-fetch.ts';
import { jwksRoute, PROJECT_KEYS, sessionToken } from '../_shared/fake-jwt.ts';
import {
  ADMINS_ONLY,
  ADVERTISER_NOT_FOUND,
  createHandler,
  EMAIL_TAKEN_BY_ADMIN,
  EMAIL_TAKEN_BY_VENUE,
  NOT_SIGNED_IN,
  TOO_SOON,
} from './handler.ts';

const ADMIN_ID = '0a0a0a0a-0000-4000-8000-000000000001';
const VENUE_LOGIN = '0a0a0a0a-0000-4000-8000-000000000002';
const ADVERTISER_LOGIN = '0a0a0a0a-0000-4000-8000-000000000003';
const STALE_LOGIN = '0a0a0a0a-0000-4000-8000-000000000004';
const NEW_LOGIN = '0a0a0a0a-0000-4000-8000-000000000005';
const BEAN = '0d0d0d0d-0000-4000-8000-000000000001';
const LINKED = '0d0d0d0d-0000-4000-8000-000000000002';
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

interface Options {
  /** A login that already has the advertiser's address, with its role, and what links it. */
  existing?: { id: string; role: string; venue?: boolean; advertiser?: boolean };
  otpStatus?: number;
  contactEmail?: string;
}

function setup(opts: Options = {}) {
  const contact = opts.contactEmail ?? 'Ads@Bean.example';
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
    'GET /rest/v1/advertisers': (call) => {
      if (call.search.get('id') === `eq.${BEAN}`) return reply([{ id: BEAN, email: contact, user_id: null }]);
      if (call.search.get('id') === `eq.${LINKED}`) {
        return reply([{ id: LINKED, email: 'old@linked.example', user_id: ADVERTISER_LOGIN }]);
      }
      if (call.search.get('user_id') === `eq.${opts.existing?.id}`)
        return reply(opts.existing?.advertiser ? [{ id: 'x' }] : []);
      return reply([]);
    },
    'GET /rest/v1/customers': (call) =>
      reply(call.search.get('user_id') === `eq.${opts.existing?.id}` && opts.existing?.venue ? [{ id: 'v' }] : []),
    'GET /rest/v1/users': () =>
      reply(opts.existing ? [{ id: opts.existing.id, email: 'ads@bean.example', role: opts.existing.role }] : []),
    [`GET /auth/v1/admin/users/${STALE_LOGIN}`]: () => reply(fakeUser(STALE_LOGIN, 'ads@bean.example')),
    [`DELETE /auth/v1/admin/users/${STALE_LOGIN}`]: () => reply({}),
    'POST /auth/v1/admin/users': (call) =>
      reply(fakeUser(NEW_LOGIN, (call.body as { email: string }).email, { role: 'advertiser' })),
    [`GET /auth/v1/admin/users/${ADVERTISER_LOGIN}`]: () => reply(fakeUser(ADVERTISER_LOGIN, 'now@linked.example')),
    'PATCH /rest/v1/advertisers': (call) =>
      reply([{ id: BEAN, email: contact, user_id: (call.body as { user_id: string }).user_id }]),
    'POST /auth/v1/otp': () =>
      opts.otpStatus
        ? reply({ code: 'over_email_send_rate_limit', msg: 'email rate limit exceeded' }, opts.otpStatus)
        : reply({}),
  });
  return { handler: createHandler({ env: TEST_ENV, fetch: net.fetch, siteUrl: 'http://127.0.0.1:5173' }), net };
}

const post = (body: unknown, token = 'anon-key') =>
  new Request('http://localhost/invite-advertiser', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

async function answer(res: Response): Promise<[number, unknown]> {
  return [res.status, await res.json()];
}

Deno.test('invite-advertiser refuses callers without a session and venues, touching nothing', async () => {
  const { handler, net } = setup();
  assertEquals(await answer(await handler(post({ advertiserId: BEAN }))), [401, { error: NOT_SIGNED_IN }]);
  assertEquals(await answer(await handler(post({ advertiserId: BEAN }, CUSTOMER_TOKEN))), [
    403,
    { error: ADMINS_ONLY },
  ]);
  assertEquals(net.callsTo('GET /rest/v1/advertisers').length, 0);
  assertEquals(net.callsTo('POST /auth/v1/otp').length, 0);
});

Deno.test('invite-advertiser answers 400 for a bad body and 404 for an unknown advertiser', async () => {
  const { handler } = setup();
  for (const body of [{}, { advertiserId: 'nope' }, { advertiserId: BEAN, redirectTo: 'not a url' }]) {
    const [status] = await answer(await handler(post(body, ADMIN_TOKEN)));
    assertEquals(status, 400, JSON.stringify(body));
  }
  assertEquals(
    await answer(await handler(post({ advertiserId: '0d0d0d0d-0000-4000-8000-00000000ffff' }, ADMIN_TOKEN))),
    [404, { error: ADVERTISER_NOT_FOUND }],
  );
});

Deno.test(
  'invite-advertiser makes a confirmed advertiser login for the contact e-mail, links it and e-mails a sign-in link',
  async () => {
    const { handler, net } = setup();
    assertEquals(await answer(await handler(post({ advertiserId: BEAN }, ADMIN_TOKEN))), [
      200,
      { advertiser: { id: BEAN, email: 'Ads@Bean.example', user_id: NEW_LOGIN }, sentTo: 'ads@bean.example' },
    ]);
    assertEquals(net.callsTo('POST /auth/v1/admin/users')[0]?.body, {
      email: 'ads@bean.example',
      email_confirm: true,
      app_metadata: { role: 'advertiser' },
    });
    const [link] = net.callsTo('PATCH /rest/v1/advertisers');
    assertEquals(link?.body, { user_id: NEW_LOGIN });
    assertEquals(link?.search.get('user_id'), 'is.null');
    const [otp] = net.callsTo('POST /auth/v1/otp');
    assertEquals((otp?.body as { email: string; create_user: boolean }).email, 'ads@bean.example');
    assertEquals((otp?.body as { create_user: boolean }).create_user, false);
    assertEquals(otp?.search.get('redirect_to'), 'http://127.0.0.1:5173/auth/callback');
  },
);

Deno.test("invite-advertiser re-sends the link to a linked advertiser's login, making no other", async () => {
  const { handler, net } = setup();
  const [status, body] = await answer(await handler(post({ advertiserId: LINKED }, ADMIN_TOKEN)));
  assertEquals(status, 200);
  assertEquals((body as { sentTo: string }).sentTo, 'now@linked.example');
  assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 0);
  assertEquals(net.callsTo('PATCH /rest/v1/advertisers').length, 0);
  assertEquals((net.callsTo('POST /auth/v1/otp')[0]?.body as { email: string }).email, 'now@linked.example');
});

Deno.test("invite-advertiser refuses an admin's or a venue's sign-in address with 409", async () => {
  for (const [existing, error] of [
    [{ id: ADMIN_ID, role: 'admin' }, EMAIL_TAKEN_BY_ADMIN],
    [{ id: VENUE_LOGIN, role: 'customer', venue: true }, EMAIL_TAKEN_BY_VENUE],
  ] as const) {
    const { handler, net } = setup({ existing });
    assertEquals(await answer(await handler(post({ advertiserId: BEAN }, ADMIN_TOKEN))), [409, { error }]);
    assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 0);
    assertEquals(net.callsTo('POST /auth/v1/otp').length, 0);
  }
});

Deno.test('invite-advertiser deletes a login nobody linked before making the advertiser its own', async () => {
  const { handler, net } = setup({ existing: { id: STALE_LOGIN, role: 'customer' } });
  const [status] = await answer(await handler(post({ advertiserId: BEAN }, ADMIN_TOKEN)));
  assertEquals(status, 200);
  assertEquals(net.callsTo(`DELETE /auth/v1/admin/users/${STALE_LOGIN}`).length, 1);
  assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 1);
});

Deno.test('invite-advertiser says when Auth will not send another link yet', async () => {
  const { handler } = setup({ otpStatus: 429 });
  assertEquals(await answer(await handler(post({ advertiserId: LINKED }, ADMIN_TOKEN))), [429, { error: TOO_SOON }]);
});
