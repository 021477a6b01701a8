// Network campaigns play where their targets say: a venue (its screens), a screen group (its
// members, wherever they are), one screen, or the whole network; with no target, on no
// screen. What a screen plays (player_playlist(): its loop and the spots booked in it) and
// campaign_target_screens follow the targets and the groups' members as they change; venue
// campaigns play as before; only admins see or change groups, targets and network campaigns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyClient } from 'supabase-local/testing/vitest';
import { as } from './db-seed.ts';
import { NetworkFixtures, plusDays, todayIn } from './network-fixtures.ts';

interface Spot {
  campaign_id: string;
  campaign_name: string;
  advertiser_id: string;
  advertiser_name: string;
  spots_per_loop: number;
  spot_seconds: number;
  campaign_status: string;
  on_air: boolean;
  device_ids: string[];
  slides: { id: string; title: string; duration: number; display_order: number }[];
}
interface Playlist {
  version: string;
  customer: { id: string } | null;
  loop_seconds: number | null;
  slides: { campaign_id: string; title: string }[];
  spots: Spot[];
}

const f = new NetworkFixtures();
let venueA: { id: string; name: string; user?: AnyClient };
let venueB: { id: string; name: string };
let venueC: { id: string; name: string };
let a1: string, a2: string, b1: string, c1: string;
let screenA1: AnyClient, screenB1: AnyClient, screenC1: AnyClient;
let group: string;
let onVenue: string, onGroup: string, onScreen: string, ownA: string;

async function playlist(caller: AnyClient, args: Record<string, unknown> = {}): Promise<Playlist> {
  const { data, error } = await caller.rpc('player_playlist', args);
  expect(error).toBeNull();
  return data as Playlist;
}
const spotIds = (p: Playlist) => p.spots.map((s) => s.campaign_id);
const mine = (ids: string[]) => ids.filter((id) => [onVenue, onGroup, onScreen].includes(id)).sort();
const sorted = (ids: string[]) => [...ids].sort();

async function targetScreens(campaignId: string): Promise<string[]> {
  const { data, error } = await f.admin
    .from('campaign_target_screens')
    .select('device_id')
    .eq('campaign_id', campaignId);
  expect(error).toBeNull();
  return sorted((data as { device_id: string }[]).map((r) => r.device_id));
}

beforeAll(async () => {
  await f.setUp();
  venueA = await f.newVenue('Targets Gym North', 'America/New_York', true);
  venueB = await f.newVenue('Targets Gym London', 'Europe/London');
  venueC = await f.newVenue('Targets Cafe', 'America/New_York');
  a1 = await f.newScreen(venueA.id, 'North entrance');
  a2 = await f.newScreen(venueA.id, 'North weights');
  b1 = await f.newScreen(venueB.id, 'London entrance');
  c1 = await f.newScreen(venueC.id, 'Cafe counter');
  screenA1 = await f.screenLogin(a1);
  screenB1 = await f.screenLogin(b1);
  screenC1 = await f.screenLogin(c1);
  group = await f.newGroup('Entrances', [a1, b1]);
  onVenue = await f.campaign({ name: `On venue ${f.suffix}`, targets: [{ customer_id: venueA.id }] });
  onGroup = await f.campaign({ name: `On group ${f.suffix}`, targets: [{ group_id: group }] });
  onScreen = await f.campaign({ name: `On screen ${f.suffix}`, targets: [{ device_id: c1 }] });
  ownA = await f.venueCampaign(venueA.id, `Own A ${f.suffix}`, [{ title: 'North own', duration: 10 }]);
});

afterAll(() => f.tearDown());

describe('targets', () => {
  it('expands each kind of target to its screens in campaign_target_screens', async () => {
    expect(await targetScreens(onVenue)).toEqual(sorted([a1, a2]));
    expect(await targetScreens(onGroup)).toEqual(sorted([a1, b1]));
    expect(await targetScreens(onScreen)).toEqual([c1]);
    // A venue's campaign is no network campaign: it has no target screens.
    expect(await targetScreens(ownA)).toEqual([]);
  });

  it('gives each screen the spots of the campaigns that target it, and only those', async () => {
    expect(mine(spotIds(await playlist(screenA1)))).toEqual(sorted([onVenue, onGroup]));
    expect(mine(spotIds(await playlist(screenB1)))).toEqual([onGroup]);
    expect(mine(spotIds(await playlist(screenC1)))).toEqual([onScreen]);
    // An admin naming a venue and one of its screens reads what that screen plays.
    expect(mine(spotIds(await playlist(f.admin, { p_customer_id: venueA.id, p_device_id: a2 })))).toEqual([onVenue]);
    expect(mine(spotIds(await playlist(f.admin, { p_customer_id: venueC.id, p_device_id: c1 })))).toEqual([onScreen]);
    // A screen named with another venue plays none of them.
    expect(mine(spotIds(await playlist(f.admin, { p_customer_id: venueA.id, p_device_id: c1 })))).toEqual([]);
  });

  it('tells a venue read without a screen which of its screens each spot plays on', async () => {
    const p = await playlist(venueA.user!);
    const byId = Object.fromEntries(p.spots.map((s) => [s.campaign_id, s.device_ids]));
    expect(byId[onVenue]).toEqual(sorted([a1, a2]));
    expect(byId[onGroup]).toEqual([a1]);
    expect(byId[onScreen]).toBeUndefined();
  });

  it('keeps venue campaigns as they were: a venue’s own slides on its own screens, never as spots', async () => {
    const a = await playlist(screenA1);
    expect(a.slides.filter((s) => s.campaign_id === ownA).map((s) => s.title)).toEqual(['North own']);
    expect(spotIds(a)).not.toContain(ownA);
    for (const other of [screenB1, screenC1]) {
      expect((await playlist(other)).slides.some((s) => s.campaign_id === ownA)).toBe(false);
    }
  });

  it('plays a campaign with plays_on network on every screen at a venue', async () => {
    const inSixDays = plusDays(todayIn('America/New_York'), 6);
    const everywhere = await f.campaign({
      name: `Everywhere ${f.suffix}`,
      plays_on: 'network',
      targets: [{ device_id: a1 }],
      // One day of the coming week (listed, not yet on air), so it takes little of anyone's loop.
      status: 'scheduled',
      start: inSixDays,
      end: inSixDays,
      slides: [{ duration: 5 }],
    });
    try {
      const reach = await targetScreens(everywhere);
      for (const d of [a1, a2, b1, c1]) expect(reach).toContain(d);
      const { count } = await f.admin
        .from('equipment_status')
        .select('id', { count: 'exact', head: true })
        .not('customer_id', 'is', null);
      expect(reach).toHaveLength(count!);
      for (const screen of [screenA1, screenB1, screenC1])
        expect(spotIds(await playlist(screen))).toContain(everywhere);
      // Its targets are none: a list given with it is not kept.
      const { data } = await f.admin.from('campaign_targets').select('id').eq('campaign_id', everywhere);
      expect(data).toEqual([]);
    } finally {
      // It books every screen of the network: gone before any other test counts airtime.
      expect((await f.admin.from('campaigns').delete().eq('id', everywhere)).error).toBeNull();
    }
  });

  it('plays a campaign without targets nowhere, and refuses to save one that plays on targets without any', async () => {
    const refused = await f.admin.rpc('save_campaign', f.saveArgs({ name: `No targets ${f.suffix}`, targets: [] }));
    expect(refused.error).toMatchObject({
      code: '23514',
      message: 'Choose at least one venue, group or screen, or play on the whole network.',
    });
    const nowhere = await f.campaign({ name: `Nowhere ${f.suffix}`, targets: [{ device_id: a1 }] });
    expect((await f.admin.from('campaign_targets').delete().eq('campaign_id', nowhere)).error).toBeNull();
    expect(await targetScreens(nowhere)).toEqual([]);
    expect(spotIds(await playlist(screenA1))).not.toContain(nowhere);
    expect(spotIds(await playlist(venueA.user!))).not.toContain(nowhere);
  });

  it('refuses targets on a venue’s campaign, and a target naming none or more than one of venue, group, screen', async () => {
    const onOwn = await f.admin.from('campaign_targets').insert({ campaign_id: ownA, customer_id: venueA.id });
    expect(onOwn.error).toMatchObject({
      code: '23514',
      message: "Only a network campaign has targets: a venue's campaign plays on its own screens.",
    });
    const two = await f.admin
      .from('campaign_targets')
      .insert({ campaign_id: onScreen, customer_id: venueA.id, device_id: a1 });
    expect(two.error?.code).toBe('23514');
    expect(two.error?.message).toMatch(/campaign_targets_name_one_venue_group_or_screen/);
    const none = await f.admin.from('campaign_targets').insert({ campaign_id: onScreen });
    expect(none.error?.code).toBe('23514');
    const viaForm = await f.admin.rpc(
      'save_campaign',
      f.saveArgs(
        { name: `On screen ${f.suffix}`, targets: [{ customer_id: venueA.id, device_id: a1 } as never] },
        onScreen,
      ),
    );
    expect(viaForm.error).toMatchObject({
      code: '23514',
      message: 'Each target is one venue, one group or one screen.',
    });
    // Nothing of the refused writes stayed: the campaign still has its one screen.
    expect(await targetScreens(onScreen)).toEqual([c1]);
  });
});

describe('who sees and changes groups, targets and network campaigns', () => {
  it('shows a venue and a screen no group, member, target or network campaign', async () => {
    for (const [who, db] of [
      ['venue', venueA.user!],
      ['screen', screenA1],
      ['gym', await as('gym')],
    ] as const) {
      for (const [table, column, value] of [
        ['screen_groups', 'id', group],
        ['screen_group_members', 'group_id', group],
        ['campaign_targets', 'campaign_id', onVenue],
        ['campaigns', 'id', onVenue],
        ['campaign_items', 'campaign_id', onVenue],
        ['campaign_target_screens', 'campaign_id', onVenue],
      ] as const) {
        const { data } = await db.from(table).select(column).eq(column, value);
        expect(data ?? [], `${who} ${table}`).toEqual([]);
      }
    }
  });

  it('lets no venue or screen add or change groups, members, targets or network campaigns', async () => {
    for (const [who, db] of [
      ['venue', venueA.user!],
      ['screen', screenA1],
    ] as const) {
      const g = await db.from('screen_groups').insert({ name: `Sneaky ${f.suffix}` });
      expect(g.error?.code, `${who} group`).toBe('42501');
      const m = await db.from('screen_group_members').insert({ group_id: group, device_id: a2 });
      expect(m.error?.code, `${who} member`).toBe('42501');
      const t = await db.from('campaign_targets').insert({ campaign_id: onVenue, device_id: c1 });
      expect(t.error?.code, `${who} target`).toBe('42501');
      const c = await db
        .from('campaigns')
        .insert({ name: 'Sneaky', advertiser_id: f.advertiser, plays_on: 'network', status: 'active' });
      expect(c.error?.code, `${who} campaign`).toBe('42501');
      const renamed = await db.from('screen_groups').update({ name: 'Renamed' }).eq('id', group).select();
      expect(renamed.data ?? [], `${who} rename`).toEqual([]);
      const dropped = await db.from('campaign_targets').delete().eq('campaign_id', onVenue).select();
      expect(dropped.data ?? [], `${who} untarget`).toEqual([]);
      const paused = await db.from('campaigns').update({ status: 'paused' }).eq('id', onVenue).select();
      expect(paused.data ?? [], `${who} pause`).toEqual([]);
      const rpc = await db.rpc('save_campaign', f.saveArgs({ name: 'Sneaky', targets: [{ device_id: a1 }] }));
      expect(rpc.error?.code, `${who} save_campaign`).toBe('42501');
    }
    // All as it was.
    expect(await targetScreens(onVenue)).toEqual(sorted([a1, a2]));
    const { data } = await f.admin.from('campaigns').select('status').eq('id', onVenue).single();
    expect(data).toEqual({ status: 'active' });
  });
});

describe('group members', () => {
  it('adds and removes a group’s campaigns from a screen as it joins and leaves the group', async () => {
    const before = await playlist(screenC1);
    expect(spotIds(before)).not.toContain(onGroup);
    expect((await f.admin.from('screen_group_members').insert({ group_id: group, device_id: c1 })).error).toBeNull();
    const joined = await playlist(screenC1);
    expect(spotIds(joined)).toContain(onGroup);
    expect(joined.version).not.toBe(before.version);
    expect(await targetScreens(onGroup)).toEqual(sorted([a1, b1, c1]));

    expect(
      (await f.admin.from('screen_group_members').delete().match({ group_id: group, device_id: a1 })).error,
    ).toBeNull();
    // a1 keeps what targets its venue, and loses what targeted it through the group.
    expect(mine(spotIds(await playlist(screenA1)))).toEqual([onVenue]);
    expect(await targetScreens(onGroup)).toEqual(sorted([b1, c1]));
  });

  it('lets a screen be in many groups, and takes a removed group’s members and targets with it', async () => {
    const second = await f.newGroup('Counters', [c1, b1]);
    const onSecond = await f.campaign({ name: `On counters ${f.suffix}`, targets: [{ group_id: second }] });
    expect(mine(spotIds(await playlist(screenC1)))).toEqual(sorted([onGroup, onScreen]));
    expect(spotIds(await playlist(screenC1))).toContain(onSecond);

    expect((await f.admin.from('screen_groups').delete().eq('id', second)).error).toBeNull();
    const { data: members } = await f.admin.from('screen_group_members').select('device_id').eq('group_id', second);
    expect(members).toEqual([]);
    const { data: targets } = await f.admin.from('campaign_targets').select('id').eq('campaign_id', onSecond);
    expect(targets).toEqual([]);
    expect(await targetScreens(onSecond)).toEqual([]);
    expect(spotIds(await playlist(screenC1))).not.toContain(onSecond);
    expect(spotIds(await playlist(screenB1))).not.toContain(onSecond);
    // The first group is untouched.
    expect(spotIds(await playlist(screenB1))).toContain(onGroup);
  });
});

describe('the loop in the playlist', () => {
  it('gives a screen its loop length and each spot its spots per loop and its longest active slide', async () => {
    const venue = await f.newVenue('Loop Venue');
    const screen = await f.newScreen(venue.id, 'Loop screen', 120);
    const login = await f.screenLogin(screen);
    const spot = await f.campaign({
      name: `Two spots ${f.suffix}`,
      targets: [{ device_id: screen }],
      spots: 2,
      slides: [
        { title: 'Short', duration: 8, display_order: 2 },
        { title: 'Long', duration: 15, display_order: 1 },
        { title: 'Off', duration: 30, display_order: 3, is_active: false },
      ],
    });
    const p = await playlist(login);
    expect(p.loop_seconds).toBe(120);
    expect(p.spots).toHaveLength(1);
    expect(p.spots[0]).toMatchObject({
      campaign_id: spot,
      campaign_name: `Two spots ${f.suffix}`,
      advertiser_id: f.advertiser,
      advertiser_name: `Acme Coffee ${f.suffix}`,
      spots_per_loop: 2,
      spot_seconds: 15,
      campaign_status: 'active',
      on_air: true,
      device_ids: [screen],
    });
    expect(p.spots[0]!.slides.map((s) => [s.title, s.duration])).toEqual([
      ['Long', 15],
      ['Short', 8],
    ]);
    // The same for an admin naming the screen.
    const named = await playlist(f.admin, { p_customer_id: venue.id, p_device_id: screen });
    expect(named.loop_seconds).toBe(120);
    expect(named.spots).toEqual(p.spots);

    // Lengthening the loop changes the playlist's version.
    expect((await f.admin.from('equipment_status').update({ loop_seconds: 180 }).eq('id', screen)).error).toBeNull();
    const longer = await playlist(login);
    expect(longer.loop_seconds).toBe(180);
    expect(longer.version).not.toBe(p.version);
  });

  it('gives a new screen the network’s default loop, and a venue read without a screen no loop', async () => {
    const { data } = await f.admin.from('network_settings').select('default_loop_seconds').single();
    const defaultLoop = (data as { default_loop_seconds: number }).default_loop_seconds;
    expect(defaultLoop).toBe(300);
    const screen = await f.screenLogin(a2);
    expect((await playlist(screen)).loop_seconds).toBe(defaultLoop);
    expect((await playlist(venueA.user!)).loop_seconds).toBeNull();
  });

  it('leaves out a network campaign with no active slide, a paused one and one that has ended', async () => {
    const venue = await f.newVenue('Quiet Venue');
    const screen = await f.newScreen(venue.id, 'Quiet screen');
    const login = await f.screenLogin(screen);
    const empty = await f.campaign({ name: `Empty ${f.suffix}`, targets: [{ device_id: screen }], slides: [] });
    const paused = await f.campaign({ name: `Paused ${f.suffix}`, status: 'paused', targets: [{ device_id: screen }] });
    const ended = await f.campaign({
      name: `Ended ${f.suffix}`,
      targets: [{ device_id: screen }],
      start: '2020-01-01',
      end: '2020-01-31',
    });
    const live = await f.campaign({ name: `Live ${f.suffix}`, targets: [{ device_id: screen }] });
    const ids = spotIds(await playlist(login));
    expect(ids).toContain(live);
    for (const id of [empty, paused, ended]) expect(ids).not.toContain(id);
  });
});
