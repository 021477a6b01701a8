// Plays checked against the schedule (record_plays): a play counts only if its slide was in
// the screen's playlist at its start, as the schedule stood then (within the clock drift the
// heartbeat measured), lasted at most the slide's duration plus 2 s, overlaps none of the
// screen's other plays, and is not a replay: its identity is (device, id). Every refusal is
// answered with its reason, counted per screen and day, and past a threshold raises an alert.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, asUser, connectDb, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { createAuthUser, SEED } from './db-seed.ts';

let db: pg.Client;
let venue: AnyClient;
let venueLogin: string;
let venueId: string;
let screenA: string;
let screenB: string;
let live: string;
let slide10: string;
let slide5: string;
let chosen: string;
let chosenSlide: string;
let paused: string;
let pausedSlide: string;
let night: string;
let nightSlide: string;
let editable: string;
let editableSlide: string;

interface Result {
  accepted: number;
  duplicates: number;
  rejected: { index: number; id: unknown; reason: string }[];
}

const REASON = {
  unknownCampaign: 'unknown campaign: no campaign has this campaign_id',
  unknownSlide: 'unknown slide: no slide has this slide_id',
  otherVenue: "another venue's slide: the campaign is not this venue's",
  replayed: 'replayed: this play was already recorded with another start or length',
  tooLong: "too long: more seconds than the slide's duration plus 2",
  overlapping: 'overlapping: this screen was playing another play then',
  notScheduled: "not scheduled: the slide was not in this screen's playlist at that time",
};

/** A clock of this file's own: each play starts after the one before ended (30 s slots). */
let clock = Date.now() - 4 * 3600_000;
const next = (gap = 30_000) => new Date((clock += gap)).toISOString();
const play = (campaign: string, slide: string, seconds: number, started_at = next()) => ({
  id: crypto.randomUUID(),
  started_at,
  seconds,
  campaign_id: campaign,
  slide_id: slide,
});

async function record(plays: unknown[], device = screenA): Promise<Result> {
  const { data, error } = await venue.rpc('record_plays', { p_plays: plays, p_device_id: device });
  expect(error).toBeNull();
  return data as Result;
}

const reasons = (r: Result) => r.rejected.map((x) => [x.index, x.reason]);

async function campaign(values: Record<string, unknown>, slides: { duration: number }[], screens: string[] = []) {
  const sb = service();
  const made = await sb
    .from('campaigns')
    .insert({ name: `Checks ${uniqueSuffix()}`, customer_id: venueId, status: 'active', ...values })
    .select('id')
    .single();
  expect(made.error).toBeNull();
  const id = (made.data as { id: string }).id;
  const items = await sb
    .from('campaign_items')
    .insert(slides.map((s, i) => ({ campaign_id: id, title: `Slide ${i + 1}`, display_order: i + 1, ...s })))
    .select('id')
    .order('display_order');
  expect(items.error).toBeNull();
  for (const device of screens) {
    expect((await sb.from('campaign_screens').insert({ campaign_id: id, device_id: device })).error).toBeNull();
  }
  return { id, slides: (items.data as { id: string }[]).map((s) => s.id) };
}

beforeAll(async () => {
  db = await connectDb();
  const suffix = uniqueSuffix();
  const email = `checks-${suffix}@example.test`;
  venueLogin = await createAuthUser(db, email);
  const sb = service();
  const customer = await sb
    .from('customers')
    .insert({
      name: `Checks Venue ${suffix}`,
      username: `checks-${suffix}`,
      email,
      user_id: venueLogin,
      time_zone: 'UTC',
    })
    .select('id')
    .single();
  expect(customer.error).toBeNull();
  venueId = (customer.data as { id: string }).id;
  venue = await asUser(venueLogin, email);
  const screens = await sb
    .from('equipment_status')
    .insert([
      { customer_id: venueId, device_name: 'Checks A', status: 'online' },
      { customer_id: venueId, device_name: 'Checks B', status: 'online' },
    ])
    .select('id, device_name')
    .order('device_name');
  expect(screens.error).toBeNull();
  [screenA, screenB] = (screens.data as { id: string }[]).map((s) => s.id) as [string, string];

  ({
    id: live,
    slides: [slide10, slide5],
  } = (await campaign({}, [{ duration: 10 }, { duration: 5 }])) as { id: string; slides: [string, string] });
  ({
    id: chosen,
    slides: [chosenSlide],
  } = (await campaign({ plays_on: 'chosen' }, [{ duration: 10 }], [screenB])) as { id: string; slides: [string] });
  ({
    id: paused,
    slides: [pausedSlide],
  } = (await campaign({ status: 'paused' }, [{ duration: 10 }])) as { id: string; slides: [string] });
  ({
    id: editable,
    slides: [editableSlide],
  } = (await campaign({}, [{ duration: 10 }])) as { id: string; slides: [string] });
  // A campaign that plays only in a daypart of an hour that is never now: 12 hours from now.
  const hour = (new Date().getUTCHours() + 12) % 24;
  ({
    id: night,
    slides: [nightSlide],
  } = (await campaign({}, [{ duration: 10 }])) as { id: string; slides: [string] });
  const pad = (n: number) => String(n).padStart(2, '0');
  expect(
    (
      await sb.from('campaign_windows').insert({
        campaign_id: night,
        days: [1, 2, 3, 4, 5, 6, 7],
        start_time: `${pad(hour)}:00`,
        end_time: `${pad((hour + 1) % 24)}:00`,
      })
    ).error,
  ).toBeNull();
});

afterAll(async () => {
  const sb = service();
  if (venueId) {
    await db.query('delete from public.system_alerts where customer_id = $1', [venueId]);
    await db.query('delete from public.plays where customer_id = $1', [venueId]);
    await db.query('delete from public.play_hours where customer_id = $1', [venueId]);
    await db.query('delete from public.play_days where customer_id = $1', [venueId]);
    await sb.from('campaigns').delete().eq('customer_id', venueId);
    await sb.from('equipment_status').delete().eq('customer_id', venueId);
    await sb.from('customers').delete().eq('id', venueId);
  }
  if (venueLogin) await db.query('delete from auth.users where id = $1', [venueLogin]);
  await db?.end();
});

describe('record_plays checks each play', () => {
  it('accepts scheduled plays one after another, and counts the same batch again as duplicates', async () => {
    const batch = [play(live, slide10, 10), play(live, slide5, 5), play(live, slide10, 12)];
    expect(await record(batch)).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    expect(await record(batch)).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
  });

  it('names a play by (screen, id): a replay with its start shifted counts never, the same id on another screen once there', async () => {
    const original = play(live, slide10, 10);
    expect(await record([original])).toMatchObject({ accepted: 1 });
    const shifted = { ...original, started_at: new Date(Date.parse(original.started_at) + 1000).toISOString() };
    const longer = { ...original, seconds: 11 };
    const again = await record([shifted, longer]);
    expect(again.accepted).toBe(0);
    expect(reasons(again)).toEqual([
      [0, REASON.replayed],
      [1, REASON.replayed],
    ]);
    // Within one batch too: the second copy with another start.
    const fresh = play(live, slide10, 10);
    const twice = await record([fresh, { ...fresh, started_at: next() }]);
    expect(twice.accepted).toBe(1);
    expect(reasons(twice)).toEqual([[1, REASON.replayed]]);
    // Screen B's play with the same id is screen B's own (chosen campaign: B is chosen).
    const onB = { ...play(chosen, chosenSlide, 10), id: original.id };
    expect(await record([onB], screenB)).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    const { data } = await service().from('plays').select('device_id').eq('id', original.id).order('device_id');
    expect((data as { device_id: string }[]).map((r) => r.device_id).sort()).toEqual([screenA, screenB].sort());
  });

  it('refuses unknown ids, another venue’s slide, and a slide of another campaign, each with its reason', async () => {
    const result = await record([
      play(crypto.randomUUID(), slide10, 10),
      play(live, crypto.randomUUID(), 10),
      play(SEED.campaigns.cafeActive, SEED.slides.cafe[0]!, 10),
      play(live, chosenSlide, 10),
    ]);
    expect(result.accepted).toBe(0);
    expect(reasons(result)).toEqual([
      [0, REASON.unknownCampaign],
      [1, REASON.unknownSlide],
      [2, REASON.otherVenue],
      [3, 'the slide is not a slide of that campaign'],
    ]);
  });

  it('refuses a play longer than its slide’s duration plus 2 s', async () => {
    const result = await record([play(live, slide5, 7), play(live, slide5, 7.5), play(live, slide10, 86_400)]);
    expect(result.accepted).toBe(1);
    expect(reasons(result)).toEqual([
      [1, REASON.tooLong],
      [2, REASON.tooLong],
    ]);
  });

  it('refuses plays that overlap the screen’s stored plays or each other, allowing rounding under a second', async () => {
    const first = play(live, slide10, 10);
    expect(await record([first])).toMatchObject({ accepted: 1 });
    const start = Date.parse(first.started_at);
    const at = (ms: number) => new Date(start + ms).toISOString();
    const result = await record([
      play(live, slide5, 5, at(5_000)), // inside the stored play
      play(live, slide5, 5, at(9_600)), // starts 0.4 s before it ends: rounding
      play(live, slide10, 10, at(15_000)),
      play(live, slide5, 5, at(20_000)), // inside the one before in this batch
    ]);
    expect(result.accepted).toBe(2);
    expect(reasons(result)).toEqual([
      [0, REASON.overlapping],
      [3, REASON.overlapping],
    ]);
    // Another screen plays at the same time freely.
    expect(await record([play(chosen, chosenSlide, 10, at(0))], screenB)).toMatchObject({ accepted: 1 });
    // Plays of a day each, all within 5 seconds, count not at all.
    const flood = Array.from({ length: 50 }, (_, i) => play(live, slide10, 86_400, at(40_000 + i * 100)));
    const refused = await record(flood);
    expect(refused.accepted).toBe(0);
    clock += 60_000;
  });

  it('refuses what was not in the screen’s playlist: a paused campaign, a screen not chosen, outside its daypart', async () => {
    const result = await record([
      play(paused, pausedSlide, 10),
      play(chosen, chosenSlide, 10), // on screen A, which the campaign did not choose
      // (Its daypart was set after it was made: a play from now on.)
      play(night, nightSlide, 10, new Date(Date.now() + 20_000).toISOString()),
    ]);
    expect(result.accepted).toBe(0);
    expect(reasons(result)).toEqual([
      [0, REASON.notScheduled],
      [1, REASON.notScheduled],
      [2, REASON.notScheduled],
    ]);
  });

  it('judges a play uploaded after an edit by the schedule as it stood at its start', async () => {
    const sb = service();
    // Played for 10 s while the slide was 10 s and the campaign active, uploaded after both changed.
    const before = play(editable, editableSlide, 10, new Date(Date.now() - 120_000).toISOString());
    expect((await sb.from('campaign_items').update({ duration: 5 }).eq('id', editableSlide)).error).toBeNull();
    expect((await sb.from('campaigns').update({ status: 'paused' }).eq('id', editable)).error).toBeNull();
    // Claimed after the pause (beyond the clock margin): not scheduled then.
    const after = play(editable, editableSlide, 5, new Date(Date.now() + 30_000).toISOString());
    const result = await record([before, after]);
    expect(result.accepted).toBe(1);
    expect(reasons(result)).toEqual([[1, REASON.notScheduled]]);
    // Taken off screen B, the chosen campaign's later plays there are not scheduled; earlier ones were.
    const earlier = play(chosen, chosenSlide, 10, new Date(Date.now() - 60_000).toISOString());
    expect((await sb.from('campaign_screens').delete().eq('campaign_id', chosen)).error).toBeNull();
    const later = play(chosen, chosenSlide, 10, new Date(Date.now() + 30_000).toISOString());
    const onB = await record([earlier, later], screenB);
    expect(onB.accepted).toBe(1);
    expect(reasons(onB)).toEqual([[1, REASON.notScheduled]]);
  });

  it('allows the clock drift the heartbeat measured, and no more than that plus a margin', async () => {
    const sb = service();
    const c = await campaign({}, [{ duration: 10 }]);
    expect((await sb.from('campaigns').update({ status: 'paused' }).eq('id', c.id)).error).toBeNull();
    const pausedAt = Date.now();
    // A screen whose clock runs 60 s ahead reports a play 40 s after the pause by its clock:
    // by ours it started 20 s before the pause.
    const ahead = () => play(c.id, c.slides[0]!, 10, new Date(pausedAt + 40_000).toISOString());
    const unmeasured = await record([ahead()]);
    expect(reasons(unmeasured)).toEqual([[0, REASON.notScheduled]]);

    const beat = await venue.rpc('player_heartbeat', {
      p_device_id: screenA,
      p_device_time: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(beat.error).toBeNull();
    const { data } = await sb.from('equipment_status').select('clock_offset_ms').eq('id', screenA).single();
    const offset = (data as { clock_offset_ms: number }).clock_offset_ms;
    expect(offset).toBeGreaterThan(58_000);
    expect(offset).toBeLessThanOrEqual(60_000);
    expect(await record([ahead()])).toMatchObject({ accepted: 1, rejected: [] });
    // Beyond the drift and margin: 2 minutes after the pause by its clock.
    const tooFar = play(c.id, c.slides[0]!, 10, new Date(pausedAt + 120_000).toISOString());
    expect(reasons(await record([tooFar]))).toEqual([[0, REASON.notScheduled]]);

    // Back on time.
    expect(
      (await venue.rpc('player_heartbeat', { p_device_id: screenA, p_device_time: new Date().toISOString() })).error,
    ).toBeNull();
  });
});

describe('refused plays', () => {
  it('are counted per screen, day and reason, and past the threshold raise one alert for the day', async () => {
    const { data: before } = await service().from('play_refusals').select('reason, plays').eq('device_id', screenA);
    const counted = (rows: unknown) =>
      Object.fromEntries((rows as { reason: string; plays: number }[]).map((r) => [r.reason, r.plays]));
    const had = counted(before);
    expect(had.not_scheduled).toBeGreaterThan(0);
    expect(had.overlapping).toBeGreaterThan(0);
    expect(had.replayed).toBe(3);

    const bad = Array.from({ length: 30 }, () => play(crypto.randomUUID(), slide10, 10));
    await record(bad);
    const { data: after } = await service().from('play_refusals').select('reason, plays, day').eq('device_id', screenA);
    expect(counted(after).unknown_campaign).toBe((had.unknown_campaign ?? 0) + 30);
    expect((after as { day: string }[]).every((r) => r.day === new Date().toISOString().slice(0, 10))).toBe(true);

    const alerts = async (device: string) =>
      (
        await service()
          .from('system_alerts')
          .select('message, alert_day')
          .eq('device_id', device)
          .eq('alert_type', 'plays_refused')
      ).data as { message: string; alert_day: string }[];
    // Screen A passed 50 refusals today (the flood of day-long plays did it): one alert, however
    // many more it refuses. Screen B, with one refusal, none.
    const raised = await alerts(screenA);
    expect(raised).toHaveLength(1);
    expect(raised[0]!.message).toMatch(/^Checks A at Checks Venue .*: \d+ plays refused today \(too long: \d+/);
    expect(raised[0]!.alert_day).toBe(new Date().toISOString().slice(0, 10));
    await record([play(crypto.randomUUID(), slide10, 10)]);
    expect(await alerts(screenA)).toHaveLength(1);
    const { data: onB } = await service().from('play_refusals').select('reason, plays').eq('device_id', screenB);
    expect(onB).toEqual([{ reason: 'not_scheduled', plays: 1 }]);
    expect(await alerts(screenB)).toEqual([]);

    // The venue reads its own screens' counts; another venue none.
    const own = await venue.from('play_refusals').select('reason').eq('device_id', screenA);
    expect((own.data ?? []).length).toBeGreaterThan(0);
  });
});
