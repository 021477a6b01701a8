// The reads and writes of the Screen Groups, Equipment and Availability pages, as the app makes
// them, against the real database: Equipment filtered by group (an inner embed of the members
// through the equipment_status_live view) and each screen's groups; a group's member and online
// counts (exact counts without rows); many screens added to a group in one upsert that leaves
// members as they are, and removed in one delete; a taken name refused with 23505 whatever its
// case; availability paged as a range of rows with an exact count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

let admin: AnyClient;
const made: string[] = [];
const [cafe1, cafe2] = SEED.equipment.cafe;
const [gym1] = SEED.equipment.gym;

async function makeGroup(name: string, colour = '#16a34a'): Promise<string> {
  const { data, error } = await admin.from('screen_groups').insert({ name, colour }).select('id').single();
  expect(error).toBeNull();
  const id = (data as { id: string }).id;
  made.push(id);
  return id;
}

beforeAll(async () => {
  admin = await as('admin');
});

afterAll(async () => {
  if (made.length) await service().from('screen_groups').delete().in('id', made);
});

describe('screen group reads and writes', () => {
  it('adds many screens in one upsert, leaves members as they are, and removes many in one delete', async () => {
    const group = await makeGroup(`Windows ${uniqueSuffix()}`);
    const add = (ids: string[]) =>
      admin.from('screen_group_members').upsert(
        ids.map((device_id) => ({ group_id: group, device_id })),
        { onConflict: 'group_id,device_id', ignoreDuplicates: true, count: 'exact' },
      );
    const first = await add([cafe1!, gym1!]);
    expect(first.error).toBeNull();
    expect(first.count).toBe(2);
    // Again with one already in: no error, no duplicate, and only the new one counted.
    const again = await add([cafe1!, cafe2!]);
    expect(again.error).toBeNull();
    expect(again.count).toBe(1);
    const members = await admin.from('screen_group_members').select('device_id').eq('group_id', group);
    expect(new Set((members.data as { device_id: string }[]).map((m) => m.device_id))).toEqual(
      new Set([cafe1, cafe2, gym1]),
    );

    // Counts without rows: members, and members online (the view's live status).
    const count = await admin
      .from('screen_group_members')
      .select('device_id', { count: 'exact', head: true })
      .eq('group_id', group);
    expect(count.error).toBeNull();
    expect(count.count).toBe(3);
    const online = await admin
      .from('screen_group_members')
      .select('device_id, equipment_status_live!inner()', { count: 'exact', head: true })
      .eq('group_id', group)
      .eq('equipment_status_live.live_status', 'online');
    expect(online.error).toBeNull();
    const live = await admin
      .from('equipment_status_live')
      .select('id')
      .in('id', [cafe1!, cafe2!, gym1!])
      .eq('live_status', 'online');
    expect(online.count).toBe(live.data!.length);

    // A group's members, with venue and status.
    const listed = await admin
      .from('screen_group_members')
      .select('device_id, screen:equipment_status_live!inner(id, device_name, customer_name, live_status, revoked_at)')
      .eq('group_id', group)
      .order('created_at');
    expect(listed.error).toBeNull();
    expect(listed.data).toHaveLength(3);

    // Equipment filtered by the group, paged and counted by the database, each screen with its groups.
    const filtered = await admin
      .from('equipment_status_live')
      .select(
        '*, groups:screen_group_members(group:screen_groups(id, name, colour)), in_group:screen_group_members!inner(group_id)',
        { count: 'exact' },
      )
      .eq('in_group.group_id', group)
      .order('last_heartbeat', { ascending: false, nullsFirst: false })
      .order('id')
      .range(0, 1);
    expect(filtered.error).toBeNull();
    expect(filtered.count).toBe(3);
    expect(filtered.data).toHaveLength(2);
    const row = (filtered.data as { groups: { group: { id: string } }[] }[])[0]!;
    expect(row.groups.map((g) => g.group.id)).toContain(group);

    const removed = await admin
      .from('screen_group_members')
      .delete({ count: 'exact' })
      .eq('group_id', group)
      .in('device_id', [cafe1!, gym1!]);
    expect(removed.error).toBeNull();
    expect(removed.count).toBe(2);
    const left = await admin.from('screen_group_members').select('device_id').eq('group_id', group);
    expect(left.data).toEqual([{ device_id: cafe2 }]);
  });

  it('refuses a name another group has, whatever its case, with 23505', async () => {
    const name = `Gyms ${uniqueSuffix()}`;
    await makeGroup(name);
    const { error } = await admin.from('screen_groups').insert({ name: name.toUpperCase(), colour: '#2563eb' });
    expect(error?.code).toBe('23505');
  });

  it('pages availability as a range of rows, one per screen and day, with an exact count', async () => {
    const args = { p_start: '2026-12-01', p_end: '2026-12-03', p_customer_id: SEED.customers.cafe };
    const all = await admin.rpc('network_availability', args);
    expect(all.error).toBeNull();
    const rows = all.data as { device_id: string; day: string }[];
    const screens = new Set(rows.map((r) => r.device_id)).size;
    expect(rows).toHaveLength(screens * 3);
    const page = await admin.rpc('network_availability', args, { count: 'exact' }).range(3, 5);
    expect(page.error).toBeNull();
    expect(page.count).toBe(rows.length);
    expect(page.data).toEqual(rows.slice(3, 6));
  });
});
