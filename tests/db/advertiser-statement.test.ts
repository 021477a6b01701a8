// Billing from delivery: a network campaign's price (per 1,000 plays or fixed for its period),
// an advertiser's monthly statement from the plays its campaigns delivered (venue-local days,
// fixed prices prorated by the campaign's days in the month), who may read it, and
// advertisers.total_spent as the sum of the closed months' statements, never typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, anon, ANON_KEY, client, service } from 'supabase-local/testing/vitest';
import { as } from './db-seed.ts';
import { type NetworkCampaign, NetworkFixtures, plusDays } from './network-fixtures.ts';

interface Line {
  campaign_id: string;
  campaign_name: string;
  plays: number;
  seconds: number;
  basis: string | null;
  amount: number;
}
interface Statement {
  advertiser_id: string;
  month: string;
  currency: string;
  closed: boolean;
  lines: Line[];
  total: number;
}

const f = new NetworkFixtures();
const logins: string[] = [];
const ZONE = 'Pacific/Honolulu'; // UTC-10 all year: 23:30 there is 09:30 UTC the next day.

/** First day (yyyy-mm-dd) of the month `back` months before this one (UTC). */
function monthStart(back: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
}
const daysIn = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};
const cents = (n: number) => Math.round(n * 100) / 100;

// A closed month three months back (M) and the one after it (N).
const M = monthStart(3);
const N = monthStart(2);
const M_LAST = plusDays(N, -1);
const FIXED_START = plusDays(M, 20); // the 21st
const FIXED_END = plusDays(FIXED_START, 29); // 30 days in all
const FIXED_DAYS_IN_M = daysIn(M) - 20;

let screen: string;
let other: string;
let cpm: string;
let fixed: string;
let otherCampaign: string;
let ownLogin: AnyClient;
let otherLogin: AnyClient;
const cpmName = `Billing CPM ${f.suffix}`;
const fixedName = `Billing Fixed ${f.suffix}`;

/** Plays recorded for the screen through the roll-up the players' uploads go through. */
async function storePlays(rows: { started_at: string; seconds: number; campaign_id: string; count?: number }[]) {
  const plays = rows.flatMap((r) =>
    Array.from({ length: r.count ?? 1 }, () => ({
      id: crypto.randomUUID(),
      started_at: r.started_at,
      seconds: r.seconds,
      campaign_id: r.campaign_id,
      slide_id: null,
    })),
  );
  await f.db.query('select private.store_plays(e, $2::jsonb) from public.equipment_status e where e.id = $1', [
    screen,
    JSON.stringify(plays),
  ]);
}

async function priced(c: NetworkCampaign, basis: string, amount: number, advertiser = f.advertiser): Promise<string> {
  const id = await f.campaign({ ...c, status: 'completed' });
  const { error } = await f.admin.rpc('save_campaign', {
    ...f.saveArgs({ ...c, status: 'completed' }, id),
    p_advertiser_id: advertiser,
    p_price_basis: basis,
    p_price_amount: amount,
  });
  expect(error).toBeNull();
  return id;
}

/** An advertiser's own login, made with the admin API and linked by the service role. */
async function advertiserLogin(advertiserId: string): Promise<AnyClient> {
  const email = `billing-${crypto.randomUUID().slice(0, 8)}-${f.suffix}@example.test`;
  const password = 'billing-pass-1234';
  const made = await service().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { role: 'advertiser' },
  });
  expect(made.error).toBeNull();
  logins.push(made.data.user!.id);
  const linked = await service().from('advertisers').update({ user_id: made.data.user!.id }).eq('id', advertiserId);
  expect(linked.error).toBeNull();
  const session = await anon().auth.signInWithPassword({ email, password });
  expect(session.error).toBeNull();
  return client(ANON_KEY, session.data.session!.access_token);
}

async function statement(db: AnyClient, advertiserId: string, month: string) {
  return db.rpc('advertiser_statement', { p_advertiser_id: advertiserId, p_month: month });
}

beforeAll(async () => {
  await f.setUp();
  other = await f.newAdvertiser('Other Brand');
  const venue = await f.newVenue('Billing Venue', ZONE);
  screen = await f.newScreen(venue.id, 'Billing Screen');
  const targets = [{ device_id: screen }];
  cpm = await priced({ name: cpmName, targets, start: plusDays(M, -10), end: null }, 'cpm', 4.5);
  fixed = await priced({ name: fixedName, targets, start: FIXED_START, end: FIXED_END }, 'fixed', 100);
  otherCampaign = await priced({ name: `Billing Other ${f.suffix}`, targets, start: M, end: M_LAST }, 'cpm', 10, other);

  await storePlays([
    // The 15th at noon in Honolulu.
    { started_at: `${plusDays(M, 14)}T12:00:00-10:00`, seconds: 10, campaign_id: cpm, count: 1233 },
    // 23:30 on the month's last day there: already the next day in UTC, still this month.
    { started_at: `${M_LAST}T23:30:00-10:00`, seconds: 10, campaign_id: cpm },
    // 00:30 on the next month's first day there: the next month.
    { started_at: `${N}T00:30:00-10:00`, seconds: 10, campaign_id: cpm },
    { started_at: `${plusDays(M, 24)}T09:00:00-10:00`, seconds: 15, campaign_id: fixed, count: 2 },
    { started_at: `${plusDays(M, 3)}T09:00:00-10:00`, seconds: 20, campaign_id: otherCampaign, count: 500 },
  ]);

  ownLogin = await advertiserLogin(f.advertiser);
  otherLogin = await advertiserLogin(other);
}, 60_000);

afterAll(async () => {
  if (logins.length) await f.db.query('delete from auth.users where id = any($1::uuid[])', [logins]);
  await f.tearDown();
});

describe('a network campaign’s price', () => {
  it('is saved by save_campaign and read back with the campaign', async () => {
    const { data, error } = await f.admin
      .from('campaigns')
      .select('id, price_basis, price_amount')
      .in('id', [cpm, fixed])
      .order('price_basis');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: cpm, price_basis: 'cpm', price_amount: 4.5 },
      { id: fixed, price_basis: 'fixed', price_amount: 100 },
    ]);
  });

  it('is kept by a save without price, and refused with a plain message when it cannot be billed', async () => {
    const c = {
      name: fixedName,
      status: 'completed' as const,
      targets: [{ device_id: screen }],
      start: FIXED_START,
      end: FIXED_END,
    };
    expect((await f.admin.rpc('save_campaign', f.saveArgs(c, fixed))).error).toBeNull();
    const kept = await f.admin.from('campaigns').select('price_basis, price_amount').eq('id', fixed).single();
    expect(kept.data).toEqual({ price_basis: 'fixed', price_amount: 100 });

    const tries: [Record<string, unknown>, string][] = [
      [{ p_end_date: null }, "A fixed price is for the campaign's period: give it a start and an end date."],
      [{ p_price_amount: -1 }, 'The price cannot be negative.'],
      [{ p_price_amount: 1.005 }, 'The price is in cents at most (two decimals).'],
      [{ p_price_amount: null }, "Give the price's amount."],
      [{ p_price_basis: 'per-click' }, "A price is per 1,000 plays (cpm) or fixed for the campaign's period (fixed)."],
    ];
    for (const [patch, message] of tries) {
      const { error } = await f.admin.rpc('save_campaign', {
        ...f.saveArgs(c, fixed),
        p_price_basis: 'fixed',
        p_price_amount: 100,
        ...patch,
      });
      expect(error, message).toMatchObject({ code: '23514', message });
    }
  });

  it('is never a venue campaign’s: the table refuses one by its constraint', async () => {
    const own = await f.venueCampaign((await f.newVenue('Priced Venue')).id, `Own ${f.suffix}`, [{ duration: 10 }]);
    const { error } = await f.admin.from('campaigns').update({ price_basis: 'cpm', price_amount: 1 }).eq('id', own);
    expect(error?.message).toMatch(/campaigns_price_only_on_network_campaigns/);
  });
});

describe('advertiser_statement', () => {
  it('bills CPM from the month’s plays and prorates a fixed price by the campaign’s days in the month', async () => {
    const { data, error } = await statement(f.admin, f.advertiser, plusDays(M, 9));
    expect(error).toBeNull();
    const fixedAmount = cents((100 * FIXED_DAYS_IN_M) / 30);
    expect(data).toEqual({
      advertiser_id: f.advertiser,
      month: M,
      currency: 'USD',
      closed: true,
      lines: [
        // 1,234 plays at 4.50 per 1,000: 5.553, billed 5.55.
        { campaign_id: cpm, campaign_name: cpmName, plays: 1234, seconds: 12340, basis: 'cpm', amount: 5.55 },
        { campaign_id: fixed, campaign_name: fixedName, plays: 2, seconds: 30, basis: 'fixed', amount: fixedAmount },
      ],
      total: cents(5.55 + fixedAmount),
    });
  });

  it('counts a play by the venue’s calendar: 23:30 on the last day is that month, 00:30 on the first the next', async () => {
    const { data, error } = await statement(f.admin, f.advertiser, N);
    expect(error).toBeNull();
    const s = data as Statement;
    const fixedRest = cents((100 * (30 - FIXED_DAYS_IN_M)) / 30);
    expect(s.lines).toEqual([
      { campaign_id: cpm, campaign_name: cpmName, plays: 1, seconds: 10, basis: 'cpm', amount: 0 },
      { campaign_id: fixed, campaign_name: fixedName, plays: 0, seconds: 0, basis: 'fixed', amount: fixedRest },
    ]);
    expect(s.total).toBe(fixedRest);
  });

  it('lists a campaign in the months its period meets, with nothing delivered, and none before it', async () => {
    const before = (await statement(f.admin, f.advertiser, monthStart(4))).data as Statement;
    expect(before.lines.map((l) => [l.campaign_id, l.plays, l.amount])).toEqual([[cpm, 0, 0]]);
    const earlier = (await statement(f.admin, f.advertiser, monthStart(6))).data as Statement;
    expect(earlier).toMatchObject({ lines: [], total: 0 });
  });

  it('is read by admins and by the advertiser’s own login; another advertiser, a venue or no one is refused', async () => {
    const own = await statement(ownLogin, f.advertiser, M);
    expect(own.error).toBeNull();
    expect((own.data as Statement).lines.map((l) => l.campaign_id)).toEqual([cpm, fixed]);
    // The other advertiser reads its own, never ours.
    const theirs = await statement(otherLogin, other, M);
    expect((theirs.data as Statement).lines).toEqual([
      expect.objectContaining({ campaign_id: otherCampaign, plays: 500, seconds: 10000, amount: 5 }),
    ]);
    // The server (the service role) reads any.
    expect((await statement(service(), f.advertiser, M)).data).toMatchObject({
      advertiser_id: f.advertiser,
      total: (own.data as Statement).total,
    });
    const refused = await statement(otherLogin, f.advertiser, M);
    expect(refused.error).toMatchObject({ code: '42501', message: 'You can read only your own statements.' });
    for (const persona of ['cafe', 'screen', 'anon'] as const) {
      const { error } = await statement(await as(persona), f.advertiser, M);
      expect(error?.code, persona).toBe('42501');
    }
  });
});

describe('advertisers.total_spent', () => {
  it('is the sum of the closed months’ statements after a refresh, by an admin or the upkeep job', async () => {
    const refreshed = await f.admin.rpc('refresh_advertiser_totals');
    expect(refreshed.error).toBeNull();
    let expected = 0;
    for (let back = 5; back >= 0; back--) {
      const s = (await statement(f.admin, f.advertiser, monthStart(back))).data as Statement;
      if (s.closed) expected += s.total;
    }
    const fixedAll = cents((100 * FIXED_DAYS_IN_M) / 30) + cents((100 * (30 - FIXED_DAYS_IN_M)) / 30);
    expect(cents(expected)).toBe(cents(5.55 + fixedAll));
    const row = await f.admin
      .from('advertisers')
      .select('id, total_spent')
      .in('id', [f.advertiser, other])
      .order('total_spent');
    expect(row.data).toEqual([
      { id: other, total_spent: 5 },
      { id: f.advertiser, total_spent: cents(expected) },
    ]);

    // A later play in a closed month counts at the upkeep job's next run.
    await storePlays([
      { started_at: `${plusDays(M, 5)}T10:00:00-10:00`, seconds: 20, campaign_id: otherCampaign, count: 100 },
    ]);
    const upkeep = await service().rpc('run_network_upkeep');
    expect(upkeep.error).toBeNull();
    const after = await f.admin.from('advertisers').select('total_spent').eq('id', other).single();
    expect(after.data).toEqual({ total_spent: 6 });
  });

  it('cannot be typed by anyone signed in, nor refreshed by a venue', async () => {
    const typed = await f.admin.from('advertisers').update({ total_spent: 999 }).eq('id', f.advertiser);
    expect(typed.error).toMatchObject({
      code: '42501',
      message: "Total spent is the sum of the advertiser's closed months' statements: it cannot be typed.",
    });
    const added = await f.admin.from('advertisers').insert({
      advertiser_name: 'Typed',
      business_name: `Typed ${f.suffix}`,
      email: 'typed@example.test',
      total_spent: 50,
    });
    expect(added.error?.code).toBe('42501');
    // Other fields still save, with total_spent as it was.
    const renamed = await f.admin
      .from('advertisers')
      .update({ industry: 'Coffee' })
      .eq('id', f.advertiser)
      .select('industry, total_spent')
      .single();
    expect(renamed.error).toBeNull();
    expect(renamed.data?.industry).toBe('Coffee');
    expect(renamed.data?.total_spent).toBeGreaterThan(0);

    const venue = await (await as('cafe')).rpc('refresh_advertiser_totals');
    expect(venue.error?.code).toBe('42501');
  });
});
