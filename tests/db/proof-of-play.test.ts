// Proof of play: players upload what they played (record_plays), counted once per record
// id however often a batch is sent, for their own venue only; bad records are listed and
// the rest kept. Every play is summed per hour and per venue-local day; raw plays go after
// 30 days, sums after 2 years. Reports read the sums, each venue its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

const CAFE_SLIDE = SEED.slides.cafe[0]!;
const CAFE_SLIDE_2 = SEED.slides.cafe[1]!;
const GYM_SLIDE = SEED.slides.gym[0]!;
const created: string[] = [];
let device: string;
let gymDevice: string;
let ad: string;
let advertiser: string;

const uuid = () => crypto.randomUUID();
// Each play of this file has a slot of its own, 30 s apart (a screen's plays never overlap).
let slot = 0;
const play = (patch: Record<string, unknown> = {}) => ({
  id: uuid(),
  started_at: new Date(Date.now() - 60_000 - 30_000 * slot++).toISOString(),
  seconds: 10,
  campaign_id: SEED.campaigns.cafeActive,
  slide_id: CAFE_SLIDE,
  ...patch,
});

interface Result {
  accepted: number;
  duplicates: number;
  rejected: { index: number; id: unknown; reason: string }[];
}

async function newDevice(customer: string): Promise<string> {
  const { data, error } = await service()
    .from('equipment_status')
    .insert({ customer_id: customer, device_name: `Plays ${uniqueSuffix()}`, status: 'online' })
    .select('id')
    .single();
  expect(error).toBeNull();
  created.push((data as { id: string }).id);
  return (data as { id: string }).id;
}

async function daySums(deviceId: string) {
  const { data, error } = await service()
    .from('play_days')
    .select('day, slide_id, campaign_id, ad_id, advertiser_id, plays, seconds')
    .eq('device_id', deviceId)
    .order('day')
    .order('slide_id');
  expect(error).toBeNull();
  return (
    data as {
      day: string;
      slide_id: string;
      plays: number;
      seconds: number;
      ad_id: string | null;
      advertiser_id: string | null;
    }[]
  ).map((r) => ({ ...r, seconds: Number(r.seconds) }));
}

beforeAll(async () => {
  device = await newDevice(SEED.customers.cafe);
  gymDevice = await newDevice(SEED.customers.gym);
  // An advertiser of this file's own (the seed's have plays of their own).
  const made = await service()
    .from('advertisers')
    .insert({
      advertiser_name: 'Proof Contact',
      business_name: `Proof Advertiser ${uniqueSuffix()}`,
      email: 'proof@example.test',
    })
    .select('id')
    .single();
  expect(made.error).toBeNull();
  advertiser = (made.data as { id: string }).id;
  const { data, error } = await service()
    .from('ads')
    .insert({ advertiser_id: advertiser, title: `Proof ${uniqueSuffix()}`, status: 'active' })
    .select('id')
    .single();
  expect(error).toBeNull();
  ad = (data as { id: string }).id;
  expect((await service().from('campaign_items').update({ ad_id: ad }).eq('id', CAFE_SLIDE_2)).error).toBeNull();
});

afterAll(async () => {
  // The seed's pastries slide shows Sunrise Bakery Supply's ad again.
  await service().from('campaign_items').update({ ad_id: SEED.ads[0] }).eq('id', CAFE_SLIDE_2);
  await service().from('ads').delete().eq('id', ad);
  await service().from('advertisers').delete().eq('id', advertiser);
  await service().from('equipment_status').delete().in('id', created);
  const db = await connectDb();
  try {
    await db.query('delete from public.plays where device_id = any($1::uuid[])', [created]);
    await db.query('delete from public.play_hours where device_id = any($1::uuid[])', [created]);
    await db.query('delete from public.play_days where device_id = any($1::uuid[])', [created]);
  } finally {
    await db.end();
  }
});

describe('record_plays', () => {
  it('counts a venue’s plays for its device once, however often the batch is sent', async () => {
    const cafe = await as('cafe');
    const batch = [play({ seconds: 10 }), play({ seconds: 7.5, slide_id: CAFE_SLIDE_2 }), play({ seconds: 8 })];
    const first = await cafe.rpc('record_plays', { p_plays: batch, p_device_id: device });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ accepted: 3, duplicates: 0, rejected: [] });

    // The answer was lost: the same batch again, and once more with a new play in it.
    const again = await cafe.rpc('record_plays', { p_plays: batch, p_device_id: device });
    expect(again.data).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    const more = await cafe.rpc('record_plays', { p_plays: [...batch, play({ seconds: 5 })], p_device_id: device });
    expect(more.data).toEqual({ accepted: 1, duplicates: 3, rejected: [] });

    const sums = await daySums(device);
    const slide1 = sums.filter((s) => s.slide_id === CAFE_SLIDE);
    const slide2 = sums.filter((s) => s.slide_id === CAFE_SLIDE_2);
    expect(slide1.reduce((n, s) => n + s.plays, 0)).toBe(3);
    expect(slide1.reduce((n, s) => n + s.seconds, 0)).toBe(23);
    // The slide shows an ad: its plays count for the ad and its advertiser.
    expect(slide2).toEqual([expect.objectContaining({ plays: 1, seconds: 7.5, ad_id: ad, advertiser_id: advertiser })]);
    const { data: hours } = await service().from('play_hours').select('plays').eq('device_id', device);
    expect((hours as { plays: number }[]).reduce((n, h) => n + h.plays, 0)).toBe(4);
    const { count } = await service().from('plays').select('*', { count: 'exact', head: true }).eq('device_id', device);
    expect(count).toBe(4);
  });

  it('takes a paired screen’s plays for its own device, named by its login', async () => {
    const screen = await as('screen');
    const p = play();
    const { data, error } = await screen.rpc('record_plays', { p_plays: [p] });
    expect(error).toBeNull();
    expect(data).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    const { data: row } = await service().from('plays').select('device_id, customer_id').eq('id', p.id).single();
    expect(row).toEqual({ device_id: SEED.equipment.cafe[1], customer_id: SEED.customers.cafe });
    // Tidy: this device is the fixture's, not this file's.
    const db = await connectDb();
    try {
      await db.query('delete from public.plays where id = $1', [p.id]);
      await db.query('delete from public.play_hours where device_id = $1', [SEED.equipment.cafe[1]]);
      await db.query('delete from public.play_days where device_id = $1', [SEED.equipment.cafe[1]]);
    } finally {
      await db.end();
    }
  });

  it('refuses the whole batch for another venue’s device or no device, and to people who are no screen', async () => {
    const cafe = await as('cafe');
    const foreign = await cafe.rpc('record_plays', { p_plays: [play()], p_device_id: gymDevice });
    expect(foreign.error).toMatchObject({ code: '42501', message: `Device ${gymDevice} is not one of your devices.` });
    const none = await cafe.rpc('record_plays', { p_plays: [play()] });
    expect(none.error).toMatchObject({ code: '22023' });
    for (const persona of ['admin', 'anon', 'unlinked'] as const) {
      const db = await as(persona);
      const { error } = await db.rpc('record_plays', { p_plays: [play()], p_device_id: device });
      expect(error?.code, persona).toBe('42501');
    }
  });

  it('lists bad records with the reason and keeps the good ones of the batch', async () => {
    const cafe = await as('cafe');
    const good = play();
    const batch = [
      good,
      play({ id: 'not-a-uuid' }),
      play({ started_at: '2026-02-30T10:00:00Z' }),
      play({ started_at: 'yesterday' }),
      play({ started_at: new Date(Date.now() + 3_600_000).toISOString() }),
      play({ seconds: -3 }),
      play({ seconds: '10' }),
      play({ campaign_id: SEED.campaigns.gymCompleted, slide_id: GYM_SLIDE }),
      play({ slide_id: GYM_SLIDE }),
      'a string',
    ];
    const { data, error } = await cafe.rpc('record_plays', { p_plays: batch, p_device_id: device });
    expect(error).toBeNull();
    const result = data as Result;
    expect(result.accepted).toBe(1);
    expect(result.duplicates).toBe(0);
    expect(result.rejected.map((r) => [r.index, r.reason])).toEqual([
      [1, 'id must be a uuid'],
      [2, 'started_at must be an ISO 8601 time with a time zone'],
      [3, 'started_at must be an ISO 8601 time with a time zone'],
      [4, 'started_at is in the future'],
      [5, 'seconds must be more than 0 and at most 86400'],
      [6, 'seconds must be a number'],
      [7, "another venue's slide: the campaign is not this venue's"],
      [8, 'the slide is not a slide of that campaign'],
      [9, 'not an object'],
    ]);
    expect(result.rejected[1]!.id).toBe(batch[2] && (batch[2] as { id: string }).id);
    const { count } = await service().from('plays').select('*', { count: 'exact', head: true }).eq('id', good.id);
    expect(count).toBe(1);
  });

  it('refuses a batch that is no list, or longer than 5000 records', async () => {
    const cafe = await as('cafe');
    const notList = await cafe.rpc('record_plays', { p_plays: { id: uuid() }, p_device_id: device });
    expect(notList.error).toMatchObject({ code: '22023', message: 'Plays must be a JSON array of play records.' });
    const tooMany = await cafe.rpc('record_plays', {
      p_plays: Array.from({ length: 5001 }, () => ({})),
      p_device_id: device,
    });
    expect(tooMany.error).toMatchObject({ code: '22023', message: 'At most 5000 plays per call (got 5001).' });
  });

  it('sums plays by the venue’s own day: 03:00 UTC is the evening before in New York', async () => {
    const cafe = await as('cafe');
    const at = new Date(Date.now() - 3 * 86_400_000);
    at.setUTCHours(3, 0, 0, 0);
    const p = play({ started_at: at.toISOString(), slide_id: SEED.slides.cafe[2] });
    expect((await cafe.rpc('record_plays', { p_plays: [p], p_device_id: device })).data).toMatchObject({ accepted: 1 });
    const sums = await daySums(device);
    const expected = new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(sums.filter((s) => s.slide_id === SEED.slides.cafe[2]).map((s) => s.day)).toEqual([expected]);
  });
});

describe('who reads plays', () => {
  it('lets a venue read its own plays and sums, another venue and the public none, and nobody write them', async () => {
    const cafe = await as('cafe');
    const own = await cafe.from('play_days').select('device_id').eq('device_id', device);
    expect(own.error).toBeNull();
    expect((own.data ?? []).length).toBeGreaterThan(0);
    const raw = await cafe.from('plays').select('id').eq('device_id', device);
    expect((raw.data ?? []).length).toBeGreaterThan(0);
    for (const persona of ['gym', 'anon', 'screen', 'unlinked'] as const) {
      const db = await as(persona);
      for (const table of ['plays', 'play_hours', 'play_days']) {
        const { data } = await db.from(table).select('device_id').eq('device_id', device);
        expect(data ?? [], `${persona} ${table}`).toEqual([]);
      }
    }
    for (const persona of ['cafe', 'admin'] as const) {
      const db = await as(persona);
      const insert = await db.from('plays').insert({
        id: uuid(),
        started_at: new Date().toISOString(),
        seconds: 1,
        device_id: device,
        customer_id: SEED.customers.cafe,
      });
      expect(insert.error?.code, persona).toBe('42501');
      const update = await db.from('play_days').update({ plays: 999 }).eq('device_id', device);
      expect(update.error?.code, persona).toBe('42501');
    }
  });
});

describe('reports', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

  it('sums plays per campaign, advertiser, screen and day for admins, naming each', async () => {
    const admin = await as('admin');
    const byCampaign = await admin.rpc('plays_report', {
      p_from: daysAgo(7),
      p_to: today(),
      p_group: 'campaign',
      p_customer_id: SEED.customers.cafe,
    });
    expect(byCampaign.error).toBeNull();
    const row = (
      byCampaign.data as { key: string; label: string; detail: string; plays: number; screens: number }[]
    ).find((r) => r.key === SEED.campaigns.cafeActive);
    expect(row).toMatchObject({ label: 'Cafe Daily Specials', detail: 'Corner Cafe' });
    expect(row!.plays).toBeGreaterThanOrEqual(5);

    const byAdvertiser = await admin.rpc('plays_report', { p_from: daysAgo(7), p_to: today(), p_group: 'advertiser' });
    expect(
      (byAdvertiser.data as { key: string | null; label: string }[]).find((r) => r.key === advertiser)?.label,
    ).toBeTruthy();

    const byScreen = await admin.rpc('plays_report', {
      p_from: daysAgo(7),
      p_to: today(),
      p_group: 'screen',
      p_advertiser_id: advertiser,
    });
    expect(byScreen.data).toEqual([
      expect.objectContaining({ key: device, plays: 1, detail: 'Corner Cafe', screens: 1 }),
    ]);

    const days = await admin.rpc('plays_by_day', {
      p_from: daysAgo(6),
      p_to: today(),
      p_customer_id: SEED.customers.cafe,
    });
    expect(days.error).toBeNull();
    expect((days.data as { day: string }[]).map((d) => d.day)).toEqual(
      Array.from({ length: 7 }, (_, i) => daysAgo(6 - i)),
    );
  });

  it('gives a venue its own plays only, and checks the period', async () => {
    const cafe = await as('cafe');
    const own = await cafe.rpc('plays_report', { p_from: daysAgo(7), p_to: today(), p_group: 'screen' });
    expect(own.error).toBeNull();
    expect((own.data as { key: string }[]).map((r) => r.key)).toContain(device);
    const gym = await as('gym');
    const theirs = await gym.rpc('plays_report', { p_from: daysAgo(7), p_to: today(), p_group: 'screen' });
    expect((theirs.data as { key: string }[]).map((r) => r.key)).not.toContain(device);
    const peek = await gym.rpc('plays_report', {
      p_from: daysAgo(7),
      p_to: today(),
      p_group: 'screen',
      p_customer_id: SEED.customers.cafe,
    });
    expect(peek.error).toMatchObject({ code: '42501' });

    const backwards = await cafe.rpc('plays_by_day', { p_from: today(), p_to: daysAgo(3) });
    expect(backwards.error).toMatchObject({ code: '22023' });
    const tooLong = await cafe.rpc('plays_by_day', { p_from: daysAgo(800), p_to: today() });
    expect(tooLong.error).toMatchObject({
      code: '22023',
      message: 'A report covers at most 2 years (plays are summed for 2 years).',
    });
    const badGroup = await cafe.rpc('plays_report', { p_from: daysAgo(1), p_to: today(), p_group: 'planet' });
    expect(badGroup.error).toMatchObject({ code: '22023' });
  });
});

describe('retention', () => {
  it('keeps raw plays 30 days (one partition per day) and the sums 2 years', async () => {
    const cafe = await as('cafe');
    const old = play({
      started_at: new Date(Date.now() - 40 * 86_400_000).toISOString(),
      slide_id: SEED.slides.cafe[3],
    });
    const recent = play({
      started_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      slide_id: SEED.slides.cafe[3],
    });
    expect((await cafe.rpc('record_plays', { p_plays: [recent], p_device_id: device })).data).toMatchObject({
      accepted: 1,
    });

    const db = await connectDb();
    try {
      // A play from before the campaign began (record_plays would refuse it: not scheduled then),
      // stored as record_plays stores the plays it accepts.
      await db.query(
        `select private.store_plays(e, jsonb_build_array($2::jsonb)) from public.equipment_status e where e.id = $1`,
        [device, JSON.stringify(old)],
      );
      // A partition per day, 30 days back to 7 ahead.
      const parts = await db.query<{ n: string }>(
        `select count(*) as n from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'public.plays'::regclass and c.relname ~ '^plays_p[0-9]{8}$'`,
      );
      expect(Number(parts.rows[0]!.n)).toBeGreaterThanOrEqual(38);
      // Sums older than 2 years, put there directly.
      await db.query(
        `insert into public.play_days (day, device_id, customer_id, plays, seconds) values (current_date - 800, $1, $2, 3, 30)`,
        [device, SEED.customers.cafe],
      );
      await db.query(
        `insert into public.play_hours (hour, device_id, customer_id, plays, seconds) values (date_trunc('hour', now()) - interval '800 days', $1, $2, 3, 30)`,
        [device, SEED.customers.cafe],
      );
    } finally {
      await db.end();
    }

    const { data, error } = await service().rpc('run_network_upkeep');
    expect(error).toBeNull();
    expect((data as { rollups_pruned: { days: number; hours: number } }).rollups_pruned).toEqual({ days: 1, hours: 1 });

    const { data: raw } = await service().from('plays').select('id').in('id', [old.id, recent.id]);
    expect((raw as { id: string }[]).map((r) => r.id)).toEqual([recent.id]);
    // The old play still counts in the sums.
    const sums = (await daySums(device)).filter((s) => s.slide_id === SEED.slides.cafe[3]);
    expect(sums.reduce((n, s) => n + s.plays, 0)).toBe(2);
  });
});
