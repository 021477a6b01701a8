// The audit trail against the real database: every business table's insert, update and delete
// through PostgREST as an admin writes one audit_log row with the admin and their role, an
// update only the changed fields; an RPC (save_campaign_slides) and a bulk update write one row
// per changed row; bank numbers are masked and secrets hidden; screens' heartbeats write
// nothing while a rename does; nobody (admin, service role, the owner) updates or deletes an
// entry, and the retention job removes only entries older than two years; audit_entries pages,
// filters and searches for every team member and hides money values from roles without money.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANON_KEY,
  anon,
  type AnyClient,
  client,
  connectDb,
  service,
  signToken,
  uniqueSuffix,
} from 'supabase-local/testing/vitest';
import { as, createAuthUser, SEED } from './db-seed.ts';

interface Entry {
  id: string;
  actor_id: string | null;
  actor_role: string;
  table_name: string;
  row_id: string;
  row_label: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

let db: pg.Client;
let admin: AnyClient;
let operator: AnyClient;
let adminTwoId: string;
const suffix = uniqueSuffix();
const fixtures = { campaign: '', networkCampaign: '', group: '', venue: '' };

async function entries(table: string, rowId: string): Promise<Entry[]> {
  const { rows } = await db.query<Entry>(
    'select * from public.audit_log where table_name = $1 and row_id = $2 order by id',
    [table, rowId],
  );
  return rows;
}

async function insertOne(table: string, row: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { data, error } = await admin.from(table).insert(row).select().single();
  expect(error).toBeNull();
  return data as Record<string, unknown>;
}

beforeAll(async () => {
  db = await connectDb();
  admin = await as('admin');
  const operatorEmail = `audit-operator-${suffix}@example.com`;
  const operatorId = await createAuthUser(db, operatorEmail, { role: 'operator' });
  operator = client(
    ANON_KEY,
    await signToken({ sub: operatorId, email: operatorEmail, app_metadata: { role: 'operator' } }),
  );
  adminTwoId = await createAuthUser(db, `audit-admin-${suffix}@example.com`, { role: 'admin' });
  fixtures.venue = (
    await insertOne('customers', {
      name: `Audit Deli ${suffix}`,
      username: `audit-deli-${suffix}`,
      email: `deli-${suffix}@example.com`,
    })
  ).id as string;
  fixtures.campaign = (
    await insertOne('campaigns', {
      name: `Audit Menu ${suffix}`,
      customer_id: SEED.customers.cafe,
      status: 'paused',
      plays_on: 'chosen',
    })
  ).id as string;
  fixtures.networkCampaign = (
    await insertOne('campaigns', {
      name: `Audit Network ${suffix}`,
      advertiser_id: SEED.advertisers[0],
      plays_on: 'targets',
      status: 'paused',
      start_date: '2027-01-01',
      end_date: '2027-01-31',
      price_basis: 'fixed',
      price_amount: 500,
    })
  ).id as string;
  fixtures.group = (await insertOne('screen_groups', { name: `Audit Group ${suffix}`, colour: '#16a34a' }))
    .id as string;
});

afterAll(async () => {
  const s = service();
  await s.from('campaigns').delete().in('id', [fixtures.campaign, fixtures.networkCampaign]);
  await s.from('screen_groups').delete().eq('id', fixtures.group);
  await s.from('customers').delete().eq('id', fixtures.venue);
  await db.end();
});

type Spec = {
  table: string;
  insert: () => Record<string, unknown>;
  update?: Record<string, unknown>;
  /** Fields the table's own triggers change along with the update. */
  alsoChanges?: string[];
  /** The row's id as the trail names it (composite keys joined with ':'). */
  rowId: (row: Record<string, unknown>) => string;
  /** Filters that find the row again. */
  match: (row: Record<string, unknown>) => Record<string, unknown>;
};

const byId = {
  rowId: (r: Record<string, unknown>) => String(r.id),
  match: (r: Record<string, unknown>) => ({ id: r.id }),
};

const specs: Spec[] = [
  {
    table: 'customers',
    insert: () => ({ name: `Audit Cafe ${suffix}`, username: `audit-${suffix}`, email: `audit-${suffix}@example.com` }),
    update: { name: `Audit Bistro ${suffix}` },
    ...byId,
  },
  {
    table: 'advertisers',
    insert: () => ({
      advertiser_name: `Audit Ads ${suffix}`,
      business_name: 'Audit Ads Ltd',
      email: `ads-${suffix}@example.com`,
    }),
    update: { industry: 'Retail' },
    ...byId,
  },
  {
    table: 'ads',
    insert: () => ({ advertiser_id: SEED.advertisers[0], title: `Audit ad ${suffix}` }),
    update: { title: `Audit ad, v2 ${suffix}` },
    ...byId,
  },
  {
    table: 'campaigns',
    insert: () => ({ name: `Audit Summer ${suffix}`, customer_id: SEED.customers.cafe, status: 'paused' }),
    update: { priority: 3 },
    ...byId,
  },
  {
    table: 'campaign_items',
    insert: () => ({
      campaign_id: fixtures.campaign,
      content_type: 'static',
      slide_type: 'promotional',
      title: 'Audit slide',
      content: 'Two for one',
    }),
    update: { title: 'Audit slide, v2' },
    ...byId,
  },
  {
    table: 'campaign_windows',
    insert: () => ({ campaign_id: fixtures.campaign, days: [1, 2], start_time: '09:00', end_time: '11:00' }),
    update: { end_time: '12:00:00' },
    ...byId,
  },
  {
    table: 'campaign_screens',
    insert: () => ({ campaign_id: fixtures.campaign, device_id: SEED.equipment.cafe[0] }),
    rowId: (r) => `${r.campaign_id}:${r.device_id}`,
    match: (r) => ({ campaign_id: r.campaign_id, device_id: r.device_id }),
  },
  {
    table: 'campaign_targets',
    insert: () => ({ campaign_id: fixtures.networkCampaign, customer_id: SEED.customers.gym }),
    update: { customer_id: SEED.customers.cafe },
    ...byId,
  },
  {
    table: 'screen_groups',
    insert: () => ({ name: `Audit Windows ${suffix}`, colour: '#2563eb' }),
    update: { name: `Audit Doors ${suffix}` },
    ...byId,
  },
  {
    table: 'screen_group_members',
    insert: () => ({ group_id: fixtures.group, device_id: SEED.equipment.gym[0] }),
    rowId: (r) => `${r.group_id}:${r.device_id}`,
    match: (r) => ({ group_id: r.group_id, device_id: r.device_id }),
  },
  {
    table: 'equipment_status',
    insert: () => ({ customer_id: fixtures.venue, device_name: `Audit Screen ${suffix}` }),
    update: { orientation: 'portrait' },
    ...byId,
  },
  {
    table: 'system_alerts',
    insert: () => ({ alert_type: 'other', severity: 'low', message: `Audit alert ${suffix}` }),
    update: { resolved: true },
    alsoChanges: ['resolved_at'],
    ...byId,
  },
  {
    table: 'alert_recipients',
    insert: () => ({ user_id: adminTwoId }),
    rowId: (r) => String(r.user_id),
    match: (r) => ({ user_id: r.user_id }),
  },
];

describe('the audit trail of the business tables', () => {
  it.each(specs)('$table: an insert, an update and a delete each write one entry with the admin', async (spec) => {
    const row = await insertOne(spec.table, spec.insert());
    const rowId = spec.rowId(row);
    const match = spec.match(row);

    if (spec.update) {
      const updated = await admin.from(spec.table).update(spec.update).match(match).select();
      expect(updated.error).toBeNull();
      expect(updated.data).toHaveLength(1);
    }
    const deleted = await admin.from(spec.table).delete({ count: 'exact' }).match(match);
    expect(deleted.error).toBeNull();
    expect(deleted.count).toBe(1);

    const trail = await entries(spec.table, rowId);
    expect(trail.map((e) => e.action)).toEqual(spec.update ? ['insert', 'update', 'delete'] : ['insert', 'delete']);
    for (const e of trail) {
      expect(e.actor_id).toBe(SEED.users.admin.id);
      expect(e.actor_role).toBe('admin');
    }
    const [inserted] = trail;
    expect(inserted!.before).toBeNull();
    expect(inserted!.after).toMatchObject(
      Object.fromEntries(Object.entries(spec.insert()).filter(([k]) => k !== 'days' && !k.endsWith('_time'))),
    );
    if (spec.update) {
      const update = trail[1]!;
      // Only the changed fields (updated_at is noise), before and after.
      expect(Object.keys(update.after!).sort()).toEqual(
        [...Object.keys(spec.update), ...(spec.alsoChanges ?? [])].sort(),
      );
      expect(update.after).toMatchObject(spec.update);
      for (const key of Object.keys(spec.update)) expect(update.before![key]).toEqual(row[key]);
    }
    const removed = trail[trail.length - 1]!;
    expect(removed.after).toBeNull();
    expect(removed.before).toMatchObject(match);
  });

  it('the singletons: a change of the network settings and the alert settings is one entry each', async () => {
    const before = await admin.from('network_settings').select('default_loop_seconds').single();
    const loop = (before.data as { default_loop_seconds: number }).default_loop_seconds;
    const alerts = await admin.from('alert_settings').select('offline_after_minutes').single();
    const minutes = (alerts.data as { offline_after_minutes: number }).offline_after_minutes;
    const seen = async (table: string) => (await entries(table, 'true')).length;
    const [n0, a0] = [await seen('network_settings'), await seen('alert_settings')];
    try {
      expect(
        (
          await admin
            .from('network_settings')
            .update({ default_loop_seconds: loop + 60 })
            .eq('id', true)
        ).error,
      ).toBeNull();
      expect(
        (
          await admin
            .from('alert_settings')
            .update({ offline_after_minutes: minutes + 2 })
            .eq('id', true)
        ).error,
      ).toBeNull();
      const n = await entries('network_settings', 'true');
      const a = await entries('alert_settings', 'true');
      expect(n).toHaveLength(n0 + 1);
      expect(a).toHaveLength(a0 + 1);
      expect(n.at(-1)).toMatchObject({
        action: 'update',
        actor_role: 'admin',
        before: { default_loop_seconds: loop },
        after: { default_loop_seconds: loop + 60 },
      });
      expect(a.at(-1)).toMatchObject({
        action: 'update',
        before: { offline_after_minutes: minutes },
        after: { offline_after_minutes: minutes + 2 },
      });
    } finally {
      await admin.from('network_settings').update({ default_loop_seconds: loop }).eq('id', true);
      await admin.from('alert_settings').update({ offline_after_minutes: minutes }).eq('id', true);
    }
  });

  it('the team: a new login, a change of role and its removal are entries of users', async () => {
    const id = await createAuthUser(db, `audit-team-${suffix}@example.com`, { role: 'viewer' });
    await db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"sales"}' where id = $1`, [
      id,
    ]);
    await db.query('delete from auth.users where id = $1', [id]);
    const trail = await entries('users', id);
    expect(trail.map((e) => [e.action, e.actor_role])).toEqual([
      ['insert', 'system'],
      ['update', 'system'],
      ['delete', 'system'],
    ]);
    expect(trail[0]!.after).toMatchObject({ email: `audit-team-${suffix}@example.com`, role: 'viewer' });
    expect(trail[1]).toMatchObject({
      before: { role: 'viewer' },
      after: { role: 'sales' },
      row_label: `audit-team-${suffix}@example.com`,
    });
  });

  it('an RPC and a bulk update write one entry per changed row', async () => {
    const slides = [1, 2, 3].map((n) => ({
      content_type: 'static',
      slide_type: 'promotional',
      title: `Bulk ${n}`,
      content: `Offer ${n}`,
      duration: 10,
    }));
    const saved = await admin.rpc('save_campaign_slides', { p_campaign_id: fixtures.campaign, p_slides: slides });
    expect(saved.error).toBeNull();
    const ids = (saved.data as { id: string }[]).map((s) => s.id);
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      expect((await entries('campaign_items', id)).map((e) => [e.action, e.actor_role])).toEqual([['insert', 'admin']]);
    }

    const bulk = await admin.from('campaign_items').update({ is_active: false }, { count: 'exact' }).in('id', ids);
    expect(bulk.error).toBeNull();
    expect(bulk.count).toBe(3);
    for (const id of ids) {
      const trail = await entries('campaign_items', id);
      expect(trail).toHaveLength(2);
      expect(trail[1]).toMatchObject({
        action: 'update',
        actor_id: SEED.users.admin.id,
        before: { is_active: true },
        after: { is_active: false },
      });
    }
  });

  it('masks bank numbers and hides secrets', async () => {
    // A venue's bank details live in customer_bank_accounts (admins only), one row per venue.
    const changed = await admin.from('customer_bank_accounts').insert({
      customer_id: fixtures.venue,
      bank_name: 'First Audit Bank',
      account_number: '000123456789',
      routing_number: '021000021',
    });
    expect(changed.error).toBeNull();
    const last = (await entries('customer_bank_accounts', fixtures.venue)).at(-1)!;
    expect(last).toMatchObject({ action: 'insert', before: null });
    expect(last.after).toMatchObject({ bank_name: '•••• nk', account_number: '•••• 89', routing_number: '•••• 21' });
    expect(JSON.stringify(last)).not.toContain('123456789');

    // Any column named like a secret, on any audited table.
    const table = `audit_secrets_${suffix.replace(/[^a-z0-9]/g, '_')}`;
    await db.query(`create table public.${table} (id int primary key, api_key text, refresh_token text, note text)`);
    try {
      await db.query(
        `create trigger audit_changes after insert on public.${table} for each row execute function public.record_audit()`,
      );
      await db.query(`insert into public.${table} values (1, 'sk_live_abc', 'rt_xyz', 'kept')`);
      const [e] = await entries(table, '1');
      expect(e!.after).toEqual({ id: 1, api_key: '[hidden]', refresh_token: '[hidden]', note: 'kept' });
    } finally {
      await db.query(`drop table public.${table}`);
    }
  });

  it('heartbeats write nothing; a rename does', async () => {
    const device = SEED.equipment.cafe[1]!;
    const count = async () => (await entries('equipment_status', device)).length;
    const screen = await as('screen');
    const n0 = await count();
    for (let i = 0; i < 2; i++) {
      const beat = await screen.rpc('player_heartbeat', {
        p_campaign_id: SEED.campaigns.cafeActive,
        p_app_version: `audit-${i}`,
        p_resolution: '1920x1080',
        p_device_time: new Date().toISOString(),
      });
      expect(beat.error).toBeNull();
    }
    expect(await count()).toBe(n0);

    const { data } = await admin.from('equipment_status').select('device_name').eq('id', device).single();
    const name = (data as { device_name: string }).device_name;
    try {
      expect(
        (
          await admin
            .from('equipment_status')
            .update({ device_name: `${name} (audit)` })
            .eq('id', device)
        ).error,
      ).toBeNull();
      const trail = await entries('equipment_status', device);
      expect(trail).toHaveLength(n0 + 1);
      expect(trail.at(-1)).toMatchObject({
        action: 'update',
        actor_role: 'admin',
        before: { device_name: name },
        after: { device_name: `${name} (audit)` },
      });
    } finally {
      await admin.from('equipment_status').update({ device_name: name }).eq('id', device);
    }
  });
});

describe('append-only', () => {
  it('refuses every change and removal, to the admin, the service role and the owner', async () => {
    const { rows } = await db.query<{ id: string }>('select id from public.audit_log order by id desc limit 1');
    const id = rows[0]!.id;
    for (const who of [admin, service()]) {
      const upd = await who.from('audit_log').update({ action: 'delete' }).eq('id', id).select();
      expect(upd.error?.code ?? (upd.data?.length === 0 ? 'none' : 'changed')).toMatch(/42501|none/);
      const del = await who.from('audit_log').delete().eq('id', id).select();
      expect(del.error?.code ?? (del.data?.length === 0 ? 'none' : 'removed')).toMatch(/42501|none/);
      const ins = await who
        .from('audit_log')
        .insert({ actor_role: 'admin', table_name: 'x', row_id: 'x', action: 'insert' });
      expect(ins.error?.code).toBe('42501');
    }
    await expect(
      db.query('update public.audit_log set action = $1 where id = $2', ['delete', id]),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(db.query('delete from public.audit_log where id = $1', [id])).rejects.toMatchObject({ code: '42501' });
    expect((await db.query('select 1 from public.audit_log where id = $1', [id])).rowCount).toBe(1);
  });

  it('the retention job removes entries older than two years and nothing else', async () => {
    const label = `retention ${suffix}`;
    await db.query(
      `insert into public.audit_log (at, actor_role, table_name, row_id, row_label, action, after)
       values (now() - interval '2 years 1 day', 'system', 'campaigns', 'old', $1, 'insert', '{}'),
              (now() - interval '2 years' + interval '1 day', 'system', 'campaigns', 'young', $1, 'insert', '{}')`,
      [label],
    );
    expect((await anon().rpc('prune_audit_log')).error?.code).toBe('42501');
    expect((await admin.rpc('prune_audit_log')).error?.code).toBe('42501');
    const pruned = await service().rpc('prune_audit_log');
    expect(pruned.error).toBeNull();
    expect(pruned.data).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query<{ row_id: string }>('select row_id from public.audit_log where row_label = $1', [
      label,
    ]);
    expect(rows.map((r) => r.row_id)).toEqual(['young']);
    const { rows: older } = await db.query("select 1 from public.audit_log where at < now() - interval '2 years'");
    expect(older).toHaveLength(0);
    const job = await db.query<{ schedule: string; command: string }>(
      "select schedule, command from cron.job where jobname = 'audit-retention'",
    );
    expect(job.rows).toEqual([{ schedule: '23 3 * * *', command: 'select public.prune_audit_log()' }]);
  });
});

describe('reading the trail', () => {
  it("audit_entries filters, searches and pages in the database, with the actor's e-mail", async () => {
    const args = { p_table: 'campaigns', p_row_id: fixtures.networkCampaign, p_limit: 10, p_offset: 0 };
    await admin.from('campaigns').update({ price_amount: 650 }).eq('id', fixtures.networkCampaign);
    await admin
      .from('campaigns')
      .update({ name: `Audit Network, renamed ${suffix}` })
      .eq('id', fixtures.networkCampaign);
    const all = await admin.rpc('audit_entries', args);
    expect(all.error).toBeNull();
    const rows = all.data as (Entry & { actor_email: string; total_count: number })[];
    expect(rows.map((r) => r.action)).toEqual(['update', 'update', 'insert']);
    expect(rows[0]).toMatchObject({
      actor_email: SEED.users.admin.email,
      actor_role: 'admin',
      row_label: `Audit Network, renamed ${suffix}`,
      total_count: 3,
    });
    expect(rows[1]).toMatchObject({ before: { price_amount: 500 }, after: { price_amount: 650 } });

    const page = await admin.rpc('audit_entries', { ...args, p_limit: 1, p_offset: 1 });
    expect((page.data as Entry[]).map((r) => r.id)).toEqual([rows[1]!.id]);
    expect((page.data as { total_count: number }[])[0]!.total_count).toBe(3);

    const searched = await admin.rpc('audit_entries', { p_search: `renamed ${suffix}`, p_limit: 10, p_offset: 0 });
    expect((searched.data as Entry[]).map((r) => r.id)).toEqual([rows[0]!.id]);
    const updates = await admin.rpc('audit_entries', {
      ...args,
      p_action: 'update',
      p_actor: SEED.users.admin.id,
      p_from: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect((updates.data as Entry[]).map((r) => r.id)).toEqual([rows[0]!.id, rows[1]!.id]);
    const none = await admin.rpc('audit_entries', { ...args, p_to: '2020-01-01T00:00:00Z' });
    expect(none.data).toEqual([]);
  });

  it('an operator reads every entry with money values hidden; the table itself only for roles with money', async () => {
    const mine = await operator.rpc('audit_entries', {
      p_table: 'campaigns',
      p_row_id: fixtures.networkCampaign,
      p_action: 'update',
      p_limit: 10,
      p_offset: 0,
    });
    expect(mine.error).toBeNull();
    const money = (mine.data as Entry[]).find((e) => e.after && 'price_amount' in e.after)!;
    expect(money).toMatchObject({ before: { price_amount: '[hidden]' }, after: { price_amount: '[hidden]' } });
    const direct = await operator.from('audit_log').select('id').eq('row_id', fixtures.networkCampaign);
    expect(direct.data).toEqual([]);
    const adminDirect = await admin.from('audit_log').select('id').eq('row_id', fixtures.networkCampaign);
    expect(adminDirect.data).toHaveLength(3);

    const cafe = await (await as('cafe')).rpc('audit_entries', { p_limit: 10, p_offset: 0 });
    expect(cafe.error?.code).toBe('42501');
    expect((await anon().rpc('audit_entries', { p_limit: 10, p_offset: 0 })).error?.code).toBe('42501');
    expect((await anon().from('audit_log').select('id').limit(1)).data ?? []).toEqual([]);
  });
});

describe('the demo history', () => {
  it('holds the seed as the system, then the admin renaming and pausing the holiday campaign', async () => {
    const trail = await entries('campaigns', SEED.campaigns.cafePaused);
    expect(trail[0]).toMatchObject({
      action: 'insert',
      actor_role: 'system',
      actor_id: null,
      after: { name: 'Holiday Menu' },
    });
    const byAdmin = trail.filter((e) => e.actor_id === SEED.users.admin.id);
    expect(byAdmin.map((e) => [e.action, e.actor_role, e.before, e.after])).toEqual([
      ['update', 'admin', { name: 'Holiday Menu' }, { name: 'Cafe Holiday Menu' }],
      ['update', 'admin', { status: 'scheduled' }, { status: 'paused' }],
    ]);
  });
});
