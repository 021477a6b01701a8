// Realtime's Postgres changes as this project streams them (the supabase_realtime
// publication of supabase/migrations) and its row-level security filters them: a venue
// hears its own rows, a paired screen its venue's slides and its own device, an admin
// everything; event and filter bindings narrow what arrives. (Realtime's protocol,
// Broadcast, Presence and private channels: the emulator's own tests.)
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { collector, subscribed } from 'supabase-local/testing';
import { ANON_KEY, type AnyClient, client, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { type Persona, SEED, tokenOf } from './db-seed.ts';

type Row = Record<string, unknown>;
type Payload = RealtimePostgresChangesPayload<Row>;

const clients: AnyClient[] = [];

/** A supabase-js client whose realtime socket acts as the given person (setAuth, as a signed-in app does). */
async function realtimeAs(persona: Exclude<Persona, 'anon'>, expiresIn = 3600): Promise<AnyClient> {
  const token = await tokenOf(persona, expiresIn);
  const c = client(ANON_KEY, token);
  await c.realtime.setAuth(token);
  clients.push(c);
  return c;
}

/** The id of the row an INSERT or UPDATE carries. */
const newId = (p: Payload) => (p.new as Row).id;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});

describe('postgres changes', () => {
  const made: string[] = [];
  afterAll(async () => {
    if (made.length) await service().from('system_alerts').delete().in('id', made);
  });

  async function alert(values: Row): Promise<string> {
    const { data, error } = await service()
      .from('system_alerts')
      .insert({ alert_type: 'other', message: `Realtime test ${uniqueSuffix()}`, ...values })
      .select('id')
      .single();
    expect(error).toBeNull();
    made.push(data!.id as string);
    return data!.id as string;
  }

  it('delivers insert, update and delete to a venue for its own rows, with Supabase’s payload, and nothing of another venue’s', async () => {
    const cafe = await realtimeAs('cafe');
    const gym = await realtimeAs('gym');
    const cafeGot = collector<Payload>();
    const gymGot = collector<Payload>();
    await subscribed(
      cafe
        .channel(`campaigns-cafe-${uniqueSuffix()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'campaigns' }, (p) => cafeGot.push(p)),
    );
    await subscribed(
      gym
        .channel(`campaigns-gym-${uniqueSuffix()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'campaigns' }, (p) => gymGot.push(p)),
    );

    const name = `Realtime campaign ${uniqueSuffix()}`;
    const { data, error } = await service()
      .from('campaigns')
      .insert({ name, customer_id: SEED.customers.cafe, status: 'paused' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = data!.id as string;
    const inserted = await cafeGot.next();
    expect(inserted).toMatchObject({
      schema: 'public',
      table: 'campaigns',
      eventType: 'INSERT',
      new: { id, name, customer_id: SEED.customers.cafe, status: 'paused', priority: 1 },
      old: {},
      errors: null,
    });
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);

    await service().from('campaigns').update({ status: 'active' }).eq('id', id);
    const updated = await cafeGot.next();
    expect(updated).toMatchObject({ eventType: 'UPDATE', new: { id, status: 'active' }, old: { id } });
    // Default replica identity: the old row is only its primary key.
    expect(Object.keys(updated.old)).toEqual(['id']);

    await service().from('campaigns').delete().eq('id', id);
    const deleted = await cafeGot.next();
    expect(deleted).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });

    // The gym heard nothing of the cafe's insert and update; a delete carries only the id, to all.
    await sleep(300);
    expect(gymGot.items.map((p) => p.eventType)).toEqual(['DELETE']);
    expect(gymGot.items[0]!.old).toEqual({ id });
  });

  it('a paired screen hears its venue’s slides and its own device, not another venue’s or another device’s', async () => {
    const screen = await realtimeAs('screen');
    const slides = collector<Payload>();
    const device = collector<Payload>();
    await subscribed(
      screen
        .channel(`screen-${uniqueSuffix()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'campaign_items' }, (p) => slides.push(p))
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'equipment_status', filter: `id=eq.${SEED.equipment.cafe[1]}` },
          (p) => device.push(p),
        )
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'equipment_status' }, (p) =>
          device.push(p),
        ),
    );
    const title = `Edited ${uniqueSuffix()}`;
    const slidesBefore = await service()
      .from('campaign_items')
      .select('id, title')
      .in('id', [SEED.slides.cafe[0], SEED.slides.gym[0]]);
    const devicesBefore = await service().from('equipment_status').select('id, location').in('id', SEED.equipment.cafe);
    try {
      await service()
        .from('campaign_items')
        .update({ title: `Gym ${title}` })
        .eq('id', SEED.slides.gym[0]);
      await service().from('campaign_items').update({ title }).eq('id', SEED.slides.cafe[0]);
      expect(await slides.next()).toMatchObject({ eventType: 'UPDATE', new: { id: SEED.slides.cafe[0], title } });
      // Another device of its own venue, then its own.
      await service()
        .from('equipment_status')
        .update({ location: `Elsewhere ${title}` })
        .eq('id', SEED.equipment.cafe[0]);
      await service()
        .from('equipment_status')
        .update({ location: `Window ${title}` })
        .eq('id', SEED.equipment.cafe[1]);
      const own = await device.next();
      expect(own.new).toMatchObject({ id: SEED.equipment.cafe[1], location: `Window ${title}` });
      await sleep(500);
      // Its own device reached both of its bindings; nothing of the other device or the gym's slide.
      expect(device.items.map((p) => (p.new as Row).id)).toEqual([SEED.equipment.cafe[1]]);
      expect(slides.items).toEqual([]);
    } finally {
      for (const r of slidesBefore.data!)
        await service().from('campaign_items').update({ title: r.title }).eq('id', r.id);
      for (const r of devicesBefore.data!) {
        await service().from('equipment_status').update({ location: r.location }).eq('id', r.id);
      }
    }
  });

  it('an admin hears every venue’s rows; event and filter bindings narrow what arrives', async () => {
    const admin = await realtimeAs('admin');
    const inserts = collector<Payload>();
    const highOrMedium = collector<Payload>();
    const notLow = collector<Payload>();
    const gymOnly = collector<Payload>();
    const channel = admin
      .channel(`alerts-admin-${uniqueSuffix()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'system_alerts' }, (p) => inserts.push(p))
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'system_alerts', filter: 'severity=in.(high,medium)' },
        (p) => highOrMedium.push(p),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'system_alerts', filter: 'severity=neq.low' },
        (p) => notLow.push(p),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'system_alerts', filter: `customer_id=eq.${SEED.customers.gym}` },
        (p) => gymOnly.push(p),
      );
    await subscribed(channel);

    const low = await alert({ customer_id: SEED.customers.cafe, severity: 'low' });
    const high = await alert({ customer_id: SEED.customers.gym, severity: 'high' });
    expect(newId(await inserts.next())).toBe(low);
    expect(newId(await inserts.next())).toBe(high);
    expect(newId(await highOrMedium.next())).toBe(high);
    expect(newId(await notLow.next())).toBe(high);
    expect(newId(await gymOnly.next())).toBe(high);
    await sleep(300);
    expect(highOrMedium.items).toEqual([]);
    expect(notLow.items).toEqual([]);
    expect(gymOnly.items).toEqual([]);
  });

  it('compares lt, lte, gt and gte filters by the column’s type', async () => {
    const admin = await realtimeAs('admin');
    const late = collector<Payload>();
    const early = collector<Payload>();
    const cut = new Date(Date.now() + 60_000).toISOString();
    await subscribed(
      admin
        .channel(`alerts-time-${uniqueSuffix()}`)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'system_alerts', filter: `created_at=gte.${cut}` },
          (p) => late.push(p),
        )
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'system_alerts', filter: `created_at=lt.${cut}` },
          (p) => early.push(p),
        ),
    );
    const now = await alert({ severity: 'medium' });
    const later = await alert({ severity: 'medium', created_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(newId(await early.next())).toBe(now);
    expect(newId(await late.next())).toBe(later);
  });

  it('streams only the tables of the supabase_realtime publication', async () => {
    const admin = await realtimeAs('admin');
    const got = collector<Payload>();
    await subscribed(
      admin
        .channel(`users-${uniqueSuffix()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'users' }, (p) => got.push(p)),
    );
    const { error } = await service()
      .from('users')
      .update({ updated_at: new Date().toISOString() })
      .eq('id', SEED.users.gym.id);
    expect(error).toBeNull();
    await sleep(1500);
    expect(got.items).toEqual([]);
  });

  it('answers a malformed filter with a system error, as Realtime does', async () => {
    const admin = await realtimeAs('admin');
    const system = collector<{ status: string; message: string; extension: string }>();
    const channel = admin
      .channel(`bad-filter-${uniqueSuffix()}`)
      .on('system', {}, (p) => system.push(p))
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'system_alerts', filter: 'severity=like.high' },
        () => undefined,
      );
    await subscribed(channel);
    expect(await system.next()).toMatchObject({
      extension: 'postgres_changes',
      status: 'error',
      message: expect.stringContaining('filter'),
    });
  });
});
