// player_playlist: what plays now at a venue, decided in SQL on calendar dates in the
// venue's time zone. A venue of its own (with its sign-in, linked to it) keeps the seeded rows untouched.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, service, type AnyClient } from './helpers.ts';
import { SEED, as, connectDb, createAuthUser, uniqueSuffix } from './db-seed.ts';

interface PlaylistSlide {
  id: string;
  campaign_id: string;
  title: string | null;
  display_order: number;
}
interface Playlist {
  version: string;
  customer: { id: string; name: string; time_zone: string } | null;
  today: string | null;
  slides: PlaylistSlide[];
}

// 25 hours apart: at any moment Kiritimati's calendar day is one or two days after Pago Pago's.
const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Pago_Pago';

/** Today's calendar date (yyyy-mm-dd) in a time zone. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

let db: pg.Client;
let venueId: string;
let venue: AnyClient;
let authUserId: string;
const campaigns: Record<string, string> = {};

async function addCampaign(name: string, values: Record<string, unknown>, slides: Record<string, unknown>[]) {
  const { data, error } = await service()
    .from('campaigns')
    .insert({ name, customer_id: venueId, status: 'active', ...values })
    .select('id')
    .single();
  expect(error).toBeNull();
  const id = (data as { id: string }).id;
  campaigns[name] = id;
  const items = await service()
    .from('campaign_items')
    .insert(slides.map((s) => ({ campaign_id: id, is_active: true, ...s })));
  expect(items.error).toBeNull();
  return id;
}

async function setZone(timeZone: string) {
  const { error } = await service().from('customers').update({ time_zone: timeZone }).eq('id', venueId);
  expect(error).toBeNull();
}

async function playlist(caller: AnyClient, customerId?: string): Promise<Playlist> {
  const { data, error } = await caller.rpc('player_playlist', customerId ? { p_customer_id: customerId } : {});
  expect(error).toBeNull();
  return data as Playlist;
}

const titles = (p: Playlist) => p.slides.map((s) => s.title);

beforeAll(async () => {
  db = await connectDb();
  const email = `playlist-${uniqueSuffix()}@example.test`;
  authUserId = await createAuthUser(db, email);
  const { data, error } = await service()
    .from('customers')
    .insert({ name: 'Playlist Venue', username: 'playlist-venue', email, time_zone: AHEAD, user_id: authUserId })
    .select('id')
    .single();
  expect(error).toBeNull();
  venueId = (data as { id: string }).id;
  venue = await asUser(authUserId, email);

  const ahead = todayIn(AHEAD);
  const behind = todayIn(BEHIND);
  // Starts on the ahead zone's today: not yet begun where it is still an earlier day.
  await addCampaign('Starts today ahead', { start_date: ahead }, [{ title: 'A1', display_order: 2, duration: 10 }]);
  // Ended on the behind zone's today: already over where the next day has begun.
  await addCampaign('Ends today behind', { end_date: behind }, [{ title: 'B1', display_order: 1, duration: 10 }]);
  await addCampaign('Open', {}, [
    { title: 'O1', display_order: 1, duration: 10 },
    { title: 'O3', display_order: 3, duration: 10 },
    { title: 'Hidden', display_order: 2, duration: 10, is_active: false },
  ]);
  await addCampaign('Paused', { status: 'paused' }, [{ title: 'P1', display_order: 1, duration: 10 }]);
  await addCampaign('Scheduled', { status: 'scheduled' }, [{ title: 'S1', display_order: 1, duration: 10 }]);
  await addCampaign('Over', { status: 'active', start_date: '2020-01-01', end_date: '2020-01-31' }, [
    { title: 'X1', display_order: 1, duration: 10 },
  ]);
});

afterAll(async () => {
  await service().from('customers').delete().eq('id', venueId);
  await db.query('delete from auth.users where id = $1', [authUserId]);
  await db.end();
});

describe('player_playlist', () => {
  it('plays a campaign from the start of its first day to the end of its last day in the venue’s time zone', async () => {
    await setZone(AHEAD);
    const ahead = await playlist(venue);
    expect(ahead.customer).toEqual({ id: venueId, name: 'Playlist Venue', time_zone: AHEAD });
    expect(ahead.today).toBe(todayIn(AHEAD));
    expect(titles(ahead)).toContain('A1');
    expect(titles(ahead)).not.toContain('B1');

    await setZone(BEHIND);
    const behind = await playlist(venue);
    expect(behind.today).toBe(todayIn(BEHIND));
    expect(titles(behind)).toContain('B1');
    expect(titles(behind)).not.toContain('A1');
  });

  it('leaves out paused, scheduled and finished campaigns and inactive slides', async () => {
    await setZone(AHEAD);
    const names = titles(await playlist(venue));
    for (const title of ['P1', 'S1', 'X1', 'Hidden']) expect(names).not.toContain(title);
  });

  it('orders the slides of all live campaigns by display_order, the older campaign first on a tie', async () => {
    await setZone(AHEAD);
    const p = await playlist(venue);
    expect(titles(p)).toEqual(['O1', 'A1', 'O3']);
    expect(p.slides.map((s) => s.display_order)).toEqual([1, 2, 3]);
    // B1 and O1 are both first; "Ends today behind" was added before "Open".
    await setZone(BEHIND);
    expect(titles(await playlist(venue))).toEqual(['B1', 'O1', 'O3']);
  });

  it('never returns another venue’s campaigns, and refuses another venue’s id to a customer', async () => {
    const cafe = await as('cafe');
    const own = await playlist(cafe);
    expect(own.customer?.id).toBe(SEED.customers.cafe);
    const ours = new Set(Object.values(campaigns));
    expect(own.slides.some((s) => ours.has(s.campaign_id))).toBe(false);
    expect(own.slides.length).toBeGreaterThan(0);

    const { data, error } = await cafe.rpc('player_playlist', { p_customer_id: venueId });
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    // Naming one's own venue is allowed.
    expect((await playlist(cafe, SEED.customers.cafe)).version).toBe(own.version);
  });

  it('lets an admin read any venue’s playlist; without an id an admin has no venue', async () => {
    const admin = await as('admin');
    await setZone(AHEAD);
    const p = await playlist(admin, venueId);
    expect(titles(p)).toEqual(['O1', 'A1', 'O3']);
    const none = await playlist(admin);
    expect(none).toEqual({ version: '', customer: null, today: null, slides: [] });
  });

  it('keeps its version while nothing changes and changes it when a slide changes', async () => {
    await setZone(AHEAD);
    const first = await playlist(venue);
    expect(first.version).toMatch(/^[0-9a-f]{32}$/);
    expect((await playlist(venue)).version).toBe(first.version);

    const slide = first.slides.find((s) => s.title === 'O3')!;
    const { error } = await service().from('campaign_items').update({ title: 'O3 changed' }).eq('id', slide.id);
    expect(error).toBeNull();
    const changed = await playlist(venue);
    expect(changed.version).not.toBe(first.version);
    expect(titles(changed)).toContain('O3 changed');
  });

  it('is not for anonymous callers', async () => {
    const { error } = await (await as('anon')).rpc('player_playlist', {});
    expect(error).not.toBeNull();
  });
});

describe('venue time zone and campaign dates', () => {
  it('defaults to America/New_York and refuses a zone that does not exist, in plain words', async () => {
    const admin = await as('admin');
    const { data } = await admin.from('customers').select('time_zone').eq('id', SEED.customers.books).single();
    expect((data as { time_zone: string }).time_zone).toBe('America/New_York');

    const bad = await admin.from('customers').update({ time_zone: 'Mars/Olympus_Mons' }).eq('id', venueId).select();
    expect(bad.error?.code).toBe('23514');
    expect(bad.error?.message).toMatch(/Unknown time zone "Mars\/Olympus_Mons": use an IANA time zone name/);

    const good = await admin.from('customers').update({ time_zone: 'Asia/Tokyo' }).eq('id', venueId).select('time_zone');
    expect(good.error).toBeNull();
    expect(good.data).toEqual([{ time_zone: 'Asia/Tokyo' }]);
  });

  it('stores campaign dates as calendar dates: midnight UTC of a day is that day', async () => {
    const { data, error } = await service()
      .from('campaigns')
      .insert({ name: 'Dates', customer_id: venueId, start_date: '2026-03-01T00:00:00Z', end_date: '2026-03-31' })
      .select('start_date, end_date')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ start_date: '2026-03-01', end_date: '2026-03-31' });
  });
});
