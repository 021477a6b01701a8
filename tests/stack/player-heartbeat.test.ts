// player_heartbeat: a customer's player marks its own device online, over rpc.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from './helpers.ts';
import { SEED, as, uniqueSuffix } from './db-seed.ts';

interface Device {
  id: string;
  customer_id: string | null;
  device_name: string;
  status: string;
  is_active: boolean;
  last_heartbeat: string | null;
  last_content_update: string | null;
  current_campaign_id: string | null;
  content_version: string | null;
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
    const adminCall = await admin.rpc('player_heartbeat', { p_device_name: 'Admin screen' });
    expect(adminCall.error?.code).toBe('42501');
    expect(adminCall.status).toBe(403);
  });

  it('creates the customer’s device by name when none exists, then reuses it', async () => {
    const name = `Screen ${uniqueSuffix()}`;
    const cafe = await as('cafe');
    const first = await cafe.rpc('player_heartbeat', { p_device_name: name, p_campaign_id: SEED.campaigns.cafeActive });
    expect(first.error).toBeNull();
    const id = first.data as string;
    created.push(id);

    const row = await device(id);
    expect(row).toMatchObject({
      customer_id: SEED.customers.cafe,
      device_name: name,
      status: 'online',
      is_active: true,
      current_campaign_id: SEED.campaigns.cafeActive,
    });

    const second = await cafe.rpc('player_heartbeat', { p_device_name: name });
    expect(second.data).toBe(id);
    const { data: same } = await service().from('equipment_status').select('id').eq('device_name', name);
    expect(same).toHaveLength(1);

    // The customer sees the device through its own read policy.
    const { data: visible } = await cafe.from('equipment_status').select('id, status').eq('id', id);
    expect(visible).toEqual([{ id, status: 'online' }]);
  });

  it('asks for a device id or a name', async () => {
    const cafe = await as('cafe');
    const { error, status } = await cafe.rpc('player_heartbeat', {});
    expect(error?.code).toBe('22023');
    expect(status).toBe(400);
  });

  it('gives customers no direct write access to equipment', async () => {
    const cafe = await as('cafe');
    const { data } = await cafe.from('equipment_status').update({ status: 'error' }).eq('id', ownDevice).select('id');
    expect(data).toEqual([]);
    expect((await device(ownDevice)).status).toBe('online');
  });
});
