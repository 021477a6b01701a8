// The advertiser's portal in the database: what an advertiser's login reads through the
// portal's functions (its campaigns, the screens and venues where they play, delivery,
// pacing, a campaign's proof of performance), and that another advertiser and a venue read
// none of it. Fixtures, made once: a campaign of Harbor Books (a venue with no login) that
// carries one slide of Brightline's ad and one of Sunrise's, on a screen of its own, with
// plays of both; and a second advertiser with a login of its own.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnyClient,
  client,
  ANON_KEY,
  connectDb,
  service,
  signToken,
  uniqueSuffix,
} from 'supabase-local/testing/vitest';
import { as, createAuthUser, SEED } from './db-seed.ts';

const B = SEED.brightline;
const SUNRISE_AD = SEED.ads[0];

let db: pg.Client;
let device = '';
let venueCampaign = '';
let brightSlide = '';
let sunriseSlide = '';
let otherAdvertiser = '';
let otherLogin = '';
let today = '';
/** Harbor Books' screens: the seeded one and the fixture's (the venue campaign plays on all). */
let harborScreens: string[] = [];
let advertiser: AnyClient;
let other: AnyClient;

/** The answer's data (typed by the caller), after checking it came without an error. */
async function ok<T = unknown>(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<T> {
  const { data, error } = await query;
  expect(error).toBeNull();
  return data as T;
}

type Id = { id: string };
interface CampaignRow {
  id: string;
  kind: string;
  venue_name: string | null;
  screens: number;
  plays: number;
  seconds: number;
}
interface ScreenRow {
  device_id: string;
  screen_name: string;
  venue_name: string;
  venue_address: string | null;
}

beforeAll(async () => {
  db = await connectDb();
  today = (
    await db.query<{ d: string }>(`select to_char((now() at time zone 'America/New_York')::date, 'YYYY-MM-DD') as d`)
  ).rows[0]!.d;
  const suffix = uniqueSuffix();
  device = (
    await ok<Id>(
      service()
        .from('equipment_status')
        .insert({ customer_id: SEED.customers.books, device_name: `PORTAL-${suffix}`, status: 'idle' })
        .select('id')
        .single(),
    )
  ).id;
  venueCampaign = (
    await ok<Id>(
      service()
        .from('campaigns')
        .insert({ name: `Harbor window ${suffix}`, customer_id: SEED.customers.books, status: 'active' })
        .select('id')
        .single(),
    )
  ).id;
  const slides = await ok<{ id: string; ad_id: string }[]>(
    service()
      .from('campaign_items')
      .insert([
        { campaign_id: venueCampaign, title: 'Brightline at Harbor', display_order: 1, ad_id: B.ads[0] },
        { campaign_id: venueCampaign, title: 'Sunrise at Harbor', display_order: 2, ad_id: SUNRISE_AD },
      ])
      .select('id, ad_id'),
  );
  brightSlide = slides.find((s) => s.ad_id === B.ads[0])!.id;
  sunriseSlide = slides.find((s) => s.ad_id === SUNRISE_AD)!.id;

  // Plays of both slides an hour ago (raw) and their day's sums.
  const play = (slide: string, ad: string, advertiserId: string, seconds: number, minutesAgo: number) => ({
    id: crypto.randomUUID(),
    started_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    seconds,
    device_id: device,
    customer_id: SEED.customers.books,
    campaign_id: venueCampaign,
    slide_id: slide,
    ad_id: ad,
    advertiser_id: advertiserId,
  });
  await ok(
    service()
      .from('plays')
      .insert([
        play(brightSlide, B.ads[0], B.advertiser, 10, 60),
        play(sunriseSlide, SUNRISE_AD, SEED.advertisers[0], 20, 61),
      ]),
  );
  await ok(
    service()
      .from('play_days')
      .insert([
        {
          day: today,
          device_id: device,
          customer_id: SEED.customers.books,
          campaign_id: venueCampaign,
          slide_id: brightSlide,
          ad_id: B.ads[0],
          advertiser_id: B.advertiser,
          plays: 3,
          seconds: 30,
        },
        {
          day: today,
          device_id: device,
          customer_id: SEED.customers.books,
          campaign_id: venueCampaign,
          slide_id: sunriseSlide,
          ad_id: SUNRISE_AD,
          advertiser_id: SEED.advertisers[0],
          plays: 5,
          seconds: 100,
        },
      ]),
  );

  // Another advertiser with a login of its own.
  otherAdvertiser = (
    await ok<Id>(
      service()
        .from('advertisers')
        .insert({
          advertiser_name: 'Olga Other',
          business_name: `Other Co ${suffix}`,
          email: `other-${suffix}@example.test`,
        })
        .select('id')
        .single(),
    )
  ).id;
  const email = `portal-other-${suffix}@example.test`;
  otherLogin = await createAuthUser(db, email, { role: 'advertiser' });
  await ok(service().from('advertisers').update({ user_id: otherLogin }).eq('id', otherAdvertiser));
  other = client(
    ANON_KEY,
    await signToken({
      sub: otherLogin,
      email,
      app_metadata: { provider: 'email', providers: ['email'], role: 'advertiser' },
    }),
  );
  advertiser = await as('advertiser');
  harborScreens = (
    await ok<Id[]>(service().from('equipment_status').select('id').eq('customer_id', SEED.customers.books))
  ).map((e) => e.id);
});

afterAll(async () => {
  await service().from('play_days').delete().eq('campaign_id', venueCampaign);
  await db?.query('delete from public.plays where device_id = $1', [device]);
  if (venueCampaign) await service().from('campaigns').delete().eq('id', venueCampaign);
  if (device) await service().from('equipment_status').delete().eq('id', device);
  if (otherAdvertiser) await service().from('advertisers').delete().eq('id', otherAdvertiser);
  if (otherLogin) await db?.query('delete from auth.users where id = $1', [otherLogin]);
  await db?.end();
});

describe("an advertiser's campaigns", () => {
  it('are its network campaign and the venue campaign carrying its ad, with reach and its own plays only', async () => {
    const rows = await ok<CampaignRow[]>(advertiser.rpc('advertiser_campaigns'));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect([...byId.keys()].sort()).toEqual([B.campaign, venueCampaign].sort());
    expect(byId.get(B.campaign)).toMatchObject({ kind: 'network', venue_name: null, screens: B.bookedOn.length });
    expect(Number(byId.get(B.campaign)!.plays)).toBeGreaterThan(0);
    // Its 3 plays of the venue's campaign, not Sunrise's 5.
    expect(harborScreens).toContain(device);
    expect(byId.get(venueCampaign)).toMatchObject({
      kind: 'venue',
      venue_name: 'Harbor Books',
      screens: harborScreens.length,
    });
    expect(Number(byId.get(venueCampaign)!.plays)).toBe(3);
    expect(Number(byId.get(venueCampaign)!.seconds)).toBe(30);
  });

  it("of a venue's campaign it reads only the slides of its own ads", async () => {
    const slides = await ok(advertiser.from('campaign_items').select('id').eq('campaign_id', venueCampaign));
    expect(slides).toEqual([{ id: brightSlide }]);
    const campaign = await ok(advertiser.from('campaigns').select('name, customer_id').eq('id', venueCampaign));
    expect(campaign).toHaveLength(1);
  });

  it('another advertiser sees none of them', async () => {
    expect(await ok(other.rpc('advertiser_campaigns'))).toEqual([]);
    expect(await ok(other.from('campaigns').select('id'))).toEqual([]);
    expect(await ok(other.from('campaign_items').select('id'))).toEqual([]);
    expect(await ok(other.from('plays').select('id').limit(5))).toEqual([]);
    expect(await ok(other.rpc('advertiser_screens'))).toEqual([]);
  });
});

describe('where they play', () => {
  it("names each screen and its venue's name, address and time zone, and nothing else of either", async () => {
    const screens = await ok<ScreenRow[]>(advertiser.rpc('advertiser_screens'));
    expect(screens.map((s) => s.device_id).sort()).toEqual([...B.bookedOn, ...harborScreens].sort());
    for (const s of screens) {
      expect(Object.keys(s).sort()).toEqual([
        'device_id',
        'screen_name',
        'time_zone',
        'venue_address',
        'venue_id',
        'venue_name',
      ]);
    }
    expect(screens.find((s) => s.device_id === B.playedOn)).toMatchObject({
      screen_name: 'GYM-ENTRANCE-01',
      venue_name: 'Peak Gym',
      venue_address: '480 Fitness Ave, Brooklyn, NY',
    });
  });

  it('a venue or an admin calling it gets no screens (it answers for advertisers only)', async () => {
    expect(await ok((await as('cafe')).rpc('advertiser_screens'))).toEqual([]);
    expect(await ok((await as('admin')).rpc('advertiser_screens'))).toEqual([]);
  });
});

describe('delivery and pacing', () => {
  it('an advertiser reads the delivery of its own network campaign, and pacing of its own only', async () => {
    const days = await ok<{ recorded_plays: number }[]>(
      advertiser.rpc('campaign_delivery', { p_campaign_id: B.campaign }),
    );
    expect(days.length).toBeGreaterThan(0);
    expect(days.reduce((n, d) => n + Number(d.recorded_plays), 0)).toBeGreaterThan(0);
    const pacing = await ok<{ campaign_id: string }[]>(advertiser.rpc('network_campaign_pacing'));
    expect(pacing.map((p) => p.campaign_id)).toEqual([B.campaign]);
  });

  it("another advertiser's and a venue's calls are refused", async () => {
    const foreign = await other.rpc('campaign_delivery', { p_campaign_id: B.campaign });
    expect(foreign.error?.code).toBe('P0002');
    expect(await ok(other.rpc('network_campaign_pacing'))).toEqual([]);
    const venue = await (await as('cafe')).rpc('campaign_delivery', { p_campaign_id: B.campaign });
    expect(venue.error?.code).toBe('42501');
  });
});

describe('proof of performance', () => {
  it("of a venue's campaign counts the advertiser's own plays, venue and sample only", async () => {
    const data = await ok(
      advertiser.rpc('campaign_performance', { p_campaign_id: venueCampaign, p_from: today, p_to: today }),
    );
    const report = data as {
      campaign: { name: string; kind: string; venue: string };
      totals: { plays: number; seconds: number; venues: number; screens: number };
      venues: { name: string; address: string; plays: number }[];
      sample: { slide: string; ad: string; screen: string }[];
    };
    expect(report.campaign).toMatchObject({ kind: 'venue', venue: 'Harbor Books' });
    expect(report.totals).toMatchObject({ plays: 3, seconds: 30, venues: 1, screens: 1 });
    expect(report.venues).toEqual([
      expect.objectContaining({ name: 'Harbor Books', address: '9 Water St, Boston, MA', plays: 3 }),
    ]);
    expect(report.sample.map((s) => s.slide)).toEqual(['Brightline at Harbor']);
  });

  it('of its network campaign agrees with its plays per day', async () => {
    const from = (await db.query<{ d: string }>(`select to_char(current_date - 7, 'YYYY-MM-DD') as d`)).rows[0]!.d;
    const data = await ok(
      advertiser.rpc('campaign_performance', { p_campaign_id: B.campaign, p_from: from, p_to: today }),
    );
    const report = data as { totals: { plays: number }; days: { plays: number }[]; screens: { name: string }[] };
    const byDay = await ok<{ plays: number }[]>(advertiser.rpc('plays_by_day', { p_from: from, p_to: today }));
    const network = byDay.reduce((n, d) => n + Number(d.plays), 0) - 3; // less the venue campaign's plays
    expect(report.totals.plays).toBe(network);
    expect(report.days.reduce((n, d) => n + d.plays, 0)).toBe(network);
    expect(report.screens.map((s) => s.name)).toEqual(['GYM-ENTRANCE-01']);
  });

  it("is refused for another advertiser's campaign, for a venue, and for a bad period", async () => {
    const foreign = await other.rpc('campaign_performance', { p_campaign_id: B.campaign, p_from: today, p_to: today });
    expect(foreign.error?.code).toBe('P0002');
    const venue = await (
      await as('cafe')
    ).rpc('campaign_performance', { p_campaign_id: B.campaign, p_from: today, p_to: today });
    expect(venue.error?.code).toBe('42501');
    const backwards = await advertiser.rpc('campaign_performance', {
      p_campaign_id: B.campaign,
      p_from: today,
      p_to: '2020-01-01',
    });
    expect(backwards.error?.code).toBe('22023');
  });

  it("an admin reads any campaign, with every advertiser's plays", async () => {
    const data = await ok(
      (await as('admin')).rpc('campaign_performance', { p_campaign_id: venueCampaign, p_from: today, p_to: today }),
    );
    expect((data as { totals: { plays: number } }).totals.plays).toBe(8);
  });
});

describe('creatives', () => {
  it("an advertiser's ads are its own; plays_report for another advertiser is refused", async () => {
    const ads = await ok<Id[]>(advertiser.from('ads').select('id'));
    expect(ads.map((a) => a.id).sort()).toEqual([...B.ads].sort());
    const foreign = await advertiser.rpc('plays_report', {
      p_from: today,
      p_to: today,
      p_group: 'campaign',
      p_advertiser_id: SEED.advertisers[0],
    });
    expect(foreign.error?.code).toBe('42501');
  });
});

describe('an advertiser writes nothing through the functions either', () => {
  it('cannot record plays, report a heartbeat, add a screen or save slides', async () => {
    const play = [
      { id: crypto.randomUUID(), started_at: new Date().toISOString(), seconds: 10, slide_id: B.slides[0] },
    ];
    const recorded = await advertiser.rpc('record_plays', { p_plays: play, p_device_id: B.playedOn });
    expect(recorded.error?.code).toBe('42501');
    const heartbeat = await advertiser.rpc('player_heartbeat', { p_device_id: B.playedOn });
    expect(heartbeat.error?.code).toBe('42501');
    const screen = await advertiser.rpc('add_my_screen', { p_device_name: `ADV-${uniqueSuffix()}` });
    expect(screen.error).not.toBeNull();
    const slides = await advertiser.rpc('save_campaign_slides', { p_campaign_id: B.campaign, p_slides: [] });
    expect(slides.error).not.toBeNull();
    const kept = await ok<Id[]>(service().from('campaign_items').select('id').eq('campaign_id', B.campaign));
    expect(kept.map((s) => s.id).sort()).toEqual([...B.slides].sort());
  });
});
