// Offline and back-online alerts made by the server's screen-checks job: one offline alert
// per silence of a screen (severity by its length), resolved with a back-online alert when
// heartbeats return; never twice, whoever runs the job and however often. The alert
// settings are admins' only and hold their rules in the database.
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { TestStack } from 'supabase-local/testing';
import { connectDb, portAbove, service, SERVICE_ROLE_KEY, uniqueSuffix } from 'supabase-local/testing/vitest';
import { createTestClient } from 'supabase-local/testing';
import { startProductStack } from '../support/product-stack.ts';
import { as, SEED } from './db-seed.ts';

interface AlertRow {
  id: string;
  alert_type: string;
  severity: string;
  message: string;
  resolved: boolean;
  resolved_at: string | null;
  silent_since: string | null;
  ended_at: string | null;
  email_state: string | null;
  customer_id: string | null;
}

const created: string[] = [];
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

async function newDevice(patch: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service()
    .from('equipment_status')
    .insert({
      customer_id: SEED.customers.cafe,
      device_name: `Alert test ${uniqueSuffix()}`,
      status: 'online',
      is_active: true,
      last_heartbeat: minutesAgo(1),
      ...patch,
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  created.push((data as { id: string }).id);
  return (data as { id: string }).id;
}

async function alertsOf(deviceId: string): Promise<AlertRow[]> {
  const { data, error } = await service()
    .from('system_alerts')
    .select('*')
    .eq('device_id', deviceId)
    .order('created_at');
  expect(error).toBeNull();
  return data as AlertRow[];
}

const setHeartbeat = async (id: string, at: string) => {
  const { error } = await service().from('equipment_status').update({ last_heartbeat: at }).eq('id', id);
  expect(error).toBeNull();
};

async function runJob() {
  const { data, error } = await service().rpc('run_screen_checks');
  expect(error).toBeNull();
  return data as { raised: number; back_online: number; escalated: number };
}

async function setSettings(patch: Record<string, unknown>) {
  const { error } = await service().from('alert_settings').update(patch).eq('id', true);
  expect(error).toBeNull();
}

beforeAll(async () => {
  // E-mails off unless a test turns them on: this file checks the alerts themselves.
  await setSettings({ offline_after_minutes: 5, email_enabled: false });
});

afterAll(async () => {
  await service().from('system_alerts').delete().in('device_id', created);
  await service().from('equipment_status').delete().in('id', created);
  await setSettings({ offline_after_minutes: 5, email_enabled: true });
});

describe('the screen-checks job', () => {
  beforeEach(async () => {
    await setSettings({ offline_after_minutes: 5, email_enabled: false });
  });

  it('raises one offline alert for a screen silent past the threshold, however often it runs', async () => {
    const device = await newDevice({ last_heartbeat: minutesAgo(7) });
    const quiet = await newDevice({ last_heartbeat: minutesAgo(4) });
    await runJob();
    await runJob();
    const alerts = await alertsOf(device);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      alert_type: 'offline',
      severity: 'medium',
      resolved: false,
      customer_id: SEED.customers.cafe,
      email_state: 'skipped',
    });
    expect(alerts[0]!.message).toMatch(/^Alert test .+ at Corner Cafe is offline: no heartbeat for 7 minutes\.$/);
    expect(await alertsOf(quiet)).toEqual([]);
  });

  it('follows the threshold set in Settings', async () => {
    const device = await newDevice({ last_heartbeat: minutesAgo(4) });
    await runJob();
    expect(await alertsOf(device)).toHaveLength(0);
    await setSettings({ offline_after_minutes: 3 });
    await runJob();
    expect(await alertsOf(device)).toHaveLength(1);
  });

  it('says high severity for a silence of an hour, and raises a medium alert to high as the silence goes on', async () => {
    const long = await newDevice({ last_heartbeat: minutesAgo(130) });
    await runJob();
    expect((await alertsOf(long))[0]).toMatchObject({ severity: 'high' });
    expect((await alertsOf(long))[0]!.message).toContain('no heartbeat for 2 hours 10 minutes');

    const growing = await newDevice({ last_heartbeat: minutesAgo(10) });
    await runJob();
    const [first] = await alertsOf(growing);
    expect(first!.severity).toBe('medium');
    // An hour later (the same silence, moved back in time).
    const earlier = minutesAgo(70);
    await setHeartbeat(growing, earlier);
    await service().from('system_alerts').update({ silent_since: earlier }).eq('id', first!.id);
    const done = await runJob();
    expect(done.escalated).toBeGreaterThanOrEqual(1);
    const after = await alertsOf(growing);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: first!.id, severity: 'high' });
  });

  it('resolves the alert and says the screen is back when heartbeats return, once', async () => {
    const device = await newDevice({ last_heartbeat: minutesAgo(12) });
    await runJob();
    const [offline] = await alertsOf(device);

    // The screen reports again (its venue's kiosk, through the heartbeat).
    const cafe = await as('cafe');
    const { error } = await cafe.rpc('player_heartbeat', { p_device_id: device });
    expect(error).toBeNull();
    await runJob();
    await runJob();

    const alerts = await alertsOf(device);
    expect(alerts.map((a) => a.alert_type)).toEqual(['offline', 'back_online']);
    const [gone, back] = alerts;
    expect(gone).toMatchObject({ id: offline!.id, resolved: true });
    expect(gone!.ended_at).not.toBeNull();
    expect(gone!.resolved_at).not.toBeNull();
    expect(back).toMatchObject({ severity: 'low', resolved: true, silent_since: gone!.silent_since });
    expect(back!.message).toMatch(/is back online after 1[23] minutes offline\.$/);
  });

  it('says a screen is back even when an admin resolved its offline alert first', async () => {
    const device = await newDevice({ last_heartbeat: minutesAgo(8) });
    await runJob();
    const [offline] = await alertsOf(device);
    const admin = await as('admin');
    expect((await admin.from('system_alerts').update({ resolved: true }).eq('id', offline!.id)).error).toBeNull();
    await setHeartbeat(device, new Date().toISOString());
    await runJob();
    expect((await alertsOf(device)).map((a) => a.alert_type)).toEqual(['offline', 'back_online']);
  });

  it('raises a new alert for a new silence of the same screen', async () => {
    const device = await newDevice({ last_heartbeat: minutesAgo(9) });
    await runJob();
    await setHeartbeat(device, new Date().toISOString());
    await runJob();
    await setHeartbeat(device, minutesAgo(6));
    await runJob();
    expect((await alertsOf(device)).map((a) => a.alert_type)).toEqual(['offline', 'back_online', 'offline']);
  });

  it('leaves alone screens switched off, without a venue, or that never reported', async () => {
    const off = await newDevice({ is_active: false, last_heartbeat: minutesAgo(30) });
    const spare = await newDevice({ customer_id: null, last_heartbeat: minutesAgo(30) });
    const fresh = await newDevice({ last_heartbeat: null });
    await runJob();
    for (const device of [off, spare, fresh]) expect(await alertsOf(device)).toEqual([]);
  });

  it('marks new alerts for e-mail only when e-mails are on and an admin is chosen', async () => {
    const admin = await as('admin');
    const { error } = await admin.rpc('save_alert_settings', {
      p_offline_after_minutes: 5,
      p_email_enabled: true,
      p_recipient_ids: [SEED.users.admin.id],
    });
    expect(error).toBeNull();
    const device = await newDevice({ last_heartbeat: minutesAgo(6) });
    // The job in the database would now ask for the e-mails; here only the marking is checked
    // (alert-emails.test.ts follows an e-mail to the inbox).
    const { error: runError } = await service().rpc('check_screen_heartbeats');
    expect(runError).toBeNull();
    expect((await alertsOf(device))[0]!.email_state).toBe('pending');
    await service().from('system_alerts').update({ email_state: 'skipped' }).eq('device_id', device);
  });

  it('is the database’s to run: people cannot call the job or its e-mail claims', async () => {
    for (const persona of ['admin', 'cafe', 'anon'] as const) {
      const db = await as(persona);
      for (const fn of ['run_screen_checks', 'check_screen_heartbeats', 'claim_alert_emails', 'run_network_upkeep']) {
        const { error } = await db.rpc(fn);
        expect(error?.code, `${persona} ${fn}`).toBe('42501');
      }
    }
  });

  it('is scheduled with pg_cron every minute, and the upkeep every hour', async () => {
    const db = await connectDb();
    try {
      const { rows } = await db.query<{ jobname: string; schedule: string; command: string; active: boolean }>(
        'select jobname, schedule, command, active from cron.job order by jobname',
      );
      expect(rows).toEqual(
        expect.arrayContaining([
          {
            jobname: 'network-upkeep',
            schedule: '7 * * * *',
            command: 'select public.run_network_upkeep()',
            active: true,
          },
          {
            jobname: 'screen-checks',
            schedule: '* * * * *',
            command: 'select public.run_screen_checks()',
            active: true,
          },
        ]),
      );
    } finally {
      await db.end();
    }
  });
});

describe('alert settings', () => {
  it('are read and saved by admins only, recipients and all', async () => {
    const admin = await as('admin');
    const { data, error } = await admin.from('alert_settings').select('offline_after_minutes, email_enabled');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    for (const persona of ['cafe', 'screen', 'anon'] as const) {
      const db = await as(persona);
      const read = await db.from('alert_settings').select('*');
      expect(read.data ?? []).toEqual([]);
      const save = await db.rpc('save_alert_settings', {
        p_offline_after_minutes: 10,
        p_email_enabled: false,
        p_recipient_ids: [],
      });
      expect(save.error?.code, persona).toBe('42501');
      const recipients = await db.from('alert_recipients').insert({ user_id: SEED.users.cafe.id });
      expect(recipients.error, persona).not.toBeNull();
    }
  });

  it('refuse a threshold out of range, e-mails to nobody, and a venue as recipient, with a clear message', async () => {
    const admin = await as('admin');
    const tooShort = await admin.rpc('save_alert_settings', {
      p_offline_after_minutes: 2,
      p_email_enabled: false,
      p_recipient_ids: [],
    });
    expect(tooShort.error).toMatchObject({
      code: '23514',
      message: 'Alert after must be between 3 and 1440 minutes (got 2).',
    });
    const nobody = await admin.rpc('save_alert_settings', {
      p_offline_after_minutes: 5,
      p_email_enabled: true,
      p_recipient_ids: [],
    });
    expect(nobody.error).toMatchObject({
      code: '23514',
      message: 'Choose at least one admin to e-mail, or turn e-mails off.',
    });
    const venue = await admin.rpc('save_alert_settings', {
      p_offline_after_minutes: 5,
      p_email_enabled: true,
      p_recipient_ids: [SEED.users.cafe.id],
    });
    expect(venue.error).toMatchObject({ code: '23514', message: 'Only admins can receive alert e-mails.' });
    // Nothing of a refused save stays.
    const { data } = await admin.from('alert_recipients').select('user_id');
    expect((data as { user_id: string }[]).map((r) => r.user_id)).not.toContain(SEED.users.cafe.id);
    const portal = await admin.from('alert_settings').update({ portal_url: 'not a url' }).eq('id', true);
    expect(portal.error?.code).toBe('23514');
  });
});

describe('across a stack restart', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startProductStack({
      engine: inject('engine'),
      basePort: portAbove(60),
      name: `alerts-restart-${inject('engine')}`,
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('keeps one alert per silence, and finds the screens that went quiet while it was stopped', async () => {
    const db = () => createTestClient(stack.url, SERVICE_ROLE_KEY);
    const insert = async (name: string, minutes: number) => {
      const { data, error } = await db()
        .from('equipment_status')
        .insert({
          customer_id: SEED.customers.cafe,
          device_name: name,
          status: 'online',
          last_heartbeat: minutesAgo(minutes),
        })
        .select('id')
        .single();
      expect(error).toBeNull();
      return (data as { id: string }).id;
    };
    const count = async (id: string) =>
      (
        await db()
          .from('system_alerts')
          .select('id', { count: 'exact', head: true })
          .eq('device_id', id)
          .eq('alert_type', 'offline')
      ).count;

    const before = await insert('Quiet before', 8);
    // Three seconds short of the 5-minute threshold: it passes it while the stack is down.
    const during = await insert('Quiet during', 5 - 3 / 60);
    expect((await db().rpc('run_screen_checks')).error).toBeNull();
    expect(await count(before)).toBe(1);
    expect(await count(during)).toBe(0);

    await stack.halt();
    await new Promise((r) => setTimeout(r, 3000));
    await stack.resume();

    expect((await db().rpc('run_screen_checks')).error).toBeNull();
    expect((await db().rpc('run_screen_checks')).error).toBeNull();
    expect(await count(before)).toBe(1);
    expect(await count(during)).toBe(1);
  }, 120_000);
});
