// Alert e-mails, the whole way: the screen-checks job raises an alert, asks the alert-emails
// edge function for its e-mail through pg_net (URL and key from Vault), and the function
// sends one e-mail per chosen admin, listing every new alert, to the inbox; the alerts are
// then marked sent and never e-mailed twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_URL, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { inbox } from 'supabase-local/testing';
import { as, SEED } from './db-seed.ts';

const mail = inbox(INBOX_URL);
const created: string[] = [];
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/**
 * Screens of the gym, in one insert: the minute's job (pg_cron on the shared stack) sees all of
 * them or none, as when they drop at once.
 */
async function newDevices(...screens: [name: string, lastHeartbeat: string][]): Promise<string[]> {
  const { data, error } = await service()
    .from('equipment_status')
    .insert(
      screens.map(([name, lastHeartbeat]) => ({
        customer_id: SEED.customers.gym,
        device_name: name,
        status: 'online',
        is_active: true,
        last_heartbeat: lastHeartbeat,
      })),
    )
    .select('id, device_name');
  expect(error).toBeNull();
  const rows = data as { id: string; device_name: string }[];
  const ids = screens.map(([name]) => rows.find((r) => r.device_name === name)!.id);
  created.push(...ids);
  return ids;
}

async function emailStates(ids: string[]) {
  const { data } = await service().from('system_alerts').select('device_id, email_state').in('device_id', ids);
  return (data as { device_id: string; email_state: string }[]).map((r) => r.email_state);
}

beforeAll(async () => {
  const admin = await as('admin');
  const { error } = await admin.rpc('save_alert_settings', {
    p_offline_after_minutes: 5,
    p_email_enabled: true,
    p_recipient_ids: [SEED.users.admin.id],
    p_portal_url: 'https://portal.example.test',
  });
  expect(error).toBeNull();
});

afterAll(async () => {
  await service().from('system_alerts').delete().in('device_id', created);
  await service().from('equipment_status').delete().in('id', created);
});

describe('alert e-mails', () => {
  it('sends the admin one e-mail for screens that dropped at once, with links, and marks the alerts sent', async () => {
    const suffix = uniqueSuffix();
    const [first, second] = await newDevices([`Mail A ${suffix}`, minutesAgo(9)], [`Mail B ${suffix}`, minutesAgo(7)]);
    const asked = Date.now();
    const { error } = await service().rpc('run_screen_checks');
    expect(error).toBeNull();

    // The job's own message names both screens; other alerts of the suite may share it.
    const message = await waitForMail((m) => m.text.includes(`Mail A ${suffix}`), asked);
    expect(message.text).toContain(`Mail B ${suffix} at Peak Gym is offline: no heartbeat for 7 minutes.`);
    expect(message.text).toContain(`Mail A ${suffix} at Peak Gym is offline: no heartbeat for 9 minutes.`);
    expect(message.text).toContain(`https://portal.example.test/dashboard/equipment?device=${first}`);
    expect(message.html).toContain(`href="https://portal.example.test/dashboard/equipment?device=${second}"`);
    await expectEventually(async () => expect(await emailStates([first, second])).toEqual(['sent', 'sent']));

    // Run again: nothing new, nothing sent twice.
    const before = await mail.count(SEED.users.admin.email);
    await service().rpc('run_screen_checks');
    await new Promise((r) => setTimeout(r, 1500));
    const again = (await mail.all()).filter((m) => m.text.includes(`Mail A ${suffix}`));
    expect(again).toHaveLength(1);
    expect(await mail.count(SEED.users.admin.email)).toBeGreaterThanOrEqual(before);
  });

  it('says a screen is back in an e-mail too', async () => {
    const suffix = uniqueSuffix();
    const [device] = await newDevices([`Mail C ${suffix}`, minutesAgo(12)]);
    await service().rpc('run_screen_checks');
    await waitForMail((m) => m.text.includes(`Mail C ${suffix} at Peak Gym is offline`), Date.now() - 5000);
    await service().from('equipment_status').update({ last_heartbeat: new Date().toISOString() }).eq('id', device);
    await service().rpc('run_screen_checks');
    const back = await waitForMail((m) => m.subject === `Back online: Mail C ${suffix} at Peak Gym`, Date.now() - 5000);
    expect(back.text).toMatch(/is back online after 1[23] minutes offline\./);
  });
});

async function waitForMail(match: (m: Awaited<ReturnType<typeof mail.all>>[number]) => boolean, after: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await mail.all()).filter((m) => new Date(m.time).getTime() >= after - 2000 && match(m));
    if (found.length > 0) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error('the alert e-mail did not arrive within 20 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function expectEventually(assertion: () => Promise<void>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
