import { deepStrictEqual as assertEquals, ok } from 'node:assert/strict';
import { fakeNetwork, fakeUser, reply, TEST_ENV } from '../_shared/fake-fetch.ts';
import {
  CODE_ALPHABET,
  PAIRING_TTL_SECONDS,
  TOO_MANY_STARTS,
  TOO_MANY_WAITING,
  UNKNOWN_PAIRING,
} from '../_shared/contracts/screen-pairing.ts';
import { createHandler, secretHash, STARTS_PER_NETWORK, WAITING_CODES_LIMIT } from './handler.ts';

const DEVICE = 'de71ce00-0000-4000-8000-000000000001';
const PREVIOUS_LOGIN = '5c000000-0000-4000-8000-0000000000aa';
const NEW_LOGINS = ['5c000000-0000-4000-8000-000000000001', '5c000000-0000-4000-8000-000000000002'];

interface PairingRow {
  id: string;
  code: string;
  secret_hash: string;
  requested_ip: string | null;
  expires_at: string;
  device_id: string | null;
  claimed_at: string | null;
}

/**
 * The handler over a fake network holding screen_pairings rows. The rules that live in
 * SQL (the per-network limit, the code's uniqueness, using a pairing once) are answered
 * as Postgres answers them, for the cases a test sets up; tests/db covers the rules.
 */
function setup(
  opts: {
    limitedIp?: string;
    networkFull?: boolean;
    takenCodes?: string[];
    previousLogin?: string | null;
    usedMeanwhile?: boolean;
  } = {},
) {
  const pairings = new Map<string, PairingRow>();
  const logins: string[] = [];
  let nextId = 1;
  // deleteUser reads the user first (supabase-js answers with it), then deletes it.
  const deletes = Object.fromEntries(
    [PREVIOUS_LOGIN, ...NEW_LOGINS].flatMap((id) => [
      [`GET /auth/v1/admin/users/${id}`, () => reply(fakeUser(id, `screen-${id.slice(0, 8)}@screens.invalid`))],
      [`DELETE /auth/v1/admin/users/${id}`, () => reply({})],
    ]),
  );
  const net = fakeNetwork({
    'POST /rest/v1/rpc/create_screen_pairing': (call) => {
      const b = call.body as Record<string, string | number | null>;
      if (b.p_requested_ip === opts.limitedIp) {
        return reply({ code: 'PT429', message: 'Too many pairing codes', details: null, hint: 'address' }, 429);
      }
      if (opts.networkFull) {
        return reply({ code: 'PT429', message: 'Too many pairing codes are waiting', details: null, hint: 'waiting' }, 429);
      }
      if (opts.takenCodes?.includes(b.p_code as string)) {
        return reply(
          { code: '23505', message: 'duplicate key value violates unique constraint', details: null, hint: null },
          409,
        );
      }
      const row: PairingRow = {
        id: `0a1b0000-0000-4000-8000-00000000000${nextId++}`,
        code: b.p_code as string,
        secret_hash: b.p_secret_hash as string,
        requested_ip: b.p_requested_ip as string | null,
        expires_at: new Date(Date.now() + (b.p_expires_in_seconds as number) * 1000).toISOString(),
        device_id: null,
        claimed_at: null,
      };
      pairings.set(row.id, row);
      return reply({ pairing_id: row.id, code: row.code, expires_at: row.expires_at });
    },
    'GET /rest/v1/screen_pairings': (call) => {
      const id = call.search.get('id')?.replace(/^eq\./, '');
      const hash = call.search.get('secret_hash')?.replace(/^eq\./, '');
      const row = id ? pairings.get(id) : undefined;
      return reply(row && row.secret_hash === hash ? [row] : []);
    },
    'POST /auth/v1/admin/users': (call) => {
      const b = call.body as { email: string; app_metadata: Record<string, unknown> };
      const id = NEW_LOGINS[logins.length]!;
      logins.push(id);
      return reply(fakeUser(id, b.email, b.app_metadata));
    },
    'POST /rest/v1/rpc/finish_screen_pairing': (call) => {
      const b = call.body as { p_pairing_id: string; p_secret_hash: string; p_user_id: string };
      const row = pairings.get(b.p_pairing_id);
      if (!row || row.secret_hash !== b.p_secret_hash || !row.claimed_at || opts.usedMeanwhile) return reply(null);
      pairings.delete(row.id);
      return reply({ device_id: row.device_id, previous_user_id: opts.previousLogin ?? null });
    },
    ...deletes,
  });
  let bytes = 0;
  const handler = createHandler({
    env: TEST_ENV,
    fetch: net.fetch,
    // Predictable randomness: 0, 1, 2, … so codes and secrets differ from call to call.
    randomBytes: (n) => Uint8Array.from({ length: n }, () => bytes++ % 256),
  });
  /** What pair_screen does: an admin pairs the code to DEVICE. */
  const claim = (pairingId: string) => {
    const row = pairings.get(pairingId)!;
    row.device_id = DEVICE;
    row.claimed_at = new Date().toISOString();
  };
  return { handler, net, pairings, claim };
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://localhost/screen-pairing', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer anon-key', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function answer(res: Response): Promise<[number, Record<string, unknown>]> {
  return [res.status, await res.json()];
}

interface Started {
  pairing_id: string;
  code: string;
  secret: string;
  expires_at: string;
}

async function start(handler: (req: Request) => Promise<Response>, ip = '203.0.113.7'): Promise<Started> {
  const [status, body] = await answer(await handler(post({ action: 'start' }, { 'X-Real-IP': ip })));
  assertEquals(status, 200);
  return body as unknown as Started;
}

Deno.test('screen-pairing answers a preflight with the CORS headers', async () => {
  const { handler } = setup();
  const res = await handler(new Request('http://localhost/screen-pairing', { method: 'OPTIONS' }));
  assertEquals(res.headers.get('Access-Control-Allow-Origin'), '*');
  await res.body?.cancel();
});

Deno.test(
  'start gives a six-character code, a secret and an expiry 15 minutes away, keeping only the hash',
  async () => {
    const { handler, net, pairings } = setup();
    const before = Date.now();
    const started = await start(handler);
    assertEquals(Object.keys(started).sort(), ['code', 'expires_at', 'pairing_id', 'secret']);
    ok(new RegExp(`^[${CODE_ALPHABET}]{6}$`).test(started.code), started.code);
    ok(/^[A-Za-z0-9_-]{43}$/.test(started.secret), `32 bytes in base64url: ${started.secret}`);
    const ttl = new Date(started.expires_at).getTime() - before;
    ok(ttl > (PAIRING_TTL_SECONDS - 5) * 1000 && ttl <= (PAIRING_TTL_SECONDS + 5) * 1000, `${ttl} ms`);

    const call = net.callsTo('POST /rest/v1/rpc/create_screen_pairing')[0]!;
    assertEquals(call.headers.get('Authorization'), `Bearer ${TEST_ENV.serviceRoleKey}`);
    assertEquals(call.body, {
      p_code: started.code,
      p_secret_hash: await secretHash(started.secret),
      p_requested_ip: '203.0.113.7',
      p_expires_in_seconds: PAIRING_TTL_SECONDS,
      p_ip_limit: STARTS_PER_NETWORK.limit,
      p_ip_window_seconds: STARTS_PER_NETWORK.windowSeconds,
      p_waiting_limit: WAITING_CODES_LIMIT,
    });
    const row = pairings.get(started.pairing_id)!;
    ok(row.secret_hash !== started.secret && /^[0-9a-f]{64}$/.test(row.secret_hash));
  },
);

Deno.test('start draws another code when the first is in use', async () => {
  // The first code drawn from bytes 32..37 (after the secret's 32 bytes).
  const firstCode = Array.from({ length: 6 }, (_, i) => CODE_ALPHABET[(32 + i) % 32]).join('');
  const { handler, net } = setup({ takenCodes: [firstCode] });
  const started = await start(handler);
  const codes = net
    .callsTo('POST /rest/v1/rpc/create_screen_pairing')
    .map((c) => (c.body as { p_code: string }).p_code);
  assertEquals(codes.length, 2);
  assertEquals(codes[0], firstCode);
  assertEquals(started.code, codes[1]);
  ok(started.code !== firstCode);
});

Deno.test('start refuses a network over its limit with 429', async () => {
  const { handler } = setup({ limitedIp: '198.51.100.9' });
  const res = await handler(post({ action: 'start' }, { 'X-Real-IP': '198.51.100.9' }));
  assertEquals(await answer(res), [429, { error: TOO_MANY_STARTS }]);
});

Deno.test('start refuses with 429 when too many codes wait across the network', async () => {
  const { handler } = setup({ networkFull: true });
  const res = await handler(post({ action: 'start' }, { 'X-Real-IP': '198.51.100.10' }));
  assertEquals(await answer(res), [429, { error: TOO_MANY_WAITING }]);
});

Deno.test('start keys its limit on the address the platform saw, never on X-Forwarded-For', async () => {
  const requested = async (headers: Record<string, string>) => {
    const { handler, net } = setup();
    await handler(post({ action: 'start' }, headers));
    return (net.callsTo('POST /rest/v1/rpc/create_screen_pairing')[0]!.body as { p_requested_ip: string | null })
      .p_requested_ip;
  };
  // Hosted: Cloudflare's CF-Connecting-IP, whatever else the request carries.
  assertEquals(
    await requested({ 'CF-Connecting-IP': '192.0.2.1', 'X-Real-IP': '10.0.0.9', 'X-Forwarded-For': '198.51.100.1' }),
    '192.0.2.1',
  );
  // Behind the API gateway alone: X-Real-IP.
  assertEquals(await requested({ 'X-Real-IP': '192.0.2.2', 'X-Forwarded-For': '198.51.100.2' }), '192.0.2.2');
  // A client's own X-Forwarded-For names nothing.
  assertEquals(await requested({ 'X-Forwarded-For': '198.51.100.3' }), null);
});

Deno.test('poll answers waiting until an admin pairs the code', async () => {
  const { handler, net } = setup();
  const started = await start(handler);
  const res = await handler(post({ action: 'poll', pairing_id: started.pairing_id, secret: started.secret }));
  assertEquals(res.headers.get('Cache-Control'), 'no-store');
  assertEquals(await answer(res), [200, { status: 'waiting', expires_at: started.expires_at }]);
  assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 0);
});

Deno.test('poll answers 410 expired for a code nobody paired in time', async () => {
  const { handler, pairings } = setup();
  const started = await start(handler);
  pairings.get(started.pairing_id)!.expires_at = new Date(Date.now() - 1000).toISOString();
  const res = await handler(post({ action: 'poll', pairing_id: started.pairing_id, secret: started.secret }));
  assertEquals(await answer(res), [410, { status: 'expired' }]);
});

Deno.test('poll answers 404 for a wrong secret or an unknown pairing', async () => {
  const { handler, claim } = setup();
  const started = await start(handler);
  claim(started.pairing_id);
  const wrong = await handler(post({ action: 'poll', pairing_id: started.pairing_id, secret: `${started.secret}x` }));
  assertEquals(await answer(wrong), [404, { error: UNKNOWN_PAIRING }]);
  const unknown = await handler(
    post({ action: 'poll', pairing_id: '0a1b0000-0000-4000-8000-0000000000ff', secret: started.secret }),
  );
  assertEquals(await answer(unknown), [404, { error: UNKNOWN_PAIRING }]);
});

Deno.test('poll of a paired code gives the credentials of a new screen login once', async () => {
  const { handler, net, claim } = setup();
  const started = await start(handler);
  claim(started.pairing_id);
  const poll = { action: 'poll', pairing_id: started.pairing_id, secret: started.secret };
  const [status, body] = await answer(await handler(post(poll)));
  assertEquals(status, 200);
  assertEquals(body.status, 'paired');
  assertEquals(body.device_id, DEVICE);
  ok(/^screen-de71ce00-[0-9a-f]{8}@screens\.invalid$/.test(body.email as string), body.email as string);
  ok(/^[A-Za-z0-9_-]{43}$/.test(body.password as string));

  const created = net.callsTo('POST /auth/v1/admin/users')[0]!;
  assertEquals(created.body, {
    email: body.email,
    password: body.password,
    email_confirm: true,
    app_metadata: { screen_device_id: DEVICE },
  });
  const finished = net.callsTo('POST /rest/v1/rpc/finish_screen_pairing')[0]!;
  assertEquals(finished.body, {
    p_pairing_id: started.pairing_id,
    p_secret_hash: await secretHash(started.secret),
    p_user_id: NEW_LOGINS[0],
  });
  // The device had no screen login before: nothing is deleted.
  assertEquals(net.calls.filter((c) => c.method === 'DELETE').length, 0);

  const again = await handler(post(poll));
  assertEquals(await answer(again), [404, { error: UNKNOWN_PAIRING }]);
  assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 1);
});

Deno.test("poll leaves the device's previous screen login to the database", async () => {
  // finish_screen_pairing's update deletes it (a trigger on equipment_status); the function
  // does not delete it again.
  const { handler, net, claim } = setup({ previousLogin: PREVIOUS_LOGIN });
  const started = await start(handler);
  claim(started.pairing_id);
  const [status] = await answer(
    await handler(post({ action: 'poll', pairing_id: started.pairing_id, secret: started.secret })),
  );
  assertEquals(status, 200);
  assertEquals(net.calls.filter((c) => c.method === 'DELETE').length, 0);
});

Deno.test('poll deletes the login it made when another poll used the pairing first', async () => {
  // The pairing is read, but by the time the login exists another poll (or revoke_screen) used it up.
  const { handler, net, claim } = setup({ usedMeanwhile: true });
  const started = await start(handler);
  claim(started.pairing_id);
  const res = await handler(post({ action: 'poll', pairing_id: started.pairing_id, secret: started.secret }));
  assertEquals(await answer(res), [404, { error: UNKNOWN_PAIRING }]);
  assertEquals(net.callsTo('POST /auth/v1/admin/users').length, 1);
  assertEquals(net.callsTo(`DELETE /auth/v1/admin/users/${NEW_LOGINS[0]}`).length, 1);
});

Deno.test('screen-pairing refuses bad input with 400 and other methods with 405', async () => {
  const { handler, net } = setup();
  for (const body of [
    '{',
    '',
    {},
    { action: 'pair' },
    { action: 'poll' },
    { action: 'poll', pairing_id: 'nope', secret: 's' },
    { action: 'poll', pairing_id: '0a1b0000-0000-4000-8000-000000000001' },
    { action: 'poll', pairing_id: '0a1b0000-0000-4000-8000-000000000001', secret: '' },
  ]) {
    const [status, answered] = await answer(await handler(post(body)));
    assertEquals(status, 400, `for ${JSON.stringify(body)}`);
    ok(typeof answered.error === 'string');
  }
  const get = await handler(new Request('http://localhost/screen-pairing'));
  assertEquals(get.status, 405);
  await get.body?.cancel();
  assertEquals(net.calls.length, 0);
});

Deno.test('screen-pairing answers 500 without details when the database fails', async () => {
  const failing = createHandler({
    env: TEST_ENV,
    fetch: fakeNetwork({
      'POST /rest/v1/rpc/create_screen_pairing': () =>
        reply({ code: '57P01', message: 'terminating connection', details: null, hint: null }, 503),
    }).fetch,
  });
  const original = console.error;
  console.error = () => undefined;
  try {
    assertEquals(await answer(await failing(post({ action: 'start' }))), [500, { error: 'Internal server error' }]);
  } finally {
    console.error = original;
  }
});
