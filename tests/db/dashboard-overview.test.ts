// dashboard_overview(): the admin's first screen in one call, gated as the functions it joins
// (every team role reads it, revenue only for admins and sales, nobody else at all).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

/** What the test reads of the answer (the app's shape is src/types/database-json.ts). */
interface DashboardOverview {
  summary: { displays: number };
  figures: {
    current: { active_customers: number; monthly_revenue: number | null };
    revenue_by_month: unknown[];
    average_monthly_revenue: number | null;
  };
  alerts: {
    id: string;
    alert_type: string;
    severity: string;
    message: string;
    resolved: boolean;
    created_at: string;
    device_id: string | null;
    customers: { name: string; location: string | null } | null;
  }[];
  ads: { id: string; title: string; status: string; advertisers: { business_name: string } | null }[];
}

type Team = 'admin' | 'operator' | 'sales' | 'viewer';
const TEAM: Team[] = ['admin', 'operator', 'sales', 'viewer'];
const sb = {} as Record<Team | 'cafe' | 'advertiser' | 'anon', AnyClient>;

let alertId: string;
let adId: string;
const s = uniqueSuffix();

beforeAll(async () => {
  await Promise.all(
    ([...TEAM, 'cafe', 'advertiser', 'anon'] as const).map(async (who) => (sb[who] = await as(who))),
  );
  const admin = service();
  const alert = await admin
    .from('system_alerts')
    .insert({
      customer_id: SEED.customers.gym,
      alert_type: 'other',
      severity: 'low',
      message: `Overview alert ${s}`,
    })
    .select('id')
    .single();
  expect(alert.error).toBeNull();
  alertId = (alert.data as { id: string }).id;
  const ad = await admin
    .from('ads')
    .insert({ advertiser_id: SEED.brightline.advertiser, title: `Overview ad ${s}`, status: 'pending' })
    .select('id')
    .single();
  expect(ad.error).toBeNull();
  adId = (ad.data as { id: string }).id;
});

afterAll(async () => {
  const admin = service();
  if (alertId) await admin.from('system_alerts').delete().eq('id', alertId);
  if (adId) await admin.from('ads').delete().eq('id', adId);
});

async function overview(who: Team, size = 50): Promise<DashboardOverview> {
  const { data, error } = await sb[who].rpc('dashboard_overview', { p_list_size: size });
  expect(error, who).toBeNull();
  return data as DashboardOverview;
}

describe('dashboard_overview()', () => {
  it('answers the shell and the dashboard in one call: the same figures as the functions it joins', async () => {
    const [all, summary, figures] = await Promise.all([
      overview('admin'),
      sb.admin.rpc('network_summary'),
      sb.admin.rpc('dashboard_figures'),
    ]);
    expect(all.summary).toEqual(summary.data);
    expect(all.figures).toEqual(figures.data);
  });

  it('lists the newest unresolved alerts with their venue, and the newest ads with their advertiser', async () => {
    const all = await overview('admin');
    const alert = all.alerts.find((a) => a.id === alertId);
    expect(alert).toMatchObject({
      alert_type: 'other',
      severity: 'low',
      message: `Overview alert ${s}`,
      resolved: false,
      device_id: null,
      customers: { name: expect.any(String) },
    });
    expect(all.alerts.every((a) => !a.resolved)).toBe(true);
    const times = all.alerts.map((a) => Date.parse(a.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const ad = all.ads.find((a) => a.id === adId);
    expect(ad).toMatchObject({ title: `Overview ad ${s}`, status: 'pending' });
    expect(ad?.advertisers?.business_name).toEqual(expect.any(String));
    // No money in the list of ads.
    expect(Object.keys(ad ?? {})).not.toContain('daily_budget');
  });

  it('keeps to the list size asked for (5 by default)', async () => {
    const two = await overview('admin', 2);
    expect(two.alerts.length).toBeLessThanOrEqual(2);
    expect(two.ads).toHaveLength(2);
    const { data } = await sb.admin.rpc('dashboard_overview');
    expect((data as DashboardOverview).ads).toHaveLength(5);
  });

  it('gives revenue to admins and sales only; every team role reads the rest', async () => {
    for (const who of TEAM) {
      const all = await overview(who);
      expect(all.summary.displays, who).toBeGreaterThan(0);
      expect(all.figures.current.active_customers, who).toBeGreaterThan(0);
      expect(all.alerts.some((a) => a.id === alertId), who).toBe(true);
      if (who === 'admin' || who === 'sales') {
        expect(typeof all.figures.current.monthly_revenue, who).toBe('number');
        expect(all.figures.revenue_by_month.length, who).toBeGreaterThan(0);
      } else {
        expect(all.figures.current.monthly_revenue, who).toBeNull();
        expect(all.figures.revenue_by_month, who).toEqual([]);
        expect(all.figures.average_monthly_revenue, who).toBeNull();
      }
    }
  });

  it('refuses a venue, an advertiser and a visitor', async () => {
    expect((await sb.cafe.rpc('dashboard_overview')).error?.code).toBe('42501');
    expect((await sb.advertiser.rpc('dashboard_overview')).error?.code).toBe('42501');
    expect((await sb.anon.rpc('dashboard_overview')).error).not.toBeNull();
  });
});
