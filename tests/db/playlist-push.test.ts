// A network campaign's change reaches the walls by Broadcast from the database: when the
// transaction commits, each venue it plays at (before or after the change) gets one message on
// its private topic 'venue:<customer_id>' with the campaign's spot as player_playlist() gives it
// for that venue, or null when it no longer plays there. Only the venue's own screens and login
// may join that topic.
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { collector, subscribed } from 'supabase-local/testing';
import { ANON_KEY, type AnyClient, client, connectDb, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, type Persona, SEED, tokenOf } from './db-seed.ts';

interface Spot {
  campaign_id: string;
  device_ids: string[];
  spot_seconds: number;
  slides: { id: string; title: string | null; duration: number }[];
  [key: string]: unknown;
}
interface Push {
  campaign_id: string;
  spot: Spot | null | 'read';
}

const clients: AnyClient[] = [];
const campaigns: string[] = [];
const groups: string[] = [];

/** A supabase-js client whose realtime socket acts as the persona (setAuth, as the player does). */
async function realtimeAs(persona: Exclude<Persona, 'anon'>): Promise<AnyClient> {
  const token = await tokenOf(persona);
  const c = client(ANON_KEY, token);
  await c.realtime.setAuth(token);
  clients.push(c);
  return c;
}

/** Joins a venue's private topic; what arrives for `campaignId` is collected. */
async function listen(c: AnyClient, customerId: string, campaignId: () => string | undefined) {
  const got = collector<Push>();
  const channel: RealtimeChannel = c
    .channel(`venue:${customerId}`, { config: { private: true } })
    .on('broadcast', { event: 'spot' }, (m) => {
      const push = m.payload as Push;
      if (push.campaign_id === campaignId()) got.push(push);
    });
  await subscribed(channel);
  return got;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A network campaign of a seeded advertiser with one 10 s slide, aimed at `targets`. Its id is
 * chosen here and given to `onId` before anything is written: a push may arrive before the
 * insert's own answer does.
 */
async function networkCampaign(
  targets: Record<string, string>[],
  onId: (id: string) => void,
): Promise<{ id: string; slide: string }> {
  const id = randomUUID();
  onId(id);
  const { error } = await service()
    .from('campaigns')
    .insert({
      id,
      name: `Push ${uniqueSuffix()}`,
      customer_id: null,
      advertiser_id: SEED.advertisers[0],
      plays_on: 'targets',
      status: 'active',
    });
  expect(error).toBeNull();
  campaigns.push(id);
  const slide = await service()
    .from('campaign_items')
    .insert({ campaign_id: id, title: 'Push slide', display_order: 1, duration: 10, is_active: true })
    .select('id')
    .single();
  expect(slide.error).toBeNull();
  if (targets.length) {
    const t = await service()
      .from('campaign_targets')
      .insert(targets.map((x) => ({ campaign_id: id, ...x })));
    expect(t.error).toBeNull();
  }
  return { id, slide: (slide.data as { id: string }).id };
}

/** The spot of `campaignId` in the screen's playlist, as the screen reads it. */
async function spotRead(campaignId: string): Promise<Spot | undefined> {
  const { data, error } = await (await as('screen')).rpc('player_playlist');
  expect(error).toBeNull();
  return (data as { spots: Spot[] }).spots.find((s) => s.campaign_id === campaignId);
}

const withoutOnAir = (spot: Spot | null | 'read' | undefined) => {
  if (!spot || spot === 'read') return spot;
  const { on_air: _onAir, ...rest } = spot;
  return rest;
};

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});

afterAll(async () => {
  if (campaigns.length) await service().from('campaigns').delete().in('id', campaigns);
  if (groups.length) await service().from('screen_groups').delete().in('id', groups);
});

describe('network campaign pushes', () => {
  let current: string | undefined;
  const mine = () => current;

  it('sends the edited spot to its venue’s screen, the same as the screen would read, and nothing to another venue', async () => {
    const screen = await realtimeAs('screen');
    const gym = await realtimeAs('gym');
    const atCafe = await listen(screen, SEED.customers.cafe, mine);
    const atGym = await listen(gym, SEED.customers.gym, mine);

    const { id, slide } = await networkCampaign([{ device_id: SEED.equipment.cafe[1] }], (x) => (current = x));
    // Made in three writes (campaign, slide, target): it reaches the cafe with its target.
    const made = await atCafe.next();
    expect(made.spot).toMatchObject({ campaign_id: id, device_ids: [SEED.equipment.cafe[1]] });

    const title = `Edited ${uniqueSuffix()}`;
    const edit = await service().from('campaign_items').update({ title, duration: 12 }).eq('id', slide);
    expect(edit.error).toBeNull();
    let pushed = await atCafe.next();
    while ((pushed.spot as Spot).spot_seconds !== 12) pushed = await atCafe.next();
    const spot = pushed.spot as Spot;
    expect(spot).toMatchObject({
      campaign_id: id,
      device_ids: [SEED.equipment.cafe[1]],
      spot_seconds: 12,
      slides: [{ id: slide, title, duration: 12 }],
    });
    // What the screen holds after applying it is what a read would have given it.
    expect(withoutOnAir(spot)).toEqual(withoutOnAir(await spotRead(id)));

    await sleep(300);
    expect(atGym.items).toEqual([]);
  });

  it('sends null when the campaign no longer plays at the venue, and one message per venue with its own screens', async () => {
    const screen = await realtimeAs('screen');
    const gym = await realtimeAs('gym');
    const atCafe = await listen(screen, SEED.customers.cafe, mine);
    const atGym = await listen(gym, SEED.customers.gym, mine);

    const { data, error } = await service()
      .from('screen_groups')
      .insert({ name: `Push group ${uniqueSuffix()}` })
      .select('id')
      .single();
    expect(error).toBeNull();
    const group = (data as { id: string }).id;
    groups.push(group);
    const members = await service()
      .from('screen_group_members')
      .insert([
        { group_id: group, device_id: SEED.equipment.cafe[1] },
        { group_id: group, device_id: SEED.equipment.gym[0] },
      ]);
    expect(members.error).toBeNull();

    const { id } = await networkCampaign([{ group_id: group }], (x) => (current = x));
    await sleep(500);
    atCafe.items.splice(0);
    atGym.items.splice(0);

    // One change, one message per venue, each naming only that venue's screens.
    const renamed = await service().from('campaigns').update({ spots_per_loop: 2 }).eq('id', id);
    expect(renamed.error).toBeNull();
    expect((await atCafe.next()).spot).toMatchObject({ spots_per_loop: 2, device_ids: [SEED.equipment.cafe[1]] });
    expect((await atGym.next()).spot).toMatchObject({ spots_per_loop: 2, device_ids: [SEED.equipment.gym[0]] });

    // The cafe's screen leaves the group: the cafe hears the spot is gone, the gym hears nothing new.
    const left = await service()
      .from('screen_group_members')
      .delete()
      .eq('group_id', group)
      .eq('device_id', SEED.equipment.cafe[1]);
    expect(left.error).toBeNull();
    expect(await atCafe.next()).toEqual({ campaign_id: id, spot: null });
    expect(await spotRead(id)).toBeUndefined();

    // Removed altogether: the gym hears it too.
    const removed = await service().from('campaigns').delete().eq('id', id);
    expect(removed.error).toBeNull();
    // (The gym may first hear its unchanged spot again, from the cafe's screen leaving.)
    let last = await atGym.next();
    while (last.spot !== null) last = await atGym.next();
    expect(last).toEqual({ campaign_id: id, spot: null });
    await sleep(300);
    expect(atCafe.items).toEqual([]);
  });

  it('tells both venues when a targeted screen moves from one to the other', async () => {
    const cafe = await realtimeAs('cafe');
    const gym = await realtimeAs('gym');
    const atCafe = await listen(cafe, SEED.customers.cafe, mine);
    const atGym = await listen(gym, SEED.customers.gym, mine);
    const { data, error } = await service()
      .from('equipment_status')
      .insert({ device_name: `Push screen ${uniqueSuffix()}`, customer_id: SEED.customers.cafe, status: 'online' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const device = (data as { id: string }).id;
    try {
      const { id } = await networkCampaign([{ device_id: device }], (x) => (current = x));
      expect((await atCafe.next()).spot).toMatchObject({ device_ids: [device] });

      const moved = await service()
        .from('equipment_status')
        .update({ customer_id: SEED.customers.gym })
        .eq('id', device);
      expect(moved.error).toBeNull();
      expect(await atCafe.next()).toEqual({ campaign_id: id, spot: null });
      expect((await atGym.next()).spot).toMatchObject({ campaign_id: id, device_ids: [device] });
    } finally {
      await service().from('equipment_status').delete().eq('id', device);
    }
  });

  it('says "read" instead of a spot too large for one message', async () => {
    const screen = await realtimeAs('screen');
    const atCafe = await listen(screen, SEED.customers.cafe, mine);
    const { id, slide } = await networkCampaign([{ device_id: SEED.equipment.cafe[1] }], (x) => (current = x));
    await sleep(500);
    atCafe.items.splice(0);

    const db = await connectDb();
    try {
      await db.query('begin');
      await db.query(`set local signage.playlist_push_max_bytes = '100'`);
      await db.query('update public.campaign_items set title = $1 where id = $2', ['Longer than it may be', slide]);
      await db.query('commit');
    } finally {
      await db.end();
    }
    expect(await atCafe.next()).toEqual({ campaign_id: id, spot: 'read' });
  });
});

describe('who may hear a venue’s topic', () => {
  it('refuses another venue, a login linked to no venue and the anonymous role', async () => {
    const topic = `venue:${SEED.customers.cafe}`;
    for (const persona of ['gym', 'unlinked'] as const) {
      const c = await realtimeAs(persona);
      await expect(subscribed(c.channel(topic, { config: { private: true } }))).rejects.toThrow(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
      );
    }
    const anonymous = client(ANON_KEY);
    clients.push(anonymous);
    await expect(subscribed(anonymous.channel(topic, { config: { private: true } }))).rejects.toThrow(/Unauthorized/);
  });

  it('lets the venue’s own login and screen in', async () => {
    for (const persona of ['cafe', 'screen'] as const) {
      const c = await realtimeAs(persona);
      await subscribed(c.channel(`venue:${SEED.customers.cafe}`, { config: { private: true } }));
    }
  });
});
