// Availability before the sale and delivery after it. network_availability() gives, per
// screen and local day, the loop and the peak seconds network campaigns booked in it
// (overlapping dayparts summed, paused campaigns and venue content not counted), for a group
// or a venue; screen_day_bookings() lists what is booked on a screen that day.
// campaign_delivery() sets the plays a campaign's schedule promised on its screens, given
// their uptime, against the plays recorded; network_campaign_pacing() sums them; and
// check_campaign_delivery() raises one under_delivery alert per campaign and day under 90 %.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from 'supabase-local/testing/vitest';
import { as } from './db-seed.ts';
import { NetworkFixtures, nextWeekday, plusDays, todayIn } from './network-fixtures.ts';

interface Availability {
  device_id: string;
  day: string;
  loop_seconds: number;
  booked_seconds: number;
}

const f = new NetworkFixtures();
let monday: string;

beforeAll(async () => {
  await f.setUp();
  monday = nextWeekday(plusDays(todayIn('America/New_York'), 21), 1);
});

afterAll(() => f.tearDown());

describe('network_availability and screen_day_bookings', () => {
  let ny: { id: string; name: string };
  let s1: string, s2: string, s3: string;
  let group: string;
  let onGroup: string, onVenue: string, onWednesday: string;

  beforeAll(async () => {
    ny = await f.newVenue('Availability New York');
    const london = await f.newVenue('Availability London', 'Europe/London');
    s1 = await f.newScreen(ny.id, 'Availability lobby', 120);
    s2 = await f.newScreen(ny.id, 'Availability bar', 60);
    s3 = await f.newScreen(london.id, 'Availability foyer', 90);
    group = await f.newGroup('Availability lobbies', [s1, s3]);
    // Weekday mornings on the group, 20 s a loop.
    onGroup = await f.campaign({
      name: `Mornings ${f.suffix}`,
      targets: [{ group_id: group }],
      start: monday,
      end: plusDays(monday, 4),
      windows: [{ days: [1, 2, 3, 4, 5], start: '07:00', end: '12:00' }],
      slides: [{ duration: 20 }, { duration: 10 }],
    });
    // Every day 10:00–14:00 at the New York venue, two spots of 15 s.
    onVenue = await f.campaign({
      name: `Middays ${f.suffix}`,
      targets: [{ customer_id: ny.id }],
      start: monday,
      end: plusDays(monday, 6),
      spots: 2,
      windows: [{ days: [1, 2, 3, 4, 5, 6, 7], start: '10:00', end: '14:00' }],
      slides: [{ duration: 15 }],
    });
    // All of Wednesday on the lobby screen, 10 s.
    onWednesday = await f.campaign({
      name: `Wednesday ${f.suffix}`,
      targets: [{ device_id: s1 }],
      start: plusDays(monday, 2),
      end: plusDays(monday, 2),
      slides: [{ duration: 10 }],
    });
    // Not sold airtime: a paused booking and the venue's own content.
    await f.campaign({
      name: `Paused ${f.suffix}`,
      status: 'paused',
      targets: [{ device_id: s1 }],
      slides: [{ duration: 60 }],
    });
    await f.venueCampaign(ny.id, `Own ${f.suffix}`, [{ duration: 120 }]);
  });

  const week = () => Array.from({ length: 7 }, (_, i) => plusDays(monday, i));

  async function availability(args: Record<string, unknown> = {}): Promise<Availability[]> {
    const { data, error } = await f.admin.rpc('network_availability', {
      p_start: monday,
      p_end: plusDays(monday, 6),
      ...args,
    });
    expect(error).toBeNull();
    return data as Availability[];
  }
  /** A screen's booked seconds per day of the week, Monday first. */
  const bookedWeek = (rows: Availability[], device: string) =>
    week().map((day) => rows.find((r) => r.device_id === device && r.day === day)?.booked_seconds);

  it('gives each screen its loop and the peak booked within each day, overlapping dayparts summed', async () => {
    const rows = await availability();
    // Lobby: mornings (20) and middays (30) meet 10:00–12:00; Wednesday adds 10 all day;
    // the weekend has middays only.
    expect(bookedWeek(rows, s1)).toEqual([50, 50, 60, 50, 50, 30, 30]);
    // Bar: middays only.
    expect(bookedWeek(rows, s2)).toEqual([30, 30, 30, 30, 30, 30, 30]);
    // Foyer, in London: mornings on weekdays, nothing at the weekend.
    expect(bookedWeek(rows, s3)).toEqual([20, 20, 20, 20, 20, 0, 0]);
    const loops = Object.fromEntries(
      rows.filter((r) => [s1, s2, s3].includes(r.device_id)).map((r) => [r.device_id, r.loop_seconds]),
    );
    expect(loops).toEqual({ [s1]: 120, [s2]: 60, [s3]: 90 });
  });

  it('filters by group, by venue, and by both', async () => {
    const devices = (rows: Availability[]) => [...new Set(rows.map((r) => r.device_id))].sort();
    expect(devices(await availability({ p_group_id: group }))).toEqual([s1, s3].sort());
    expect(devices(await availability({ p_customer_id: ny.id }))).toEqual([s1, s2].sort());
    expect(devices(await availability({ p_group_id: group, p_customer_id: ny.id }))).toEqual([s1]);
    const one = await availability({ p_customer_id: ny.id, p_start: plusDays(monday, 2), p_end: plusDays(monday, 2) });
    expect(one.map((r) => [r.device_id, r.day, r.booked_seconds]).sort()).toEqual(
      [
        [s1, plusDays(monday, 2), 60],
        [s2, plusDays(monday, 2), 30],
      ].sort(),
    );
  });

  it('follows a booking as it changes', async () => {
    const screen = await f.newScreen(ny.id, 'Availability window', 60);
    const onDay = async () =>
      (await availability({ p_customer_id: ny.id, p_start: monday, p_end: monday })).find((r) => r.device_id === screen)
        ?.booked_seconds;
    // On the venue: middays reach it at once.
    expect(await onDay()).toBe(30);
    expect(
      (await f.admin.from('screen_group_members').insert({ group_id: group, device_id: screen })).error,
    ).toBeNull();
    expect(await onDay()).toBe(50);
    expect((await f.admin.from('campaigns').update({ status: 'paused' }).eq('id', onVenue)).error).toBeNull();
    expect(await onDay()).toBe(20);
    expect((await f.admin.from('campaigns').update({ status: 'active' }).eq('id', onVenue)).error).toBeNull();
    expect(
      (await f.admin.from('screen_group_members').delete().match({ group_id: group, device_id: screen })).error,
    ).toBeNull();
    expect(await onDay()).toBe(30);
  });

  it('refuses a period over a year or backwards, and anyone but an admin', async () => {
    const long = await f.admin.rpc('network_availability', { p_start: monday, p_end: plusDays(monday, 367) });
    expect(long.error).toMatchObject({ code: '22023', message: 'The period is at most a year.' });
    const year = await f.admin.rpc('network_availability', {
      p_start: monday,
      p_end: plusDays(monday, 366),
      p_group_id: group,
    });
    expect(year.error).toBeNull();
    expect((year.data as Availability[]).filter((r) => r.device_id === s1)).toHaveLength(367);
    const backwards = await f.admin.rpc('network_availability', { p_start: monday, p_end: plusDays(monday, -1) });
    expect(backwards.error).toMatchObject({
      code: '22023',
      message: 'The period needs a start and an end on or after it.',
    });
    for (const persona of ['cafe', 'screen', 'anon'] as const) {
      const { data, error } = await (await as(persona)).rpc('network_availability', { p_start: monday, p_end: monday });
      expect(data, persona).toBeNull();
      expect(error?.code, persona).toBe('42501');
    }
  });

  it('lists the campaigns booked on a screen on a day, the largest share first', async () => {
    const { data, error } = await f.admin.rpc('screen_day_bookings', { p_device_id: s1, p_day: plusDays(monday, 2) });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        campaign_id: onVenue,
        campaign_name: `Middays ${f.suffix}`,
        advertiser_id: f.advertiser,
        advertiser_name: `Acme Coffee ${f.suffix}`,
        spots_per_loop: 2,
        spot_seconds: 15,
        booked_seconds: 30,
        windows: [{ days: [1, 2, 3, 4, 5, 6, 7], start: '10:00', end: '14:00' }],
      },
      expect.objectContaining({ campaign_id: onGroup, spots_per_loop: 1, spot_seconds: 20, booked_seconds: 20 }),
      expect.objectContaining({ campaign_id: onWednesday, spot_seconds: 10, booked_seconds: 10, windows: [] }),
    ]);
    const saturday = await f.admin.rpc('screen_day_bookings', { p_device_id: s1, p_day: plusDays(monday, 5) });
    expect((saturday.data as { campaign_id: string }[]).map((r) => r.campaign_id)).toEqual([onVenue]);
    const after = await f.admin.rpc('screen_day_bookings', { p_device_id: s1, p_day: plusDays(monday, 7) });
    expect(after.data).toEqual([]);
    const denied = await (await as('cafe')).rpc('screen_day_bookings', { p_device_id: s1, p_day: monday });
    expect(denied.error?.code).toBe('42501');
  });
});

describe('delivery', () => {
  // A 300 s loop, two spots, on air 10:00–11:00 every day: 12 loops, 24 plays a day on a
  // screen reporting all day.
  let venue: { id: string; name: string };
  let full: string, half: string;
  let campaign: string, slide: string;
  let d1: string, d2: string, today: string;
  const name = () => `Delivered ${f.suffix}`;

  /** Minutes the uptime job looked and saw the screen reporting, on a day. */
  async function uptime(device: string, day: string, online: number, observed = 1440) {
    await f.db.query(
      `insert into public.device_uptime_days (day, device_id, observed_minutes, online_minutes, last_sample)
       values ($1, $2, $3, $4, ($1::date + 1)::timestamptz - interval '1 minute')`,
      [day, device, observed, online],
    );
  }

  /** Plays of the campaign's slide on a screen during the day's daypart, stored as proof of play stores them. */
  async function plays(device: string, day: string, count: number) {
    await f.db.query(
      `select private.store_plays(e, (
         select jsonb_agg(jsonb_build_object(
           'id', gen_random_uuid(),
           'started_at', ($2::date + time '10:00' + make_interval(secs => g * 60)) at time zone c.time_zone,
           'seconds', 10, 'campaign_id', $3::uuid, 'slide_id', $4::uuid))
         from generate_series(0, $5::int - 1) g))
       from public.equipment_status e join public.customers c on c.id = e.customer_id
       where e.id = $1`,
      [device, day, campaign, slide, count],
    );
  }

  beforeAll(async () => {
    venue = await f.newVenue('Delivery Venue');
    full = await f.newScreen(venue.id, 'Delivery always on', 300);
    half = await f.newScreen(venue.id, 'Delivery flaky', 300);
    today = todayIn('America/New_York');
    d1 = plusDays(today, -2);
    d2 = plusDays(today, -1);
    campaign = await f.campaign({
      name: name(),
      targets: [{ customer_id: venue.id }],
      start: d1,
      end: today,
      spots: 2,
      windows: [{ days: [1, 2, 3, 4, 5, 6, 7], start: '10:00', end: '11:00' }],
      slides: [{ title: 'Delivered slide', duration: 10 }],
    });
    const { data } = await f.admin.from('campaign_items').select('id').eq('campaign_id', campaign).single();
    slide = (data as { id: string }).id;
    // Day 1: one screen all day, the other half the day: 24 + 12 expected; 24 + 8 played.
    await uptime(full, d1, 1440);
    await uptime(half, d1, 720);
    await plays(full, d1, 24);
    await plays(half, d1, 8);
    // Day 2: two thirds of the day on the second: 24 + 16 expected; 24 + 12 played, 90 %.
    await uptime(full, d2, 1440);
    await uptime(half, d2, 960);
    await plays(full, d2, 24);
    await plays(half, d2, 12);
  });

  it('sets expected plays from the schedule, spots, loop and uptime against the plays recorded, per day', async () => {
    const { data, error } = await f.admin.rpc('campaign_delivery', { p_campaign_id: campaign, p_from: d1, p_to: d2 });
    expect(error).toBeNull();
    expect(data).toEqual([
      { day: d1, screens: 2, expected_plays: 36, recorded_plays: 32 },
      { day: d2, screens: 2, expected_plays: 40, recorded_plays: 36 },
    ]);
    // By default from its first day to today; today's uptime is not in yet.
    const whole = await f.admin.rpc('campaign_delivery', { p_campaign_id: campaign });
    expect((whole.data as { day: string; expected_plays: number }[]).map((r) => [r.day, r.expected_plays])).toEqual([
      [d1, 36],
      [d2, 40],
      [today, 0],
    ]);
  });

  it('counts today only up to now: a campaign on air all day is not behind in the morning', async () => {
    // At a venue of its own: the other campaign here plays on every screen of its venue.
    const elsewhere = await f.newVenue('Delivery Today Venue');
    const screen = await f.newScreen(elsewhere.id, 'Delivery today', 300);
    const allDay = await f.campaign({
      name: `All day ${f.suffix}`,
      targets: [{ device_id: screen }],
      start: today,
      end: today,
      slides: [{ duration: 10 }],
    });
    // Reporting every minute so far today.
    await uptime(screen, today, 600, 600);
    /** Minutes since midnight in New York. */
    const minutesNow = () => {
      const [h, m] = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .format(new Date())
        .split(':')
        .map(Number);
      return h! * 60 + m!;
    };
    const before = minutesNow();
    const { data, error } = await f.admin.rpc('campaign_delivery', { p_campaign_id: allDay });
    const after = minutesNow();
    expect(error).toBeNull();
    const [row] = data as { day: string; expected_plays: number }[];
    // One play per 300 s loop of the minutes gone by, not the 288 of the whole day.
    expect(row!.day).toBe(today);
    expect(row!.expected_plays).toBeGreaterThanOrEqual(before / 5 - 0.2);
    expect(row!.expected_plays).toBeLessThanOrEqual(after / 5 + 0.2);
  });

  it('paces each network campaign: expected and recorded so far, and their ratio', async () => {
    // A campaign on a screen that never reported: nothing expected, no pace yet.
    const silent = await f.newScreen(venue.id, 'Delivery never on', 300);
    const idle = await f.campaign({
      name: `Idle ${f.suffix}`,
      targets: [{ device_id: silent }],
      start: d1,
      end: today,
      slides: [{ duration: 5 }],
    });
    const { data, error } = await f.admin.rpc('network_campaign_pacing');
    expect(error).toBeNull();
    const rows = data as { campaign_id: string; expected_plays: number; recorded_plays: number; pace: number | null }[];
    expect(rows.find((r) => r.campaign_id === campaign)).toEqual({
      campaign_id: campaign,
      expected_plays: 76,
      recorded_plays: 68,
      pace: 0.895,
    });
    // No venue campaign is paced.
    const { data: own } = await f.admin.from('campaigns').select('id').not('customer_id', 'is', null);
    const venueIds = new Set((own as { id: string }[]).map((c) => c.id));
    expect(rows.some((r) => venueIds.has(r.campaign_id))).toBe(false);
    expect(rows.find((r) => r.campaign_id === idle)).toEqual({
      campaign_id: idle,
      expected_plays: 0,
      recorded_plays: 0,
      pace: null,
    });
  });

  it('raises one under_delivery alert for a day under 90 %, none for a day at 90 %, and only once', async () => {
    const first = await service().rpc('check_campaign_delivery');
    expect(first.error).toBeNull();
    expect(first.data).toBeGreaterThanOrEqual(1);
    const alerts = async () => {
      const { data } = await f.admin
        .from('system_alerts')
        .select('alert_type, alert_day, message, severity, resolved, email_state')
        .eq('campaign_id', campaign);
      return data;
    };
    const d = new Date(`${d1}T12:00:00Z`);
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
    expect(await alerts()).toEqual([
      {
        alert_type: 'under_delivery',
        alert_day: d1,
        message: `${name()} delivered 32 of 36 expected plays on ${d1.slice(8, 10)} ${month} ${d1.slice(0, 4)} (89 %).`,
        severity: 'medium',
        resolved: false,
        // E-mailed like the other alerts (the seed turns alert e-mails on, with a recipient).
        email_state: 'pending',
      },
    ]);
    // No e-mail from a test's alert.
    await service().from('system_alerts').update({ email_state: 'skipped' }).eq('campaign_id', campaign);
    await service().rpc('check_campaign_delivery');
    expect(await alerts()).toHaveLength(1);
  });

  it('is for admins only, and for network campaigns only', async () => {
    const venueCampaign = await f.venueCampaign(venue.id, `Own ${f.suffix}`, [{ duration: 10 }]);
    const notNetwork = await f.admin.rpc('campaign_delivery', { p_campaign_id: venueCampaign });
    expect(notNetwork.error).toMatchObject({ code: 'P0002', message: 'No such network campaign.' });
    for (const persona of ['cafe', 'screen'] as const) {
      const db = await as(persona);
      expect((await db.rpc('campaign_delivery', { p_campaign_id: campaign })).error?.code, persona).toBe('42501');
      expect((await db.rpc('network_campaign_pacing')).error?.code, persona).toBe('42501');
      expect((await db.rpc('check_campaign_delivery')).error?.code, persona).toBe('42501');
    }
  });
});
