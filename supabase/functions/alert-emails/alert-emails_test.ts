import { deepStrictEqual as assertEquals, ok } from 'node:assert/strict';
import { fakeNetwork, reply, TEST_ENV } from '../_shared/fake-fetch.ts';
import type { Mail } from '../_shared/mailer.ts';
import { type Claim, type ClaimedAlert, createHandler, SERVICE_ONLY, subjectOf, venueTime } from './handler.ts';

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
    'POST /rest/v1/rpc/claim_alert_emails': () => reply(claim),
    'POST /rest/v1/rpc/finish_alert_emails': (call) => {
      outcomes.push(call.body);
      return reply((call.body as { p_ids: string[] }).p_ids.length);
    },
  });
  return { handler: createHandler({ env: TEST_ENV, fetch: net.fetch, send, siteUrl }), net, outcomes };
}

const SERVICE_JWT = `x.${btoa(JSON.stringify({ role: 'service_role' })).replace(/=+$/, '')}.y`;
const USER_JWT = `x.${btoa(JSON.stringify({ role: 'authenticated', sub: 'u1' })).replace(/=+$/, '')}.y`;

const post = (token?: string) =>
  new Request('http://localhost/alert-emails', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: '{}',
  });

Deno.test('alert-emails refuses anyone but the service role, claiming nothing', async () => {
  const { handler, net } = setup({ alerts: [offline(1)], recipients: ['ops@example.com'], portal_url: null });
  for (const [token, status] of [
    [undefined, 401],
    ['anon-key', 403],
    [USER_JWT, 403],
  ] as const) {
    const res = await handler(post(token));
    assertEquals([res.status, await res.json()], [status, { error: SERVICE_ONLY }]);
  }
  assertEquals(net.calls.length, 0);
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
    const res = await handler(post(SERVICE_JWT));
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
  assertEquals((await handler(post(SERVICE_JWT))).status, 200);
  ok(mails[0]!.text.includes('http://127.0.0.1:6173/dashboard/equipment?device=d-1'), mails[0]!.text);

  const bare: Mail[] = [];
  const none = setup(claim, (m) => Promise.resolve(void bare.push(m)));
  assertEquals((await none.handler(post(SERVICE_JWT))).status, 200);
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
  const res = await handler(post(SERVICE_JWT));
  assertEquals([res.status, await res.json()], [200, { sent: 0, alerts: 1, skipped: true }]);
  assertEquals(outcomes, [{ p_ids: ['a-1'], p_outcome: 'skipped' }]);
});

Deno.test('alert-emails releases the alerts for a retry when the mail server refuses or is not set', async () => {
  const refused = setup({ alerts: [offline(1)], recipients: ['ops@example.com'], portal_url: null }, () =>
    Promise.reject(new Error('connection refused')),
  );
  const res = await refused.handler(post(SERVICE_JWT));
  assertEquals(res.status, 502);
  await res.body?.cancel();
  assertEquals(refused.outcomes, [{ p_ids: ['a-1'], p_outcome: 'retry' }]);

  const unset = setup({ alerts: [offline(1)], recipients: ['ops@example.com'], portal_url: null }, null);
  const res2 = await unset.handler(post(SERVICE_JWT));
  assertEquals(res2.status, 503);
  await res2.body?.cancel();
  assertEquals(unset.outcomes, [{ p_ids: ['a-1'], p_outcome: 'retry' }]);
});

Deno.test('alert-emails names one alert in the subject, and falls back to UTC for an unknown zone', () => {
  assertEquals(subjectOf([offline(1)]), 'Offline: Screen 1 at Corner Cafe');
  assertEquals(subjectOf([offline(1, { alert_type: 'back_online' })]), 'Back online: Screen 1 at Corner Cafe');
  assertEquals(venueTime('2026-11-25T15:00:00Z', 'Nowhere/Nothing'), '15:00 on 25 Nov UTC');
});
