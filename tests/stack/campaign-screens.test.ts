// Targeting: a campaign plays on every screen of its venue unless chosen screens are
// set (campaign_screens); then a paired screen's playlist has it only when the screen
// is one of them. A venue's own login (on /slides, no screen) still plays every live
// campaign. Chosen screens are the venue's own devices, written by admins only.
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, ANON_KEY, anon, asUser, client, service } from './helpers.ts';
import { SEED, as, connectDb, createAuthUser, uniqueSuffix } from './db-seed.ts';

interface Paired {
  status: 'paired';
  device_id: string;
  email: string;
  password: string;
}
interface Playlist {
  customer: { id: string } | null;
  slides: { title: string | null; campaign_id: string }[];
}

const kioskIp = `198.51.100.${randomInt(1, 255)}, 10.0.1.${randomInt(1, 255)}`;

let db: pg.Client;
let admin: AnyClient;
let venueId: string;
let venueLoginId: string;
let venue: AnyClient;
const screens: Record<'a' | 'b', { deviceId: string; login: AnyClient }> = {} as never;
const madeLogins: string[] = [];
let targeted: string;
let everywhere: string;

async function signIn(email: string, password: string): Promise<AnyClient> {
  const { data, error } = await anon().auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client(ANON_KEY, data.session!.access_token);
}

/** Pairs a new kiosk to the test venue as the screen-pairing test does, and signs in as it. */
async function pairScreen(name: string): Promise<{ deviceId: string; login: AnyClient }> {
  const started = await anon().functions.invoke('screen-pairing', {
    body: { action: 'start' },
    headers: { 'X-Forwarded-For': kioskIp },
  });
  expect(started.error).toBeNull();
  const kiosk = started.data as { pairing_id: string; code: string; secret: string };
  const { error } = await admin.rpc('pair_screen', { p_code: kiosk.code, p_customer_id: venueId, p_device_name: name });
  expect(error).toBeNull();
  const polled = await anon().functions.invoke('screen-pairing', {
    body: { action: 'poll', pairing_id: kiosk.pairing_id, secret: kiosk.secret },
    headers: { 'X-Forwarded-For': kioskIp },
  });
  expect(polled.error).toBeNull();
  const paired = polled.data as Paired;
  expect(paired.status).toBe('paired');
  const { data } = await service()
    .from('equipment_status')
    .select('screen_user_id')
    .eq('id', paired.device_id)
    .single();
  madeLogins.push((data as { screen_user_id: string }).screen_user_id);
  return { deviceId: paired.device_id, login: await signIn(paired.email, paired.password) };
}

async function addCampaign(name: string, slideTitle: string): Promise<string> {
  const { data, error } = await service()
    .from('campaigns')
    .insert({ name, customer_id: venueId, status: 'active' })
    .select('id')
    .single();
  expect(error).toBeNull();
  const id = (data as { id: string }).id;
  const items = await service()
    .from('campaign_items')
    .insert({ campaign_id: id, title: slideTitle, display_order: 1, duration: 10, is_active: true });
  expect(items.error).toBeNull();
  return id;
}

async function titles(caller: AnyClient, customerId?: string): Promise<(string | null)[]> {
  const { data, error } = await caller.rpc('player_playlist', customerId ? { p_customer_id: customerId } : {});
  expect(error).toBeNull();
  const playlist = data as Playlist;
  expect(playlist.customer?.id).toBe(venueId);
  return playlist.slides.map((s) => s.title);
}

beforeAll(async () => {
  db = await connectDb();
  admin = await signIn('admin@example.com', 'demo-admin-pass');
  const email = `targeting-${uniqueSuffix()}@example.test`;
  venueLoginId = await createAuthUser(db, email);
  const { data, error } = await service()
    .from('customers')
    .insert({ name: 'Targeting Venue', username: `targeting-${uniqueSuffix()}`, email, user_id: venueLoginId })
    .select('id')
    .single();
  expect(error).toBeNull();
  venueId = (data as { id: string }).id;
  venue = await asUser(venueLoginId, email);

  screens.a = await pairScreen('Front window');
  screens.b = await pairScreen('Bar');
  targeted = await addCampaign('Front window only', 'Targeted slide');
  everywhere = await addCampaign('Every screen', 'Everywhere slide');

  const { error: targetError } = await admin
    .from('campaign_screens')
    .insert({ campaign_id: targeted, device_id: screens.a.deviceId });
  expect(targetError).toBeNull();
});

afterAll(async () => {
  if (venueId) {
    await service().from('campaigns').delete().eq('customer_id', venueId);
    await service().from('equipment_status').delete().eq('customer_id', venueId);
    await service().from('customers').delete().eq('id', venueId);
  }
  for (const id of madeLogins) await service().auth.admin.deleteUser(id);
  if (venueLoginId) await db.query('delete from auth.users where id = $1', [venueLoginId]);
  await db?.end();
});

describe('a campaign with chosen screens', () => {
  it("plays on the chosen screen only; the venue's own login and admins still read it", async () => {
    expect(await titles(screens.a.login)).toEqual(expect.arrayContaining(['Targeted slide', 'Everywhere slide']));
    const onB = await titles(screens.b.login);
    expect(onB).toContain('Everywhere slide');
    expect(onB).not.toContain('Targeted slide');
    expect(await titles(venue)).toEqual(expect.arrayContaining(['Targeted slide', 'Everywhere slide']));
    expect(await titles(admin, venueId)).toEqual(expect.arrayContaining(['Targeted slide', 'Everywhere slide']));
  });

  it('plays on every screen again once its chosen screens are removed', async () => {
    const removed = await admin.from('campaign_screens').delete().eq('campaign_id', targeted).select('device_id');
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([{ device_id: screens.a.deviceId }]);
    try {
      expect(await titles(screens.b.login)).toEqual(expect.arrayContaining(['Targeted slide', 'Everywhere slide']));
      expect(await titles(screens.a.login)).toEqual(expect.arrayContaining(['Targeted slide', 'Everywhere slide']));
    } finally {
      const back = await admin
        .from('campaign_screens')
        .insert({ campaign_id: targeted, device_id: screens.a.deviceId });
      expect(back.error).toBeNull();
    }
  });

  it("refuses a screen of another venue (23514) and leaves the campaign's screens as they were", async () => {
    const { data, error } = await admin
      .from('campaign_screens')
      .insert({ campaign_id: targeted, device_id: SEED.equipment.gym[0] })
      .select();
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '23514', message: 'A campaign can only play on screens of its own venue.' });
    const rows = await service().from('campaign_screens').select('device_id').eq('campaign_id', targeted);
    expect(rows.data).toEqual([{ device_id: screens.a.deviceId }]);
  });
});

describe('who reads and writes chosen screens', () => {
  it("the venue's login reads its campaign's rows but cannot add one (42501)", async () => {
    const { data, error } = await venue.from('campaign_screens').select('campaign_id, device_id');
    expect(error).toBeNull();
    expect(data).toEqual([{ campaign_id: targeted, device_id: screens.a.deviceId }]);

    const insert = await venue
      .from('campaign_screens')
      .insert({ campaign_id: everywhere, device_id: screens.b.deviceId })
      .select();
    expect(insert.error?.code).toBe('42501');
    const removed = await venue.from('campaign_screens').delete().eq('campaign_id', targeted).select();
    expect(removed).toMatchObject({ error: null, data: [] });
    expect(
      (await service().from('campaign_screens').select('device_id').eq('campaign_id', targeted)).data,
    ).toHaveLength(1);
  });

  it('a paired screen, another venue and an anonymous visitor read none of them', async () => {
    for (const caller of [screens.a.login, screens.b.login, await as('gym'), anon()]) {
      const { data, error } = await caller.from('campaign_screens').select('*').eq('campaign_id', targeted);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });
});

describe('a deleted device', () => {
  it('is no longer a chosen screen of any campaign', async () => {
    const { data, error } = await admin
      .from('equipment_status')
      .insert({ customer_id: venueId, device_name: 'Patio', status: 'offline' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const patio = (data as { id: string }).id;
    expect(
      (await admin.from('campaign_screens').insert({ campaign_id: everywhere, device_id: patio })).error,
    ).toBeNull();

    expect((await admin.from('equipment_status').delete().eq('id', patio)).error).toBeNull();
    const rows = await admin.from('campaign_screens').select('device_id').eq('campaign_id', everywhere);
    expect(rows).toMatchObject({ error: null, data: [] });
    // With no chosen screens left, the campaign plays on every screen of the venue.
    expect(await titles(screens.b.login)).toContain('Everywhere slide');
  });
});

describe('replacing chosen screens as the campaign form does', () => {
  it('adds the new screens (ignoring ones already chosen), then removes the others', async () => {
    const replace = async (deviceIds: string[]) => {
      const added = await admin.from('campaign_screens').upsert(
        deviceIds.map((deviceId) => ({ campaign_id: everywhere, device_id: deviceId })),
        { onConflict: 'campaign_id,device_id', ignoreDuplicates: true },
      );
      expect(added.error).toBeNull();
      const removed = await admin
        .from('campaign_screens')
        .delete()
        .eq('campaign_id', everywhere)
        .not('device_id', 'in', `(${deviceIds.join(',')})`);
      expect(removed.error).toBeNull();
      const { data } = await admin.from('campaign_screens').select('device_id').eq('campaign_id', everywhere);
      return (data as { device_id: string }[]).map((r) => r.device_id).sort();
    };
    expect(await replace([screens.b.deviceId])).toEqual([screens.b.deviceId]);
    expect(await replace([screens.a.deviceId, screens.b.deviceId])).toEqual(
      [screens.a.deviceId, screens.b.deviceId].sort(),
    );
    expect(await replace([screens.a.deviceId])).toEqual([screens.a.deviceId]);
    expect(await titles(screens.b.login)).not.toContain('Everywhere slide');

    expect((await admin.from('campaign_screens').delete().eq('campaign_id', everywhere)).error).toBeNull();
    expect(await titles(screens.b.login)).toContain('Everywhere slide');
  });
});
