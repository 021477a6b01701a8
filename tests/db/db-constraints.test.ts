// The data rules the database itself enforces (spec sections 3, 5 and 9),
// as an admin sees them through supabase-js: defaults, ranges and readable errors.
import { afterAll, describe, expect, it } from 'vitest';
import { service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

const createdCampaigns: string[] = [];
const createdCustomers: string[] = [];

afterAll(async () => {
  if (createdCampaigns.length) await service().from('campaigns').delete().in('id', createdCampaigns);
  if (createdCustomers.length) await service().from('customers').delete().in('id', createdCustomers);
});

async function newCampaign(extra: Record<string, unknown> = {}) {
  const admin = await as('admin');
  const r = await admin
    .from('campaigns')
    .insert({ name: `Rules ${uniqueSuffix()}`, customer_id: SEED.customers.books, ...extra })
    .select()
    .single();
  if (r.data) createdCampaigns.push((r.data as { id: string }).id);
  return r;
}

describe('defaults', () => {
  it('a new campaign is active, mixed, priority 1, 10 s per slide, with no slides', async () => {
    const { data, error } = await newCampaign();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      status: 'active',
      content_type: 'mixed',
      priority: 1,
      display_duration: 10,
      slide_count: 0,
      total_duration: 0,
    });
  });

  it('a new customer is active with a Digital Display; a new advertiser is active with nothing spent', async () => {
    const admin = await as('admin');
    const s = uniqueSuffix();
    const customer = await admin
      .from('customers')
      .insert({ name: `Rules ${s}`, username: `rules-${s}`, email: `rules-${s}@example.test` })
      .select()
      .single();
    expect(customer.error).toBeNull();
    createdCustomers.push((customer.data as { id: string }).id);
    expect(customer.data).toMatchObject({ status: 'active', display_type: 'Digital Display' });

    const advertiser = await admin
      .from('advertisers')
      .insert({ advertiser_name: 'Rules', business_name: `Rules ${s}`, email: `rules-${s}@example.test` })
      .select()
      .single();
    expect(advertiser.error).toBeNull();
    expect(advertiser.data).toMatchObject({ status: 'active', total_spent: 0 });
    await service()
      .from('advertisers')
      .delete()
      .eq('id', (advertiser.data as { id: string }).id);
  });
});

describe('rules with readable messages', () => {
  const slideCases: [string, Record<string, unknown>, string, RegExp][] = [
    [
      'duration under 5',
      { duration: 4 },
      'campaign_items_duration_between_5_and_300',
      /between 5 and 300 seconds \(got 4\)/,
    ],
    ['duration over 300', { duration: 301 }, 'campaign_items_duration_between_5_and_300', /between 5 and 300/],
    [
      'priority over 10',
      { priority: 11 },
      'campaign_items_priority_between_1_and_10',
      /priority must be between 1 and 10/,
    ],
    ['unknown slide type', { slide_type: 'poster' }, 'campaign_items_slide_type_is_known', /Unknown slide type/],
    [
      'unknown content type',
      { content_type: 'live' },
      'campaign_items_content_type_is_static_or_dynamic',
      /static or dynamic/,
    ],
    [
      'refresh interval under 60',
      { settings: { refresh_interval: 30 } },
      'campaign_items_refresh_interval_between_60_and_3600',
      /60 and 3600/,
    ],
    ['display order 0', { display_order: 0 }, 'campaign_items_display_order_at_least_1', /display_order_at_least_1/],
  ];
  for (const [what, values, constraint, message] of slideCases) {
    it(`a slide with ${what} is refused (${constraint})`, async () => {
      const admin = await as('admin');
      const { data, error, status } = await admin
        .from('campaign_items')
        .insert({ campaign_id: SEED.campaigns.gymCompleted, display_order: 5, ...values })
        .select();
      expect(data).toBeNull();
      expect(status).toBe(400);
      expect(error?.code).toBe('23514');
      expect(`${error?.message} ${error?.details ?? ''}`).toMatch(message);
    });
  }

  it('a slide with a refresh interval inside 60 to 3600 is accepted', async () => {
    const admin = await as('admin');
    const { data, error } = await admin
      .from('campaign_items')
      .insert({ campaign_id: SEED.campaigns.gymCompleted, display_order: 5, settings: { refresh_interval: 600 } })
      .select('id')
      .single();
    expect(error).toBeNull();
    await service()
      .from('campaign_items')
      .delete()
      .eq('id', (data as { id: string }).id);
  });

  it('a campaign ending before it starts is refused', async () => {
    const { error } = await newCampaign({ start_date: '2026-12-10T00:00:00Z', end_date: '2026-12-01T00:00:00Z' });
    expect(error?.code).toBe('23514');
    expect(error?.message).toMatch(/end date cannot be before its start date/);
  });

  it('a campaign priority outside 1 to 10 and an unknown status are refused', async () => {
    expect((await newCampaign({ priority: 0 })).error?.message).toMatch(/between 1 and 10/);
    const status = await newCampaign({ status: 'running' });
    expect(status.error?.code).toBe('23514');
    expect(status.error?.message).toMatch(/campaigns_status_is_active_paused_scheduled_or_completed/);
  });

  it('a device name must be trimmed and 1 to 100 characters, also when an admin renames it directly', async () => {
    const admin = await as('admin');
    const id = SEED.equipment.all[5]!;
    for (const name of ['   ', ' Lobby', 'x'.repeat(101)]) {
      const r = await admin.from('equipment_status').update({ device_name: name }).eq('id', id).select();
      expect(r.error?.code).toBe('23514');
      expect(r.error?.message).toMatch(/equipment_status_device_name_is_trimmed_1_to_100_characters/);
    }
    const { data: kept } = await admin.from('equipment_status').select('device_name').eq('id', id).single();
    expect(kept?.device_name).toBe('SPARE-UNIT-01');
  });

  it('negative money is refused', async () => {
    const admin = await as('admin');
    const fee = await admin.from('customers').update({ monthly_fee: -1 }).eq('id', SEED.customers.books).select();
    expect(fee.error?.message).toMatch(/customers_monthly_fee_not_negative/);
    const budget = await admin.from('ads').update({ daily_budget: -5 }).eq('id', SEED.ads[0]).select();
    expect(budget.error?.message).toMatch(/ads_daily_budget_not_negative/);
    // total_spent is computed (no login writes it): the constraint still guards the computation.
    const spent = await service()
      .from('advertisers')
      .update({ total_spent: -0.01 })
      .eq('id', SEED.advertisers[0])
      .select();
    expect(spent.error?.message).toMatch(/advertisers_total_spent_not_negative/);
  });

  it('customer e-mails are unique regardless of case', async () => {
    const admin = await as('admin');
    const s = uniqueSuffix();
    const { error, status } = await admin
      .from('customers')
      .insert({ name: `Copy ${s}`, username: `copy-${s}`, email: 'CAFE@Example.com' });
    expect(status).toBe(409);
    expect(error?.code).toBe('23505');
  });

  it('deleting a campaign deletes its slides', async () => {
    const { data } = await newCampaign();
    const id = (data as { id: string }).id;
    const admin = await as('admin');
    const slide = await admin
      .from('campaign_items')
      .insert({ campaign_id: id, display_order: 1 })
      .select('id')
      .single();
    expect(slide.error).toBeNull();
    expect((await admin.from('campaigns').delete().eq('id', id)).error).toBeNull();
    const { data: left } = await service()
      .from('campaign_items')
      .select('id')
      .eq('id', (slide.data as { id: string }).id);
    expect(left).toEqual([]);
  });
});

describe('customer fields hold what their names say', () => {
  const newCustomer = async (extra: Record<string, unknown>) => {
    const admin = await as('admin');
    const s = uniqueSuffix();
    const r = await admin
      .from('customers')
      .insert({ name: `Fields ${s}`, username: `fields-${s}`, email: `fields-${s}@example.test`, ...extra })
      .select('id, contact_phone, signup_date, installation_date')
      .single();
    if (r.data) createdCustomers.push((r.data as { id: string }).id);
    return r;
  };

  it('a phone number must be one', async () => {
    for (const phone of ['abc-not-a-phone', '12', '+1 (212) 555-0142 ext. 9', `+${'1'.repeat(16)}`]) {
      const r = await newCustomer({ contact_phone: phone });
      expect(r.error?.code, phone).toBe('23514');
      expect(r.error?.message).toMatch(/customers_contact_phone_is_a_phone_number/);
    }
    for (const phone of ['+1 212 555 0142', '(212) 555-0142', '020.7946.0958']) {
      const r = await newCustomer({ contact_phone: phone });
      expect(r.error, phone).toBeNull();
    }
  });

  it('the screens are not installed before the venue signed up', async () => {
    const early = await newCustomer({ signup_date: '2026-05-10', installation_date: '2026-05-01' });
    expect(early.error?.code).toBe('23514');
    expect(early.error?.message).toMatch(/customers_installation_not_before_signup/);
    const sameDay = await newCustomer({ signup_date: '2026-05-10', installation_date: '2026-05-10' });
    expect(sameDay.error).toBeNull();
    // An edit is held to it too.
    const admin = await as('admin');
    const moved = await admin
      .from('customers')
      .update({ installation_date: '2026-01-01' })
      .eq('id', (sameDay.data as { id: string }).id)
      .select();
    expect(moved.error?.message).toMatch(/customers_installation_not_before_signup/);
  });

  it('names and usernames have sensible lengths', async () => {
    const username = await newCustomer({ username: 'u'.repeat(5000) });
    expect(username.error?.message).toMatch(/customers_username_1_to_100_characters/);
    const blank = await newCustomer({ name: '   ' });
    expect(blank.error?.message).toMatch(/customers_name_1_to_200_characters/);
    const notes = await newCustomer({ notes: 'n'.repeat(5001) });
    expect(notes.error?.message).toMatch(/customers_long_texts_at_most_5000_characters/);
  });
});

describe('rate limits', () => {
  it('say how long a key over its limit waits: what is left of its window', async () => {
    const sb = service();
    const key = `retry-after-test:${uniqueSuffix()}`;
    expect((await sb.rpc('rate_limit_retry_after', { p_key: key, p_window_seconds: 900 })).data).toBeNull();
    await sb.rpc('consume_rate_limit', { p_key: key, p_limit: 1, p_window_seconds: 900 });
    const { data, error } = await sb.rpc('rate_limit_retry_after', { p_key: key, p_window_seconds: 900 });
    expect(error).toBeNull();
    expect(data).toBeGreaterThan(890);
    expect(data).toBeLessThanOrEqual(900);
    // Not for browsers: only the service role may ask.
    const denied = await (await as('admin')).rpc('rate_limit_retry_after', { p_key: key, p_window_seconds: 900 });
    expect(denied.error?.code).toBe('42501');
    await sb.from('function_rate_limits').delete().eq('key', key);
  });
});
