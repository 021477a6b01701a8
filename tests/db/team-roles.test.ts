// The team's roles as a client sees them through supabase-js: what an admin, an operator, a
// salesperson and a viewer may read and write (tables, bank details, money, the admin
// functions), beside the venue and advertiser logins, and two-factor sign-in required for the
// whole team. The tables the security matrix covers (db-security.test.ts) are not repeated.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, connectDb, ENGINE, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

type Who = 'admin' | 'operator' | 'sales' | 'viewer' | 'cafe' | 'advertiser';
const WHO: Who[] = ['admin', 'operator', 'sales', 'viewer', 'cafe', 'advertiser'];
const sb = {} as Record<Who, AnyClient>;
let db: pg.Client;

/** A paused network campaign of Brightline's, priced, that only this file changes. */
let pricedCampaign: string;
/** A venue without a login whose bank details only this file changes. */
let venue: string;
/** A screen (of that venue) to revoke. */
let devices: string[] = [];

beforeAll(async () => {
  db = await connectDb();
  await Promise.all(WHO.map(async (w) => (sb[w] = await as(w))));
  const admin = service();
  const s = uniqueSuffix();
  const customer = await admin
    .from('customers')
    .insert({ name: `Team roles ${s}`, username: `team-roles-${s}`, email: `team-roles-${s}@example.test` })
    .select('id')
    .single();
  venue = (customer.data as { id: string }).id;
  const bank = await admin
    .from('customer_bank_accounts')
    .insert({ customer_id: venue, bank_name: 'Team Bank', account_number: '99887766', routing_number: '011000015' });
  expect(bank.error).toBeNull();
  const campaign = await admin
    .from('campaigns')
    .insert({
      name: `Team roles ${s}`,
      advertiser_id: SEED.brightline.advertiser,
      plays_on: 'targets',
      status: 'paused',
      price_basis: 'cpm',
      price_amount: 10,
    })
    .select('id')
    .single();
  expect(campaign.error).toBeNull();
  pricedCampaign = (campaign.data as { id: string }).id;
  const screens = await admin
    .from('equipment_status')
    .insert([{ customer_id: venue, device_name: `TEAM-${s}`, status: 'idle' }])
    .select('id');
  devices = (screens.data as { id: string }[]).map((d) => d.id);
});

afterAll(async () => {
  const admin = service();
  if (pricedCampaign) await admin.from('campaigns').delete().eq('id', pricedCampaign);
  if (venue) await admin.from('customers').delete().eq('id', venue);
  await db?.end();
});

/*
 * Reads: "rows" some rows, "none" no rows and no error (row-level security).
 */
const READS = `
  table                   admin  operator  sales  viewer  cafe  advertiser
  network_settings        rows   rows      rows   rows    none  none
  alert_settings          rows   none      none   none    none  none
  alert_recipients        rows   none      none   none    none  none
  screen_groups           rows   rows      rows   rows    none  none
  screen_group_members    rows   rows      rows   rows    none  none
  campaign_targets        rows   rows      rows   rows    none  none
  campaign_windows        rows   rows      rows   rows    none  none
  plays                   rows   rows      rows   rows    rows  rows
  play_days               rows   rows      rows   rows    rows  rows
  device_uptime_days      rows   rows      rows   rows    none  none
  daily_figures           rows   none      rows   none    none  none
  customer_bank_accounts  rows   none      none   none    none  none
`;

function parse(text: string) {
  const [header, ...rows] = text
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/));
  return rows.flatMap((cells) => header!.slice(1).map((who, i) => [cells[0]!, who as Who, cells[i + 1]!] as const));
}

describe('reads per role', () => {
  it.each(parse(READS))('%s as %s: %s', async (table, who, expected) => {
    const { data, error } = await sb[who].from(table).select('*').limit(1);
    expect(error).toBeNull();
    expect(data!.length > 0 ? 'rows' : 'none').toBe(expected);
  });
});

describe('bank details', () => {
  it('only an admin reads them; the venues table has no bank columns for anyone', async () => {
    const read = (who: Who) => sb[who].from('customer_bank_accounts').select('account_number').eq('customer_id', venue);
    expect((await read('admin')).data).toEqual([{ account_number: '99887766' }]);
    for (const who of ['operator', 'sales', 'viewer'] as const) expect((await read(who)).data).toEqual([]);
    // The seeded venue's number moved out of customers with the rest.
    expect(
      (await sb.admin.from('customer_bank_accounts').select('bank_name').eq('customer_id', SEED.customers.cafe)).data,
    ).toEqual([{ bank_name: 'First Harbor Bank' }]);
    const viewer = await sb.viewer.from('customers').select('account_number').eq('id', venue);
    expect(viewer.data).toBeNull();
    expect(viewer.error?.code).toBe('42703');
    // The venue itself still reads its own row (without bank details).
    const own = await sb.cafe.from('customers').select('id, name, monthly_fee');
    expect(own.data).toEqual([{ id: SEED.customers.cafe, name: 'Corner Cafe', monthly_fee: 149 }]);
  });

  it('only an admin writes them', async () => {
    const write = (who: Who) =>
      sb[who]
        .from('customer_bank_accounts')
        .upsert({ customer_id: venue, bank_name: `By ${who}`, account_number: '1234', routing_number: null });
    for (const who of ['operator', 'sales', 'viewer', 'cafe'] as const) {
      expect((await write(who)).error?.code, who).toBe('42501');
    }
    const change = await sb.operator
      .from('customer_bank_accounts')
      .update({ bank_name: 'Operator' })
      .eq('customer_id', venue)
      .select();
    expect(change).toMatchObject({ error: null, data: [] });
    expect((await write('admin')).error).toBeNull();
    const stored = await service()
      .from('customer_bank_accounts')
      .select('bank_name, account_number')
      .eq('customer_id', venue);
    expect(stored.data).toEqual([{ bank_name: 'By admin', account_number: '1234' }]);
  });
});

describe('money', () => {
  it("an operator cannot change a campaign's price; sales can", async () => {
    const refused = await sb.operator
      .from('campaigns')
      .update({ price_amount: 1 })
      .eq('id', pricedCampaign)
      .select('id');
    expect(refused.error).toMatchObject({
      code: '42501',
      message: 'Only admins and sales can set campaigns.price_amount: it is money.',
    });
    const other = await sb.operator
      .from('campaigns')
      .update({ name: `Renamed ${uniqueSuffix()}` })
      .eq('id', pricedCampaign)
      .select('price_amount');
    expect(other).toMatchObject({ error: null, data: [{ price_amount: 10 }] });
    const sales = await sb.sales
      .from('campaigns')
      .update({ price_amount: 11.5 })
      .eq('id', pricedCampaign)
      .select('price_amount');
    expect(sales).toMatchObject({ error: null, data: [{ price_amount: 11.5 }] });
  });

  it("an operator cannot set a venue's monthly fee, but edits the rest of the venue", async () => {
    const refused = await sb.operator.from('customers').update({ monthly_fee: 5 }).eq('id', venue);
    expect(refused.error).toMatchObject({
      code: '42501',
      message: 'Only admins and sales can set customers.monthly_fee: it is money.',
    });
    const added = await sb.operator
      .from('customers')
      .insert({
        name: 'Fee',
        username: `fee-${uniqueSuffix()}`,
        email: `fee-${uniqueSuffix()}@example.test`,
        monthly_fee: 10,
      });
    expect(added.error?.code).toBe('42501');
    const notes = await sb.operator
      .from('customers')
      .update({ notes: 'Ground floor' })
      .eq('id', venue)
      .select('notes, monthly_fee');
    expect(notes).toMatchObject({ error: null, data: [{ notes: 'Ground floor', monthly_fee: null }] });
  });

  it('the dashboard gives revenue only to admins and sales; statements only to them', async () => {
    const figures = async (who: Who) => {
      const { data, error } = await sb[who].rpc('dashboard_figures');
      expect(error, who).toBeNull();
      return data as {
        current: { monthly_revenue: number | null; active_customers: number };
        revenue_by_month: unknown[];
        average_monthly_revenue: number | null;
      };
    };
    for (const who of ['admin', 'sales'] as const) {
      const f = await figures(who);
      expect(typeof f.current.monthly_revenue, who).toBe('number');
      expect(f.revenue_by_month.length, who).toBeGreaterThan(0);
      expect(f.average_monthly_revenue, who).not.toBeNull();
    }
    for (const who of ['operator', 'viewer'] as const) {
      const f = await figures(who);
      expect(f.current.active_customers, who).toBeGreaterThan(0);
      expect(f.current.monthly_revenue, who).toBeNull();
      expect(f.revenue_by_month, who).toEqual([]);
      expect(f.average_monthly_revenue, who).toBeNull();
    }
    const month = new Date().toISOString().slice(0, 8) + '01';
    const statement = (who: Who) =>
      sb[who].rpc('advertiser_statement', { p_advertiser_id: SEED.brightline.advertiser, p_month: month });
    expect((await statement('sales')).error).toBeNull();
    expect((await statement('operator')).error?.code).toBe('42501');
    expect((await statement('viewer')).error?.code).toBe('42501');
  });
});

describe('admin functions per role', () => {
  it('every team role reads the network summary and the plays report; a venue only its own', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const who of ['admin', 'operator', 'sales', 'viewer'] as const) {
      expect((await sb[who].rpc('network_summary')).error, who).toBeNull();
      const report = await sb[who].rpc('plays_report', {
        p_from: '2026-01-01',
        p_to: today,
        p_customer_id: SEED.customers.gym,
      });
      expect(report.error, who).toBeNull();
    }
    expect((await sb.cafe.rpc('network_summary')).error?.code).toBe('42501');
    const other = await sb.cafe.rpc('plays_report', {
      p_from: '2026-01-01',
      p_to: today,
      p_customer_id: SEED.customers.gym,
    });
    expect(other.error?.code).toBe('42501');
  });

  it('sales and viewers cannot revoke a screen; an operator can', async () => {
    for (const who of ['sales', 'viewer'] as const) {
      const refused = await sb[who].rpc('revoke_screen', { p_device_id: devices[0] });
      expect(refused.error, who).toMatchObject({
        code: '42501',
        message: 'Only admins and operators can unpair screens.',
      });
    }
    const revokedAt = async () =>
      (
        (await service().from('equipment_status').select('revoked_at').eq('id', devices[0]!).single()).data as {
          revoked_at: string | null;
        }
      ).revoked_at;
    expect(await revokedAt()).toBeNull();
    expect((await sb.operator.rpc('revoke_screen', { p_device_id: devices[0] })).error).toBeNull();
    expect(await revokedAt()).not.toBeNull();
  });

  it('screen groups are for admins and operators; settings for admins; a viewer writes nothing', async () => {
    const group = (who: Who) =>
      sb[who]
        .from('screen_groups')
        .insert({ name: `Team ${who} ${uniqueSuffix()}` })
        .select('id');
    for (const who of ['sales', 'viewer'] as const) expect((await group(who)).error?.code, who).toBe('42501');
    const made = await group('operator');
    expect(made.error).toBeNull();
    await service()
      .from('screen_groups')
      .delete()
      .eq('id', (made.data as { id: string }[])[0]!.id);

    for (const who of ['operator', 'sales', 'viewer'] as const) {
      const settings = await sb[who]
        .from('network_settings')
        .update({ default_loop_seconds: 31 })
        .eq('id', true)
        .select();
      expect(settings, who).toMatchObject({ error: null, data: [] });
      const alerts = await sb[who].rpc('save_alert_settings', {
        p_offline_after_minutes: 10,
        p_email_enabled: false,
        p_recipient_ids: [],
      });
      expect(alerts.error?.code, who).toBe('42501');
    }
    const slides = await sb.viewer.rpc('save_campaign_slides', {
      p_campaign_id: SEED.campaigns.cafeActive,
      p_slides: [],
    });
    expect(slides.error).toMatchObject({
      code: '42501',
      message: 'Only admins, operators and sales can save campaign slides.',
    });
    const pair = await sb.viewer.rpc('pair_screen', { p_code: 'ABC123', p_customer_id: venue, p_device_name: 'X' });
    expect(pair.error).toMatchObject({ code: '42501', message: 'Only admins and operators can pair screens.' });
    const alert = await sb.viewer.from('system_alerts').update({ resolved: true }).eq('id', SEED.alerts[0]!).select();
    expect(alert).toMatchObject({ error: null, data: [] });
  });
});

// A rolled-back transaction that turns the setting on for the whole network: on PGlite every
// connection shares one session, so the other files' requests would run inside it; PostgreSQL only.
describe.skipIf(ENGINE !== 'postgres')('two-factor sign-in required for the team (PostgreSQL)', () => {
  /** What the operator is and reads at the given assurance level, with require_two_factor on (rolled back). */
  async function operatorAt(aal: 'aal1' | 'aal2') {
    await db.query('begin');
    try {
      await db.query('update public.network_settings set require_two_factor = true');
      await db.query('set local role authenticated');
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: SEED.users.operator.id, role: 'authenticated', aal }),
      ]);
      const { rows } = await db.query<{ role: string | null; venues: number }>(
        `select public.team_role() as role, (select count(*)::int from public.customers) as venues`,
      );
      return rows[0];
    } finally {
      await db.query('rollback');
    }
  }

  it('makes an operator signed in without a second factor count as no one, and one with it an operator', async () => {
    const aal1 = await operatorAt('aal1');
    expect(aal1).toEqual({ role: null, venues: 0 });
    const aal2 = await operatorAt('aal2');
    expect(aal2?.role).toBe('operator');
    expect(aal2?.venues).toBeGreaterThanOrEqual(3);
  });
});
