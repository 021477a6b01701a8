// Remote commands and device health. Admins and operators issue commands to screens
// (issue_screen_commands, all or none); each screen hears its own on its private topic
// 'screen:<device_id>' and reads what was queued while it was away (my_screen_commands); it
// answers only its own, and only forward (ack_screen_command); a command not taken within a day
// expires. Each heartbeat's health figures raise clock_skew, storage_low and player_restarting
// alerts at their thresholds, once per device per day; a failed screenshot raises screenshot_failed.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collector, subscribed } from 'supabase-local/testing';
import {
  ANON_KEY,
  type AnyClient,
  client,
  connectDb,
  service,
  signToken,
  uniqueSuffix,
} from 'supabase-local/testing/vitest';
import { as, createAuthUser, SEED } from './db-seed.ts';

interface Command {
  id: string;
  device_id: string;
  command: string;
  status: string;
  result: Record<string, unknown> | null;
  issued_by: string | null;
  delivered_at: string | null;
  finished_at: string | null;
}

interface Login {
  id: string;
  client: AnyClient;
  token: string;
}

let db: pg.Client;
const suffix = uniqueSuffix();
const devices: string[] = [];
const users: string[] = [];
const clients: AnyClient[] = [];
let screenA: string;
let screenB: string;
let revoked: string;
let loginA: Login;
let loginB: Login;
let operator: Login;
let sales: Login;
let viewer: Login;

async function newDevice(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service()
    .from('equipment_status')
    .insert({ customer_id: SEED.customers.cafe, device_name: `${name} ${suffix}`, ...extra })
    .select('id')
    .single();
  expect(error).toBeNull();
  const id = (data as { id: string }).id;
  devices.push(id);
  return id;
}

async function login(email: string, appMetadata: Record<string, unknown>): Promise<Login> {
  const id = await createAuthUser(db, email, appMetadata);
  users.push(id);
  const token = await signToken({ sub: id, email, app_metadata: { provider: 'email', ...appMetadata } });
  const c = client(ANON_KEY, token);
  clients.push(c);
  return { id, client: c, token };
}

async function screenLogin(deviceId: string): Promise<Login> {
  const l = await login(`screen-${deviceId.slice(0, 8)}-${suffix}@screens.invalid`, { screen_device_id: deviceId });
  await db.query('update public.equipment_status set screen_user_id = $1, paired_at = now() where id = $2', [
    l.id,
    deviceId,
  ]);
  return l;
}

async function commandsOf(deviceId: string): Promise<Command[]> {
  const { data, error } = await service()
    .from('screen_commands')
    .select('*')
    .eq('device_id', deviceId)
    .order('issued_at');
  expect(error).toBeNull();
  return data as Command[];
}

async function issue(who: AnyClient, deviceIds: string[], command: string) {
  return who.rpc('issue_screen_commands', { p_device_ids: deviceIds, p_command: command });
}

async function alertsOf(deviceId: string, type: string) {
  const { data } = await service()
    .from('system_alerts')
    .select('id, resolved, message, alert_day')
    .eq('device_id', deviceId)
    .eq('alert_type', type);
  return (data ?? []) as { id: string; resolved: boolean; message: string }[];
}

beforeAll(async () => {
  db = await connectDb();
  screenA = await newDevice('Commands A');
  screenB = await newDevice('Commands B');
  revoked = await newDevice('Commands revoked', { revoked_at: new Date().toISOString(), status: 'offline' });
  loginA = await screenLogin(screenA);
  loginB = await screenLogin(screenB);
  operator = await login(`operator-${suffix}@example.test`, { role: 'operator' });
  sales = await login(`sales-${suffix}@example.test`, { role: 'sales' });
  viewer = await login(`viewer-${suffix}@example.test`, { role: 'viewer' });
});

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await service().from('equipment_status').delete().in('id', devices);
  if (users.length) await db.query('delete from auth.users where id = any($1::uuid[])', [users]);
  await db.end();
});

describe('issuing commands', () => {
  it('lets an operator send one command to many screens at once, queued, with who sent it', async () => {
    const { data, error } = await issue(operator.client, [screenA, screenB], 'identify');
    expect(error).toBeNull();
    const rows = data as Command[];
    expect(rows.map((r) => r.device_id).sort()).toEqual([screenA, screenB].sort());
    for (const r of rows) {
      expect(r).toMatchObject({ command: 'identify', status: 'queued', issued_by: operator.id, result: null });
    }
  });

  it('refuses sales, viewers, venue logins and screens, in the function and in a direct insert', async () => {
    const before = (await commandsOf(screenA)).length;
    for (const who of [sales.client, viewer.client, await as('cafe'), loginA.client]) {
      const called = await issue(who, [screenA], 'reload');
      expect(called.error?.code).toBe('42501');
      const inserted = await who.from('screen_commands').insert({ device_id: screenA, command: 'reload' });
      expect(inserted.error?.code).toBe('42501');
    }
    expect(await commandsOf(screenA)).toHaveLength(before);
  });

  it('refuses a batch holding a revoked screen as a whole, naming it', async () => {
    const before = (await commandsOf(screenA)).length;
    const { error } = await issue(operator.client, [screenA, revoked], 'reload');
    expect(error?.message).toBe(
      `Screen "Commands revoked ${suffix}" was revoked: pair it again before sending it commands.`,
    );
    expect(await commandsOf(screenA)).toHaveLength(before);
    expect(await commandsOf(revoked)).toHaveLength(0);
  });

  it('refuses an unknown command', async () => {
    const { error } = await issue(operator.client, [screenA], 'reboot');
    expect(error?.code).toBe('22023');
  });

  it('lets team members who read see the commands, and venues not', async () => {
    const seen = await viewer.client.from('screen_commands').select('id').eq('device_id', screenA);
    expect((seen.data ?? []).length).toBeGreaterThan(0);
    const cafe = await as('cafe');
    const venue = await cafe.from('screen_commands').select('id').eq('device_id', screenA);
    expect(venue.data).toEqual([]);
  });
});

describe('routing: a screen hears, reads and answers only its own commands', () => {
  it('delivers a new command on the screen’s private topic, and keeps other screens off it', async () => {
    await loginA.client.realtime.setAuth(loginA.token);
    const got = collector<{ id: string; command: string }>();
    await subscribed(
      loginA.client
        .channel(`screen:${screenA}`, { config: { private: true } })
        .on('broadcast', { event: 'command' }, (m) => got.push(m.payload as { id: string; command: string })),
    );
    const { data } = await issue(operator.client, [screenA], 'screenshot');
    const issued = (data as Command[])[0]!;
    expect(await got.next()).toMatchObject({ id: issued.id, command: 'screenshot' });

    await loginB.client.realtime.setAuth(loginB.token);
    await expect(subscribed(loginB.client.channel(`screen:${screenA}`, { config: { private: true } }))).rejects.toThrow(
      /Unauthorized/,
    );
  });

  it('returns what was queued while the screen was away, oldest first, and only its own', async () => {
    const a = await loginA.client.rpc('my_screen_commands');
    expect(a.error).toBeNull();
    const mine = a.data as Command[];
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((c) => c.device_id === screenA && c.status === 'queued')).toBe(true);
    expect(mine.map((c) => c.command)).toEqual(['identify', 'screenshot']);

    const b = await loginB.client.rpc('my_screen_commands');
    expect((b.data as Command[]).every((c) => c.device_id === screenB)).toBe(true);
    const direct = await loginB.client.from('screen_commands').select('id, device_id');
    expect((direct.data as Command[]).every((c) => c.device_id === screenB)).toBe(true);

    // Screen B cannot answer A's command.
    const ack = await loginB.client.rpc('ack_screen_command', { p_id: mine[0]!.id, p_status: 'done' });
    expect(ack.error?.code).toBe('42501');
    expect((await commandsOf(screenA)).find((c) => c.id === mine[0]!.id)?.status).toBe('queued');
  });

  it('moves a command forward only, with its result, and a done one leaves the queue', async () => {
    const [identify, screenshot] = (await loginA.client.rpc('my_screen_commands')).data as Command[];
    const delivered = await loginA.client.rpc('ack_screen_command', { p_id: identify!.id, p_status: 'delivered' });
    expect(delivered.data).toMatchObject({ status: 'delivered' });
    const done = await loginA.client.rpc('ack_screen_command', { p_id: identify!.id, p_status: 'done' });
    expect(done.data).toMatchObject({ status: 'done' });
    expect((done.data as Command).finished_at).not.toBeNull();
    const back = await loginA.client.rpc('ack_screen_command', { p_id: identify!.id, p_status: 'delivered' });
    expect(back.error?.code).toBe('22023');

    // A screenshot's path must be in the screen's own folder.
    const elsewhere = await loginA.client.rpc('ack_screen_command', {
      p_id: screenshot!.id,
      p_status: 'done',
      p_result: { path: `${screenB}/${screenshot!.id}.jpg` },
    });
    expect(elsewhere.error?.code).toBe('22023');
    const path = `${screenA}/${screenshot!.id}.jpg`;
    const shot = await loginA.client.rpc('ack_screen_command', {
      p_id: screenshot!.id,
      p_status: 'done',
      p_result: { path },
    });
    expect(shot.data).toMatchObject({ status: 'done', result: { path } });

    const left = (await loginA.client.rpc('my_screen_commands')).data as Command[];
    expect(left.map((c) => c.id)).not.toContain(identify!.id);
    expect(left.map((c) => c.id)).not.toContain(screenshot!.id);
  });

  it('lets a screen store screenshots in its own folder only, which team members can read', async () => {
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });
    const own = await loginA.client.storage.from('screenshots').upload(`${screenA}/test-${suffix}.jpg`, jpeg, {
      contentType: 'image/jpeg',
    });
    expect(own.error).toBeNull();
    const other = await loginA.client.storage.from('screenshots').upload(`${screenB}/test-${suffix}.jpg`, jpeg, {
      contentType: 'image/jpeg',
    });
    expect(other.error).not.toBeNull();
    const read = await viewer.client.storage.from('screenshots').download(`${screenA}/test-${suffix}.jpg`);
    expect(read.error).toBeNull();
    const venue = await (await as('cafe')).storage.from('screenshots').download(`${screenA}/test-${suffix}.jpg`);
    expect(venue.error).not.toBeNull();
    await service()
      .storage.from('screenshots')
      .remove([`${screenA}/test-${suffix}.jpg`]);
  });
});

describe('expiry', () => {
  it('expires a command not taken within a day, on the screen’s read and by the upkeep job', async () => {
    const first = (await issue(operator.client, [screenA, screenB], 'reload')).data as Command[];
    const forA = first.find((c) => c.device_id === screenA);
    const forB = first.find((c) => c.device_id === screenB);
    await db.query(
      `update public.screen_commands set issued_at = now() - interval '25 hours', expires_at = now() - interval '1 hour'
       where id = any($1::uuid[])`,
      [[forA!.id, forB!.id]],
    );
    const read = (await loginA.client.rpc('my_screen_commands')).data as Command[];
    expect(read.map((c) => c.id)).not.toContain(forA!.id);
    expect((await commandsOf(screenA)).find((c) => c.id === forA!.id)?.status).toBe('expired');

    // An answer to an expired command leaves it expired.
    const late = await loginB.client.rpc('ack_screen_command', { p_id: forB!.id, p_status: 'done' });
    expect(late.data).toMatchObject({ status: 'expired' });

    const again = ((await issue(operator.client, [screenB], 'resync')).data as Command[])[0]!;
    await db.query(`update public.screen_commands set expires_at = now() - interval '1 minute' where id = $1`, [
      again.id,
    ]);
    await db.query('select private.expire_screen_commands()');
    expect((await commandsOf(screenB)).find((c) => c.id === again.id)?.status).toBe('expired');
    const upkeep = await service().rpc('run_network_upkeep');
    expect(upkeep.error).toBeNull();
    expect(upkeep.data).toHaveProperty('commands_expired');
  });
});

describe('device health alerts', () => {
  const beat = (login: Login, extra: Record<string, unknown>) => login.client.rpc('player_heartbeat', extra);

  it('keeps the figures on the device and raises clock_skew past 30 s, once, resolved once in time', async () => {
    const skewed = await newDevice('Health clock');
    const l = await screenLogin(skewed);
    await beat(l, {
      p_device_time: new Date(Date.now() + 25_000).toISOString(),
      p_health: { heap_used: 10, heap_limit: 100, network_type: '4g', bogus: 'x' },
    });
    expect(await alertsOf(skewed, 'clock_skew')).toHaveLength(0);
    const { data } = await service().from('equipment_status').select('device_health').eq('id', skewed).single();
    expect((data as { device_health: unknown }).device_health).toEqual({
      heap_used: 10,
      heap_limit: 100,
      network_type: '4g',
    });

    await beat(l, { p_device_time: new Date(Date.now() - 40_000).toISOString() });
    await beat(l, { p_device_time: new Date(Date.now() - 45_000).toISOString() });
    const raised = await alertsOf(skewed, 'clock_skew');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ resolved: false });
    expect(raised[0]!.message).toMatch(/behind the server's/);

    await beat(l, { p_device_time: new Date().toISOString() });
    expect(await alertsOf(skewed, 'clock_skew')).toEqual([expect.objectContaining({ resolved: true })]);
  });

  it('raises storage_low under 10 % free and resolves it when space is back', async () => {
    const full = await newDevice('Health storage');
    const l = await screenLogin(full);
    await beat(l, { p_health: { storage_used: 89, storage_quota: 100 } });
    expect(await alertsOf(full, 'storage_low')).toHaveLength(0);
    await beat(l, { p_health: { storage_used: 91, storage_quota: 100 } });
    expect(await alertsOf(full, 'storage_low')).toEqual([expect.objectContaining({ resolved: false })]);
    await beat(l, { p_health: { storage_used: 50, storage_quota: 100 } });
    expect(await alertsOf(full, 'storage_low')).toEqual([expect.objectContaining({ resolved: true })]);
  });

  it('raises player_restarting past 5 restarts within an hour', async () => {
    const restarting = await newDevice('Health restarts');
    const l = await screenLogin(restarting);
    // The first start and five restarts: not yet.
    for (let n = 0; n < 6; n++) await beat(l, { p_boot_id: `boot-${n}`, p_health: {} });
    // The same page beating again is no restart.
    await beat(l, { p_boot_id: 'boot-5', p_health: {} });
    expect(await alertsOf(restarting, 'player_restarting')).toHaveLength(0);
    const { data } = await service().from('equipment_status').select('device_health').eq('id', restarting).single();
    expect((data as { device_health: { restarts_last_hour: number } }).device_health.restarts_last_hour).toBe(5);
    await beat(l, { p_boot_id: 'boot-6', p_health: {} });
    await beat(l, { p_boot_id: 'boot-7', p_health: {} });
    expect(await alertsOf(restarting, 'player_restarting')).toHaveLength(1);
  });

  it('raises screenshot_failed when a screen reports a failed screenshot, once a day', async () => {
    const issued = (await issue(operator.client, [screenB, screenB], 'screenshot')).data as Command[];
    expect(issued).toHaveLength(1);
    const failed = await loginB.client.rpc('ack_screen_command', {
      p_id: issued[0]!.id,
      p_status: 'failed',
      p_result: { error: 'The picture on screen could not be read.' },
    });
    expect(failed.data).toMatchObject({
      status: 'failed',
      result: { error: 'The picture on screen could not be read.' },
    });
    const second = ((await issue(operator.client, [screenB], 'screenshot')).data as Command[])[0]!;
    await loginB.client.rpc('ack_screen_command', {
      p_id: second.id,
      p_status: 'failed',
      p_result: { error: 'again' },
    });
    const alerts = await alertsOf(screenB, 'screenshot_failed');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain('The picture on screen could not be read.');
  });
});
