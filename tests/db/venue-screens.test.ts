// A venue sees its own screens, reports a problem, and a wall with nothing on air plays a
// fallback image (supabase/migrations/20261130600000_venue_screens_and_fallback.sql):
//  * venue_screens() gives a venue its own screens only (status as Equipment computes it, what
//    each reported playing), nobody else anything;
//  * report_screen_problem() raises a venue_report alert the admin reads, for the venue's own
//    screen or in general; another venue's screen, anonymous callers, empty or overlong text and
//    an 11th report within an hour are refused;
//  * player_playlist() names the venue's fallback image, else the network's, and the venue and
//    its paired screen may sign it (nobody else's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, service } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

const CAFE = SEED.customers.cafe;
const GYM = SEED.customers.gym;
const [CAFE_1, CAFE_2] = SEED.equipment.cafe;
const [GYM_1] = SEED.equipment.gym;
const VENUE_IMAGE = SEED.images.pastries;

interface VenueScreenRow {
  id: string;
  live_status: string;
  last_heartbeat: string | null;
  current_campaign_name: string | null;
  current_slide_title: string | null;
}

let cafe: AnyClient;
let gym: AnyClient;
let admin: AnyClient;
let screen: AnyClient;
let networkFallback: string | null;

async function venueReports(customerId: string) {
  const { data, error } = await service()
    .from('system_alerts')
    .select('id, customer_id, device_id, alert_type, severity, message, resolved, email_state')
    .eq('alert_type', 'venue_report')
    .eq('customer_id', customerId)
    .order('created_at');
  expect(error).toBeNull();
  return data!;
}

async function clearReports() {
  const { error } = await service().from('system_alerts').delete().eq('alert_type', 'venue_report');
  expect(error).toBeNull();
}

beforeAll(async () => {
  [cafe, gym, admin, screen] = await Promise.all([as('cafe'), as('gym'), as('admin'), as('screen')]);
  const { data } = await service().from('network_settings').select('fallback_image_path').single();
  networkFallback = data!.fallback_image_path as string | null;
  await clearReports();
});

afterAll(async () => {
  await clearReports();
  await service().from('customers').update({ fallback_image_path: null }).eq('id', CAFE);
  await service().from('network_settings').update({ fallback_image_path: networkFallback }).eq('id', true);
});

describe('venue_screens()', () => {
  it('gives a venue its own screens, with their status and what they play, and nobody else any', async () => {
    const { data: own, error } = (await cafe.rpc('venue_screens')) as { data: VenueScreenRow[] | null; error: unknown };
    expect(error).toBeNull();
    expect(own!.map((s) => s.id).sort()).toEqual([CAFE_1, CAFE_2].sort());
    const { data: truth } = await service()
      .from('equipment_status_live')
      .select('id, live_status, last_heartbeat, current_campaign_name, current_slide_title')
      .in('id', [CAFE_1!, CAFE_2!]);
    for (const row of truth as VenueScreenRow[]) {
      const mine = own!.find((s) => s.id === row.id)!;
      expect(mine).toMatchObject({
        live_status: row.live_status,
        current_campaign_name: row.current_campaign_name,
        current_slide_title: row.current_slide_title,
      });
      expect(mine.last_heartbeat && Date.parse(mine.last_heartbeat)).toBe(
        row.last_heartbeat && Date.parse(row.last_heartbeat),
      );
    }
    // Only what the home page shows: nothing of the device's login or diagnostics.
    expect(Object.keys(own![0]!).sort()).toEqual(
      [
        'current_campaign_name',
        'current_slide_title',
        'device_name',
        'id',
        'last_heartbeat',
        'live_status',
        'location',
        'orientation',
        'revoked',
      ].sort(),
    );

    const gyms = ((await gym.rpc('venue_screens')).data as VenueScreenRow[]).map((s) => s.id);
    expect(gyms).not.toContain(CAFE_1);
    expect(gyms).toContain(GYM_1);

    expect((await admin.rpc('venue_screens')).data).toEqual([]);
    expect((await (await as('anon')).rpc('venue_screens')).error).not.toBeNull();
  });
});

describe('report_screen_problem()', () => {
  it('raises a venue_report alert the admin reads, about one of the venue’s screens or in general', async () => {
    const { data: id, error } = await cafe.rpc('report_screen_problem', {
      p_device_id: CAFE_1!,
      p_message: '  Blank screen: nothing since this morning  ',
    });
    expect(error).toBeNull();
    const general = await cafe.rpc('report_screen_problem', { p_device_id: null, p_message: 'Sound is too loud' });
    expect(general.error).toBeNull();

    const { data: device } = await service().from('equipment_status').select('device_name').eq('id', CAFE_1!).single();
    const { data: seen, error: readError } = await admin
      .from('system_alerts')
      .select('id, device_id, alert_type, severity, message, resolved')
      .eq('alert_type', 'venue_report')
      .order('created_at');
    expect(readError).toBeNull();
    expect(seen).toEqual([
      {
        id,
        device_id: CAFE_1,
        alert_type: 'venue_report',
        severity: 'medium',
        message: `Corner Cafe reports a problem with ${device!.device_name}: Blank screen: nothing since this morning`,
        resolved: false,
      },
      {
        id: general.data,
        device_id: null,
        alert_type: 'venue_report',
        severity: 'medium',
        message: 'Corner Cafe reports a problem: Sound is too loud',
        resolved: false,
      },
    ]);
    // The venue itself reads no alerts.
    expect((await cafe.from('system_alerts').select('id')).data).toEqual([]);
  });

  it('refuses another venue’s screen, anonymous callers and text that is empty or over 500 characters', async () => {
    const before = (await venueReports(CAFE)).length;
    const foreign = await cafe.rpc('report_screen_problem', { p_device_id: GYM_1!, p_message: 'Not mine' });
    expect(foreign.error).toMatchObject({ code: '42501', message: 'This screen is not one of yours.' });

    const anonymous = await (await as('anon')).rpc('report_screen_problem', { p_device_id: null, p_message: 'Hi' });
    expect(anonymous.error).not.toBeNull();

    const byAdmin = await admin.rpc('report_screen_problem', { p_device_id: null, p_message: 'Hi' });
    expect(byAdmin.error).toMatchObject({ code: '42501' });

    const empty = await cafe.rpc('report_screen_problem', { p_device_id: null, p_message: '   ' });
    expect(empty.error).toMatchObject({ code: '22023' });
    const long = await cafe.rpc('report_screen_problem', { p_device_id: null, p_message: 'x'.repeat(501) });
    expect(long.error).toMatchObject({ code: '22023' });

    expect((await venueReports(CAFE)).length).toBe(before);
    expect(await venueReports(GYM)).toEqual([]);
  });

  it('takes at most 10 reports an hour from a venue, with a clear message, and counts each venue apart', async () => {
    await clearReports();
    const earlier = Array.from({ length: 9 }, () => ({
      customer_id: CAFE,
      alert_type: 'venue_report',
      message: 'Earlier report',
      created_at: new Date(Date.now() - 30 * 60_000).toISOString(),
    }));
    // An older one does not count.
    earlier.push({ ...earlier[0]!, created_at: new Date(Date.now() - 61 * 60_000).toISOString() });
    expect((await service().from('system_alerts').insert(earlier)).error).toBeNull();

    expect((await cafe.rpc('report_screen_problem', { p_device_id: null, p_message: 'Tenth' })).error).toBeNull();
    const eleventh = await cafe.rpc('report_screen_problem', { p_device_id: null, p_message: 'Eleventh' });
    expect(eleventh.error).toMatchObject({
      message: 'You have reported 10 problems in the last hour. Please try again later, or call us if it is urgent.',
    });
    expect(eleventh.status).toBe(429);
    expect((await gym.rpc('report_screen_problem', { p_device_id: null, p_message: 'Ours' })).error).toBeNull();
  });
});

describe('player_playlist() fallback', () => {
  it('names the venue’s fallback image, else the network’s, else none, and changes the version with it', async () => {
    await service().from('network_settings').update({ fallback_image_path: SEED.images.latte }).eq('id', true);
    const network = (await cafe.rpc('player_playlist')).data!;
    expect(network.fallback).toEqual({ image_path: SEED.images.latte, source: 'network' });

    await service().from('customers').update({ fallback_image_path: VENUE_IMAGE }).eq('id', CAFE);
    const venue = (await cafe.rpc('player_playlist')).data!;
    expect(venue.fallback).toEqual({ image_path: VENUE_IMAGE, source: 'venue' });
    expect(venue.version).not.toBe(network.version);
    // The paired screen plays its venue's; the other venue still the network's.
    expect((await screen.rpc('player_playlist')).data!.fallback).toEqual({ image_path: VENUE_IMAGE, source: 'venue' });
    expect((await gym.rpc('player_playlist')).data!.fallback).toEqual({
      image_path: SEED.images.latte,
      source: 'network',
    });

    await service().from('network_settings').update({ fallback_image_path: null }).eq('id', true);
    expect((await gym.rpc('player_playlist')).data!.fallback).toBeNull();
  });

  it('lets a venue and its screen sign the fallback image they play, and not another venue', async () => {
    const image = 'network-fallback.png';
    await service().from('customers').update({ fallback_image_path: null }).eq('id', CAFE);
    await service().from('network_settings').update({ fallback_image_path: image }).eq('id', true);
    for (const sb of [cafe, screen, gym]) {
      const signed = await sb.storage.from('ad-images').createSignedUrl(image, 60);
      expect(signed.error).toBeNull();
    }

    // A venue's own choice is for its own walls only.
    await service().from('customers').update({ fallback_image_path: 'corner-cafe-latte.png' }).eq('id', GYM);
    try {
      expect((await gym.storage.from('ad-images').createSignedUrl('corner-cafe-latte.png', 60)).error).toBeNull();
      expect((await cafe.storage.from('ad-images').createSignedUrl(image, 60)).error).toBeNull();
      expect((await gym.storage.from('ad-images').createSignedUrl(image, 60)).error).not.toBeNull();
    } finally {
      await service().from('customers').update({ fallback_image_path: null }).eq('id', GYM);
    }
  });

  it('refuses a fallback path that is not a bucket path', async () => {
    const { error } = await service().from('customers').update({ fallback_image_path: '/etc/passwd' }).eq('id', CAFE);
    expect(error).toMatchObject({ code: '23514' });
  });
});
