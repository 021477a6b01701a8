// What the network campaign form, list and slide builder send and read, through PostgREST as
// the app's client does: the targets pickers' reads (screen groups with their members, every
// screen at a venue from equipment_status_live), save_campaign() of a network campaign with
// its targets, the saved targets with their names, check_campaign_booking()'s answers, a
// refused booking as the client sees it (HTTP 409, PT409, the moment in its details as JSON),
// the slide builder's overbooking refusal, and pacing and delivery. The booking rules
// themselves are the database's own tests; this file pins the wire shapes the UI relies on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

let admin: AnyClient;
const suffix = uniqueSuffix();
let venueId: string;
let groupId: string;
const screens: string[] = [];
const campaigns: string[] = [];

/** A loop of 60 s: two 20 s spots fit, three do not. */
const LOOP = 60;

beforeAll(async () => {
  admin = await as('admin');
  const svc = service();
  const venue = await svc
    .from('customers')
    .insert({
      name: `Network form venue ${suffix}`,
      username: `netform${suffix}`,
      email: `netform${suffix}@example.com`,
    })
    .select('id')
    .single();
  expect(venue.error).toBeNull();
  venueId = venue.data!.id;
  for (const name of ['Window', 'Counter']) {
    const screen = await svc
      .from('equipment_status')
      .insert({ device_name: `${name} ${suffix}`, customer_id: venueId, loop_seconds: LOOP })
      .select('id')
      .single();
    expect(screen.error).toBeNull();
    screens.push(screen.data!.id);
  }
  const group = await admin
    .from('screen_groups')
    .insert({ name: `Form group ${suffix}` })
    .select('id')
    .single();
  expect(group.error).toBeNull();
  groupId = group.data!.id;
  const members = await admin.from('screen_group_members').insert([{ group_id: groupId, device_id: screens[1]! }]);
  expect(members.error).toBeNull();
});

afterAll(async () => {
  const svc = service();
  if (campaigns.length) await svc.from('campaigns').delete().in('id', campaigns);
  if (groupId) await svc.from('screen_groups').delete().eq('id', groupId);
  if (venueId) await svc.from('customers').delete().eq('id', venueId);
});

const ADVERTISER = SEED.advertisers[0]!;

/** The form's save of a network campaign on the test venue's screens (none of the seeded ones). */
function save(patch: Record<string, unknown> = {}) {
  return admin.rpc('save_campaign', {
    p_name: `Form booking ${suffix}`,
    p_customer_id: null,
    p_advertiser_id: ADVERTISER,
    p_status: 'active',
    p_plays_on: 'targets',
    p_targets: [{ customer_id: venueId }],
    p_spots_per_loop: 1,
    p_priority: 1,
    p_windows: [],
    ...patch,
  });
}

describe('the network campaign form against the database', () => {
  it('reads the groups with their members and every screen at a venue, as the targets pickers do', async () => {
    const groups = await admin
      .from('screen_groups')
      .select('id, name, colour, screen_group_members(device_id)')
      .eq('id', groupId)
      .throwOnError();
    expect(groups.data).toEqual([
      { id: groupId, name: `Form group ${suffix}`, colour: null, screen_group_members: [{ device_id: screens[1] }] },
    ]);
    const live = await admin
      .from('equipment_status_live')
      .select('id, device_name, location, customer_id, customer_name, live_status')
      .not('customer_id', 'is', null)
      .eq('customer_id', venueId)
      .order('device_name')
      .throwOnError();
    expect(live.data.map((s) => [s.device_name, s.customer_name])).toEqual([
      [`Counter ${suffix}`, `Network form venue ${suffix}`],
      [`Window ${suffix}`, `Network form venue ${suffix}`],
    ]);
  });

  it('saves a network campaign with its targets in one call, and reads them back with their names', async () => {
    const { data: id, error } = await save({
      p_targets: [{ group_id: groupId }, { device_id: screens[0] }],
      p_spots_per_loop: 2,
    });
    expect(error).toBeNull();
    campaigns.push(id!);
    const detail = await admin
      .from('campaigns')
      .select('id, customer_id, advertiser_id, spots_per_loop, plays_on, advertisers(business_name, advertiser_name)')
      .eq('id', id!)
      .single()
      .throwOnError();
    expect(detail.data).toMatchObject({
      customer_id: null,
      advertiser_id: ADVERTISER,
      spots_per_loop: 2,
      plays_on: 'targets',
      advertisers: { business_name: expect.any(String) },
    });
    const targets = await admin
      .from('campaign_targets')
      .select('customer_id, group_id, device_id, customers(name), screen_groups(name), equipment_status(device_name)')
      .eq('campaign_id', id!)
      .throwOnError();
    expect(targets.data).toHaveLength(2);
    expect(targets.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          group_id: groupId,
          screen_groups: { name: `Form group ${suffix}` },
          customers: null,
        }),
        expect.objectContaining({ device_id: screens[0], equipment_status: { device_name: `Window ${suffix}` } }),
      ]),
    );
    await admin.from('campaigns').delete().eq('id', id!).throwOnError();
  });

  it('answers the live check with fits, or the first overbooked moment, saving nothing', async () => {
    const check = (spots: number) =>
      admin.rpc('check_campaign_booking', {
        p_name: '',
        p_status: 'active',
        p_advertiser_id: ADVERTISER,
        p_spots_per_loop: spots,
        p_plays_on: 'targets',
        p_targets: [{ customer_id: venueId }],
        p_windows: [],
        p_slide_seconds: 20,
      });
    const fits = await check(3);
    expect(fits.error).toBeNull();
    expect(fits.data).toEqual({ fits: true });
    const over = await check(4);
    expect(over.error).toBeNull();
    expect(over.data).toMatchObject({
      fits: false,
      message: expect.stringMatching(/would be overbooked on .* from \d\d:\d\d: 80 s of its 60 s loop booked\.$/),
      booked_seconds: 80,
      loop_seconds: LOOP,
      time: expect.stringMatching(/^\d\d:\d\d$/),
      day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect(screens).toContain((over.data as { device_id: string }).device_id);
    const left = await admin.from('campaigns').select('id').eq('name', 'Booking check').throwOnError();
    expect(left.data).toEqual([]);
  });

  it('refuses a save or a slide that overbooks with 409 PT409 and the moment as JSON details', async () => {
    const { data: id, error } = await save({ p_spots_per_loop: 2 });
    expect(error).toBeNull();
    campaigns.push(id!);
    // Two spots of 25 s fit a 60 s loop.
    const slides = await admin.rpc('save_campaign_slides', {
      p_campaign_id: id!,
      p_slides: [{ id: 'temp-1', title: 'Spot', duration: 25, display_order: 1 }],
    });
    expect(slides.error).toBeNull();

    // Three do not: the form's save is refused, nothing changes.
    const refused = await save({ p_id: id, p_spots_per_loop: 3 });
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'PT409', message: expect.stringContaining('75 s of its 60 s loop') });
    expect(JSON.parse(refused.error!.details)).toMatchObject({ booked_seconds: 75, loop_seconds: LOOP });
    const kept = await admin.from('campaigns').select('spots_per_loop').eq('id', id!).single().throwOnError();
    expect(kept.data.spots_per_loop).toBe(2);

    // A longer slide is refused the same way in the slide builder.
    const longer = await admin.rpc('save_campaign_slides', {
      p_campaign_id: id!,
      p_slides: [{ id: 'temp-2', title: 'Long spot', duration: 40, display_order: 1 }],
    });
    expect(longer.status).toBe(409);
    expect(longer.error?.code).toBe('PT409');
    expect(JSON.parse(longer.error!.details)).toMatchObject({ booked_seconds: 80, loop_seconds: LOOP });
  });

  it('gives pacing and delivery as numbers per campaign and per day', async () => {
    const id = campaigns.at(-1)!;
    const pacing = await admin.rpc('network_campaign_pacing').throwOnError();
    const rows = pacing.data as { campaign_id: string; expected_plays: unknown; recorded_plays: unknown }[];
    const row = rows.find((r) => r.campaign_id === id);
    expect(row).toBeDefined();
    expect(typeof row!.expected_plays).toBe('number');
    expect(typeof row!.recorded_plays).toBe('number');
    const today = new Date().toISOString().slice(0, 10);
    const delivery = await admin
      .rpc('campaign_delivery', { p_campaign_id: id, p_from: today, p_to: today })
      .throwOnError();
    for (const day of delivery.data as unknown[]) {
      expect(day).toEqual({
        day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        screens: expect.any(Number),
        expected_plays: expect.any(Number),
        recorded_plays: expect.any(Number),
      });
    }
  });
});
