import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import { fakeNetwork, fakeUser, reply, TEST_ENV } from '../_shared/fake-fetch.ts';
import { jwksRoute, sessionToken } from '../_shared/fake-jwt.ts';
import { ADMINS_ONLY, BAD_ROLE, createHandler, EMAIL_HAS_LOGIN, NOT_SIGNED_IN, TOO_SOON } from './handler.ts';

const ADMIN_ID = '0a0a0a0a-0000-4000-8000-000000000001';
const OPERATOR_ID = '0a0a0a0a-0000-4000-8000-000000000002';
const NEW_LOGIN = '0a0a0a0a-0000-4000-8000-000000000005';
const ADMIN_TOKEN = await sessionToken({ sub: ADMIN_ID, role: 'authenticated', email: 'admin@example.com' });
const OPERATOR_TOKEN = await sessionToken({ sub: OPERATOR_ID, role: 'authenticated', email: 'ops@example.com' });
const TOKENS: Record<string, [string, string]> = {
  [ADMIN_TOKEN]: [ADMIN_ID, 'admin@example.com'],
  [OPERATOR_TOKEN]: [OPERATOR_ID, 'ops@example.com'],
};
const CAN_TEAM: Record<string, boolean> = { [ADMIN_ID]: true, [OPERATOR_ID]: false };

interface Options {
  /** Logins public.users already has. */
  existing?: { id: string; email: string }[];
  createStatus?: number;
  otpStatus?: number;
}

function setup(opts: Options = {}) {
  const net = fakeNetwork({
    ...jwksRoute(),
    'GET /auth/v1/user': (call) => {
      const who = TOKENS[(call.headers.get('Authorization') ?? '').replace(/^Bearer /, '')];
      return who ? reply(fakeUser(who[0], who[1])) : reply({ code: 'bad_jwt', message: 'invalid JWT' }, 403);
    },
    'POST /rest/v1/rpc/team_can': (call) => {
      const who = TOKENS[(call.headers.get('Authorization') ?? '').replace(/^Bearer /, '')];
      return reply(!!who && (call.body as { capability: string }).capability === 'team' && CAN_TEAM[who[0]] === true);
    },
    'GET /rest/v1/users': () => reply(opts.existing ?? []),
    'POST /auth/v1/admin/users': (call) => {
      if (opts.createStatus) {
        return reply(
          { code: 'email_exists', msg: 'A user with this email address has already been registered' },
          opts.createStatus,
        );
      }
      const body = call.body as { email: string; app_metadata: Record<string, unknown> };
      return reply(fakeUser(NEW_LOGIN, body.email, body.app_metadata));
    },
    'POST /auth/v1/otp': () =>
      opts.otpStatus
        ? reply({ code: 'over_email_send_rate_limit', msg: 'email rate limit exceeded' }, opts.otpStatus)
        : reply({}),
  });
  return { handler: createHandler({ env: TEST_ENV, fetch: net.fetch, siteUrl: 'http://127.0.0.1:5173' }), net };
}

const post = (body: unknown, token = 'anon-key') =>
  new Request('http://localhost/invite-team-member', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

async function answer(res: Response): Promise<[number, unknown]> {
  return [res.status, await res.json()];
}

Deno.test('invite-team-member refuses callers without a session and members who may not manage the team', async () => {
  const { handler, net } = setup();
  const body = { email: 'new@example.com', role: 'sales' };
  assertEquals(await answer(await handler(post(body))), [401, { error: NOT_SIGNED_IN }]);
  assertEquals(await answer(await handler(post(body, OPERATOR_TOKEN))), [403, { error: ADMINS_ONLY }]);
  assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 0);
  assertEquals(net.callsTo('POST /auth/v1/otp').length, 0);
});

Deno.test('invite-team-member answers 400 for a bad role or address, making no login', async () => {
  const { handler, net } = setup();
  assertEquals(await answer(await handler(post({ email: 'new@example.com', role: 'customer' }, ADMIN_TOKEN))), [
    400,
    { error: `role: ${BAD_ROLE}` },
  ]);
  for (const body of [{ role: 'sales' }, { email: 'not an address', role: 'sales' }, { email: 'a@b.example' }]) {
    const [status] = await answer(await handler(post(body, ADMIN_TOKEN)));
    assertEquals(status, 400, JSON.stringify(body));
  }
  assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 0);
});

Deno.test(
  'invite-team-member makes a confirmed login with the role in app_metadata and e-mails a sign-in link',
  async () => {
    const { handler, net } = setup();
    assertEquals(await answer(await handler(post({ email: ' Pat@Sales.Example ', role: 'sales' }, ADMIN_TOKEN))), [
      200,
      { member: { id: NEW_LOGIN, email: 'pat@sales.example', role: 'sales' }, sentTo: 'pat@sales.example' },
    ]);
    assertEquals(net.callsTo('POST /auth/v1/admin/users')[0]?.body, {
      email: 'pat@sales.example',
      email_confirm: true,
      app_metadata: { role: 'sales' },
    });
    const [otp] = net.callsTo('POST /auth/v1/otp');
    assertEquals((otp?.body as { email: string }).email, 'pat@sales.example');
    assertEquals((otp?.body as { create_user: boolean }).create_user, false);
    assertEquals(otp?.search.get('redirect_to'), 'http://127.0.0.1:5173/auth/callback');
  },
);

Deno.test('invite-team-member answers 409 for an address that already has a login', async () => {
  const taken = setup({ existing: [{ id: OPERATOR_ID, email: 'Ops@Example.com' }] });
  assertEquals(await answer(await taken.handler(post({ email: 'ops@example.com', role: 'viewer' }, ADMIN_TOKEN))), [
    409,
    { error: EMAIL_HAS_LOGIN },
  ]);
  assertEquals(taken.net.callsTo('POST /auth/v1/admin/users').length, 0);
  // Made by someone else between the look-up and the insert: Auth's 422 is the same answer.
  const raced = setup({ createStatus: 422 });
  assertEquals(await answer(await raced.handler(post({ email: 'new@example.com', role: 'viewer' }, ADMIN_TOKEN))), [
    409,
    { error: EMAIL_HAS_LOGIN },
  ]);
});

Deno.test('invite-team-member answers 429 when Auth will not send another link yet', async () => {
  const { handler } = setup({ otpStatus: 429 });
  assertEquals(await answer(await handler(post({ email: 'new@example.com', role: 'operator' }, ADMIN_TOKEN))), [
    429,
    { error: TOO_SOON },
  ]);
});
