// Plays as played: each play keeps the names it was shown under (campaign, slide, ad,
// advertiser, venue, screen) and the file it showed, and the reports name plays by those: a
// rename or deletion after the play never changes what it says. Merged and deleted screens
// keep their plays.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, asUser, connectDb, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, createAuthUser, SEED } from './db-seed.ts';

let db: pg.Client;
let admin: AnyClient;
let venue: AnyClient;
let venueLogin: string;
let venueId: string;
let venueName: string;
let screen: string;
let campaignId: string;
let campaignName: string;
let slideId: string;
let adId: string;
let adTitle: string;
let advertiserId: string;
let advertiserName: string;
const played: string[] = [];

let clock = Date.now() - 3 * 3600_000;
const play = (campaign: string, slide: string, seconds = 10) => ({
  id: crypto.randomUUID(),
  started_at: new Date((clock += 30_000)).toISOString(),
  seconds,
  campaign_id: campaign,
  slide_id: slide,
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function record(plays: unknown[], device = screen) {
  const { data, error } = await venue.rpc('record_plays', { p_plays: plays, p_device_id: device });
  expect(error).toBeNull();
  return data as { accepted: number; rejected: unknown[] };
}

async function report(group: string) {
  const { data, error } = await admin.rpc('plays_report', {
    p_from: daysAgo(1),
    p_to: today(),
    p_group: group,
    p_customer_id: venueId,
  });
  expect(error).toBeNull();
  return data as { key: string | null; label: string; detail: string; plays: number }[];
}

async function newScreen(name: string) {
  const { data, error } = await service()
    .from('equipment_status')
    .insert({ customer_id: venueId, device_name: name, status: 'offline' })
    .select('id')
    .single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

beforeAll(async () => {
  db = await connectDb();
  admin = await as('admin');
  const suffix = uniqueSuffix();
  const email = `as-played-${suffix}@example.test`;
  venueLogin = await createAuthUser(db, email);
  const sb = service();
  venueName = `As Played Venue ${suffix}`;
  const customer = await sb
    .from('customers')
    .insert({ name: venueName, username: `as-played-${suffix}`, email, user_id: venueLogin, time_zone: 'UTC' })
    .select('id')
    .single();
  expect(customer.error).toBeNull();
  venueId = (customer.data as { id: string }).id;
  venue = await asUser(venueLogin, email);
  screen = await newScreen('Window');

  advertiserName = `Roastery ${suffix}`;
  const advertiser = await sb
    .from('advertisers')
    .insert({ advertiser_name: 'Contact', business_name: advertiserName, email: 'roastery@example.test' })
    .select('id')
    .single();
  expect(advertiser.error).toBeNull();
  advertiserId = (advertiser.data as { id: string }).id;
  adTitle = `Beans ${suffix}`;
  const ad = await sb
    .from('ads')
    .insert({ advertiser_id: advertiserId, title: adTitle, status: 'active' })
    .select('id')
    .single();
  expect(ad.error).toBeNull();
  adId = (ad.data as { id: string }).id;

  campaignName = `Latte of the Week ${suffix}`;
  const campaign = await sb
    .from('campaigns')
    .insert({ name: campaignName, customer_id: venueId, status: 'active' })
    .select('id')
    .single();
  expect(campaign.error).toBeNull();
  campaignId = (campaign.data as { id: string }).id;
  const slide = await sb
    .from('campaign_items')
    .insert({
      campaign_id: campaignId,
      title: 'Maple latte',
      duration: 10,
      ad_id: adId,
      image_url: SEED.images.latte,
    })
    .select('id')
    .single();
  expect(slide.error).toBeNull();
  slideId = (slide.data as { id: string }).id;

  const batch = [play(campaignId, slideId), play(campaignId, slideId)];
  played.push(...batch.map((p) => p.id));
  expect(await record(batch)).toMatchObject({ accepted: 2, rejected: [] });
});

afterAll(async () => {
  const sb = service();
  if (venueId) {
    await db.query('delete from public.plays where customer_id = $1', [venueId]);
    await db.query('delete from public.play_hours where customer_id = $1', [venueId]);
    await db.query('delete from public.play_days where customer_id = $1', [venueId]);
    await sb.from('campaigns').delete().eq('customer_id', venueId);
    await sb.from('equipment_status').delete().eq('customer_id', venueId);
    await sb.from('customers').delete().eq('id', venueId);
  }
  if (adId) await sb.from('ads').delete().eq('id', adId);
  if (advertiserId) await sb.from('advertisers').delete().eq('id', advertiserId);
  if (venueLogin) await db.query('delete from auth.users where id = $1', [venueLogin]);
  await db?.end();
});

describe('a play keeps the names it was shown under', () => {
  const asPlayed = () => ({
    campaign_name: campaignName,
    slide_title: 'Maple latte',
    ad_title: adTitle,
    advertiser_name: advertiserName,
    venue_name: venueName,
    screen_name: 'Window',
    media_path: `ad-images/${SEED.images.latte}`,
  });

  it('stores the names and the file, with the hash Storage has for it', async () => {
    const { data, error } = await admin
      .from('plays')
      .select('campaign_name, slide_title, ad_title, advertiser_name, venue_name, screen_name, media_path, media_hash')
      .in('id', played);
    expect(error).toBeNull();
    const rows = data as Record<string, string | null>[];
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject(asPlayed());
    const { rows: stored } = await db.query<{ etag: string | null }>(
      `select coalesce(btrim(metadata ->> 'eTag', '"'), metadata ->> 'md5') as etag
       from storage.objects where bucket_id = 'ad-images' and name = $1`,
      [SEED.images.latte],
    );
    expect(rows[0]!.media_hash).toBe(stored[0]?.etag ?? null);
  });

  it('says the same after everything it names is renamed, and its slide and campaign are deleted', async () => {
    const sb = service();
    const before = {
      campaign: await report('campaign'),
      ad: await report('ad'),
      advertiser: await report('advertiser'),
      venue: await report('venue'),
      screen: await report('screen'),
    };
    expect(before.campaign).toEqual([
      expect.objectContaining({ key: campaignId, label: campaignName, detail: venueName }),
    ]);
    expect(before.ad).toEqual([expect.objectContaining({ key: adId, label: adTitle, detail: advertiserName })]);
    expect(before.advertiser).toEqual([expect.objectContaining({ key: advertiserId, label: advertiserName })]);
    expect(before.venue).toEqual([expect.objectContaining({ key: venueId, label: venueName })]);
    expect(before.screen).toEqual([expect.objectContaining({ key: screen, label: 'Window', detail: venueName })]);

    expect((await sb.from('campaigns').update({ name: 'Latte RT3' }).eq('id', campaignId)).error).toBeNull();
    expect(
      (await sb.from('campaign_items').update({ title: 'Renamed', image_url: null }).eq('id', slideId)).error,
    ).toBeNull();
    expect((await sb.from('ads').update({ title: 'Renamed ad' }).eq('id', adId)).error).toBeNull();
    expect(
      (await sb.from('advertisers').update({ business_name: 'Renamed Co' }).eq('id', advertiserId)).error,
    ).toBeNull();
    expect(
      (
        await sb
          .from('customers')
          .update({ name: `Renamed venue ${uniqueSuffix()}` })
          .eq('id', venueId)
      ).error,
    ).toBeNull();
    expect(
      (await sb.from('equipment_status').update({ device_name: 'Renamed screen' }).eq('id', screen)).error,
    ).toBeNull();

    const after = {
      campaign: await report('campaign'),
      ad: await report('ad'),
      advertiser: await report('advertiser'),
      venue: await report('venue'),
      screen: await report('screen'),
    };
    expect(after).toEqual(before);
    const { data } = await admin
      .from('plays')
      .select('campaign_name, slide_title, ad_title, advertiser_name, venue_name, screen_name, media_path')
      .in('id', played);
    for (const row of data as Record<string, string | null>[]) expect(row).toEqual(asPlayed());

    // Deleted: the slide, then its campaign.
    expect((await sb.from('campaign_items').delete().eq('id', slideId)).error).toBeNull();
    expect((await sb.from('campaigns').delete().eq('id', campaignId)).error).toBeNull();
    expect(await report('campaign')).toEqual(before.campaign);
    const { data: kept } = await admin.from('plays').select('campaign_name, slide_title').in('id', played);
    expect(kept).toEqual([
      { campaign_name: campaignName, slide_title: 'Maple latte' },
      { campaign_name: campaignName, slide_title: 'Maple latte' },
    ]);
  });

  it('a play of a campaign deleted since it played, uploaded late, is judged and named as it stood then', async () => {
    const sb = service();
    const made = await sb
      .from('campaigns')
      .insert({ name: 'Short run', customer_id: venueId, status: 'active' })
      .select('id')
      .single();
    const id = (made.data as { id: string }).id;
    const slide = await sb
      .from('campaign_items')
      .insert({ campaign_id: id, title: 'Gone soon', duration: 10 })
      .select('id')
      .single();
    const late = {
      ...play(id, (slide.data as { id: string }).id),
      started_at: new Date(Date.now() - 60_000).toISOString(),
    };
    expect((await sb.from('campaigns').delete().eq('id', id)).error).toBeNull();
    expect(await record([late])).toMatchObject({ accepted: 1, rejected: [] });
    const { data } = await admin
      .from('plays')
      .select('campaign_name, slide_title, screen_name')
      .eq('id', late.id)
      .single();
    expect(data).toEqual({ campaign_name: 'Short run', slide_title: 'Gone soon', screen_name: 'Renamed screen' });
  });
});

describe('screens merged or deleted keep their plays', () => {
  it('moves a merged screen’s plays to the kept one, each keeping its name; a deleted screen’s plays keep theirs', async () => {
    const sb = service();
    const made = await sb
      .from('campaigns')
      .insert({ name: 'Screens', customer_id: venueId, status: 'active' })
      .select('id')
      .single();
    const id = (made.data as { id: string }).id;
    const slide = (
      (await sb.from('campaign_items').insert({ campaign_id: id, title: 'S', duration: 10 }).select('id').single())
        .data as { id: string }
    ).id;
    const ghost = await newScreen('Ghost');
    const kept = await newScreen('Kept');
    const gone = await newScreen('Gone');
    const ghostPlay = play(id, slide);
    const keptPlay = play(id, slide);
    const gonePlay = play(id, slide);
    expect(await record([ghostPlay], ghost)).toMatchObject({ accepted: 1 });
    expect(await record([keptPlay], kept)).toMatchObject({ accepted: 1 });
    expect(await record([gonePlay], gone)).toMatchObject({ accepted: 1 });

    expect((await admin.rpc('merge_devices', { p_from: ghost, p_into: kept })).error).toBeNull();
    expect((await sb.from('equipment_status').delete().eq('id', gone)).error).toBeNull();

    const { data } = await admin
      .from('plays')
      .select('id, device_id, recorded_device_id, screen_name')
      .in('id', [ghostPlay.id, keptPlay.id, gonePlay.id]);
    const byId = new Map((data as { id: string }[]).map((r) => [r.id, r]));
    expect(byId.get(ghostPlay.id)).toMatchObject({ device_id: kept, recorded_device_id: ghost, screen_name: 'Ghost' });
    expect(byId.get(keptPlay.id)).toMatchObject({ device_id: kept, recorded_device_id: null, screen_name: 'Kept' });
    expect(byId.get(gonePlay.id)).toMatchObject({ device_id: gone, screen_name: 'Gone' });

    const screens = await report('screen');
    expect(screens.find((r) => r.key === ghost)).toBeUndefined();
    expect(screens.find((r) => r.key === kept)).toMatchObject({ plays: 2 });
    expect(screens.find((r) => r.key === gone)).toMatchObject({ label: 'Gone', plays: 1 });

    // The venue reads them too, by the same names.
    const own = await venue.rpc('plays_report', { p_from: daysAgo(1), p_to: today(), p_group: 'screen' });
    expect((own.data as { key: string; label: string }[]).find((r) => r.key === gone)?.label).toBe('Gone');
    const labels = await venue.from('play_labels').select('screen_name');
    expect((labels.data as { screen_name: string }[]).map((l) => l.screen_name)).toEqual(
      expect.arrayContaining(['Ghost', 'Kept', 'Gone']),
    );
    const gym = await as('gym');
    const theirs = await gym.from('play_labels').select('screen_name').in('screen_name', ['Ghost', 'Kept', 'Gone']);
    expect(theirs.data).toEqual([]);
  });
});
