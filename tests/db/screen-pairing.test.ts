// Screens as paired devices: a kiosk with no login gets a code from the screen-pairing
// function, an admin pairs it (pair_screen), the kiosk's poll answers the credentials of
// a login of the screen's own, and that login reads its venue's playlist, campaigns and
// slide images and its own device, reports its own heartbeat, and nothing else. revoke_screen ends all of it;
// re-pairing gives new credentials and deletes the old login.
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackAddress } from 'supabase-local/testing';
import { anon, ANON_KEY, type AnyClient, client, clientFrom, connectDb, service } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

interface Started {
  pairing_id: string;
  code: string;
  secret: string;
  expires_at: string;
}
interface Paired {
  status: 'paired';
  device_id: string;
  email: string;
  password: string;
}
interface Playlist {
  version: string;
  now: string | null;
  customer: { id: string; name: string; time_zone: string } | null;
  slides: { id: string; image_url: string | null }[];
  loop_seconds: number | null;
  spots: { campaign_id: string }[];
}

/**
 * An address of its own for each use (a loopback address the test connects from: the
 * limits key on the connection's address), so limits of one test never reach another.
 */
const newIp = loopbackAddress;
const kioskIp = newIp();

/** A browser with no login, connecting from `ip`. */
const kioskClient = (ip: string) => clientFrom(ip);

/** Status and JSON body of a screen-pairing call, made as a browser with no login makes it. */
async function pairingCall(
  body: Record<string, unknown>,
  ip = kioskIp,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const { data, error, response } = await kioskClient(ip).functions.invoke('screen-pairing', { body, headers });
  if (error) {
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    return { status: res.status, body: await res.json() };
  }
  return { status: response!.status, body: data };
}

async function start(ip = kioskIp): Promise<Started> {
  const { status, body } = await pairingCall({ action: 'start' }, ip);
  expect(status).toBe(200);
  return body as Started;
}

const poll = (s: Started) => pairingCall({ action: 'poll', pairing_id: s.pairing_id, secret: s.secret });

async function signIn(email: string, password: string): Promise<AnyClient> {
  const { data, error } = await anon().auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client(ANON_KEY, data.session!.access_token);
}

async function device(id: string) {
  const { data, error } = await service().from('equipment_status').select('*').eq('id', id).single();
  expect(error).toBeNull();
  return data as Record<string, unknown>;
}

let admin: AnyClient;
const madeDevices: string[] = [];
const madeLogins: string[] = [];

/** Pairs a new kiosk code to the cafe (or to `deviceId`) and returns the kiosk's credentials. */
async function pairNewKiosk(deviceId?: string): Promise<Paired> {
  const kiosk = await start();
  const { data, error } = await admin.rpc('pair_screen', {
    p_code: kiosk.code,
    p_customer_id: SEED.customers.cafe,
    p_device_name: 'Pairing test screen',
    ...(deviceId ? { p_device_id: deviceId } : {}),
  });
  expect(error).toBeNull();
  if (!deviceId) madeDevices.push(data as string);
  const { status, body } = await poll(kiosk);
  expect(status).toBe(200);
  const paired = body as Paired;
  const { data: login } = await service()
    .from('equipment_status')
    .select('screen_user_id')
    .eq('id', paired.device_id)
    .single();
  madeLogins.push((login as { screen_user_id: string }).screen_user_id);
  return paired;
}

beforeAll(async () => {
  admin = await signIn('admin@example.com', 'demo-admin-pass');
});

afterAll(async () => {
  if (madeDevices.length) await service().from('equipment_status').delete().in('id', madeDevices);
  for (const id of madeLogins) await service().auth.admin.deleteUser(id);
});

describe('a kiosk asking for a pairing code', () => {
  it('gets a six-character code, a secret and 15 minutes, and waits until an admin pairs it', async () => {
    const before = Date.now();
    const kiosk = await start();
    expect(kiosk.code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
    expect(kiosk.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = new Date(kiosk.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 5000);

    expect(await poll(kiosk)).toEqual({ status: 200, body: { status: 'waiting', expires_at: kiosk.expires_at } });
    expect(await pairingCall({ action: 'poll', pairing_id: kiosk.pairing_id, secret: 'guessed' })).toEqual({
      status: 404,
      body: { error: 'Unknown pairing.' },
    });
  });

  it('keeps only the hash of the secret, where no signed-in user can read it', async () => {
    const kiosk = await start();
    const { data } = await service().from('screen_pairings').select('*').eq('id', kiosk.pairing_id).single();
    expect(data).toMatchObject({
      code: kiosk.code,
      requested_ip: kioskIp,
      device_id: null,
      claimed_at: null,
    });
    expect((data as { secret_hash: string }).secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(data)).not.toContain(kiosk.secret);

    for (const caller of [anon(), admin, await as('cafe')]) {
      const { error } = await caller.from('screen_pairings').select('id');
      expect(error?.code).toBe('42501');
    }
  });

  it('answers 410 expired once the code expired unpaired, and the code no longer pairs', async () => {
    const kiosk = await start();
    await service()
      .from('screen_pairings')
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .eq('id', kiosk.pairing_id);
    expect(await poll(kiosk)).toEqual({ status: 410, body: { status: 'expired' } });
    const { error } = await admin.rpc('pair_screen', {
      p_code: kiosk.code,
      p_customer_id: SEED.customers.cafe,
      p_device_name: 'Too late',
    });
    expect(error?.code).toBe('P0002');
  });

  it('refuses bad input with 400', async () => {
    for (const body of [{}, { action: 'pair' }, { action: 'poll', pairing_id: 'nope', secret: 'x' }]) {
      const { status, body: answer } = await pairingCall(body);
      expect(status).toBe(400);
      expect(answer).toEqual({ error: expect.any(String) });
    }
  });

  it('gives at most 10 codes per network in 10 minutes (429 after)', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) await start(ip);
    expect(await pairingCall({ action: 'start' }, ip)).toEqual({
      status: 429,
      body: { error: 'Too many pairing codes were requested from this network. Try again in a few minutes.' },
    });
    // Another network is not affected.
    await start();
  });

  it('keys that limit on the connection, not on forwarding headers the kiosk sends', async () => {
    const ip = newIp();
    const spoof = (i: number) => ({
      'X-Forwarded-For': `198.51.100.${i + 1}`,
      'X-Real-IP': `203.0.113.${i + 1}`,
      'CF-Connecting-IP': `192.0.2.${i + 1}`,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await pairingCall({ action: 'start' }, ip, spoof(i))).status);
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(4).fill(429)]);
    const { data } = await service().from('screen_pairings').select('requested_ip').eq('requested_ip', ip);
    expect(data).toHaveLength(10);
  });

  it('lets at most 500 codes wait across the whole network, whatever number of addresses ask', async () => {
    const db = await connectDb();
    try {
      // Fill the network up to the cap with waiting codes from many addresses (codes of 'Z'
      // and 'Y'…; a start below that draws one of them gets 23505 and draws again).
      const { rows } = await db.query<{ waiting: number }>(
        `select count(*)::int as waiting from public.screen_pairings where claimed_at is null and expires_at > now()`,
      );
      const missing = 500 - rows[0]!.waiting;
      await db.query(
        `insert into public.screen_pairings (code, secret_hash, requested_ip, expires_at)
         select 'Z' || translate(lpad(upper(to_hex(i)), 5, 'Y'), '01', 'WX'), md5(i::text), '198.51.' || (i / 250) || '.' || (i % 250), now() + interval '15 minutes'
         from generate_series(1, $1::int) i`,
        [missing],
      );
      expect(await pairingCall({ action: 'start' }, newIp())).toEqual({
        status: 429,
        body: { error: 'Too many pairing codes are waiting to be used. Try again in a few minutes.' },
      });
      // Codes that were used or expired do not count: once some expire, starts succeed again
      // (twenty, so the other files' pairings running at the same time cannot fill them back).
      await db.query(
        `update public.screen_pairings set expires_at = now() - interval '1 second' where code in (
           select code from public.screen_pairings where code like 'Z%' and claimed_at is null limit 20)`,
      );
      expect((await pairingCall({ action: 'start' }, newIp())).status).toBe(200);
    } finally {
      await db.query(`delete from public.screen_pairings where code like 'Z%' and secret_hash ~ '^[0-9a-f]{32}$'`);
      await db.end();
    }
  });
});

describe('pair_screen', () => {
  it('is for admins only (42501)', async () => {
    const kiosk = await start();
    for (const caller of [await as('cafe'), anon()]) {
      const { data, error } = await caller.rpc('pair_screen', {
        p_code: kiosk.code,
        p_customer_id: SEED.customers.cafe,
        p_device_name: 'Sneaky',
      });
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
    expect((await poll(kiosk)).body).toMatchObject({ status: 'waiting' });
  });

  it('refuses an unknown code, an empty or long name, a bad orientation, an unknown venue or device', async () => {
    const kiosk = await start();
    const pair = (args: Record<string, unknown>) =>
      admin.rpc('pair_screen', {
        p_code: kiosk.code,
        p_customer_id: SEED.customers.cafe,
        p_device_name: 'Lobby',
        ...args,
      });

    const badCode = await pair({ p_code: 'ZZZZZ2' === kiosk.code ? 'ZZZZZ3' : 'ZZZZZ2' });
    expect(badCode.error).toMatchObject({ code: 'P0002', message: 'This pairing code is not valid or has expired.' });
    for (const name of ['   ', 'x'.repeat(101)]) {
      const { error } = await pair({ p_device_name: name });
      expect(error).toMatchObject({ code: '22023', message: 'A screen name is required (at most 100 characters).' });
    }
    expect((await pair({ p_orientation: 'sideways' })).error?.code).toBe('22023');
    expect((await pair({ p_customer_id: '00000000-0000-4000-8000-000000000000' })).error).toMatchObject({
      code: '23503',
      message: 'This venue does not exist.',
    });
    expect((await pair({ p_device_id: '00000000-0000-4000-8000-000000000000' })).error?.code).toBe('P0002');
    // Nothing was used up.
    expect((await poll(kiosk)).body).toMatchObject({ status: 'waiting' });
  });
});

describe('a paired screen', () => {
  let kiosk: Started;
  let paired: Paired;
  let screen: AnyClient;

  beforeAll(async () => {
    kiosk = await start();
    // Typed as people type it: lower case, with a space and a dash.
    const typed = `${kiosk.code.slice(0, 3)} -${kiosk.code.slice(3)}`.toLowerCase();
    const { data, error } = await admin.rpc('pair_screen', {
      p_code: typed,
      p_customer_id: SEED.customers.cafe,
      p_device_name: '  Counter portrait  ',
      p_orientation: 'portrait',
    });
    expect(error).toBeNull();
    madeDevices.push(data as string);
    const answer = await poll(kiosk);
    expect(answer.status).toBe(200);
    paired = answer.body as Paired;
    expect(paired.device_id).toBe(data);
    screen = await signIn(paired.email, paired.password);
    madeLogins.push((await device(paired.device_id)).screen_user_id as string);
  });

  it('was given a login of its own, once', async () => {
    expect(paired).toEqual({
      status: 'paired',
      device_id: expect.any(String),
      email: expect.stringMatching(
        new RegExp(`^screen-${paired.device_id.replace(/-/g, '').slice(0, 8)}-[0-9a-f]{8}@screens\\.invalid$`),
      ),
      password: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(await poll(kiosk)).toEqual({ status: 404, body: { error: 'Unknown pairing.' } });

    const row = await device(paired.device_id);
    expect(row).toMatchObject({
      customer_id: SEED.customers.cafe,
      device_name: 'Counter portrait',
      orientation: 'portrait',
      location: '12 Bleecker St, New York, NY',
      status: 'offline',
      is_active: true,
    });
    expect(row.paired_at).not.toBeNull();
    const { data: user } = await service().auth.admin.getUserById(row.screen_user_id as string);
    expect(user.user).toMatchObject({ email: paired.email, app_metadata: { screen_device_id: paired.device_id } });
    expect(user.user?.email_confirmed_at).toBeTruthy();

    const { data: live } = await admin
      .from('equipment_status_live')
      .select('orientation, paired, paired_at')
      .eq('id', paired.device_id)
      .single();
    expect(live).toEqual({ orientation: 'portrait', paired: true, paired_at: row.paired_at });
  });

  it('knows which screen it is (my_screen); other logins are no screen', async () => {
    const { data, error } = await screen.rpc('my_screen');
    expect(error).toBeNull();
    expect(data).toEqual({
      id: paired.device_id,
      device_name: 'Counter portrait',
      orientation: 'portrait',
      customer_id: SEED.customers.cafe,
      customer_name: 'Corner Cafe',
    });
    for (const other of [admin, await as('cafe')]) expect((await other.rpc('my_screen')).data).toBeNull();
  });

  it("plays its venue's playlist and signs its slide images", async () => {
    const { data, error } = await screen.rpc('player_playlist');
    expect(error).toBeNull();
    const playlist = data as Playlist;
    expect(playlist.customer).toMatchObject({ id: SEED.customers.cafe, name: 'Corner Cafe' });
    const venues = await (await as('cafe')).rpc('player_playlist');
    // The same venue content as its venue's login gets (read a moment apart: `now` differs);
    // the loop and the spots booked in it are the screen's own (no network campaign targets
    // this new screen), so the version differs too.
    const venueContent = ({ now: _now, version: _version, loop_seconds: _loop, spots: _spots, ...rest }: Playlist) =>
      rest;
    expect(venueContent(playlist)).toEqual(venueContent(venues.data as Playlist));
    expect(playlist.loop_seconds).toBe(300);
    expect(playlist.spots).toEqual([]);
    expect(playlist.slides.map((s) => s.id)).toContain(SEED.slides.cafe[0]);

    const own = await screen.rpc('player_playlist', { p_customer_id: SEED.customers.cafe });
    expect(own.error).toBeNull();

    const signed = await screen.storage.from('ad-images').createSignedUrl(SEED.images.latte, 60);
    expect(signed.error).toBeNull();
    const image = await fetch(signed.data!.signedUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it("reads its venue's campaigns, their slides and its own device (so Realtime tells it of their changes)", async () => {
    const campaigns = await screen.from('campaigns').select('id, customer_id');
    expect(campaigns.error).toBeNull();
    expect(campaigns.data!.map((c) => c.id)).toEqual(
      expect.arrayContaining([SEED.campaigns.cafeActive, SEED.campaigns.cafePaused]),
    );
    expect(new Set(campaigns.data!.map((c) => c.customer_id))).toEqual(new Set([SEED.customers.cafe]));
    const slides = await screen.from('campaign_items').select('id');
    expect(slides.data!.map((s) => s.id)).toEqual(expect.arrayContaining(SEED.slides.cafe));
    expect(slides.data!.map((s) => s.id)).not.toContain(SEED.slides.gym[0]);
    // Its own device only, not the venue's other screens.
    const devices = await screen.from('equipment_status').select('id');
    expect(devices.data).toEqual([{ id: paired.device_id }]);
  });

  it("reads nothing else: no venue row, venue files, other devices or venues' playlists", async () => {
    for (const table of ['customers', 'advertisers', 'ads', 'system_alerts']) {
      const { data, error } = await screen.from(table).select('*');
      expect(error, table).toBeNull();
      expect(data, table).toEqual([]);
    }
    const other = await screen.rpc('player_playlist', { p_customer_id: SEED.customers.gym });
    expect(other.error?.code).toBe('42501');

    const files = await screen.storage.from('customer-files').createSignedUrl(SEED.files.cafeAgreement, 60);
    expect(files.data).toBeNull();
    expect(files.error).not.toBeNull();
    const download = await screen.storage.from('customer-files').download(SEED.files.cafePhoto);
    expect(download.data).toBeNull();
  });

  it('cannot write any table nor pair or unpair screens', async () => {
    const inserts: [string, Record<string, unknown>][] = [
      ['equipment_status', { customer_id: SEED.customers.cafe, device_name: 'Rogue' }],
      ['campaigns', { name: 'Rogue', customer_id: SEED.customers.cafe }],
      ['customers', { name: 'Rogue', username: 'rogue', email: 'rogue@example.test' }],
    ];
    for (const [table, row] of inserts) {
      const { error } = await screen.from(table).insert(row);
      expect(error?.code, table).toBe('42501');
    }
    const update = await screen
      .from('equipment_status')
      .update({ device_name: 'Renamed' })
      .eq('id', paired.device_id)
      .select();
    expect(update.data).toEqual([]);
    const del = await screen.from('campaigns').delete().eq('id', SEED.campaigns.cafeActive).select();
    expect(del.data).toEqual([]);
    expect((await device(paired.device_id)).device_name).toBe('Counter portrait');

    const pairings = await screen.from('screen_pairings').select('id');
    expect(pairings.error?.code).toBe('42501');
    expect((await screen.rpc('revoke_screen', { p_device_id: paired.device_id })).error?.code).toBe('42501');
    const kiosk2 = await start();
    const pair = await screen.rpc('pair_screen', {
      p_code: kiosk2.code,
      p_customer_id: SEED.customers.gym,
      p_device_name: 'x',
    });
    expect(pair.error?.code).toBe('42501');
    const internal = await screen.rpc('finish_screen_pairing', {
      p_pairing_id: kiosk2.pairing_id,
      p_secret_hash: 'x',
      p_user_id: paired.device_id,
    });
    expect(internal.error?.code).toBe('42501');
  });

  it('reports its heartbeat for its own device only', async () => {
    const before = Date.now();
    const { data, error } = await screen.rpc('player_heartbeat', {
      p_campaign_id: SEED.campaigns.cafeActive,
      p_content_version: 'v1',
      p_resolution: '1080x1920',
    });
    expect(error).toBeNull();
    expect(data).toBe(paired.device_id);
    const row = await device(paired.device_id);
    expect(row).toMatchObject({
      status: 'online',
      device_name: 'Counter portrait',
      current_campaign_id: SEED.campaigns.cafeActive,
      content_version: 'v1',
      resolution: '1080x1920',
    });
    expect(new Date(row.last_heartbeat as string).getTime()).toBeGreaterThan(before - 5000);

    const explicit = await screen.rpc('player_heartbeat', { p_device_id: paired.device_id });
    expect(explicit.data).toBe(paired.device_id);

    const otherBefore = await device(SEED.equipment.cafe[0]);
    const other = await screen.rpc('player_heartbeat', { p_device_id: SEED.equipment.cafe[0] });
    expect(other.error?.code).toBe('42501');
    expect(await device(SEED.equipment.cafe[0])).toEqual(otherBefore);

    const gymCampaign = await screen.rpc('player_heartbeat', { p_campaign_id: SEED.campaigns.gymCompleted });
    expect(gymCampaign.error?.code).toBe('42501');
  });

  it('is not linked to the venue as a person: its venue login and role are unchanged', async () => {
    const { data } = await service().from('customers').select('user_id').eq('id', SEED.customers.cafe).single();
    expect((data as { user_id: string }).user_id).toBe(SEED.users.cafe.id);
    const { data: me } = await screen.from('users').select('role');
    expect(me).toEqual([{ role: 'customer' }]);

    // Not even an admin can make it a venue's login.
    const screenLogin = (await device(paired.device_id)).screen_user_id as string;
    const link = await admin.from('customers').update({ user_id: screenLogin }).eq('id', SEED.customers.books);
    expect(link.error).toMatchObject({ code: '23514', message: "A screen's login cannot be linked to a venue." });
    const { data: books } = await service().from('customers').select('user_id').eq('id', SEED.customers.books).single();
    expect(books).toEqual({ user_id: null });
  });

  it('re-paired with a new code, gets new credentials and its old login is deleted', async () => {
    const oldLogin = (await device(paired.device_id)).screen_user_id as string;
    const again = await pairNewKiosk(paired.device_id);
    expect(again.device_id).toBe(paired.device_id);
    expect(again.email).not.toBe(paired.email);

    const { error } = await anon().auth.signInWithPassword({ email: paired.email, password: paired.password });
    expect(error?.code).toBe('invalid_credentials');
    expect((await service().auth.admin.getUserById(oldLogin)).data.user).toBeNull();
    // The old session's token still verifies until it expires, but names no screen any more.
    expect((await screen.rpc('my_screen')).data).toBeNull();
    expect(((await screen.rpc('player_playlist')).data as Playlist).customer).toBeNull();
    // Another login holds the device now: the old token reads neither it nor its venue's campaigns.
    expect((await screen.from('equipment_status').select('id')).data).toEqual([]);
    expect((await screen.from('campaigns').select('id')).data).toEqual([]);

    const renewed = await signIn(again.email, again.password);
    expect(((await renewed.rpc('my_screen')).data as { id: string }).id).toBe(paired.device_id);
    // The re-pairing kept the device's name and orientation given by the admin.
    expect((await device(paired.device_id)).device_name).toBe('Pairing test screen');
    paired = again;
    screen = renewed;
  });

  it('after revoke_screen reads nothing but its own unpaired device row, and its heartbeat is refused', async () => {
    const notAdmin = await (await as('cafe')).rpc('revoke_screen', { p_device_id: paired.device_id });
    expect(notAdmin.error?.code).toBe('42501');

    const { error } = await admin.rpc('revoke_screen', { p_device_id: paired.device_id });
    expect(error).toBeNull();
    const row = await device(paired.device_id);
    expect(row.screen_user_id).toBeNull();
    expect(row.paired_at).toBeNull();

    const playlist = await screen.rpc('player_playlist');
    expect(playlist.error).toBeNull();
    expect((playlist.data as Playlist).customer).toBeNull();
    expect((playlist.data as Playlist).slides).toEqual([]);
    expect((await screen.rpc('player_heartbeat', {})).error?.code).toBe('42501');
    expect((await screen.rpc('my_screen')).data).toBeNull();
    for (const table of ['campaigns', 'campaign_items']) {
      expect((await screen.from(table).select('id')).data, table).toEqual([]);
    }
    // Its token still names its device, so it heard of the revoke: the row says unpaired.
    expect((await screen.from('equipment_status').select('id, screen_user_id')).data).toEqual([
      { id: paired.device_id, screen_user_id: null },
    ]);
    const signed = await screen.storage.from('ad-images').createSignedUrl(SEED.images.latte, 60);
    expect(signed.data).toBeNull();

    const { data: live } = await admin
      .from('equipment_status_live')
      .select('paired')
      .eq('id', paired.device_id)
      .single();
    expect(live).toEqual({ paired: false });
  });

  it("deleted the revoked screen's login: its password no longer signs in", async () => {
    const { data, error } = await anon().auth.signInWithPassword({ email: paired.email, password: paired.password });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });
});

describe('deleting a paired device', () => {
  it('deletes its screen login with it', async () => {
    const ip = newIp();
    const kiosk = await start(ip);
    const paired = await admin.rpc('pair_screen', {
      p_code: kiosk.code,
      p_customer_id: SEED.customers.cafe,
      p_device_name: 'Deleted with its login',
    });
    expect(paired.error).toBeNull();
    const { status, body } = await pairingCall(
      { action: 'poll', pairing_id: kiosk.pairing_id, secret: kiosk.secret },
      ip,
    );
    expect(status).toBe(200);
    const credentials = body as Paired;
    await signIn(credentials.email, credentials.password);

    const removed = await admin.from('equipment_status').delete().eq('id', credentials.device_id).select('id');
    expect(removed).toMatchObject({ error: null, data: [{ id: credentials.device_id }] });
    const { data, error } = await anon().auth.signInWithPassword({
      email: credentials.email,
      password: credentials.password,
    });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });
});
