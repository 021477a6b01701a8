import { deepStrictEqual as assertEquals, ok } from 'node:assert/strict';
import { fakeNetwork, type FakeRoute, fakeUser, reply, TEST_ENV } from '../_shared/fake-fetch.ts';
import { createHandler, type Deps, MIN_RESPONSE_MS, TOO_MANY_REQUESTS } from './handler.ts';

const CUSTOMER = 'cafe@example.com';

/** A fake clock: requests to the fake network take `cost` ms, sleeping moves the clock on. */
function clock() {
  let t = 0;
  return {
    now: () => t,
    advance: (ms: number) => void (t += ms),
    sleep: (ms: number) => Promise.resolve(void (t += ms)),
  };
}

function setup(
  opts: {
    customers?: string[];
    /** The login already linked to every customer, if any. */
    linked?: string;
    /** Logins (public.users) by e-mail that no customer is linked to. */
    logins?: Record<string, string>;
    allowed?: boolean;
    routes?: Record<string, FakeRoute>;
    siteUrl?: string;
  } = {},
) {
  const time = clock();
  const cost =
    (ms: number, route: FakeRoute): FakeRoute =>
    (call) => {
      time.advance(ms);
      return route(call);
    };
  const net = fakeNetwork({
    'POST /rest/v1/rpc/consume_rate_limit': cost(5, () => reply(opts.allowed ?? true)),
    'POST /rest/v1/rpc/rate_limit_retry_after': cost(5, () => reply(421)),
    'GET /rest/v1/customers': cost(20, (call) => {
      const pattern = (call.search.get('email') ?? '').replace(/^ilike\./, '');
      return reply(
        (opts.customers ?? [CUSTOMER])
          .filter((e) => e.toLowerCase() === pattern.replace(/\\(.)/g, '$1'))
          .map((email, i) => ({ id: `c-${i}`, email, user_id: opts.linked ?? null })),
      );
    }),
    'GET /rest/v1/users': cost(5, (call) => {
      const pattern = (call.search.get('email') ?? '').replace(/^ilike\./, '').replace(/\\(.)/g, '$1');
      return reply(
        Object.entries(opts.logins ?? {})
          .filter(([e]) => e === pattern)
          .map(([email, id]) => ({ id, email, role: 'customer' })),
      );
    }),
    'PATCH /rest/v1/customers': cost(5, (call) =>
      reply([{ id: 'c-0', email: CUSTOMER, user_id: (call.body as { user_id: string }).user_id }]),
    ),
    'GET /auth/v1/admin/users/0b0b0b0b-0000-4000-8000-00000000dead': cost(5, () =>
      reply(fakeUser('0b0b0b0b-0000-4000-8000-00000000dead', CUSTOMER)),
    ),
    'DELETE /auth/v1/admin/users/0b0b0b0b-0000-4000-8000-00000000dead': cost(5, () => reply({})),
    'POST /auth/v1/admin/users': cost(100, (call) =>
      reply(fakeUser('u-1', (call.body as { email: string }).email, { role: 'customer' })),
    ),
    'POST /auth/v1/otp': cost(200, () => reply({})),
    ...opts.routes,
  });
  const deps: Deps = {
    env: TEST_ENV,
    fetch: net.fetch,
    siteUrl: opts.siteUrl,
    minResponseMs: MIN_RESPONSE_MS,
    now: time.now,
    sleep: time.sleep,
  };
  return { handler: createHandler(deps), net, time };
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://localhost/send-magic-link', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer anon-key', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = () => undefined;
  try {
    return await fn();
  } finally {
    console.error = original;
  }
}

Deno.test('send-magic-link answers a preflight with the CORS headers', async () => {
  const { handler, net } = setup();
  const res = await handler(new Request('http://localhost/send-magic-link', { method: 'OPTIONS' }));
  assertEquals(res.status, 200);
  assertEquals(res.headers.get('Access-Control-Allow-Origin'), '*');
  await res.body?.cancel();
  assertEquals(net.calls.length, 0);
});

Deno.test('send-magic-link refuses bad input with 400 and touches nothing', async () => {
  const { handler, net } = setup();
  for (const body of [
    'not json',
    '',
    '[1]',
    { email: '' },
    { email: 'not-an-address' },
    { redirectTo: 'http://127.0.0.1:5173/' },
    { email: 42 },
    { email: CUSTOMER, redirectTo: 'nope' },
  ]) {
    const res = await handler(post(body));
    assertEquals(res.status, 400, `for ${JSON.stringify(body)}`);
    const answer = (await res.json()) as { error?: unknown };
    ok(typeof answer.error === 'string' && answer.error.length > 0);
    assertEquals(res.headers.get('Access-Control-Allow-Origin'), '*');
  }
  assertEquals(net.calls.length, 0);
});

Deno.test(
  'send-magic-link has Auth e-mail a customer a link to the SPA callback, creating their login first',
  async () => {
    const { handler, net } = setup({ siteUrl: 'http://127.0.0.1:5173' });
    const res = await handler(post({ email: '  Cafe@Example.com ' }));
    assertEquals(res.status, 200);
    assertEquals(await res.json(), { ok: true });

    const [created] = net.callsTo('POST /auth/v1/admin/users');
    assertEquals(created?.headers.get('Authorization'), 'Bearer service-role-key');
    assertEquals((created?.body as Record<string, unknown>).email, CUSTOMER);
    assertEquals((created?.body as Record<string, unknown>).email_confirm, true);
    assertEquals((created?.body as Record<string, unknown>).app_metadata, { role: 'customer' });

    const [otp] = net.callsTo('POST /auth/v1/otp');
    assertEquals(otp?.headers.get('apikey'), 'anon-key');
    assertEquals((otp?.body as Record<string, unknown>).email, CUSTOMER);
    assertEquals((otp?.body as Record<string, unknown>).create_user, false);
    assertEquals(otp?.search.get('redirect_to'), 'http://127.0.0.1:5173/auth/callback');
  },
);

Deno.test('send-magic-link sends the link to the page the caller names, or to the caller origin callback', async () => {
  const named = setup();
  await (await named.handler(post({ email: CUSTOMER, redirectTo: 'http://127.0.0.1:5173/welcome' }))).body?.cancel();
  assertEquals(named.net.callsTo('POST /auth/v1/otp')[0]?.search.get('redirect_to'), 'http://127.0.0.1:5173/welcome');

  const fromOrigin = setup();
  await (await fromOrigin.handler(post({ email: CUSTOMER }, { Origin: 'http://localhost:4173' }))).body?.cancel();
  assertEquals(
    fromOrigin.net.callsTo('POST /auth/v1/otp')[0]?.search.get('redirect_to'),
    'http://localhost:4173/auth/callback',
  );
});

Deno.test('send-magic-link sends the link of a customer who already has a login without making another', async () => {
  const { handler, net } = setup({ linked: 'u-cafe' });
  const res = await handler(post({ email: CUSTOMER }));
  assertEquals(await res.json(), { ok: true });
  assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 0);
  assertEquals(net.callsTo('PATCH /rest/v1/customers').length, 0);
  assertEquals(net.callsTo('POST /auth/v1/otp').length, 1);
});

Deno.test('send-magic-link links the login it makes to the customer', async () => {
  const { handler, net } = setup();
  await (await handler(post({ email: CUSTOMER }))).body?.cancel();
  const [link] = net.callsTo('PATCH /rest/v1/customers');
  assertEquals(link?.headers.get('Authorization'), 'Bearer service-role-key');
  assertEquals(link?.body, { user_id: 'u-1' });
  assertEquals(link?.search.get('id'), 'eq.c-0');
  assertEquals(link?.search.get('user_id'), 'is.null');
});

Deno.test(
  'send-magic-link replaces a login with the address that no admin linked before linking a new one',
  async () => {
    const { handler, net } = setup({ logins: { [CUSTOMER]: '0b0b0b0b-0000-4000-8000-00000000dead' } });
    await (await handler(post({ email: CUSTOMER }))).body?.cancel();
    assertEquals(net.callsTo('DELETE /auth/v1/admin/users/0b0b0b0b-0000-4000-8000-00000000dead').length, 1);
    assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 1);
    assertEquals((net.callsTo('PATCH /rest/v1/customers')[0]?.body as { user_id: string }).user_id, 'u-1');
    assertEquals(net.callsTo('POST /auth/v1/otp').length, 1);
  },
);

Deno.test(
  'send-magic-link answers an unknown address exactly as a customer, in the same time, and sends nothing',
  async () => {
    const known = setup();
    const knownRes = await known.handler(post({ email: CUSTOMER }));
    const unknown = setup();
    const unknownRes = await unknown.handler(post({ email: 'stranger@example.com' }));

    assertEquals(unknownRes.status, knownRes.status);
    assertEquals(await unknownRes.text(), await knownRes.text());
    assertEquals(unknown.net.callsTo('POST /auth/v1/admin/users').length, 0);
    assertEquals(unknown.net.callsTo('POST /auth/v1/otp').length, 0);
    assertEquals(known.net.callsTo('POST /auth/v1/otp').length, 1);
    // Both answers leave at the same moment of the fake clock: the minimum response time.
    assertEquals(known.time.now(), MIN_RESPONSE_MS);
    assertEquals(unknown.time.now(), MIN_RESPONSE_MS);
  },
);

Deno.test('send-magic-link treats LIKE wildcards in an address literally', async () => {
  const { handler, net } = setup({ customers: ['a_b@example.com'] });
  await (await handler(post({ email: 'axb@example.com' }))).body?.cancel();
  assertEquals(net.callsTo('GET /rest/v1/customers')[0]?.search.get('email'), 'ilike.axb@example.com');
  assertEquals(net.callsTo('POST /auth/v1/otp').length, 0);
  await (await handler(post({ email: 'a_b@example.com' }))).body?.cancel();
  assertEquals(net.callsTo('GET /rest/v1/customers')[1]?.search.get('email'), 'ilike.a\\_b@example.com');
  assertEquals(net.callsTo('POST /auth/v1/otp').length, 1);
});

Deno.test(
  'send-magic-link answers 429 once the address is over its limit, counted per lower-cased address',
  async () => {
    const { handler, net } = setup({ allowed: false });
    const res = await handler(post({ email: 'Cafe@Example.com' }));
    assertEquals(res.status, 429);
    // How long to wait: what is left of the address's window, in the body and in Retry-After.
    assertEquals(await res.json(), { error: TOO_MANY_REQUESTS, retry_after_seconds: 421 });
    assertEquals(res.headers.get('Retry-After'), '421');
    assertEquals(net.callsTo('POST /rest/v1/rpc/rate_limit_retry_after')[0]?.body, {
      p_key: `send-magic-link:${CUSTOMER}`,
      p_window_seconds: 900,
    });
    assertEquals(res.headers.get('Access-Control-Allow-Origin'), '*');
    const [hit] = net.callsTo('POST /rest/v1/rpc/consume_rate_limit');
    assertEquals(hit?.headers.get('Authorization'), 'Bearer service-role-key');
    assertEquals(hit?.body, { p_key: `send-magic-link:${CUSTOMER}`, p_limit: 5, p_window_seconds: 900 });
    assertEquals(net.callsTo('GET /rest/v1/customers').length, 0);
    assertEquals(net.callsTo('POST /auth/v1/otp').length, 0);
  },
);

Deno.test('send-magic-link hides a failure to send behind the same answer', async () => {
  const { handler } = setup({
    routes: { 'POST /auth/v1/otp': () => reply({ code: 'unexpected_failure', message: 'smtp down' }, 500) },
  });
  const res = await quietly(() => handler(post({ email: CUSTOMER })));
  assertEquals(res.status, 200);
  assertEquals(await res.json(), { ok: true });
});

Deno.test('send-magic-link answers 500 without details when the lookup fails', async () => {
  const { handler } = setup({
    routes: {
      'GET /rest/v1/customers': () => reply({ code: '08006', message: 'connection to postgres://secret failed' }, 500),
    },
  });
  const res = await quietly(() => handler(post({ email: CUSTOMER })));
  assertEquals(res.status, 500);
  const text = await res.text();
  ok(!text.includes('secret'), text);
  assertEquals(JSON.parse(text), { error: 'Internal server error' });
});

Deno.test("send-magic-link sends an invited advertiser's login its link, and never makes one", async () => {
  const ADVERTISER = 'james@brightline.example.com';
  const routes = (linked: boolean): Record<string, FakeRoute> => ({
    'GET /rest/v1/users': (call) => {
      const pattern = (call.search.get('email') ?? '').replace(/^ilike\./, '');
      assertEquals(call.search.get('role'), 'eq.advertiser');
      return reply(pattern === ADVERTISER ? [{ id: 'adv-login', email: ADVERTISER, role: 'advertiser' }] : []);
    },
    'GET /rest/v1/advertisers': (call) =>
      reply(linked && call.search.get('user_id') === 'eq.adv-login' ? [{ id: 'brightline' }] : []),
  });

  const invited = setup({ customers: [], routes: routes(true) });
  const res = await invited.handler(post({ email: 'James@Brightline.example.com' }));
  assertEquals(await res.json(), { ok: true });
  assertEquals((invited.net.callsTo('POST /auth/v1/otp')[0]?.body as { email: string }).email, ADVERTISER);
  assertEquals((invited.net.callsTo('POST /auth/v1/otp')[0]?.body as { create_user: boolean }).create_user, false);
  assertEquals(invited.net.callsTo('POST /auth/v1/admin/users').length, 0);

  // A login with the role but no advertiser linked to it (no admin invited it) gets nothing.
  const notLinked = setup({ customers: [], routes: routes(false) });
  assertEquals(await (await notLinked.handler(post({ email: ADVERTISER }))).json(), { ok: true });
  assertEquals(notLinked.net.callsTo('POST /auth/v1/otp').length, 0);
  assertEquals(notLinked.net.callsTo('POST /auth/v1/admin/users').length, 0);
});
