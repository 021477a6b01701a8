import { deepStrictEqual as assertEquals, ok } from 'node:assert/strict';
import { fakeNetwork, reply, TEST_ENV } from '../_shared/fake-fetch.ts';
import { authAccepts, FOREIGN_KEYS, jwksRoute, legacyToken, sessionToken } from '../_shared/fake-jwt.ts';
import type { Mail } from '../_shared/mailer.ts';
import { type Claim, type ClaimedAlert, composeMail, createHandler, SERVICE_ONLY, subjectOf, venueTime } from './handler.ts';

const offline = (n: number, extra: Partial<ClaimedAlert> = {}): ClaimedAlert => ({
  id: `a-${n}`,
  alert_type: 'offline',
  severity: 'medium',
  message: `Screen ${n} at Corner Cafe is offline: no heartbeat for 6 minutes.`,
  created_at: '2026-11-25T15:06:00Z',
  silent_since: '2026-11-25T15:00:00Z',
  ended_at: null,
  device_id: `d-${n}`,
  device_name: `Screen ${n}`,
  customer_name: 'Corner Cafe',
  customer_location: 'Main St 1',
  time_zone: 'America/New_York',
  ...extra,
});

function setup(
  claim: Claim,
  send: ((m: Mail) => Promise<void>) | null = () => Promise.resolve(),
  siteUrl?: string,
) {
  const outcomes: unknown[] = [];
  const net = fakeNetwork({
    ...jwksRoute(),
    // Auth's admin API admits only a service-role token signed with the project's secret.
    'GET /auth/v1/admin/users': async (call) =>
      (await authAccepts(call.headers.get('Authorization')))?.role === 'service_role'
        ? reply({ users: [], aud: 'authenticated' })
        : reply({ code: 'not_admin', message: 'User not allowed' }, 403),
    'POST /rest/v1/rpc/claim_alert_emails': () => reply(claim),
    'POST /rest/v1/rpc/finish_alert_emails': (call) => {
      outcomes.push(call.body);
      return reply((call.body as { p_ids: string[] }).p_ids.length);
    },
  });
  const env = { ...TEST_ENV, secretKeys: [SECRET_KEY] };
  return { handler: createHandler({ env, fetch: net.fetch, send, siteUrl }), net, outcomes };
}

/** The project's service-role key, as the database job sends it from Vault. */
const SERVICE_KEY = TEST_ENV.serviceRoleKey;
/** A secret API key of the project (SUPABASE_SECRET_KEYS), as newer projects call with. */
const SECRET_KEY = 'sb_secret_alert-emails-test';
const USER_JWT = await sessionToken({ role: 'authenticated', sub: '0a0a0a0a-0000-4000-8000-0000000000e1' });

const post = (token?: string, headers: Record<string, string> = {}) =>
  new Request('http://localhost/alert-emails', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: '{}',
  });

Deno.test('alert-emails refuses anyone but the service role, claiming nothing', async () => {
  const { handler, net } = setup({ alerts: [offline(1)], recipients: ['ops@example.com'], portal_url: null });
  for (const [token, status] of [
    [undefined, 401],
    ['anon-key', 403],
    [USER_JWT, 403],
    // A service_role claim nobody signed, or signed with a key or secret that is not the project's.
    [`x.${btoa(JSON.stringify({ role: 'service_role' })).replace(/=+$/, '')}.y`, 403],
    [await sessionToken({ role: 'service_role' }, { key: FOREIGN_KEYS.es256 }), 403],
    [await legacyToken({ role: 'service_role' }, 'someone-elses-secret-of-at-least-32-chars'), 403],
  ] as const) {
    const res = await handler(post(token));
    assertEquals([res.status, await res.json()], [status, { error: SERVICE_ONLY }]);
  }
  assertEquals(net.callsTo('POST /rest/v1/rpc/claim_alert_emails').length, 0);
});

Deno.test('alert-emails admits the service role however the job presents it', async () => {
  const callers: [string, Request][] = [
    ['the service-role key (legacy HS256 or not)', post(SERVICE_KEY)],
    ['a secret key in apikey', post(undefined, { apikey: SECRET_KEY })],
    ['a service_role JWT signed with the signing key', post(await sessionToken({ role: 'service_role' }))],
    ['an HS256 service_role JWT that Auth admits', post(await legacyToken({ role: 'service_role' }))],
  ];
  for (const [what, req] of callers) {
    const { handler } = setup({ alerts: [], recipients: [], portal_url: null });
    const res = await handler(req);
    assertEquals([res.status, await res.json()], [200, { sent: 0, alerts: 0 }], what);
  }
});

Deno.test(
  'alert-emails sends each recipient one e-mail listing every alert, with links, and marks them sent',
  async () => {
    const mails: Mail[] = [];
    const claim: Claim = {
      alerts: [
        offline(1),
        offline(2),
        offline(3, {
          id: 'a-3',
          alert_type: 'back_online',
          message: 'Screen 3 at Corner Cafe is back online after 12 minutes offline.',
          ended_at: '2026-11-25T15:12:00Z',
        }),
      ],
      recipients: ['ops@example.com', 'owner@example.com'],
      portal_url: 'https://portal.example.com/',
    };
    const { handler, outcomes } = setup(claim, (m) => Promise.resolve(void mails.push(m)));
    const res = await handler(post(SERVICE_KEY));
    assertEquals([res.status, await res.json()], [200, { sent: 2, alerts: 3, failed: 0 }]);
    assertEquals(
      mails.map((m) => m.to),
      ['ops@example.com', 'owner@example.com'],
    );
    const mail = mails[0]!;
    assertEquals(mail.subject, 'Screen alerts: 2 screens offline, 1 back online');
    ok(mail.text.includes('Screen 1 at Corner Cafe is offline: no heartbeat for 6 minutes.'));
    ok(mail.text.includes('last heard 10:00 on 25 Nov EST'), mail.text);
    ok(mail.text.includes('back since 10:12 on 25 Nov EST'), mail.text);
    ok(mail.text.includes('https://portal.example.com/dashboard/equipment?device=d-2'));
    ok(mail.html.includes('<a href="https://portal.example.com/dashboard/equipment?device=d-1">Open the screen</a>'));
    assertEquals(outcomes, [{ p_ids: ['a-1', 'a-2', 'a-3'], p_outcome: 'sent' }]);
  },
);

Deno.test('alert-emails links to the app at SITE_URL when Settings names no address, and to none without either', async () => {
  const mails: Mail[] = [];
  const claim: Claim = { alerts: [offline(1)], recipients: ['ops@example.com'], portal_url: null };
  const { handler } = setup(claim, (m) => Promise.resolve(void mails.push(m)), 'http://127.0.0.1:6173');
  assertEquals((await handler(post(SERVICE_KEY))).status, 200);
  ok(mails[0]!.text.includes('http://127.0.0.1:6173/dashboard/equipment?device=d-1'), mails[0]!.text);

  const bare: Mail[] = [];
  const none = setup(claim, (m) => Promise.resolve(void bare.push(m)));
  assertEquals((await none.handler(post(SERVICE_KEY))).status, 200);
  ok(!bare[0]!.text.includes('/dashboard/equipment'), bare[0]!.text);
});

Deno.test('alert-emails with nothing pending sends nothing', async () => {
  const mails: Mail[] = [];
  const { handler, net } = setup(
    { alerts: [], recipients: ['ops@example.com'], portal_url: null },
    (m) => Promise.resolve(void mails.push(m)),
  );
  const res = await handler(post('service-role-key'));
  assertEquals([res.status, await res.json()], [200, { sent: 0, alerts: 0 }]);
  assertEquals(mails.length, 0);
  assertEquals(net.callsTo('POST /rest/v1/rpc/finish_alert_emails').length, 0);
});

Deno.test('alert-emails marks the alerts skipped when nobody is left to tell', async () => {
  const { handler, outcomes } = setup({ alerts: [offline(1)], recipients: [], portal_url: null });
  const res = await handler(post(SERVICE_KEY));
  assertEquals([res.status, await res.json()], [200, { sent: 0, alerts: 1, skipped: true }]);
  assertEquals(outcomes, [{ p_ids: ['a-1'], p_outcome: 'skipped' }]);
});

Deno.test('alert-emails releases the alerts for a retry when the mail server refuses or is not set', async () => {
  const refused = setup({ alerts: [offline(1)], recipients: ['ops@example.com'], portal_url: null }, () =>
    Promise.reject(new Error('connection refused')),
  );
  const res = await refused.handler(post(SERVICE_KEY));
  assertEquals(res.status, 502);
  await res.body?.cancel();
  assertEquals(refused.outcomes, [{ p_ids: ['a-1'], p_outcome: 'retry' }]);

  const unset = setup({ alerts: [offline(1)], recipients: ['ops@example.com'], portal_url: null }, null);
  const res2 = await unset.handler(post(SERVICE_KEY));
  assertEquals(res2.status, 503);
  await res2.body?.cancel();
  assertEquals(unset.outcomes, [{ p_ids: ['a-1'], p_outcome: 'retry' }]);
});

Deno.test('alert-emails names one alert in the subject, and falls back to UTC for an unknown zone', () => {
  assertEquals(subjectOf([offline(1)]), 'Offline: Screen 1 at Corner Cafe');
  assertEquals(subjectOf([offline(1, { alert_type: 'back_online' })]), 'Back online: Screen 1 at Corner Cafe');
  assertEquals(venueTime('2026-11-25T15:00:00Z', 'Nowhere/Nothing'), '15:00 on 25 Nov UTC');
});

const underDelivery = (extra: Partial<ClaimedAlert> = {}): ClaimedAlert =>
  offline(9, {
    id: 'u-1',
    alert_type: 'under_delivery',
    message: 'Acme Coffee December delivered 80 of 120 expected plays on 2026-12-01 (67 %).',
    silent_since: null,
    device_id: null,
    device_name: null,
    customer_name: null,
    customer_location: null,
    time_zone: 'UTC',
    campaign_id: 'c-1',
    campaign_name: 'Acme Coffee December',
    alert_day: '2026-12-01',
    ...extra,
  });

Deno.test('alert-emails names an under-delivered network campaign and links to it', () => {
  assertEquals(subjectOf([underDelivery()]), 'Under-delivery: Acme Coffee December');
  assertEquals(subjectOf([underDelivery(), underDelivery({ id: 'u-2' })]), 'Delivery alerts: 2 campaigns under-delivered');
  assertEquals(subjectOf([offline(1), underDelivery()]), 'Screen alerts: 1 screen offline, 1 campaign under-delivered');
  const mail = composeMail(
    'ops@example.com',
    { alerts: [underDelivery(), offline(1)], recipients: ['ops@example.com'], portal_url: null },
    'https://portal.example.com/',
  );
  ok(mail.text.includes('- Acme Coffee December delivered 80 of 120 expected plays on 2026-12-01 (67 %). (day of 1 Dec 2026 at the venues)'), mail.text);
  ok(mail.text.includes('  https://portal.example.com/dashboard/campaigns/edit/c-1'), mail.text);
  ok(mail.text.includes('  https://portal.example.com/dashboard/equipment?device=d-1'), mail.text);
  ok(mail.html.includes('<strong>Under-delivery</strong>'), mail.html);
  ok(mail.html.includes('<a href="https://portal.example.com/dashboard/campaigns/edit/c-1">Open the campaign</a>'), mail.html);
});
