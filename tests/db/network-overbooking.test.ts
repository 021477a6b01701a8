// A screen's loop is sold, never stretched: whatever the write (a campaign activated, its
// dates or dayparts widened, a target added, a screen added to a targeted group, a slide
// added or lengthened, more spots, a loop shortened, a screen moved to another venue, a
// venue's time zone changed), one that would book more seconds than a screen's loop at any
// moment is refused with HTTP 409 (PT409) naming the screen, its venue and the first day and
// time it would overflow, and nothing of it is saved. check_campaign_booking() answers the
// same question without saving. Exactly full fits; paused and completed campaigns and the
// venues' own campaigns book nothing; dayparts that do not meet can share a loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, ENGINE } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';
import {
  type Answer,
  expectOverbooked,
  NetworkFixtures,
  nextWeekday,
  overbookedMessage,
  plusDays,
  todayIn,
} from './network-fixtures.ts';

const f = new NetworkFixtures();
// A Monday at least two weeks ahead in New York (the venues' zone unless a test says), so
// every day a test books is still to come.
let monday: string;

/** A venue with one screen of `loop` seconds, named for the test. */
async function scene(name: string, loop = 60, timeZone = 'America/New_York') {
  const venue = await f.newVenue(`${name} Venue`, timeZone);
  const screenName = `${name} screen`;
  const screen = await f.newScreen(venue.id, screenName, loop);
  return {
    venue,
    screen,
    screenName,
    message: (day: string, time: string, booked: number) =>
      overbookedMessage(screenName, venue.name, day, time, booked, loop),
  };
}

const answer = (r: { status: number; error: Answer['error'] }): Answer => ({ status: r.status, error: r.error });

async function statusOf(id: string) {
  const { data } = await f.admin
    .from('campaigns')
    .select('status, start_date, end_date, name, spots_per_loop')
    .eq('id', id)
    .single();
  return data as {
    status: string;
    start_date: string | null;
    end_date: string | null;
    name: string;
    spots_per_loop: number;
  };
}

beforeAll(async () => {
  await f.setUp();
  monday = nextWeekday(plusDays(todayIn('America/New_York'), 14), 1);
});

afterAll(() => f.tearDown());

describe('activating a campaign', () => {
  it('refuses to activate one that overflows a loop, by a table write and by the form, and keeps it paused', async () => {
    const s = await scene('Activate');
    await f.campaign({ name: `Booked ${f.suffix}`, targets: [{ device_id: s.screen }], slides: [{ duration: 30 }] });
    const late = await f.campaign({
      name: `Late ${f.suffix}`,
      status: 'paused',
      targets: [{ device_id: s.screen }],
      start: monday,
      end: plusDays(monday, 6),
      slides: [{ duration: 40 }],
    });
    const byTable = await f.admin.from('campaigns').update({ status: 'active' }).eq('id', late).select('status');
    const detail = expectOverbooked(answer(byTable), s.message(monday, '00:00', 70));
    expect(detail).toEqual({ device_id: s.screen, day: monday, time: '00:00', booked_seconds: 70, loop_seconds: 60 });
    expect(byTable.error?.hint).toBe(
      "Book fewer spots, fewer screens or other dates and times, or lengthen the screen's loop.",
    );

    const args = f.saveArgs(
      {
        name: `Late renamed ${f.suffix}`,
        status: 'scheduled',
        targets: [{ device_id: s.screen }],
        start: monday,
        end: plusDays(monday, 6),
      },
      late,
    );
    const byForm = await f.admin.rpc('save_campaign', args);
    expectOverbooked(answer(byForm), s.message(monday, '00:00', 70));
    expect(await statusOf(late)).toMatchObject({ status: 'paused', name: `Late ${f.suffix}` });
  });

  it('accepts a loop booked exactly full, and refuses one second more', async () => {
    const s = await scene('Full');
    await f.campaign({ name: `Half ${f.suffix}`, targets: [{ device_id: s.screen }], slides: [{ duration: 30 }] });
    await f.campaign({
      name: `Other half ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      slides: [{ duration: 20 }, { duration: 30 }],
    });
    const { data } = await f.admin.rpc('network_availability', { p_start: monday, p_end: monday });
    expect(
      (data as { device_id: string; booked_seconds: number; loop_seconds: number }[]).find(
        (r) => r.device_id === s.screen,
      ),
    ).toMatchObject({
      booked_seconds: 60,
      loop_seconds: 60,
    });
    const more = await f.tryCampaign({
      name: `One more ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      start: monday,
      slides: [{ duration: 5 }],
    });
    expectOverbooked(more.answer, s.message(monday, '00:00', 65));
    expect((await statusOf(more.id)).status).toBe('paused');
  });

  it('books nothing for paused and completed campaigns, nor for a venue’s own', async () => {
    const s = await scene('Unbooked');
    await f.venueCampaign(s.venue.id, `Own long ${f.suffix}`, [{ duration: 300 }, { duration: 300 }]);
    await f.campaign({
      name: `Paused ${f.suffix}`,
      status: 'paused',
      targets: [{ device_id: s.screen }],
      slides: [{ duration: 60 }],
    });
    await f.campaign({
      name: `Completed ${f.suffix}`,
      status: 'completed',
      targets: [{ device_id: s.screen }],
      slides: [{ duration: 60 }],
    });
    // The whole loop is still for sale.
    await f.campaign({
      name: `Whole loop ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      slides: [{ duration: 60 }],
    });
    const { data } = await f.admin.rpc('screen_day_bookings', { p_device_id: s.screen, p_day: monday });
    expect((data as { campaign_name: string }[]).map((r) => r.campaign_name)).toEqual([`Whole loop ${f.suffix}`]);
  });
});

describe('widening a booking', () => {
  it('refuses dates widened into another booking', async () => {
    const s = await scene('Dates');
    await f.campaign({
      name: `First ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      start: monday,
      end: plusDays(monday, 2),
      slides: [{ duration: 40 }],
    });
    const second = await f.campaign({
      name: `Second ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      start: plusDays(monday, 3),
      end: plusDays(monday, 5),
      slides: [{ duration: 30 }],
    });
    const earlier = await f.admin
      .from('campaigns')
      .update({ start_date: plusDays(monday, 1) })
      .eq('id', second)
      .select('id');
    expectOverbooked(answer(earlier), s.message(plusDays(monday, 1), '00:00', 70));
    const open = await f.admin.from('campaigns').update({ start_date: null }).eq('id', second).select('id');
    // Open from today: the first day it meets the other is the other's first day.
    expectOverbooked(answer(open), s.message(monday, '00:00', 70));
    expect(await statusOf(second)).toMatchObject({ start_date: plusDays(monday, 3), end_date: plusDays(monday, 5) });
    // Narrowing needs no room.
    const later = await f.admin
      .from('campaigns')
      .update({ start_date: plusDays(monday, 4) })
      .eq('id', second)
      .select('id');
    expect(later.error).toBeNull();
  });

  it('lets dayparts that do not meet share a loop, and refuses a daypart widened into another', async () => {
    const s = await scene('Dayparts');
    const week = { start: monday, end: plusDays(monday, 6) };
    await f.campaign({
      name: `Mornings ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      ...week,
      windows: [{ days: [1, 2, 3, 4, 5], start: '07:00', end: '11:00' }],
      slides: [{ duration: 40 }],
    });
    const lunch = await f.campaign({
      name: `Lunch ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      ...week,
      windows: [{ days: [1, 2, 3, 4, 5], start: '11:00', end: '14:00' }],
      slides: [{ duration: 40 }],
    });
    const { data: windows } = await f.admin.from('campaign_windows').select('id').eq('campaign_id', lunch);
    const windowId = (windows as { id: string }[])[0]!.id;

    const earlier = await f.admin
      .from('campaign_windows')
      .update({ start_time: '10:30' })
      .eq('id', windowId)
      .select('id');
    expectOverbooked(answer(earlier), s.message(monday, '10:30', 80));
    // A second window on Saturday morning meets nothing; one on Tuesday morning does.
    const saturday = await f.admin
      .from('campaign_windows')
      .insert({ campaign_id: lunch, days: [6], start_time: '07:00', end_time: '11:00' })
      .select('id');
    expect(saturday.error).toBeNull();
    const tuesday = await f.admin
      .from('campaign_windows')
      .insert({ campaign_id: lunch, days: [2], start_time: '09:00', end_time: '09:30' })
      .select('id');
    expectOverbooked(answer(tuesday), s.message(plusDays(monday, 1), '09:00', 80));
    // No window at all is all day.
    const allDay = await f.admin.from('campaign_windows').delete().eq('campaign_id', lunch).select('id');
    expectOverbooked(answer(allDay), s.message(monday, '07:00', 80));
    const byForm = await f.admin.rpc(
      'save_campaign',
      f.saveArgs(
        {
          name: `Lunch ${f.suffix}`,
          targets: [{ device_id: s.screen }],
          ...week,
          windows: [{ days: [1], start: '06:00', end: '08:00' }],
        },
        lunch,
      ),
    );
    expectOverbooked(answer(byForm), s.message(monday, '07:00', 80));
    const { data: kept } = await f.admin
      .from('campaign_windows')
      .select('days, start_time, end_time')
      .eq('campaign_id', lunch)
      .order('start_time');
    expect(kept).toEqual([
      { days: [6], start_time: '07:00:00', end_time: '11:00:00' },
      { days: [1, 2, 3, 4, 5], start_time: '11:00:00', end_time: '14:00:00' },
    ]);
  });

  it('counts a daypart over midnight on the next morning too', async () => {
    const s = await scene('Midnight');
    const week = { start: monday, end: plusDays(monday, 6) };
    await f.campaign({
      name: `Late night ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      ...week,
      windows: [{ days: [5], start: '22:00', end: '02:00' }],
      slides: [{ duration: 40 }],
    });
    // Saturday 01:00–03:00 meets Friday's window from 01:00.
    const saturday = await f.tryCampaign({
      name: `Small hours ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      ...week,
      windows: [{ days: [6], start: '01:00', end: '03:00' }],
      slides: [{ duration: 40 }],
    });
    expectOverbooked(saturday.answer, s.message(plusDays(monday, 5), '01:00', 80));
    // From 02:00 it fits.
    await f.campaign({
      name: `After two ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      ...week,
      windows: [{ days: [6], start: '02:00', end: '03:00' }],
      slides: [{ duration: 40 }],
    });
  });
});

describe('reaching more screens', () => {
  it('refuses a target that adds a full screen, by a table write and by the form', async () => {
    const s = await scene('Target');
    const free = await f.newScreen(s.venue.id, 'Target free screen', 60);
    await f.campaign({ name: `Holder ${f.suffix}`, targets: [{ device_id: s.screen }], slides: [{ duration: 40 }] });
    const wider = await f.campaign({
      name: `Wider ${f.suffix}`,
      targets: [{ device_id: free }],
      start: monday,
      slides: [{ duration: 30 }],
    });
    const byTable = await f.admin
      .from('campaign_targets')
      .insert({ campaign_id: wider, device_id: s.screen })
      .select('id');
    const detail = expectOverbooked(answer(byTable), s.message(monday, '00:00', 70));
    expect(detail.device_id).toBe(s.screen);
    // The venue as a target reaches the full screen too.
    const venue = await f.admin.rpc(
      'save_campaign',
      f.saveArgs({ name: `Wider ${f.suffix}`, targets: [{ customer_id: s.venue.id }], start: monday }, wider),
    );
    expectOverbooked(answer(venue), s.message(monday, '00:00', 70));
    const { data } = await f.admin.from('campaign_targets').select('device_id, customer_id').eq('campaign_id', wider);
    expect(data).toEqual([{ device_id: free, customer_id: null }]);
  });

  it('refuses a full screen joining a targeted group, and names the screen', async () => {
    const s = await scene('Group');
    const other = await scene('Group other');
    const group = await f.newGroup('Booked group', [other.screen]);
    await f.campaign({
      name: `On group ${f.suffix}`,
      targets: [{ group_id: group }],
      start: monday,
      slides: [{ duration: 30 }],
    });
    await f.campaign({ name: `On screen ${f.suffix}`, targets: [{ device_id: s.screen }], slides: [{ duration: 40 }] });
    const join = await f.admin
      .from('screen_group_members')
      .insert({ group_id: group, device_id: s.screen })
      .select('device_id');
    expectOverbooked(answer(join), s.message(monday, '00:00', 70));
    const { data } = await f.admin.from('screen_group_members').select('device_id').eq('group_id', group);
    expect(data).toEqual([{ device_id: other.screen }]);
    // A screen with room joins.
    const roomy = await f.newScreen(s.venue.id, 'Group roomy screen', 60);
    expect((await f.admin.from('screen_group_members').insert({ group_id: group, device_id: roomy })).error).toBeNull();
  });

  it('refuses a new screen at a targeted venue whose loop is shorter than what the venue’s campaigns book', async () => {
    const s = await scene('New screen');
    await f.campaign({
      name: `On new venue ${f.suffix}`,
      targets: [{ customer_id: s.venue.id }],
      start: monday,
      slides: [{ duration: 40 }],
    });
    const added = await f.admin
      .from('equipment_status')
      .insert({ customer_id: s.venue.id, device_name: 'New screen short loop', loop_seconds: 30 })
      .select('id');
    expectOverbooked(answer(added), overbookedMessage('New screen short loop', s.venue.name, monday, '00:00', 40, 30));
    const { data } = await f.admin.from('equipment_status').select('id').eq('customer_id', s.venue.id);
    expect(data).toEqual([{ id: s.screen }]);
  });

  it('refuses moving a full screen to a venue a campaign targets, naming the screen at its new venue', async () => {
    const s = await scene('Move');
    const target = await f.newVenue('Move Target Venue');
    await f.newScreen(target.id, 'Move target screen', 60);
    await f.campaign({
      name: `On venue ${f.suffix}`,
      targets: [{ customer_id: target.id }],
      start: monday,
      slides: [{ duration: 30 }],
    });
    await f.campaign({
      name: `On mover ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      start: monday,
      slides: [{ duration: 40 }],
    });
    const moved = await f.admin
      .from('equipment_status')
      .update({ customer_id: target.id })
      .eq('id', s.screen)
      .select('id');
    expectOverbooked(answer(moved), overbookedMessage(s.screenName, target.name, monday, '00:00', 70, 60));
    const { data } = await f.admin.from('equipment_status').select('customer_id').eq('id', s.screen).single();
    expect(data).toEqual({ customer_id: s.venue.id });
  });
});

describe('making a booking longer', () => {
  it('refuses a slide added or lengthened past the loop, and more spots per loop', async () => {
    const s = await scene('Slides');
    await f.campaign({ name: `Neighbour ${f.suffix}`, targets: [{ device_id: s.screen }], slides: [{ duration: 20 }] });
    const grow = await f.campaign({
      name: `Grows ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      start: monday,
      slides: [{ title: 'Main', duration: 30 }],
    });
    // A shorter slide leaves the spot as long as before.
    expect(
      (
        await f.admin
          .from('campaign_items')
          .insert({ campaign_id: grow, title: 'Short', display_order: 2, duration: 15 })
      ).error,
    ).toBeNull();
    const longer = await f.admin
      .from('campaign_items')
      .insert({ campaign_id: grow, title: 'Longer', display_order: 3, duration: 45 })
      .select('id');
    expectOverbooked(answer(longer), s.message(monday, '00:00', 65));

    const { data: main } = await f.admin
      .from('campaign_items')
      .select('id')
      .eq('campaign_id', grow)
      .eq('title', 'Main')
      .single();
    const mainId = (main as { id: string }).id;
    const stretched = await f.admin.from('campaign_items').update({ duration: 41 }).eq('id', mainId).select('id');
    expectOverbooked(answer(stretched), s.message(monday, '00:00', 61));
    // To exactly full is fine.
    expect((await f.admin.from('campaign_items').update({ duration: 40 }).eq('id', mainId)).error).toBeNull();
    // Back to 30; two spots of it are 60, with the neighbour's 20, 80.
    expect((await f.admin.from('campaign_items').update({ duration: 30 }).eq('id', mainId)).error).toBeNull();
    const spots = await f.admin.from('campaigns').update({ spots_per_loop: 2 }).eq('id', grow).select('id');
    expectOverbooked(answer(spots), s.message(monday, '00:00', 80));
    // A slide turned back on counts again.
    const off = await f.admin
      .from('campaign_items')
      .insert({ campaign_id: grow, title: 'Off', display_order: 4, duration: 50, is_active: false })
      .select('id')
      .single();
    expect(off.error).toBeNull();
    const on = await f.admin
      .from('campaign_items')
      .update({ is_active: true })
      .eq('id', (off.data as { id: string }).id)
      .select('id');
    expectOverbooked(answer(on), s.message(monday, '00:00', 70));

    const { data: slides } = await f.admin
      .from('campaign_items')
      .select('title, duration, is_active')
      .eq('campaign_id', grow)
      .order('display_order');
    expect(slides).toEqual([
      { title: 'Main', duration: 30, is_active: true },
      { title: 'Short', duration: 15, is_active: true },
      { title: 'Off', duration: 50, is_active: false },
    ]);
    expect((await statusOf(grow)).spots_per_loop).toBe(1);
  });

  it('refuses a loop shortened below what is booked in it', async () => {
    const s = await scene('Loop', 90);
    await f.campaign({
      name: `In loop ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      start: monday,
      slides: [{ duration: 40 }],
    });
    expect((await f.admin.from('equipment_status').update({ loop_seconds: 40 }).eq('id', s.screen)).error).toBeNull();
    const shorter = await f.admin.from('equipment_status').update({ loop_seconds: 39 }).eq('id', s.screen).select('id');
    expectOverbooked(answer(shorter), overbookedMessage(s.screenName, s.venue.name, monday, '00:00', 40, 39));
    const { data } = await f.admin.from('equipment_status').select('loop_seconds').eq('id', s.screen).single();
    expect(data).toEqual({ loop_seconds: 40 });
  });
});

describe('a venue’s time zone', () => {
  it('refuses a zone change that brings a day with overlapping dayparts back into what is to come', async () => {
    // Kiritimati's day is one or two days ahead of Pago Pago's: what was yesterday in
    // Kiritimati is still today or tomorrow in Pago Pago, where it would be overbooked.
    const s = await scene('Zone', 60, 'Pacific/Kiritimati');
    const yesterday = plusDays(todayIn('Pacific/Kiritimati'), -1);
    const day = { start: yesterday, end: yesterday };
    const every = [1, 2, 3, 4, 5, 6, 7];
    await f.campaign({
      name: `Nine ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      ...day,
      windows: [{ days: every, start: '09:00', end: '10:00' }],
      slides: [{ duration: 40 }],
    });
    // Booked on a day gone by: it overlaps the other there, and no check looks back.
    await f.campaign({
      name: `Half past ${f.suffix}`,
      targets: [{ device_id: s.screen }],
      ...day,
      windows: [{ days: every, start: '09:30', end: '11:00' }],
      slides: [{ duration: 30 }],
    });
    const behind = await f.admin
      .from('customers')
      .update({ time_zone: 'Pacific/Pago_Pago' })
      .eq('id', s.venue.id)
      .select('id');
    expectOverbooked(answer(behind), s.message(yesterday, '09:30', 70));
    const { data } = await f.admin.from('customers').select('time_zone').eq('id', s.venue.id).single();
    expect(data).toEqual({ time_zone: 'Pacific/Kiritimati' });
  });
});

// PGlite runs one transaction at a time, so there two bookings never overlap. On PostgreSQL
// they can: each is checked as it commits, and the second must count the first.
describe.skipIf(ENGINE !== 'postgres')('two bookings at once (PostgreSQL)', () => {
  /** Waits until some call waits for the booking check's lock, or `done()` (5 s at most). */
  async function waitForBookingLock(done: () => boolean) {
    const watcher = await connectDb();
    try {
      for (let i = 0; i < 100 && !done(); i++) {
        const { rows } = await watcher.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'",
        );
        if (rows[0]!.n > 0) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await watcher.end();
    }
  }

  it('refuses the second of two bookings of the last airtime once the first, checked, commits', async () => {
    const s = await scene('Race');
    const first = await f.campaign({
      name: `Race first ${f.suffix}`,
      status: 'paused',
      targets: [{ device_id: s.screen }],
      start: monday,
      slides: [{ duration: 40 }],
    });
    const second = await f.campaign({
      name: `Race second ${f.suffix}`,
      status: 'paused',
      targets: [{ device_id: s.screen }],
      start: monday,
      slides: [{ duration: 30 }],
    });
    const db = await connectDb();
    try {
      // The first, by an admin on a connection of its own: activated and checked (as at its
      // commit, where the check runs last), not yet committed.
      await db.query('begin');
      await db.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ sub: SEED.users.admin.id, role: 'authenticated', aal: 'aal1' }),
      ]);
      await db.query('set local role authenticated');
      await db.query("update public.campaigns set status = 'active' where id = $1", [first]);
      await db.query('set constraints all immediate');
      // The second, from the app meanwhile (.then sends it now).
      let answered = false;
      const racing = f.admin
        .from('campaigns')
        .update({ status: 'active' })
        .eq('id', second)
        .select('id')
        .then((a) => {
          answered = true;
          return a;
        });
      await waitForBookingLock(() => answered);
      await db.query('commit');
      expectOverbooked(answer(await racing), s.message(monday, '00:00', 70));
    } finally {
      await db.end();
    }
    expect((await statusOf(first)).status).toBe('active');
    expect((await statusOf(second)).status).toBe('paused');
  });
});

describe('check_campaign_booking', () => {
  it('says whether a campaign as the form would save it fits, and saves nothing', async () => {
    const s = await scene('Check');
    await f.campaign({ name: `Taken ${f.suffix}`, targets: [{ device_id: s.screen }], slides: [{ duration: 40 }] });
    const ask = (slideSeconds: number, extra: Record<string, unknown> = {}) =>
      f.admin.rpc('check_campaign_booking', {
        p_name: `Asked ${f.suffix}`,
        p_status: 'active',
        p_advertiser_id: f.advertiser,
        p_spots_per_loop: 1,
        p_plays_on: 'targets',
        p_targets: [{ device_id: s.screen }],
        p_start_date: monday,
        p_end_date: plusDays(monday, 6),
        p_slide_seconds: slideSeconds,
        ...extra,
      });
    const fits = await ask(20);
    expect(fits).toMatchObject({ error: null, data: { fits: true } });
    const over = await ask(25);
    expect(over.error).toBeNull();
    expect(over.data).toEqual({
      fits: false,
      message: s.message(monday, '00:00', 65),
      device_id: s.screen,
      day: monday,
      time: '00:00',
      booked_seconds: 65,
      loop_seconds: 60,
    });
    // Two spots of 10 s are 20 s; three are 30 s.
    expect((await ask(10, { p_spots_per_loop: 2 })).data).toEqual({ fits: true });
    expect((await ask(10, { p_spots_per_loop: 3 })).data).toMatchObject({ fits: false, booked_seconds: 70 });
    // Paused, it books nothing.
    expect((await ask(60, { p_status: 'paused' })).data).toEqual({ fits: true });
    const { data: saved } = await f.admin.from('campaigns').select('id').eq('name', `Asked ${f.suffix}`);
    expect(saved).toEqual([]);
  });

  it('checks an existing campaign as it would be saved, leaving it as it is', async () => {
    const s = await scene('Recheck');
    await f.campaign({ name: `Taken ${f.suffix}`, targets: [{ device_id: s.screen }], slides: [{ duration: 40 }] });
    const waiting = await f.campaign({
      name: `Waiting ${f.suffix}`,
      status: 'paused',
      targets: [{ device_id: s.screen }],
      slides: [{ title: 'Waiting slide', duration: 30 }],
    });
    const ask = (status: string, windows: unknown) =>
      f.admin.rpc('check_campaign_booking', {
        p_id: waiting,
        p_name: `Waiting ${f.suffix}`,
        p_status: status,
        p_advertiser_id: f.advertiser,
        p_spots_per_loop: 1,
        p_plays_on: 'targets',
        p_targets: [{ device_id: s.screen }],
        p_start_date: monday,
        p_windows: windows,
      });
    const active = await ask('active', []);
    expect(active.data).toMatchObject({
      fits: false,
      device_id: s.screen,
      day: monday,
      time: '00:00',
      booked_seconds: 70,
    });
    expect((await ask('paused', [])).data).toEqual({ fits: true });
    // The taken campaign plays all day: no daypart gets out of its way.
    expect((await ask('active', [{ days: [1], start: '06:00', end: '07:00' }])).data).toMatchObject({
      fits: false,
      time: '06:00',
    });
    expect(await statusOf(waiting)).toMatchObject({ status: 'paused', start_date: null });
    const { data: slides } = await f.admin.from('campaign_items').select('title, duration').eq('campaign_id', waiting);
    expect(slides).toEqual([{ title: 'Waiting slide', duration: 30 }]);
    const { data: windows } = await f.admin.from('campaign_windows').select('id').eq('campaign_id', waiting);
    expect(windows).toEqual([]);
  });

  it('is for admins only', async () => {
    for (const persona of ['cafe', 'screen'] as const) {
      const { error } = await (
        await as(persona)
      ).rpc('check_campaign_booking', {
        p_name: 'Peek',
        p_status: 'active',
        p_advertiser_id: f.advertiser,
        p_spots_per_loop: 1,
        p_plays_on: 'network',
      });
      expect(error?.code, persona).toBe('42501');
    }
  });
});
