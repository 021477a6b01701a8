// Screens whose status tells the truth.
//  * revoke_screen takes a playing screen off the air in the same transaction: its device is
//    revoked and offline with nothing playing, no heartbeat brings it back (its old login's
//    token, a venue's /slides naming it or a device merged into it, a heartbeat already on its
//    way), it raises no offline alert and counts no outage; pair_screen clears the revoke.
//  * merge_devices leaves the kept device's status, heartbeat and alerts as they are (no
//    "back online" until it reports itself), and moves the merged device's plays (unchanged
//    but for the device), its hourly and daily sums (summed with the kept device's) and its
//    alerts (closed) to the kept device, where Reports show them.
import { randomInt } from 'node:crypto';
import type { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  ANON_KEY,
  type AnyClient,
  client,
  connectDb,
  ENGINE,
  service,
  uniqueSuffix,
} from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

const CAFE = SEED.customers.cafe;
const CAMPAIGN = SEED.campaigns.cafeActive;
const SLIDE = SEED.slides.cafe[0]!;
/** The pastries slide: Sunrise Bakery Supply's ad, so its plays carry an ad and an advertiser. */
const AD_SLIDE = SEED.slides.cafe[1]!;

const createdDevices: string[] = [];
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

interface DeviceRow {
  id: string;
  status: string;
  revoked_at: string | null;
  screen_user_id: string | null;
  paired_at: string | null;
  last_heartbeat: string | null;
  last_content_update: string | null;
  current_campaign_id: string | null;
  current_slide_id: string | null;
  content_version: string | null;
  app_version: string | null;
  resolution: string | null;
  diagnostics: string | null;
  is_active: boolean;
}

interface AlertRow {
  id: string;
  device_id: string | null;
  alert_type: string;
  message: string;
  resolved: boolean;
  ended_at: string | null;
  silent_since: string | null;
  email_state: string | null;
  created_at: string;
}

async function device(id: string): Promise<DeviceRow> {
  const { data, error } = await service().from('equipment_status').select('*').eq('id', id).single();
  expect(error).toBeNull();
  return data as DeviceRow;
}

async function liveRow(admin: AnyClient, id: string) {
  const { data, error } = await admin
    .from('equipment_status_live')
    .select('live_status, status, paired, revoked_at, current_campaign_name, current_slide_title, last_heartbeat')
    .eq('id', id)
    .single();
  expect(error).toBeNull();
  return data as {
    live_status: string;
    status: string;
    paired: boolean;
    revoked_at: string | null;
    current_campaign_name: string | null;
    current_slide_title: string | null;
    last_heartbeat: string | null;
  };
}

async function alertsOf(deviceId: string): Promise<AlertRow[]> {
  const { data, error } = await service()
    .from('system_alerts')
    .select('*')
    .eq('device_id', deviceId)
    .order('created_at')
    .order('id');
  expect(error).toBeNull();
  return data as AlertRow[];
}

/** What an alert says, without its e-mail's progress (the alert-emails function may send it meanwhile). */
const alertFacts = ({
  id,
  device_id,
  alert_type,
  message,
  resolved,
  ended_at,
  silent_since,
  created_at,
}: AlertRow) => ({
  id,
  device_id,
  alert_type,
  message,
  resolved,
  ended_at,
  silent_since,
  created_at,
});

async function runScreenChecks() {
  const { error } = await service().rpc('run_screen_checks');
  expect(error).toBeNull();
}

async function newDevice(patch: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service()
    .from('equipment_status')
    .insert({ customer_id: CAFE, device_name: `Status test ${uniqueSuffix()}`, status: 'online', ...patch })
    .select('id')
    .single();
  expect(error).toBeNull();
  createdDevices.push((data as { id: string }).id);
  return (data as { id: string }).id;
}

// Pairing a kiosk, as screen-pairing.test.ts does it ---------------------------
interface Paired {
  deviceId: string;
  loginId: string;
  screen: AnyClient;
}

/** A documentation-range address of its own for each kiosk, so the per-network code limit never applies. */
const newIp = () => `198.51.100.${randomInt(1, 255)}, 10.9.${randomInt(0, 255)}.${randomInt(1, 255)}`;

async function pairingCall(body: Record<string, unknown>, ip: string) {
  const { data, error, response } = await anon().functions.invoke('screen-pairing', {
    body,
    headers: { 'X-Forwarded-For': ip },
  });
  if (error) {
    const res = (error as FunctionsHttpError).context as Response;
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  return { status: response!.status, body: data as Record<string, unknown> };
}

/**
 * A kiosk shows a code, the admin pairs it (to `deviceId`, or to a new device of the cafe),
 * `paired` runs (the kiosk has not collected its login yet), the kiosk signs in.
 */
async function pairKiosk(admin: AnyClient, deviceId?: string, paired?: () => Promise<void>): Promise<Paired> {
  const ip = newIp();
  const started = await pairingCall({ action: 'start' }, ip);
  expect(started.status).toBe(200);
  const kiosk = started.body as { pairing_id: string; code: string; secret: string };
  const { data, error } = await admin.rpc('pair_screen', {
    p_code: kiosk.code,
    p_customer_id: CAFE,
    p_device_name: `Revoke test ${uniqueSuffix()}`,
    ...(deviceId ? { p_device_id: deviceId } : {}),
  });
  expect(error).toBeNull();
  if (!deviceId) createdDevices.push(data as string);
  await paired?.();
  const polled = await pairingCall({ action: 'poll', pairing_id: kiosk.pairing_id, secret: kiosk.secret }, ip);
  expect(polled.status).toBe(200);
  const credentials = polled.body as { device_id: string; email: string; password: string };
  expect(credentials.device_id).toBe(data);
  const signedIn = await anon().auth.signInWithPassword({ email: credentials.email, password: credentials.password });
  expect(signedIn.error).toBeNull();
  return {
    deviceId: credentials.device_id,
    loginId: signedIn.data.user!.id,
    screen: client(ANON_KEY, signedIn.data.session!.access_token),
  };
}

/** The screen reports that it plays the cafe's campaign. */
async function beat(screen: AnyClient) {
  return screen.rpc('player_heartbeat', {
    p_campaign_id: CAMPAIGN,
    p_slide_id: SLIDE,
    p_content_version: 'v1',
    p_app_version: 'test',
    p_resolution: '1920x1080',
  });
}

let admin: AnyClient;
let cafe: AnyClient;

beforeAll(async () => {
  admin = await as('admin');
  cafe = await as('cafe');
  // The seed's settings: alerts after 5 silent minutes, e-mailed to the seeded admin.
  const { error } = await service()
    .from('alert_settings')
    .update({ offline_after_minutes: 5, email_enabled: true })
    .eq('id', true);
  expect(error).toBeNull();
});

afterAll(async () => {
  await service().from('system_alerts').delete().in('device_id', createdDevices);
  const db = await connectDb();
  try {
    for (const table of ['plays', 'play_hours', 'play_days']) {
      await db.query(`delete from public.${table} where device_id = any($1::uuid[])`, [createdDevices]);
    }
  } finally {
    await db.end();
  }
  // A device still paired takes its screen's login with it.
  await service().from('equipment_status').delete().in('id', createdDevices);
});

describe('revoke_screen', () => {
  let paired: Paired;
  let revokedAt: string;

  beforeAll(async () => {
    paired = await pairKiosk(admin);
    expect((await beat(paired.screen)).error).toBeNull();
  });

  it('takes a playing screen off the air at once: revoked, offline, playing nothing', async () => {
    const before = await liveRow(admin, paired.deviceId);
    expect(before).toMatchObject({ live_status: 'online', paired: true, revoked_at: null });
    expect(before.current_campaign_name).not.toBeNull();

    const { error } = await admin.rpc('revoke_screen', { p_device_id: paired.deviceId });
    expect(error).toBeNull();

    const after = await liveRow(admin, paired.deviceId);
    expect(after).toMatchObject({
      live_status: 'offline',
      status: 'offline',
      paired: false,
      current_campaign_name: null,
      current_slide_title: null,
      // When it last reported stays a fact.
      last_heartbeat: before.last_heartbeat,
    });
    expect(after.revoked_at).not.toBeNull();
    expect(Math.abs(Date.parse(after.revoked_at!) - Date.now())).toBeLessThan(60_000);
    revokedAt = after.revoked_at!;
    const row = await device(paired.deviceId);
    expect(row).toMatchObject({ screen_user_id: null, paired_at: null, current_slide_id: null, diagnostics: null });
  });

  it('refuses the heartbeat of the old login’s token, of a venue naming it, of a device merged into it', async () => {
    const before = await device(paired.deviceId);

    // The screen's token still verifies until it expires, but no device is its own any more.
    const own = await beat(paired.screen);
    expect(own.error?.code).toBe('42501');
    const named = await paired.screen.rpc('player_heartbeat', { p_device_id: paired.deviceId });
    expect(named.error?.code).toBe('42501');

    // A venue's /slides browser that chose this device.
    const venue = await cafe.rpc('player_heartbeat', { p_device_id: paired.deviceId, p_campaign_id: CAMPAIGN });
    expect(venue.error).toMatchObject({ code: '42501' });
    expect(venue.error!.message).toMatch(/was revoked/);

    // A venue browser naming a device that was merged into the revoked one.
    const ghost = await newDevice({ status: 'offline' });
    expect((await admin.rpc('merge_devices', { p_from: ghost, p_into: paired.deviceId })).error).toBeNull();
    expect((await cafe.rpc('player_heartbeat', { p_device_id: ghost })).error?.code).toBe('42501');

    // Nor are plays taken for it.
    const plays = await cafe.rpc('record_plays', {
      p_plays: [
        { id: crypto.randomUUID(), started_at: minutesAgo(1), seconds: 10, campaign_id: CAMPAIGN, slide_id: SLIDE },
      ],
      p_device_id: paired.deviceId,
    });
    expect(plays.error?.code).toBe('42501');
    const { count } = await service()
      .from('plays')
      .select('id', { count: 'exact', head: true })
      .eq('device_id', paired.deviceId);
    expect(count).toBe(0);

    expect(await device(paired.deviceId)).toEqual(before);
    expect((await liveRow(admin, paired.deviceId)).live_status).toBe('offline');
  });

  it('is held by the database itself: a revoked device cannot be marked online nor hold a screen login', async () => {
    const online = await service().from('equipment_status').update({ status: 'online' }).eq('id', paired.deviceId);
    expect(online.error).toMatchObject({ code: '23514' });
    expect(online.error!.message).toContain('equipment_status_revoked_screen_is_offline');
    const login = await service()
      .from('equipment_status')
      .update({ screen_user_id: SEED.users.unlinked.id })
      .eq('id', paired.deviceId);
    expect(login.error).toMatchObject({ code: '23514' });
    expect((await device(paired.deviceId)).status).toBe('offline');
  });

  it('raises no offline alert and counts no outage while revoked; a silent screen that is not revoked does', async () => {
    const silentSince = minutesAgo(20);
    const control = await newDevice({ last_heartbeat: silentSince });
    expect(
      (await service().from('equipment_status').update({ last_heartbeat: silentSince }).eq('id', paired.deviceId))
        .error,
    ).toBeNull();
    // Minutes the job may have sampled while it still played are not what is checked here.
    expect((await service().from('device_uptime_days').delete().eq('device_id', paired.deviceId)).error).toBeNull();
    await runScreenChecks();
    await runScreenChecks();

    expect(await alertsOf(paired.deviceId)).toEqual([]);
    const [alert] = await alertsOf(control);
    expect(alert).toMatchObject({ alert_type: 'offline', resolved: false });
    // E-mails are on: the control's alert is one to send (or sent already).
    expect(['pending', 'sent']).toContain(alert!.email_state);

    const { data: uptime } = await service()
      .from('device_uptime_days')
      .select('device_id, observed_minutes')
      .in('device_id', [paired.deviceId, control]);
    expect((uptime as { device_id: string }[]).map((u) => u.device_id)).toEqual([control]);
  });

  it('stays revoked when revoked again, keeping the first time', async () => {
    expect((await admin.rpc('revoke_screen', { p_device_id: paired.deviceId })).error).toBeNull();
    expect((await device(paired.deviceId)).revoked_at).toBe(revokedAt);
  });

  it('is cleared by pairing it again: the new screen reports and plays, the old silence says nothing', async () => {
    // Its last heartbeat is 20 minutes old (above): until the new kiosk reports, the job
    // must not take that silence for an outage, neither before the kiosk collects its login
    // nor after.
    const again = await pairKiosk(admin, paired.deviceId, async () => {
      expect((await device(paired.deviceId)).revoked_at).toBeNull();
      await runScreenChecks();
      expect(await alertsOf(paired.deviceId)).toEqual([]);
    });
    expect(again.deviceId).toBe(paired.deviceId);
    const row = await device(paired.deviceId);
    expect(row.revoked_at).toBeNull();
    expect(row.screen_user_id).toBe(again.loginId);
    await runScreenChecks();
    expect(await alertsOf(paired.deviceId)).toEqual([]);

    const { data, error } = await beat(again.screen);
    expect(error).toBeNull();
    expect(data).toBe(paired.deviceId);
    expect(await liveRow(admin, paired.deviceId)).toMatchObject({
      live_status: 'online',
      paired: true,
      revoked_at: null,
    });
    await runScreenChecks();
    expect(await alertsOf(paired.deviceId)).toEqual([]);
    // The old login stays refused.
    expect((await beat(paired.screen)).error?.code).toBe('42501');
    paired = again;
  });

  it('closes the offline alert of a screen revoked while dark: it never comes "back online"', async () => {
    const dark = await pairKiosk(admin);
    expect((await beat(dark.screen)).error).toBeNull();
    // Paired an hour ago, silent for half an hour.
    await service()
      .from('equipment_status')
      .update({ paired_at: minutesAgo(60), last_heartbeat: minutesAgo(30) })
      .eq('id', dark.deviceId);
    await runScreenChecks();
    const [open] = await alertsOf(dark.deviceId);
    expect(open).toMatchObject({ alert_type: 'offline', resolved: false, ended_at: null });

    expect((await admin.rpc('revoke_screen', { p_device_id: dark.deviceId })).error).toBeNull();
    const [closed] = await alertsOf(dark.deviceId);
    expect(closed).toMatchObject({ id: open!.id, resolved: true, message: open!.message });
    expect(closed!.ended_at).not.toBeNull();

    // Paired again, it reports: no back-online alert for a silence the revoke ended.
    const again = await pairKiosk(admin, dark.deviceId);
    expect((await beat(again.screen)).error).toBeNull();
    await runScreenChecks();
    expect((await alertsOf(dark.deviceId)).map((a) => a.alert_type)).toEqual(['offline']);
  });

  // PGlite runs one transaction at a time, so there a heartbeat and a revoke never overlap:
  // the tests above cover both orders. On PostgreSQL they can; the row lock decides.
  describe.skipIf(ENGINE !== 'postgres')('against a heartbeat on its way (PostgreSQL)', () => {
    /** Waits until a call of `fn` waits for a lock (the call sent meanwhile). */
    async function waitForBlockedCall(fn: string) {
      const watcher = await connectDb();
      try {
        for (let i = 0; i < 100; i++) {
          const { rows } = await watcher.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%' || $1 || '%'",
            [fn],
          );
          if (rows[0]!.n > 0) return;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error('the call never waited for the row lock');
      } finally {
        await watcher.end();
      }
    }

    /** A transaction on a direct connection, acting as the login `sub`. */
    async function actingAs(sub: string) {
      const db = await connectDb();
      await db.query('begin');
      await db.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ sub, role: 'authenticated', aal: 'aal1' }),
      ]);
      await db.query('set local role authenticated');
      return db;
    }

    it('a heartbeat that waits for a revoke is refused once the revoke commits', async () => {
      const victim = await pairKiosk(admin);
      expect((await beat(victim.screen)).error).toBeNull();
      const db = await actingAs(SEED.users.admin.id);
      try {
        await db.query('select public.revoke_screen($1)', [victim.deviceId]);
        // (.then sends the request now; a builder alone waits to be awaited.)
        const heartbeat = beat(victim.screen).then((answer) => answer);
        await waitForBlockedCall('player_heartbeat');
        await db.query('commit');
        expect((await heartbeat).error?.code).toBe('42501');
      } finally {
        await db.end();
      }
      expect(await liveRow(admin, victim.deviceId)).toMatchObject({
        live_status: 'offline',
        current_campaign_name: null,
      });
      expect((await device(victim.deviceId)).revoked_at).not.toBeNull();
    });

    it('a revoke that waits for a heartbeat sets the device offline after it', async () => {
      const victim = await pairKiosk(admin);
      const db = await actingAs(victim.loginId);
      try {
        await db.query('select public.player_heartbeat(p_campaign_id => $1)', [CAMPAIGN]);
        const revoke = admin.rpc('revoke_screen', { p_device_id: victim.deviceId }).then((answer) => answer);
        await waitForBlockedCall('revoke_screen');
        await db.query('commit');
        expect((await revoke).error).toBeNull();
      } finally {
        await db.end();
      }
      const row = await device(victim.deviceId);
      expect(row).toMatchObject({ status: 'offline', current_campaign_id: null, screen_user_id: null });
      expect(row.revoked_at).not.toBeNull();
      expect(row.last_heartbeat).not.toBeNull();
    });
  });
});

describe('merge_devices', () => {
  interface PlayRow {
    id: string;
    started_at: string;
    seconds: number;
    device_id: string;
    recorded_device_id: string | null;
    customer_id: string;
    campaign_id: string | null;
    slide_id: string | null;
    ad_id: string | null;
    advertiser_id: string | null;
    received_at: string;
  }
  interface SumRow {
    device_id: string;
    slide_id: string | null;
    plays: number;
    seconds: number;
    advertiser_id: string | null;
  }

  let dark: string;
  let darkName: string;
  let silent: string;
  let silentName: string;
  let darkBefore: DeviceRow;
  let darkAlert: AlertRow;
  let silentAlert: AlertRow;
  let silentPlays: PlayRow[];
  let hoursBefore: SumRow[];
  let daysBefore: SumRow[];
  const sent: Record<string, unknown>[] = [];

  // Both devices played in the same UTC hour (the sums of that hour add up); the silent one
  // also played the ad slide alone, an hour later.
  const hour = new Date(Date.now() - 3 * 60 * 60_000);
  hour.setUTCMinutes(0, 0, 0);
  const at = (minutes: number) => new Date(hour.getTime() + minutes * 60_000).toISOString();
  const play = (minutes: number, seconds: number, slide = SLIDE) => ({
    id: crypto.randomUUID(),
    started_at: at(minutes),
    seconds,
    campaign_id: CAMPAIGN,
    slide_id: slide,
  });

  async function rawPlays(ids: string[]): Promise<PlayRow[]> {
    const { data, error } = await service().from('plays').select('*').in('id', ids).order('id');
    expect(error).toBeNull();
    return (data as PlayRow[]).map((p) => ({ ...p, seconds: Number(p.seconds) }));
  }

  async function sums(table: 'play_hours' | 'play_days', ids: string[]): Promise<SumRow[]> {
    const { data, error } = await service()
      .from(table)
      .select('device_id, slide_id, plays, seconds, advertiser_id')
      .in('device_id', ids)
      .order('device_id')
      .order('slide_id');
    expect(error).toBeNull();
    return (data as SumRow[]).map((r) => ({ ...r, seconds: Number(r.seconds) }));
  }

  beforeAll(async () => {
    darkName = `Dark window ${uniqueSuffix()}`;
    // The dark device: its kiosk last reported two hours ago, the job raised its offline alert.
    dark = await newDevice({
      device_name: darkName,
      last_heartbeat: minutesAgo(120),
      last_content_update: minutesAgo(300),
      current_campaign_id: CAMPAIGN,
      app_version: 'dark-1',
      resolution: '1920x1080',
    });
    // The silent one: a ghost a browser made, quiet for 10 minutes (more recent than the dark one).
    silentName = `Screen ${uniqueSuffix()}`;
    silent = await newDevice({
      device_name: silentName,
      last_heartbeat: minutesAgo(10),
      current_campaign_id: CAMPAIGN,
      current_slide_id: SLIDE,
      app_version: 'ghost-0',
      resolution: '1280x720',
      diagnostics: 'weather: showing sample data',
    });

    const darkBatch = [play(5, 10), play(20, 11.5)];
    const silentBatch = [play(10, 8), play(30, 6.5), play(70, 9, AD_SLIDE)];
    sent.push(...silentBatch);
    for (const [deviceId, batch] of [
      [dark, darkBatch],
      [silent, silentBatch],
    ] as const) {
      const { data, error } = await cafe.rpc('record_plays', { p_plays: batch, p_device_id: deviceId });
      expect(error).toBeNull();
      expect(data).toEqual({ accepted: batch.length, duplicates: 0, rejected: [] });
    }
    await runScreenChecks();
    [darkAlert] = await alertsOf(dark);
    [silentAlert] = await alertsOf(silent);
    expect(darkAlert).toMatchObject({ alert_type: 'offline', resolved: false, ended_at: null });
    expect(silentAlert).toMatchObject({ alert_type: 'offline', resolved: false, ended_at: null });

    darkBefore = await device(dark);
    silentPlays = await rawPlays(silentBatch.map((p) => p.id));
    expect(silentPlays).toHaveLength(3);
    hoursBefore = await sums('play_hours', [dark, silent]);
    daysBefore = await sums('play_days', [dark, silent]);

    const { error } = await admin.rpc('merge_devices', { p_from: silent, p_into: dark });
    expect(error).toBeNull();
  });

  it("keeps the kept device's own status, heartbeat and report: a dark device stays offline", async () => {
    expect(await device(dark)).toEqual(darkBefore);
    expect(await liveRow(admin, dark)).toMatchObject({
      live_status: 'offline',
      last_heartbeat: darkBefore.last_heartbeat,
    });
    const { data: gone } = await service().from('equipment_status').select('id').eq('id', silent);
    expect(gone).toEqual([]);
  });

  it('says nothing is back online and e-mails nobody: the kept device’s alert stays open', async () => {
    await runScreenChecks();
    await runScreenChecks();
    const alerts = await alertsOf(dark);
    const own = alerts.find((a) => a.id === darkAlert.id);
    expect(own && alertFacts(own)).toEqual(alertFacts(darkAlert));
    expect(alerts.filter((a) => a.alert_type === 'back_online')).toEqual([]);
    // No alert was made for it since the merge (its own and the one that moved over), so no e-mail waits.
    expect(alerts.map((a) => a.id).sort()).toEqual([darkAlert.id, silentAlert.id].sort());
  });

  it("moves the merged device's alerts to the kept device, its open silence closed", async () => {
    const moved = (await alertsOf(dark)).find((a) => a.id === silentAlert.id);
    expect(moved).toMatchObject({
      device_id: dark,
      alert_type: 'offline',
      resolved: true,
      message: silentAlert.message,
      silent_since: silentAlert.silent_since,
      created_at: silentAlert.created_at,
    });
    expect(moved!.ended_at).not.toBeNull();
  });

  it('moves its plays to the kept device, changing nothing else of them and copying none', async () => {
    const after = await rawPlays(silentPlays.map((p) => p.id));
    expect(after).toEqual(silentPlays.map((p) => ({ ...p, device_id: dark, recorded_device_id: silent })));
    const { count: left } = await service()
      .from('plays')
      .select('id', { count: 'exact', head: true })
      .eq('device_id', silent);
    expect(left).toBe(0);
    const { count: kept } = await service()
      .from('plays')
      .select('id', { count: 'exact', head: true })
      .eq('device_id', dark);
    expect(kept).toBe(5);
  });

  it('adds its hourly and daily sums to the kept device’s, summing what fell in the same hour and day', async () => {
    const expected = (before: SumRow[]) => {
      const bySlide = new Map<string, SumRow>();
      for (const row of before) {
        const key = `${row.slide_id}`;
        const had = bySlide.get(key);
        bySlide.set(key, {
          device_id: dark,
          slide_id: row.slide_id,
          plays: (had?.plays ?? 0) + row.plays,
          seconds: (had?.seconds ?? 0) + row.seconds,
          advertiser_id: had?.advertiser_id ?? row.advertiser_id,
        });
      }
      return [...bySlide.values()];
    };
    const hours = await sums('play_hours', [dark, silent]);
    // Slide 1's hour: 2 plays of the dark device and 2 of the silent one, all under the kept
    // device; each keeps the screen name it was recorded under, so that hour has a row per name.
    expect(hours.every((h) => h.device_id === dark)).toBe(true);
    expect(hours).toHaveLength(3);
    expect(expected(hours)).toEqual(
      expect.arrayContaining([
        { device_id: dark, slide_id: SLIDE, plays: 4, seconds: 36, advertiser_id: null },
        { device_id: dark, slide_id: AD_SLIDE, plays: 1, seconds: 9, advertiser_id: SEED.advertisers[0] },
      ]),
    );
    expect(expected(hours)).toEqual(expect.arrayContaining(expected(hoursBefore)));

    const days = await sums('play_days', [dark, silent]);
    expect(days.filter((d) => d.device_id === silent)).toEqual([]);
    expect(days.reduce((n, d) => n + d.plays, 0)).toBe(5);
    expect(days.reduce((n, d) => n + d.seconds, 0)).toBe(45);
    expect(days.reduce((n, d) => n + d.plays, 0)).toBe(daysBefore.reduce((n, d) => n + d.plays, 0));
  });

  it('counts a play sent again under the merged device’s id once', async () => {
    const { data, error } = await cafe.rpc('record_plays', { p_plays: sent, p_device_id: silent });
    expect(error).toBeNull();
    expect(data).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    const hours = await sums('play_hours', [dark, silent]);
    expect(hours.reduce((n, h) => n + h.plays, 0)).toBe(5);
    expect(await rawPlays(silentPlays.map((p) => p.id))).toHaveLength(3);
  });

  it('shows the plays under the kept device in Reports, none as a deleted screen', async () => {
    const { data: dayRows } = await service().from('play_days').select('day').eq('device_id', dark);
    const days = (dayRows as { day: string }[]).map((d) => d.day).sort();
    const { data, error } = await admin.rpc('plays_report', {
      p_from: days[0],
      p_to: days.at(-1),
      p_group: 'screen',
      p_customer_id: CAFE,
    });
    expect(error).toBeNull();
    const rows = data as { key: string; label: string; plays: number; seconds: number }[];
    // Named as its latest plays were shown: the merged device's name, which its plays keep.
    expect(rows.find((r) => r.key === dark)).toMatchObject({ label: silentName, plays: 5, seconds: 45 });
    expect(rows.find((r) => r.key === silent)).toBeUndefined();
  });

  it('comes back online when it reports itself, or a kiosk naming the merged device does', async () => {
    const { data, error } = await cafe.rpc('player_heartbeat', { p_device_id: silent, p_campaign_id: CAMPAIGN });
    expect(error).toBeNull();
    expect(data).toBe(dark);
    expect((await liveRow(admin, dark)).live_status).toBe('online');
    await runScreenChecks();
    const alerts = await alertsOf(dark);
    expect(alerts.find((a) => a.id === darkAlert.id)).toMatchObject({ resolved: true });
    expect(alerts.filter((a) => a.alert_type === 'back_online')).toHaveLength(1);
    expect(alerts.find((a) => a.alert_type === 'back_online')!.silent_since).toBe(darkAlert.silent_since);
  });
});
