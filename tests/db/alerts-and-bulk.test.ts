// The alerts centre and the bulk actions in the database: one page of alerts with its filters
// and total (alerts_page), acknowledging and resolving one or many, and the bulk changes of
// screens and campaigns, each one call that changes every row it names or none, open only to
// the roles that may. Fixtures, made once: screens of Harbor Books, alerts on them carrying a
// marker of this run (so the search finds only them), venue campaigns, and a sales and a
// viewer login.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnyClient,
  ANON_KEY,
  client,
  connectDb,
  service,
  signToken,
  uniqueSuffix,
} from 'supabase-local/testing/vitest';
import { as, createAuthUser, SEED } from './db-seed.ts';

let db: pg.Client;
let marker = '';
let admin: AnyClient;
let sales: AnyClient;
let viewer: AnyClient;
const devices: string[] = [];
const alerts: string[] = [];
const campaigns: string[] = [];
const logins: string[] = [];

interface PageRow {
  id: string;
  alert_type: string;
  severity: string;
  message: string;
  resolved: boolean;
  acknowledged_at: string | null;
  acknowledged_by_email: string | null;
  acknowledge_note: string | null;
  venue_name: string | null;
  device_name: string | null;
  total_count: number;
}

async function ok<T = unknown>(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<T> {
  const { data, error } = await query;
  expect(error).toBeNull();
  return data as T;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** The page of this run's alerts (the marker in the search) with the filters given. */
const page = (who: AnyClient, args: Record<string, unknown> = {}) =>
  who.rpc('alerts_page', { p_search: marker, ...args }) as unknown as Promise<{
    data: PageRow[] | null;
    error: { code: string; message: string } | null;
  }>;

async function teamLogin(role: string): Promise<AnyClient> {
  const email = `${role}-${marker}@example.test`;
  const id = await createAuthUser(db, email, { role });
  logins.push(id);
  return client(
    ANON_KEY,
    await signToken({ sub: id, email, app_metadata: { provider: 'email', providers: ['email'], role } }),
  );
}

async function alertRows(ids: string[]) {
  return ok<{ id: string; resolved: boolean; acknowledged_at: string | null }[]>(
    service().from('system_alerts').select('id, resolved, acknowledged_at').in('id', ids).order('id'),
  );
}

async function deviceRows(ids: string[]) {
  return ok<{ id: string; customer_id: string | null; orientation: string; revoked_at: string | null }[]>(
    service().from('equipment_status').select('id, customer_id, orientation, revoked_at').in('id', ids),
  );
}

beforeAll(async () => {
  db = await connectDb();
  marker = `ALRT${uniqueSuffix()}`;
  for (const n of [1, 2, 3, 4, 5]) {
    const row = await ok<{ id: string }>(
      service()
        .from('equipment_status')
        .insert({ customer_id: SEED.customers.books, device_name: `${marker} screen ${n}`, status: 'offline' })
        .select('id')
        .single(),
    );
    devices.push(row.id);
  }
  // Seven alerts: types, severities and ages to filter on; the newest first in alerts[0].
  const spec = [
    { alert_type: 'offline', severity: 'high', device: 0, hours: 1 },
    { alert_type: 'offline', severity: 'medium', device: 1, hours: 2 },
    { alert_type: 'wifi_lost', severity: 'low', device: 1, hours: 3 },
    { alert_type: 'clock_skew', severity: 'medium', device: 2, hours: 30 },
    { alert_type: 'storage_low', severity: 'high', device: 2, hours: 50 },
    { alert_type: 'venue_report', severity: 'low', device: null, hours: 100 },
    { alert_type: 'maintenance', severity: 'low', device: 3, hours: 200 },
  ];
  for (const [i, s] of spec.entries()) {
    const row = await ok<{ id: string }>(
      service()
        .from('system_alerts')
        .insert({
          alert_type: s.alert_type,
          severity: s.severity,
          message: `${marker} alert ${i}`,
          device_id: s.device === null ? null : devices[s.device],
          customer_id: SEED.customers.books,
          created_at: hoursAgo(s.hours),
        })
        .select('id')
        .single(),
    );
    alerts.push(row.id);
  }
  for (const [name, status, start, end] of [
    ['active', 'active', null, null],
    ['paused', 'paused', null, null],
    ['ended', 'completed', '2020-01-01', '2020-01-31'],
  ] as const) {
    const row = await ok<{ id: string }>(
      service()
        .from('campaigns')
        .insert({
          name: `${marker} ${name}`,
          customer_id: SEED.customers.books,
          status,
          start_date: start,
          end_date: end,
        })
        .select('id')
        .single(),
    );
    campaigns.push(row.id);
  }
  admin = await as('admin');
  sales = await teamLogin('sales');
  viewer = await teamLogin('viewer');
});

afterAll(async () => {
  await service().from('system_alerts').delete().in('id', alerts);
  await service().from('campaigns').delete().in('id', campaigns);
  await service().from('equipment_status').delete().in('id', devices);
  for (const id of logins) await db.query('delete from auth.users where id = $1', [id]);
  await db.end();
});

describe('alerts_page', () => {
  it('lists unresolved alerts newest first with their venue and screen, and the total', async () => {
    const { data, error } = await page(admin);
    expect(error).toBeNull();
    expect(data!.map((a) => a.id)).toEqual(alerts);
    expect(data![0]).toMatchObject({
      venue_name: 'Harbor Books',
      device_name: `${marker} screen 1`,
      total_count: 7,
    });
    expect(data![5]!.venue_name).toBe('Harbor Books');
  });

  it('filters by type, severity, venue, screen and period, and pages with the total', async () => {
    const ids = async (args: Record<string, unknown>) => ((await page(admin, args)).data ?? []).map((a) => a.id);
    expect(await ids({ p_types: ['offline', 'clock_skew'] })).toEqual([alerts[0], alerts[1], alerts[3]]);
    expect(await ids({ p_severities: ['high'] })).toEqual([alerts[0], alerts[4]]);
    expect(await ids({ p_device_id: devices[1] })).toEqual([alerts[1], alerts[2]]);
    expect(await ids({ p_customer_id: SEED.customers.gym })).toEqual([]);
    expect(await ids({ p_since_hours: 24 })).toEqual([alerts[0], alerts[1], alerts[2]]);
    const second = (await page(admin, { p_limit: 3, p_offset: 3 })).data!;
    expect(second.map((a) => a.id)).toEqual([alerts[3], alerts[4], alerts[5]]);
    expect(second[0]!.total_count).toBe(7);
    // The search finds a screen by its name.
    const byScreen = await admin.rpc('alerts_page', { p_search: `${marker} screen 3` });
    expect((byScreen.data as PageRow[]).map((a) => a.id)).toEqual([alerts[3], alerts[4]]);
  });

  it('is for the team only: a viewer reads, a venue cannot', async () => {
    expect((await page(viewer)).data).toHaveLength(7);
    const venue = await page(await as('cafe'));
    expect(venue.error?.code).toBe('42501');
  });
});

describe('acknowledging and resolving', () => {
  it('acknowledges one with a note, then shows who and why; again changes nothing', async () => {
    const { data, error } = await admin.rpc('acknowledge_alerts', {
      p_ids: [alerts[6]],
      p_note: '  Technician on Friday ',
    });
    expect(error).toBeNull();
    expect(data).toBe(1);
    const acknowledged = (await page(admin, { p_state: 'acknowledged' })).data!;
    expect(acknowledged).toHaveLength(1);
    expect(acknowledged[0]).toMatchObject({
      id: alerts[6],
      acknowledged_by_email: SEED.users.admin.email,
      acknowledge_note: 'Technician on Friday',
    });
    expect((await page(admin, { p_state: 'open' })).data!.map((a) => a.id)).not.toContain(alerts[6]);
    // Acknowledged alerts stay unresolved and in the default view.
    expect((await page(admin)).data!.map((a) => a.id)).toContain(alerts[6]);
    expect((await admin.rpc('acknowledge_alerts', { p_ids: [alerts[6]] })).data).toBe(0);
  });

  it('acknowledges and resolves many in one call, counting what changed', async () => {
    const some = [alerts[4]!, alerts[5]!, alerts[6]!];
    expect((await admin.rpc('acknowledge_alerts', { p_ids: some, p_note: null })).data).toBe(2);
    const resolved = await admin.rpc('resolve_alerts', { p_ids: some });
    expect(resolved.error).toBeNull();
    expect(resolved.data).toBe(3);
    expect((await alertRows(some)).every((a) => a.resolved)).toBe(true);
    expect((await page(admin, { p_state: 'resolved' })).data!.map((a) => a.id).sort()).toEqual([...some].sort());
    expect((await page(admin)).data![0]!.total_count).toBe(4);
  });

  it('changes none when one id names no alert', async () => {
    const { error } = await admin.rpc('resolve_alerts', {
      p_ids: [alerts[0], '00000000-0000-4000-8000-00000000dead'],
    });
    expect(error?.code).toBe('P0002');
    expect((await alertRows([alerts[0]!]))[0]!.resolved).toBe(false);
  });

  it('refuses a viewer and a sales login', async () => {
    for (const who of [viewer, sales]) {
      expect((await who.rpc('acknowledge_alerts', { p_ids: [alerts[0]] })).error?.code).toBe('42501');
      expect((await who.rpc('resolve_alerts', { p_ids: [alerts[0]] })).error?.code).toBe('42501');
    }
    expect((await alertRows([alerts[0]!]))[0]).toMatchObject({ resolved: false, acknowledged_at: null });
  });
});

describe('bulk actions on screens', () => {
  it('moves screens to a venue and sets their orientation in one call each', async () => {
    const two = [devices[3]!, devices[4]!];
    expect((await admin.rpc('bulk_move_screens', { p_device_ids: two, p_customer_id: SEED.customers.gym })).data).toBe(
      2,
    );
    expect((await admin.rpc('bulk_set_orientation', { p_device_ids: two, p_orientation: 'portrait' })).data).toBe(2);
    const rows = await deviceRows(two);
    expect(rows.map((d) => [d.customer_id, d.orientation])).toEqual([
      [SEED.customers.gym, 'portrait'],
      [SEED.customers.gym, 'portrait'],
    ]);
    const bad = await admin.rpc('bulk_set_orientation', { p_device_ids: two, p_orientation: 'sideways' });
    expect(bad.error?.code).toBe('22023');
  });

  it('revokes none when one id is unknown, and all of them otherwise', async () => {
    const three = [devices[0]!, devices[1]!, devices[2]!];
    const { error } = await admin.rpc('bulk_revoke_screens', {
      p_device_ids: [...three, '00000000-0000-4000-8000-00000000dead'],
    });
    expect(error?.code).toBe('P0002');
    expect((await deviceRows(three)).every((d) => d.revoked_at === null)).toBe(true);

    const revoked = await admin.rpc('bulk_revoke_screens', { p_device_ids: three });
    expect(revoked.error).toBeNull();
    expect(revoked.data).toBe(3);
    expect((await deviceRows(three)).every((d) => d.revoked_at !== null)).toBe(true);
    // The open offline alerts of those screens are closed with them.
    expect((await alertRows([alerts[0]!, alerts[1]!])).every((a) => a.resolved)).toBe(true);
  });

  it('refuses sales and viewers', async () => {
    for (const who of [sales, viewer]) {
      expect((await who.rpc('bulk_revoke_screens', { p_device_ids: [devices[4]] })).error?.code).toBe('42501');
      expect((await who.rpc('bulk_delete_screens', { p_device_ids: [devices[4]] })).error?.code).toBe('42501');
    }
    expect((await deviceRows([devices[4]!]))[0]!.revoked_at).toBeNull();
  });

  it('deletes screens in one call', async () => {
    const { data, error } = await admin.rpc('bulk_delete_screens', { p_device_ids: [devices[4]] });
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect(await deviceRows([devices[4]!])).toEqual([]);
  });
});

describe('bulk actions on campaigns', () => {
  const statuses = async () =>
    (await ok<{ id: string; status: string }[]>(service().from('campaigns').select('id, status').in('id', campaigns)))
      .sort((a, b) => campaigns.indexOf(a.id) - campaigns.indexOf(b.id))
      .map((c) => c.status);

  it('pauses and resumes, summing up what changed (sales may)', async () => {
    const two = [campaigns[0], campaigns[1]];
    const paused = await sales.rpc('bulk_set_campaign_status', { p_campaign_ids: two, p_status: 'paused' });
    expect(paused.error).toBeNull();
    expect(paused.data).toEqual({ changed: 1, active: 0, scheduled: 0, paused: 1, unchanged: 1 });
    const resumed = await admin.rpc('bulk_set_campaign_status', { p_campaign_ids: two, p_status: 'active' });
    expect(resumed.data).toEqual({ changed: 2, active: 2, scheduled: 0, paused: 0, unchanged: 0 });
    expect(await statuses()).toEqual(['active', 'active', 'completed']);
  });

  it('fails as a whole, naming the campaign, when one has ended', async () => {
    const { error } = await admin.rpc('bulk_set_campaign_status', { p_campaign_ids: campaigns, p_status: 'paused' });
    expect(error?.message).toContain(`Campaign "${marker} ended" has ended`);
    expect(await statuses()).toEqual(['active', 'active', 'completed']);
  });

  it('retargets network campaigns only, naming a venue campaign', async () => {
    const { error } = await admin.rpc('bulk_retarget_campaigns', {
      p_campaign_ids: [campaigns[0]],
      p_targets: [{ customer_id: SEED.customers.gym }],
    });
    expect(error?.message).toContain(`Campaign "${marker} active" is a venue's own campaign`);
  });

  it('retargets a network campaign and resumes it, its booking checked on the way', async () => {
    const network = await ok<{ id: string }>(
      service()
        .from('campaigns')
        .insert({
          name: `${marker} network`,
          customer_id: null,
          advertiser_id: SEED.advertisers[0],
          plays_on: 'network',
          status: 'paused',
        })
        .select('id')
        .single(),
    );
    campaigns.push(network.id);
    const retargeted = await sales.rpc('bulk_retarget_campaigns', {
      p_campaign_ids: [network.id],
      p_targets: [{ customer_id: SEED.customers.books }],
    });
    expect(retargeted.error).toBeNull();
    expect(retargeted.data).toBe(1);
    const targets = await ok<{ customer_id: string }[]>(
      service().from('campaign_targets').select('customer_id').eq('campaign_id', network.id),
    );
    expect(targets).toEqual([{ customer_id: SEED.customers.books }]);
    const resumed = await admin.rpc('bulk_set_campaign_status', { p_campaign_ids: [network.id], p_status: 'active' });
    expect(resumed.error).toBeNull();
    expect((resumed.data as { active: number }).active).toBe(1);
    const row = await ok<{ plays_on: string; status: string }>(
      service().from('campaigns').select('plays_on, status').eq('id', network.id).single(),
    );
    expect(row).toEqual({ plays_on: 'targets', status: 'active' });
    await ok(service().from('campaigns').delete().eq('id', network.id));
    campaigns.pop();
  });

  it('refuses a viewer, and deletes in one call', async () => {
    expect((await viewer.rpc('bulk_delete_campaigns', { p_campaign_ids: [campaigns[1]] })).error?.code).toBe('42501');
    const { data, error } = await admin.rpc('bulk_delete_campaigns', { p_campaign_ids: [campaigns[1]] });
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect(await statuses()).toEqual(['active', 'completed']);
  });
});
