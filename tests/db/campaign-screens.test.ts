// Targeting: a campaign plays on every screen of its venue (plays_on 'all') or on chosen
// screens only (plays_on 'chosen', campaign_screens); a playlist read for a screen (a
// paired screen, or a venue's kiosk naming its device) has it only when the screen is one
// of them, and a campaign whose chosen screens are all gone plays nowhere. A venue's
// overview and an admin's preview (no screen) list every live campaign. The campaign form
// saves through save_campaign(): fields and chosen screens in one transaction, admins only.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackAddress } from 'supabase-local/testing';
import {
  anon,
  ANON_KEY,
  type AnyClient,
  asUser,
  client,
  clientFrom,
  connectDb,
  service,
  uniqueSuffix,
} from 'supabase-local/testing/vitest';
import { as, createAuthUser, SEED } from './db-seed.ts';

interface Paired {
  status: 'paired';
  device_id: string;
  email: string;
  password: string;
}
interface Playlist {
  customer: { id: string } | null;
  slides: { title: string | null; campaign_id: string }[];
}

/** The kiosk browsers of this file, connecting from an address of their own (the pairing limit keys on it). */
const kiosk = clientFrom(loopbackAddress());

let db: pg.Client;
let admin: AnyClient;
let venueId: string;
let venueLoginId: string;
let venue: AnyClient;
const screens: Record<'a' | 'b', { deviceId: string; login: AnyClient }> = {} as never;
const madeLogins: string[] = [];
let targeted: string;
let everywhere: string;

async function signIn(email: string, password: string): Promise<AnyClient> {
  const { data, error } = await anon().auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client(ANON_KEY, data.session!.access_token);
}

/** Pairs a new kiosk to the test venue as the screen-pairing test does, and signs in as it. */
async function pairScreen(name: string): Promise<{ deviceId: string; login: AnyClient }> {
  const started = await kiosk.functions.invoke('screen-pairing', { body: { action: 'start' } });
  expect(started.error).toBeNull();
  const code = started.data as { pairing_id: string; code: string; secret: string };
  const { error } = await admin.rpc('pair_screen', { p_code: code.code, p_customer_id: venueId, p_device_name: name });
  expect(error).toBeNull();
  const polled = await kiosk.functions.invoke('screen-pairing', {
    body: { action: 'poll', pairing_id: code.pairing_id, secret: code.secret },
  });
  expect(polled.error).toBeNull();
  const paired = polled.data as Paired;
  expect(paired.status).toBe('paired');
  const { data } = await service()
    .from('equipment_status')
    .select('screen_user_id')
    .eq('id', paired.device_id)
    .single();
  madeLogins.push((data as { screen_user_id: string }).screen_user_id);
  return { deviceId: paired.device_id, login: await signIn(paired.email, paired.password) };
}

interface CampaignArgs {
  p_name: string;
  p_customer_id: string;
  p_status: string;
  p_plays_on: 'all' | 'chosen';
  p_screen_ids: string[];
  p_id?: string;
}

const saveCampaign = (caller: AnyClient, args: CampaignArgs) => caller.rpc('save_campaign', args);

/** A live campaign saved as the campaign form saves it, with one active slide. */
async function addCampaign(name: string, slideTitle: string, screenIds: string[] = []): Promise<string> {
  const { data, error } = await saveCampaign(admin, {
    p_name: name,
    p_customer_id: venueId,
    p_status: 'active',
    p_plays_on: screenIds.length > 0 ? 'chosen' : 'all',
    p_screen_ids: screenIds,
  });
  expect(error).toBeNull();
  const id = data as string;
  const items = await service()
    .from('campaign_items')
    .insert({ campaign_id: id, title: slideTitle, display_order: 1, duration: 10, is_active: true });
  expect(items.error).toBeNull();
  return id;
}

async function chosen(campaignId: string): Promise<string[]> {
  const { data } = await service().from('campaign_screens').select('device_id').eq('campaign_id', campaignId);
  return (data as { device_id: string }[]).map((r) => r.device_id).sort();
}

async function titles(
  caller: AnyClient,
  args: { p_customer_id?: string; p_device_id?: string } = {},
): Promise<(string | null)[]> {
  const { data, error } = await caller.rpc('player_playlist', args);
  expect(error).toBeNull();
  const playlist = data as Playlist;
  expect(playlist.customer?.id).toBe(venueId);
  return playlist.slides.map((s) => s.title);
}

beforeAll(async () => {
  db = await connectDb();
  admin = await signIn('admin@example.com', 'demo-admin-pass');
  const email = `targeting-${uniqueSuffix()}@example.test`;
  venueLoginId = await createAuthUser(db, email);
  const { data, error } = await service()
    .from('customers')
    .insert({ name: 'Targeting Venue', username: `targeting-${uniqueSuffix()}`, email, user_id: venueLoginId })
    .select('id')
    .single();
  expect(error).toBeNull();
  venueId = (data as { id: string }).id;
  venue = await asUser(venueLoginId, email);

  screens.a = await pairScreen('Front window');
  screens.b = await pairScreen('Bar');
  targeted = await addCampaign('Front window only', 'Targeted slide', [screens.a.deviceId]);
  everywhere = await addCampaign('Every screen', 'Everywhere slide');
});

afterAll(async () => {
  if (venueId) {
    await service().from('campaigns').delete().eq('customer_id', venueId);
    await service().from('equipment_status').delete().eq('customer_id', venueId);
    await service().from('customers').delete().eq('id', venueId);
  }
  for (const id of madeLogins) await service().auth.admin.deleteUser(id);
  if (venueLoginId) await db.query('delete from auth.users where id = $1', [venueLoginId]);
  await db?.end();
});

describe('a campaign with chosen screens', () => {
  it('plays on the chosen screen only; the venue overview and admins still list it', async () => {
    expect(await titles(screens.a.login)).toEqual(expect.arrayContaining(['Targeted slide', 'Everywhere slide']));
    const onB = await titles(screens.b.login);
    expect(onB).toContain('Everywhere slide');
    expect(onB).not.toContain('Targeted slide');
    expect(await titles(venue)).toEqual(expect.arrayContaining(['Targeted slide', 'Everywhere slide']));
    expect(await titles(admin, { p_customer_id: venueId })).toEqual(
      expect.arrayContaining(['Targeted slide', 'Everywhere slide']),
    );
  });

  it("a venue's kiosk naming its device gets that screen's playlist", async () => {
    const onB = await titles(venue, { p_device_id: screens.b.deviceId });
    expect(onB).toContain('Everywhere slide');
    expect(onB).not.toContain('Targeted slide');
    expect(await titles(venue, { p_device_id: screens.a.deviceId })).toContain('Targeted slide');
    // A paired screen's own device decides, whatever device it names.
    expect(await titles(screens.b.login, { p_device_id: screens.a.deviceId })).not.toContain('Targeted slide');
  });

  it('refuses a screen of another venue (23514) and saves nothing of that form', async () => {
    const { data, error } = await saveCampaign(admin, {
      p_id: targeted,
      p_name: 'Renamed in the same save',
      p_customer_id: venueId,
      p_status: 'active',
      p_plays_on: 'chosen',
      p_screen_ids: [screens.a.deviceId, SEED.equipment.gym[0]],
    });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '23514', message: 'A campaign can only play on screens of its own venue.' });
    expect(await chosen(targeted)).toEqual([screens.a.deviceId]);
    const campaign = await service().from('campaigns').select('name').eq('id', targeted).single();
    expect(campaign.data).toEqual({ name: 'Front window only' });
  });

  it('refuses Chosen screens with none chosen (23514)', async () => {
    const { error } = await saveCampaign(admin, {
      p_id: targeted,
      p_name: 'Front window only',
      p_customer_id: venueId,
      p_status: 'active',
      p_plays_on: 'chosen',
      p_screen_ids: [],
    });
    expect(error).toMatchObject({ code: '23514', message: 'Choose at least one screen, or play on all screens.' });
    expect(await chosen(targeted)).toEqual([screens.a.deviceId]);
  });
});

describe('who saves and reads chosen screens', () => {
  it("the venue's login reads its campaign's rows but cannot save a campaign or change a row", async () => {
    const { data, error } = await venue.from('campaign_screens').select('campaign_id, device_id');
    expect(error).toBeNull();
    expect(data).toEqual([{ campaign_id: targeted, device_id: screens.a.deviceId }]);

    const created = await saveCampaign(venue, {
      p_name: 'Sneaky',
      p_customer_id: venueId,
      p_status: 'active',
      p_plays_on: 'all',
      p_screen_ids: [],
    });
    expect(created.error?.code).toBe('42501');
    const changed = await saveCampaign(venue, {
      p_id: everywhere,
      p_name: 'Every screen',
      p_customer_id: venueId,
      p_status: 'active',
      p_plays_on: 'chosen',
      p_screen_ids: [screens.b.deviceId],
    });
    // Row-level security hides the campaign from an update: PostgREST's 404 for P0002.
    expect(changed.error).toMatchObject({ code: 'P0002', message: 'Campaign not found.' });
    expect(await chosen(everywhere)).toEqual([]);

    const insert = await venue
      .from('campaign_screens')
      .insert({ campaign_id: everywhere, device_id: screens.b.deviceId })
      .select();
    expect(insert.error?.code).toBe('42501');
    const removed = await venue.from('campaign_screens').delete().eq('campaign_id', targeted).select();
    expect(removed).toMatchObject({ error: null, data: [] });
    expect(await chosen(targeted)).toHaveLength(1);
  });

  it('the venue’s paired screens read them (Realtime tells them of changes); another venue and the public do not', async () => {
    for (const screen of [screens.a.login, screens.b.login]) {
      const { data, error } = await screen.from('campaign_screens').select('*').eq('campaign_id', targeted);
      expect(error).toBeNull();
      expect(data).toEqual([expect.objectContaining({ campaign_id: targeted, device_id: screens.a.deviceId })]);
    }
    for (const caller of [await as('gym'), anon()]) {
      const { data, error } = await caller.from('campaign_screens').select('*').eq('campaign_id', targeted);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });
});

describe('when chosen screens go away', () => {
  async function addDevice(name: string): Promise<string> {
    const { data, error } = await admin
      .from('equipment_status')
      .insert({ customer_id: venueId, device_name: name, status: 'offline' })
      .select('id')
      .single();
    expect(error).toBeNull();
    return (data as { id: string }).id;
  }

  it('a campaign whose only chosen screen is deleted plays nowhere, not everywhere', async () => {
    const patio = await addDevice('Patio');
    const patioOnly = await addCampaign('Patio only', 'Patio slide', [patio]);
    expect(await titles(venue, { p_device_id: patio })).toContain('Patio slide');

    expect((await admin.from('equipment_status').delete().eq('id', patio)).error).toBeNull();
    expect(await chosen(patioOnly)).toEqual([]);
    for (const screen of [screens.a, screens.b]) expect(await titles(screen.login)).not.toContain('Patio slide');
    const campaign = await admin.from('campaigns').select('plays_on').eq('id', patioOnly).single();
    expect(campaign.data).toEqual({ plays_on: 'chosen' });
  });

  it("a device moved to another venue is no longer a chosen screen of this venue's campaigns", async () => {
    const terrace = await addDevice('Terrace');
    const terraceOnly = await addCampaign('Terrace only', 'Terrace slide', [terrace]);
    const moved = await admin.from('equipment_status').update({ customer_id: SEED.customers.gym }).eq('id', terrace);
    expect(moved.error).toBeNull();
    try {
      expect(await chosen(terraceOnly)).toEqual([]);
    } finally {
      await service().from('equipment_status').delete().eq('id', terrace);
    }
  });
});

describe('saving chosen screens as the campaign form does', () => {
  it('replaces the chosen screens in one call, and All screens removes them', async () => {
    const save = async (playsOn: 'all' | 'chosen', deviceIds: string[]) => {
      const { data, error } = await saveCampaign(admin, {
        p_id: everywhere,
        p_name: 'Every screen',
        p_customer_id: venueId,
        p_status: 'active',
        p_plays_on: playsOn,
        p_screen_ids: deviceIds,
      });
      expect(error).toBeNull();
      expect(data).toBe(everywhere);
      return chosen(everywhere);
    };
    expect(await save('chosen', [screens.b.deviceId])).toEqual([screens.b.deviceId]);
    expect(await save('chosen', [screens.a.deviceId, screens.b.deviceId])).toEqual(
      [screens.a.deviceId, screens.b.deviceId].sort(),
    );
    expect(await save('chosen', [screens.a.deviceId])).toEqual([screens.a.deviceId]);
    expect(await titles(screens.b.login)).not.toContain('Everywhere slide');

    expect(await save('all', [])).toEqual([]);
    expect(await titles(screens.b.login)).toContain('Everywhere slide');
  });
});
