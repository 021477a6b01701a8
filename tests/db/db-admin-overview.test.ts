// The database side of the admin overview and equipment screens: the live status of
// devices (offline after 3 minutes without a heartbeat), their counts, and the sum of
// active customers' monthly fees, read through supabase-js as each person would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const suffix = Date.now();

const DEVICES = [
  { device_name: `LIVE-FRESH-${suffix}`, status: 'online', last_heartbeat: ago(1) },
  { device_name: `LIVE-SILENT-${suffix}`, status: 'online', last_heartbeat: ago(5) },
  { device_name: `LIVE-ERROR-SILENT-${suffix}`, status: 'error', last_heartbeat: ago(4) },
  { device_name: `LIVE-IDLE-${suffix}`, status: 'idle', last_heartbeat: ago(2) },
  { device_name: `LIVE-NEVER-${suffix}`, status: 'error', last_heartbeat: null },
];
let ids: string[] = [];

beforeAll(async () => {
  const { data, error } = await service()
    .from('equipment_status')
    .insert(DEVICES.map((d) => ({ ...d, location: 'Test bench' })))
    .select('id, device_name');
  if (error) throw error;
  ids = DEVICES.map((d) => data.find((r) => r.device_name === d.device_name)!.id);
});

afterAll(async () => {
  await service().from('equipment_status').delete().in('id', ids);
});

describe('equipment_status_live', () => {
  it('shows a device silent for more than 3 minutes as offline, whatever it reported', async () => {
    const admin = await as('admin');
    const { data, error } = await admin
      .from('equipment_status_live')
      .select('device_name, status, live_status, heartbeat_stale')
      .in('id', ids);
    expect(error).toBeNull();
    const byName = new Map(data!.map((r) => [r.device_name, r]));
    expect(byName.get(`LIVE-FRESH-${suffix}`)).toMatchObject({ status: 'online', live_status: 'online', heartbeat_stale: false });
    expect(byName.get(`LIVE-SILENT-${suffix}`)).toMatchObject({ status: 'online', live_status: 'offline', heartbeat_stale: true });
    expect(byName.get(`LIVE-ERROR-SILENT-${suffix}`)).toMatchObject({ status: 'error', live_status: 'offline', heartbeat_stale: true });
    expect(byName.get(`LIVE-IDLE-${suffix}`)).toMatchObject({ live_status: 'idle', heartbeat_stale: false });
    // Never sent one: its stored status stands.
    expect(byName.get(`LIVE-NEVER-${suffix}`)).toMatchObject({ live_status: 'error', heartbeat_stale: false });
  });

  it('filters on the live status and carries the customer’s name, location and phone', async () => {
    const admin = await as('admin');
    const { data: offline } = await admin.from('equipment_status_live').select('id').eq('live_status', 'offline').in('id', ids);
    expect(offline!.map((r) => r.id).sort()).toEqual([ids[1], ids[2]].sort());

    const { data: cafe } = await admin
      .from('equipment_status_live')
      .select('device_name, customer_name, customer_location, customer_contact_phone')
      .eq('id', SEED.equipment.cafe[0])
      .single();
    expect(cafe).toEqual({
      device_name: 'CAFE-COUNTER-01',
      customer_name: 'Corner Cafe',
      customer_location: '12 Bleecker St, New York, NY',
      customer_contact_phone: '+1 212 555 0142',
    });
  });

  it('keeps row level security: a customer sees only their own devices, a visitor none', async () => {
    const cafe = await as('cafe');
    const { data } = await cafe.from('equipment_status_live').select('id');
    expect(data!.map((r) => r.id).sort()).toEqual([...SEED.equipment.cafe].sort());
    const visitor = await as('anon');
    const { data: none, error } = await visitor.from('equipment_status_live').select('id');
    expect(error?.code ?? 'no rows').toMatch(/42501|no rows/);
    expect(none ?? []).toEqual([]);
  });
});

describe('equipment_live_counts', () => {
  it('counts the devices by live status, in step with the view', async () => {
    const admin = await as('admin');
    const { data: counts, error } = await admin.rpc('equipment_live_counts').single();
    expect(error).toBeNull();
    const { data: rows } = await admin.from('equipment_status_live').select('live_status');
    const expected = { online: 0, idle: 0, offline: 0, error: 0 } as Record<string, number>;
    for (const r of rows!) expected[r.live_status as string] = (expected[r.live_status as string] ?? 0) + 1;
    expect(counts).toEqual(expected);
    expect((counts as { offline: number }).offline).toBeGreaterThanOrEqual(2);
  });

  it('is not open to visitors', async () => {
    const { error } = await (await as('anon')).rpc('equipment_live_counts');
    expect(error?.code).toBe('42501');
  });
});

describe('active_monthly_revenue', () => {
  it('sums the monthly fees of active customers for admins', async () => {
    const admin = await as('admin');
    const { data, error } = await admin.rpc('active_monthly_revenue').single();
    expect(error).toBeNull();
    const { data: active } = await service().from('customers').select('monthly_fee').eq('status', 'active');
    const sum = active!.reduce((s, r) => s + Number(r.monthly_fee ?? 0), 0);
    expect(Number((data as { total: number }).total)).toBeCloseTo(sum, 2);
    expect(Number((data as { customers: number }).customers)).toBe(active!.length);
  });

  it('gives a customer only what they may see (their own row)', async () => {
    const { data } = await (await as('cafe')).rpc('active_monthly_revenue').single();
    expect(data).toEqual({ total: 149, customers: 1 });
  });
});
