// player_playlist: what plays at a venue, decided in SQL (campaign_plays_at) on calendar
// dates, statuses and dayparts in the venue's time zone; it lists the campaigns that can play
// within a week, each slide marked on_air at the time asked. A venue of its own (with its
// sign-in, linked to it) keeps the seeded rows untouched.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, asUser, connectDb, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, createAuthUser, SEED } from './db-seed.ts';

interface PlaylistSlide {
  id: string;
  campaign_id: string;
  title: string | null;
  display_order: number;
  on_air: boolean;
  campaign_status: string;
  campaign_priority: number;
  campaign_windows: { days: number[]; start: string; end: string }[];
}
interface Playlist {
  version: string;
  customer: { id: string; name: string; time_zone: string; locale: string } | null;
  today: string | null;
  now: string;
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

async function playlist(caller: AnyClient, customerId?: string, at?: string): Promise<Playlist> {
  const { data, error } = await caller.rpc('player_playlist', {
    ...(customerId ? { p_customer_id: customerId } : {}),
    ...(at ? { p_at: at } : {}),
  });
  expect(error).toBeNull();
  return data as Playlist;
}

/** What is on air at the time asked, in loop order. */
const titles = (p: Playlist) => p.slides.filter((s) => s.on_air).map((s) => s.title);
/** Everything listed, on air or coming within the week. */
const listed = (p: Playlist) => p.slides.map((s) => s.title);
/** A calendar day `days` after `day`. */
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

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
  // Scheduled from three days on: listed for the week ahead, not on air.
  await addCampaign('Scheduled', { status: 'scheduled', start_date: plusDays(ahead, 3) }, [
    { title: 'S1', display_order: 1, duration: 10 },
  ]);
  await addCampaign('Scheduled far', { status: 'scheduled', start_date: plusDays(ahead, 30) }, [
    { title: 'F1', display_order: 1, duration: 10 },
  ]);
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
    expect(ahead.customer).toEqual({ id: venueId, name: 'Playlist Venue', time_zone: AHEAD, locale: 'en' });
    expect(ahead.today).toBe(todayIn(AHEAD));
    expect(titles(ahead)).toContain('A1');
    expect(titles(ahead)).not.toContain('B1');

    await setZone(BEHIND);
    const behind = await playlist(venue);
    expect(behind.today).toBe(todayIn(BEHIND));
    expect(titles(behind)).toContain('B1');
    expect(titles(behind)).not.toContain('A1');
  });

  it('leaves out paused, finished and far-off campaigns and inactive slides; lists the week’s coming ones off air', async () => {
    await setZone(AHEAD);
    const p = await playlist(venue);
    for (const title of ['P1', 'X1', 'Hidden', 'F1']) expect(listed(p)).not.toContain(title);
    expect(titles(p)).not.toContain('S1');
    const coming = p.slides.find((s) => s.title === 'S1');
    expect(coming).toMatchObject({ on_air: false, campaign_status: 'scheduled', campaign_windows: [] });
    // Where it is still yesterday, the campaign starting "today ahead" is coming too.
    await setZone(BEHIND);
    const behind = await playlist(venue);
    expect(behind.slides.find((s) => s.title === 'A1')).toMatchObject({ on_air: false });
  });

  it('names the language the venue chose for its walls, as it names its time zone', async () => {
    const { error } = await service().from('customers').update({ locale: 'de' }).eq('id', venueId);
    expect(error).toBeNull();
    try {
      expect((await playlist(venue)).customer?.locale).toBe('de');
    } finally {
      await service().from('customers').update({ locale: 'en' }).eq('id', venueId);
    }
  });

  it('orders the slides of all live campaigns by display_order, the older campaign first on a tie', async () => {
    await setZone(AHEAD);
    const p = await playlist(venue);
    expect(titles(p)).toEqual(['O1', 'A1', 'O3']);
    expect(p.slides.filter((s) => s.on_air).map((s) => s.display_order)).toEqual([1, 2, 3]);
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
    expect(none).toMatchObject({ version: '', customer: null, today: null, slides: [] });
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

    const good = await admin
      .from('customers')
      .update({ time_zone: 'Asia/Tokyo' })
      .eq('id', venueId)
      .select('time_zone');
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

describe('statuses, dayparts and priority', () => {
  let windowed: string;

  beforeAll(async () => {
    await setZone('America/New_York');
    windowed = await addCampaign('Breakfast', { priority: 5 }, [{ title: 'W1', display_order: 9, duration: 10 }]);
    const admin = await as('admin');
    const { error } = await admin.rpc('save_campaign', {
      p_id: windowed,
      p_name: 'Breakfast',
      p_customer_id: venueId,
      p_status: 'active',
      p_plays_on: 'all',
      p_windows: [
        { days: [1, 2, 3, 4, 5], start: '07:00', end: '11:00' },
        { days: [5, 6], start: '22:00', end: '02:00' },
      ],
    });
    expect(error).toBeNull();
  });

  const at = (iso: string) => playlist(venue, undefined, iso);

  it('plays a daypart’s campaign within its windows only, in the venue’s time, over midnight too', async () => {
    // Wednesday 2 December 2026, New York (EST, UTC−5).
    expect(titles(await at('2026-12-02T11:59:00Z'))).not.toContain('W1'); // 06:59
    expect(titles(await at('2026-12-02T12:00:00Z'))).toContain('W1'); // 07:00
    expect(titles(await at('2026-12-02T15:59:00Z'))).toContain('W1'); // 10:59
    expect(titles(await at('2026-12-02T16:00:00Z'))).not.toContain('W1'); // 11:00
    // Friday 22:30 and Saturday 01:30 (the window over midnight), not Sunday 01:30.
    expect(titles(await at('2026-12-05T03:30:00Z'))).toContain('W1');
    expect(titles(await at('2026-12-05T06:30:00Z'))).toContain('W1');
    expect(titles(await at('2026-12-07T06:30:00Z'))).not.toContain('W1');
    const slide = (await at('2026-12-02T12:00:00Z')).slides.find((s) => s.title === 'W1');
    expect(slide?.campaign_windows).toEqual([
      { days: [1, 2, 3, 4, 5], start: '07:00', end: '11:00' },
      { days: [5, 6], start: '22:00', end: '02:00' },
    ]);
  });

  it('puts campaigns of higher priority first in the loop', async () => {
    const p = await at('2026-12-02T12:00:00Z');
    expect(titles(p)[0]).toBe('W1');
    expect(p.slides[0]?.campaign_priority).toBe(5);
  });

  it('keeps its version as the clock moves, since on_air is the time’s, not the list’s', async () => {
    expect((await at('2026-12-02T11:59:00Z')).version).toBe((await at('2026-12-02T12:00:00Z')).version);
  });

  it('refuses a window without days or with the same start and end, in plain words', async () => {
    const admin = await as('admin');
    const save = (windows: unknown) =>
      admin.rpc('save_campaign', {
        p_id: windowed,
        p_name: 'Breakfast',
        p_customer_id: venueId,
        p_status: 'active',
        p_plays_on: 'all',
        p_windows: windows,
      });
    expect((await save([{ days: [], start: '07:00', end: '11:00' }])).error).toMatchObject({
      code: '23514',
      message: 'Window 1: choose at least one day.',
    });
    expect((await save([{ days: [1], start: '07:00', end: '07:00' }])).error).toMatchObject({
      code: '23514',
      message: 'Window 1: the start and the end are the same time.',
    });
    expect((await save([{ days: [1], start: 'breakfast', end: '11:00' }])).error).toMatchObject({ code: '23514' });
    // Nothing of a refused save stays: the two windows are still there.
    const { data } = await service().from('campaign_windows').select('id').eq('campaign_id', windowed);
    expect(data).toHaveLength(2);
  });

  it('lets the venue read its campaigns’ windows, no other venue, and only admins write them', async () => {
    const own = await venue.from('campaign_windows').select('campaign_id').eq('campaign_id', windowed);
    expect(own.data).toHaveLength(2);
    for (const persona of ['gym', 'anon', 'screen'] as const) {
      const other = await (await as(persona)).from('campaign_windows').select('id').eq('campaign_id', windowed);
      expect(other.data ?? [], persona).toEqual([]);
    }
    const write = await venue
      .from('campaign_windows')
      .insert({ campaign_id: windowed, days: [1], start_time: '01:00', end_time: '02:00' });
    expect(write.error?.code).toBe('42501');
    const remove = await venue.from('campaign_windows').delete().eq('campaign_id', windowed).select();
    expect(remove).toMatchObject({ error: null, data: [] });
  });

  it('needs a start date for a scheduled campaign', async () => {
    const { error } = await service()
      .from('campaigns')
      .insert({ name: 'No start', customer_id: venueId, status: 'scheduled' });
    expect(error).toMatchObject({ code: '23514', message: 'A scheduled campaign needs a start date.' });
  });

  it('moves stored statuses on by the venue’s calendar: scheduled to active, past the end to completed', async () => {
    const today = todayIn('America/New_York');
    const starting = await addCampaign('Starting', { status: 'scheduled', start_date: today }, [
      { title: 'ST', display_order: 1 },
    ]);
    const ending = await addCampaign('Ending', { status: 'active', end_date: plusDays(today, -1) }, [
      { title: 'EN', display_order: 1 },
    ]);
    // A scheduled campaign whose day has come plays before the job runs.
    expect(titles(await playlist(venue))).toContain('ST');
    const { error } = await service().rpc('run_network_upkeep');
    expect(error).toBeNull();
    const { data } = await service().from('campaigns').select('id, status').in('id', [starting, ending]);
    expect(Object.fromEntries((data as { id: string; status: string }[]).map((c) => [c.id, c.status]))).toEqual({
      [starting]: 'active',
      [ending]: 'completed',
    });
  });
});
