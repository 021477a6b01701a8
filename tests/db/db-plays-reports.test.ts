// Proof-of-play reports as the Reports page and a venue's home read them: plays a venue's
// kiosk recorded (record_plays) come back from plays_report() and plays_by_day() by the
// venue's local days, for admins and for the venue itself, and the raw plays read through
// REST page after page in (started_at, id) order, each page starting after the last row of
// the one before, give every play once.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, asUser, connectDb, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, createAuthUser, SEED } from './db-seed.ts';

let db: pg.Client;
let admin: AnyClient;
let venue: AnyClient;
let venueLoginId: string;
let venueId: string;
let deviceId: string;
/** A second screen of the venue: the play that starts at the same instant as another plays there. */
let doorId: string;
let campaignId: string;
let slideIds: string[];
let adId: string;

/** The venue's zone: 9 hours ahead of UTC, so its days differ from UTC days for part of each day. */
const ZONE = 'Asia/Tokyo';
const dayInZone = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: ZONE });

interface Play {
  id: string;
  started_at: string;
  seconds: number;
  campaign_id: string;
  slide_id: string;
}

const plays: Play[] = [];

beforeAll(async () => {
  db = await connectDb();
  admin = await as('admin');
  const suffix = uniqueSuffix();
  const email = `reports-${suffix}@example.test`;
  venueLoginId = await createAuthUser(db, email);
  const sb = service();
  const customer = await sb
    .from('customers')
    .insert({
      name: `Reports Venue ${suffix}`,
      username: `reports-${suffix}`,
      email,
      user_id: venueLoginId,
      time_zone: ZONE,
    })
    .select('id')
    .single();
  expect(customer.error).toBeNull();
  venueId = (customer.data as { id: string }).id;
  venue = await asUser(venueLoginId, email);

  const device = await sb
    .from('equipment_status')
    .insert({ customer_id: venueId, device_name: 'Bar screen', location: 'Bar', status: 'offline' })
    .select('id')
    .single();
  expect(device.error).toBeNull();
  deviceId = (device.data as { id: string }).id;
  const door = await sb
    .from('equipment_status')
    .insert({ customer_id: venueId, device_name: 'Door screen', location: 'Door', status: 'offline' })
    .select('id')
    .single();
  expect(door.error).toBeNull();
  doorId = (door.data as { id: string }).id;

  const ad = await sb
    .from('ads')
    .insert({ title: `Reports ad ${suffix}`, advertiser_id: SEED.advertisers[0], status: 'active' })
    .select('id')
    .single();
  expect(ad.error).toBeNull();
  adId = (ad.data as { id: string }).id;

  const campaign = await sb
    .from('campaigns')
    .insert({ name: `Reports campaign ${suffix}`, customer_id: venueId, status: 'active' })
    .select('id')
    .single();
  expect(campaign.error).toBeNull();
  campaignId = (campaign.data as { id: string }).id;
  const slides = await sb
    .from('campaign_items')
    .insert([
      { campaign_id: campaignId, title: 'With ad', display_order: 1, duration: 10, ad_id: adId },
      { campaign_id: campaignId, title: 'Without ad', display_order: 2, duration: 5 },
    ])
    .select('id')
    .order('display_order');
  expect(slides.error).toBeNull();
  slideIds = (slides.data as { id: string }[]).map((s) => s.id);

  // Seven plays over the last hour, two of them starting at the same instant (on two screens:
  // one screen never plays two at once).
  const base = Date.now() - 60 * 60_000;
  for (let i = 0; i < 7; i++) {
    plays.push({
      id: crypto.randomUUID(),
      started_at: new Date(base + Math.min(i, 5) * 60_000).toISOString(),
      seconds: i % 2 ? 5 : 10,
      campaign_id: campaignId,
      slide_id: slideIds[i % 2]!,
    });
  }
  const recorded = await venue.rpc('record_plays', { p_plays: plays.slice(0, 6), p_device_id: deviceId });
  expect(recorded.error).toBeNull();
  expect(recorded.data).toEqual({ accepted: 6, duplicates: 0, rejected: [] });
  const atDoor = await venue.rpc('record_plays', { p_plays: plays.slice(6), p_device_id: doorId });
  expect(atDoor.error).toBeNull();
  expect(atDoor.data).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
});

afterAll(async () => {
  const sb = service();
  if (venueId) {
    await sb.from('campaigns').delete().eq('customer_id', venueId);
    await sb.from('equipment_status').delete().eq('customer_id', venueId);
    await sb.from('customers').delete().eq('id', venueId);
  }
  if (adId) await sb.from('ads').delete().eq('id', adId);
  if (venueLoginId) await db.query('delete from auth.users where id = $1', [venueLoginId]);
  await db?.end();
});

/** The venue-local days of the plays: the period that holds them all. */
function period() {
  const days = plays.map((p) => dayInZone(new Date(p.started_at))).sort();
  return { p_from: days[0]!, p_to: days.at(-1)! };
}

describe('plays_report and plays_by_day', () => {
  it('give an admin the venue’s plays by campaign, screen and ad, over its local days', async () => {
    const scope = { ...period(), p_customer_id: venueId };
    const byCampaign = await admin.rpc('plays_report', { ...scope, p_group: 'campaign' });
    expect(byCampaign.error).toBeNull();
    expect(byCampaign.data).toEqual([
      {
        key: campaignId,
        label: expect.stringMatching(/^Reports campaign /),
        detail: expect.stringMatching(/^Reports Venue /),
        plays: 7,
        seconds: 55,
        screens: 2,
      },
    ]);
    const byScreen = await admin.rpc('plays_report', { ...scope, p_group: 'screen' });
    expect(byScreen.data).toEqual([
      expect.objectContaining({ key: deviceId, label: 'Bar screen', plays: 6, screens: 1 }),
      expect.objectContaining({ key: doorId, label: 'Door screen', plays: 1, screens: 1 }),
    ]);
    // Slides without an ad count as "No ad"; the ad's plays also count for its advertiser.
    const byAd = await admin.rpc('plays_report', { ...scope, p_group: 'ad' });
    expect(byAd.data).toEqual([
      expect.objectContaining({ key: adId, plays: 4, seconds: 40 }),
      expect.objectContaining({ key: null, label: 'No ad', plays: 3, seconds: 15 }),
    ]);
    const forAdvertiser = await admin.rpc('plays_by_day', { ...scope, p_advertiser_id: SEED.advertisers[0] });
    const total = (rows: { plays: number }[]) => rows.reduce((sum, r) => sum + r.plays, 0);
    expect(total(forAdvertiser.data as { plays: number }[])).toBe(4);
  });

  it('give the venue its own plays without naming it, and refuse another venue', async () => {
    const own = await venue.rpc('plays_by_day', period());
    expect(own.error).toBeNull();
    const days = own.data as { day: string; plays: number; seconds: number }[];
    expect(days.map((d) => d.day)).toEqual([...new Set(plays.map((p) => dayInZone(new Date(p.started_at))))].sort());
    expect(days.reduce((sum, d) => sum + d.plays, 0)).toBe(7);
    expect(days.reduce((sum, d) => sum + d.seconds, 0)).toBe(55);

    const other = await venue.rpc('plays_report', { ...period(), p_customer_id: SEED.customers.cafe });
    expect(other.error).toMatchObject({ code: '42501', message: "Only the team can read another venue's plays." });
  });

  it('refuse a period that ends before it starts or covers more than 2 years', async () => {
    const backwards = await admin.rpc('plays_by_day', { p_from: '2026-11-20', p_to: '2026-11-19' });
    expect(backwards.error).toMatchObject({ code: '22023' });
    const long = await admin.rpc('plays_report', { p_from: '2024-11-18', p_to: '2026-11-20', p_group: 'day' });
    expect(long.error).toMatchObject({
      code: '22023',
      message: 'A report covers at most 2 years (plays are summed for 2 years).',
    });
    const longest = await admin.rpc('plays_by_day', { p_from: '2024-11-19', p_to: '2026-11-20' });
    expect(longest.error).toBeNull();
    expect(longest.data).toHaveLength(732);
  });
});

describe('raw plays through REST', () => {
  const PAGE = 2;
  const columns = 'id, started_at, seconds, device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id';

  /** Every play of the venue in the window, PAGE at a time, each page after the last row of the one before. */
  async function readAll(caller: AnyClient) {
    const start = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    const end = new Date(Date.now() + 60_000).toISOString();
    const rows: Record<string, unknown>[] = [];
    let last: { id: string; started_at: string } | undefined;
    for (let page = 0; page < 20; page++) {
      let query = caller
        .from('plays')
        .select(columns)
        .eq('customer_id', venueId)
        .gte('started_at', start)
        .lt('started_at', end);
      if (last) {
        query = query.or(`started_at.gt."${last.started_at}",and(started_at.eq."${last.started_at}",id.gt.${last.id})`);
      }
      const { data, error } = await query.order('started_at').order('id').limit(PAGE);
      expect(error).toBeNull();
      const got = data as { id: string; started_at: string }[];
      if (got.length === 0) break;
      expect(got.length).toBeLessThanOrEqual(PAGE);
      rows.push(...got);
      last = got.at(-1);
    }
    return rows;
  }

  it('pages through every play once, in order, with what it names', async () => {
    const rows = await readAll(admin);
    expect(rows.map((r) => r.id)).toEqual(
      [...plays]
        .sort((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((p) => p.id),
    );
    const withAd = rows.find((r) => r.slide_id === slideIds[0]);
    expect(withAd).toMatchObject({
      device_id: deviceId,
      customer_id: venueId,
      campaign_id: campaignId,
      ad_id: adId,
      advertiser_id: SEED.advertisers[0],
      seconds: 10,
    });
    expect(Date.parse(withAd!.started_at as string)).not.toBeNaN();
  });

  it('gives the venue its own plays, and another venue none of them', async () => {
    expect(await readAll(venue)).toHaveLength(7);
    const cafe = await as('cafe');
    const { data, error } = await cafe.from('plays').select('id').eq('customer_id', venueId);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});
