// player_heartbeat: a venue's kiosk marks the device it chose online and says what it plays;
// add_my_screen: a venue names a new screen of its own; merge_devices: admins fold a ghost
// device into the one it really was. No heartbeat ever creates a device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

interface Device {
  id: string;
  customer_id: string | null;
  device_name: string;
  status: string;
  is_active: boolean;
  last_heartbeat: string | null;
  last_content_update: string | null;
  current_campaign_id: string | null;
  current_slide_id: string | null;
  content_version: string | null;
  app_version: string | null;
  resolution: string | null;
  diagnostics: string | null;
}

const created: string[] = [];
let ownDevice: string;

async function device(id: string): Promise<Device> {
  const { data, error } = await service().from('equipment_status').select('*').eq('id', id).single();
  expect(error).toBeNull();
  return data as Device;
}

beforeAll(async () => {
  // A device of the cafe that only this file touches, idle with an old heartbeat.
  const { data, error } = await service()
    .from('equipment_status')
    .insert({
      customer_id: SEED.customers.cafe,
      device_name: `Heartbeat test ${uniqueSuffix()}`,
      status: 'idle',
      is_active: false,
      last_heartbeat: '2026-01-01T00:00:00Z',
      last_content_update: '2026-01-01T00:00:00Z',
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  ownDevice = (data as { id: string }).id;
  created.push(ownDevice);
});

afterAll(async () => {
  await service().from('equipment_status').delete().in('id', created);
});

describe('player_heartbeat', () => {
  it('marks the caller’s own device online with a fresh heartbeat and the campaign it plays', async () => {
    const cafe = await as('cafe');
    const before = Date.now();
    const { data, error } = await cafe.rpc('player_heartbeat', {
      p_device_id: ownDevice,
      p_campaign_id: SEED.campaigns.cafeActive,
      p_content_version: 'v1',
    });
    expect(error).toBeNull();
    expect(data).toBe(ownDevice);

    const row = await device(ownDevice);
    expect(row.status).toBe('online');
    expect(row.is_active).toBe(true);
    expect(row.current_campaign_id).toBe(SEED.campaigns.cafeActive);
    expect(new Date(row.last_heartbeat!).getTime()).toBeGreaterThan(before - 5000);
    const contentUpdate = row.last_content_update!;
    expect(new Date(contentUpdate).getTime()).toBeGreaterThan(before - 5000);

    // The same playlist again: a new heartbeat, but the content did not change.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await cafe.rpc('player_heartbeat', {
      p_device_id: ownDevice,
      p_campaign_id: SEED.campaigns.cafeActive,
      p_content_version: 'v1',
    });
    expect(again.error).toBeNull();
    const after = await device(ownDevice);
    expect(after.last_content_update).toBe(contentUpdate);
    expect(new Date(after.last_heartbeat!).getTime()).toBeGreaterThanOrEqual(new Date(row.last_heartbeat!).getTime());

    // A new playlist version moves last_content_update on.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cafe.rpc('player_heartbeat', {
      p_device_id: ownDevice,
      p_campaign_id: SEED.campaigns.cafeActive,
      p_content_version: 'v2',
    });
    const changed = await device(ownDevice);
    expect(changed.content_version).toBe('v2');
    expect(new Date(changed.last_content_update!).getTime()).toBeGreaterThan(new Date(contentUpdate).getTime());
  });

  it('refuses another customer’s device and changes nothing', async () => {
    const before = await device(SEED.equipment.gym[0]);
    const cafe = await as('cafe');
    const { data, error, status } = await cafe.rpc('player_heartbeat', { p_device_id: SEED.equipment.gym[0] });
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    expect(status).toBe(403);
    const after = await device(SEED.equipment.gym[0]);
    expect(after).toEqual(before);
  });

  it('refuses a campaign of another customer', async () => {
    const cafe = await as('cafe');
    const { error } = await cafe.rpc('player_heartbeat', {
      p_device_id: ownDevice,
      p_campaign_id: SEED.campaigns.gymCompleted,
    });
    expect(error?.code).toBe('42501');
  });

  it('is refused to anonymous callers and to admins (who have no customer)', async () => {
    const anon = await as('anon');
    const refused = await anon.rpc('player_heartbeat', { p_device_id: ownDevice });
    expect(refused.data).toBeNull();
    expect(refused.error?.code).toBe('42501');
    expect(refused.status).toBe(401);

    const admin = await as('admin');
    const adminCall = await admin.rpc('player_heartbeat', { p_device_id: ownDevice });
    expect(adminCall.error?.code).toBe('42501');
    expect(adminCall.status).toBe(403);
  });

  it('stores the slide on screen, the app version, the resolution and the diagnostics, and the Equipment read names them', async () => {
    const { data: slides } = await service()
      .from('campaign_items')
      .select('id, title')
      .eq('campaign_id', SEED.campaigns.cafeActive)
      .limit(1);
    const slide = (slides as { id: string; title: string }[])[0]!;
    const cafe = await as('cafe');
    const { error } = await cafe.rpc('player_heartbeat', {
      p_device_id: ownDevice,
      p_campaign_id: SEED.campaigns.cafeActive,
      p_slide_id: slide.id,
      p_content_version: 'v3',
      p_app_version: '0.1.0 (2026-11-24)',
      p_resolution: '1920x1080',
      p_diagnostics: `weather: ${'x'.repeat(600)}`,
    });
    expect(error).toBeNull();
    const row = await device(ownDevice);
    expect(row).toMatchObject({
      current_slide_id: slide.id,
      app_version: '0.1.0 (2026-11-24)',
      resolution: '1920x1080',
    });
    // A long report is cut, never refused.
    expect(row.diagnostics).toHaveLength(500);

    const admin = await as('admin');
    const { data: live } = await admin
      .from('equipment_status_live')
      .select('current_campaign_name, current_slide_title, app_version, resolution')
      .eq('id', ownDevice)
      .single();
    const { data: campaign } = await service()
      .from('campaigns')
      .select('name')
      .eq('id', SEED.campaigns.cafeActive)
      .single();
    expect(live).toEqual({
      current_campaign_name: (campaign as { name: string }).name,
      current_slide_title: slide.title,
      app_version: '0.1.0 (2026-11-24)',
      resolution: '1920x1080',
    });

    // A slide of another campaign than the one reported is refused.
    const gymSlide = await cafe.rpc('player_heartbeat', {
      p_device_id: ownDevice,
      p_campaign_id: SEED.campaigns.cafeActive,
      p_slide_id: SEED.slides.gym[0],
    });
    expect(gymSlide.error?.code).toBe('42501');
  });

  it('never creates a device: without a device id it is refused (22023), and a name is no parameter', async () => {
    const cafe = await as('cafe');
    const { count: before } = await service().from('equipment_status').select('id', { count: 'exact', head: true });
    const noId = await cafe.rpc('player_heartbeat', { p_campaign_id: SEED.campaigns.cafeActive });
    expect(noId.error).toMatchObject({
      code: '22023',
      message: 'A device id is required: choose which screen this is.',
    });
    expect(noId.status).toBe(400);
    const byName = await cafe.rpc('player_heartbeat', { p_device_name: 'Screen 1a2b3c4d' } as never);
    expect(byName.error?.code).toBe('PGRST202');
    const { count: after } = await service().from('equipment_status').select('id', { count: 'exact', head: true });
    expect(after).toBe(before);
  });

  it('gives customers no direct write access to equipment', async () => {
    const cafe = await as('cafe');
    const { data } = await cafe.from('equipment_status').update({ status: 'error' }).eq('id', ownDevice).select('id');
    expect(data).toEqual([]);
    expect((await device(ownDevice)).status).toBe('online');
  });
});

describe('add_my_screen', () => {
  it("adds a named screen of the venue at the venue's location, which the venue's kiosk then reports for", async () => {
    const cafe = await as('cafe');
    const name = `Patio ${uniqueSuffix()}`;
    const { data, error } = await cafe.rpc('add_my_screen', {
      p_device_name: `  ${name}  `,
      p_orientation: 'portrait',
    });
    expect(error).toBeNull();
    const id = data as string;
    created.push(id);
    const { data: venue } = await service().from('customers').select('location').eq('id', SEED.customers.cafe).single();
    expect(await device(id)).toMatchObject({
      customer_id: SEED.customers.cafe,
      device_name: name,
      status: 'offline',
      last_heartbeat: null,
    });
    const { data: row } = await service()
      .from('equipment_status')
      .select('location, orientation')
      .eq('id', id)
      .single();
    expect(row).toEqual({ location: (venue as { location: string | null }).location, orientation: 'portrait' });
    expect((await cafe.rpc('player_heartbeat', { p_device_id: id })).error).toBeNull();
  });

  it('refuses a name the venue already uses (any case), a blank or too long name, and callers without a venue', async () => {
    const cafe = await as('cafe');
    const name = `Bar ${uniqueSuffix()}`;
    const first = await cafe.rpc('add_my_screen', { p_device_name: name });
    expect(first.error).toBeNull();
    created.push(first.data as string);
    const again = await cafe.rpc('add_my_screen', { p_device_name: name.toUpperCase() });
    expect(again.error).toMatchObject({
      code: '23505',
      message: `You already have a screen named "${name.toUpperCase()}". Choose it from the list instead.`,
    });
    expect((await cafe.rpc('add_my_screen', { p_device_name: '   ' })).error?.code).toBe('23514');
    expect((await cafe.rpc('add_my_screen', { p_device_name: 'x'.repeat(101) })).error?.code).toBe('23514');
    expect(
      (await cafe.rpc('add_my_screen', { p_device_name: 'Sideways', p_orientation: 'diagonal' })).error?.code,
    ).toBe('23514');
    for (const persona of ['admin', 'anon', 'unlinked'] as const) {
      const { error } = await (await as(persona)).rpc('add_my_screen', { p_device_name: `Nope ${uniqueSuffix()}` });
      expect(error?.code).toBe('42501');
    }
  });
});

describe('merge_devices', () => {
  async function addDevice(customerId: string, name: string, heartbeat: string | null): Promise<string> {
    const { data, error } = await service()
      .from('equipment_status')
      .insert({ customer_id: customerId, device_name: name, status: 'online', last_heartbeat: heartbeat })
      .select('id')
      .single();
    expect(error).toBeNull();
    created.push((data as { id: string }).id);
    return (data as { id: string }).id;
  }

  it("folds a ghost into the venue's real device: its chosen campaigns move, the real device keeps its own report, the ghost is gone", async () => {
    const real = await addDevice(SEED.customers.cafe, `Front window ${uniqueSuffix()}`, '2026-11-01T00:00:00Z');
    const ghost = await addDevice(SEED.customers.cafe, `Screen ${uniqueSuffix()}`, '2026-11-20T08:00:00Z');
    const { data: campaign } = await service()
      .from('campaigns')
      .insert({ name: `Ghost's campaign ${uniqueSuffix()}`, customer_id: SEED.customers.cafe, plays_on: 'chosen' })
      .select('id')
      .single();
    const campaignId = (campaign as { id: string }).id;
    try {
      expect(
        (await service().from('campaign_screens').insert({ campaign_id: campaignId, device_id: ghost })).error,
      ).toBeNull();

      const cafe = await as('cafe');
      expect((await cafe.rpc('merge_devices', { p_from: ghost, p_into: real })).error?.code).toBe('42501');

      const admin = await as('admin');
      const { error } = await admin.rpc('merge_devices', { p_from: ghost, p_into: real });
      expect(error).toBeNull();
      const { data: gone } = await service().from('equipment_status').select('id').eq('id', ghost);
      expect(gone).toEqual([]);
      // The ghost's newer report is not the real device's (screen-status.test.ts).
      expect(new Date((await device(real)).last_heartbeat!).toISOString()).toBe('2026-11-01T00:00:00.000Z');
      const { data: chosen } = await service()
        .from('campaign_screens')
        .select('device_id')
        .eq('campaign_id', campaignId);
      expect(chosen).toEqual([{ device_id: real }]);

      // A kiosk that still names the ghost reports for the device it became, and learns its id.
      const beat = await cafe.rpc('player_heartbeat', { p_device_id: ghost });
      expect(beat).toMatchObject({ error: null, data: real });
      expect((await device(real)).status).toBe('online');
      // Merged once more, the ghost's id follows along.
      const third = await addDevice(SEED.customers.cafe, `Bar ${uniqueSuffix()}`, null);
      expect((await admin.rpc('merge_devices', { p_from: real, p_into: third })).error).toBeNull();
      expect((await cafe.rpc('player_heartbeat', { p_device_id: ghost })).data).toBe(third);
      // Nobody reads where devices went directly.
      expect((await cafe.from('merged_devices').select('*')).data).toEqual([]);
    } finally {
      await service().from('campaigns').delete().eq('id', campaignId);
    }
  });

  it('refuses devices of different venues, a device into itself, and unknown ids', async () => {
    const admin = await as('admin');
    const cafeDevice = await addDevice(SEED.customers.cafe, `Cafe ${uniqueSuffix()}`, null);
    const gymDevice = await addDevice(SEED.customers.gym, `Gym ${uniqueSuffix()}`, null);
    expect((await admin.rpc('merge_devices', { p_from: cafeDevice, p_into: gymDevice })).error).toMatchObject({
      code: '23514',
      message: 'Only devices of the same venue can be merged.',
    });
    expect((await admin.rpc('merge_devices', { p_from: cafeDevice, p_into: cafeDevice })).error?.code).toBe('22023');
    expect(
      (await admin.rpc('merge_devices', { p_from: '00000000-0000-4000-8000-000000000000', p_into: cafeDevice })).error
        ?.code,
    ).toBe('P0002');
    const { data } = await service().from('equipment_status').select('id').in('id', [cafeDevice, gymDevice]);
    expect(data).toHaveLength(2);
  });
});
