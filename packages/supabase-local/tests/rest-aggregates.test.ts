// PostgREST's aggregate functions (count(), sum, avg, min, max) with grouping,
// aliases and casts, in embeds and to-one spreads. Supabase ships them off
// (db-aggregates-enabled is false under `supabase start` and on hosted projects:
// 400 PGRST123); a project turns them on with PostgREST's in-database
// configuration, `alter role authenticator set pgrst.db_aggregates_enabled = 'true'`
// and `notify pgrst, 'reload config'`, which these tests do through a fixture function.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { anon, service } from 'supabase-local/testing/vitest';

async function setAggregates(value: string | null): Promise<void> {
  const { error } = await service().rpc('rest_set_pgrst_config', { setting: 'db_aggregates_enabled', value });
  expect(error).toBeNull();
  const wanted = value === 'true';
  // The stack reloads its configuration when the NOTIFY arrives.
  await vi.waitFor(
    async () => {
      const { error: e } = await anon().from('rest_messages').select('amount.sum()');
      expect(e?.code === 'PGRST123').toBe(!wanted);
    },
    { timeout: 5000, interval: 50 },
  );
}

describe('rest aggregates: off by default, as on Supabase', () => {
  it('answers 400 PGRST123 for an aggregate function', async () => {
    for (const select of ['amount.sum()', 'count()', 'channel, amount.avg()', 'max:amount.max()']) {
      const { data, error, status } = await anon().from('rest_messages').select(select);
      expect(status).toBe(400);
      expect(data).toBeNull();
      expect(error).toEqual({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null });
    }
    const embedded = await anon().from('rest_users').select('username, rest_messages(amount.sum())');
    expect(embedded.error?.code).toBe('PGRST123');
  });

  it('still counts an embed with the column form `rel(count)`', async () => {
    // `count` is not an aggregate in PostgREST's grammar: Postgres reads rel.count as count(rel).
    const { data, error } = await anon().from('rest_users').select('username, rest_messages(count)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'ada', rest_messages: [{ count: 3 }] },
      { username: 'grace', rest_messages: [{ count: 1 }] },
      { username: 'linus', rest_messages: [{ count: 0 }] },
    ]);
  });
});

describe('rest aggregates: enabled with pgrst.db_aggregates_enabled', () => {
  beforeAll(() => setAggregates('true'));
  afterAll(() => setAggregates(null));

  it('counts rows with count(), with an alias and a cast', async () => {
    expect((await anon().from('rest_messages').select('count()')).data).toEqual([{ count: 4 }]);
    expect((await anon().from('rest_messages').select('n:count()')).data).toEqual([{ n: 4 }]);
    expect((await anon().from('rest_messages').select('count()::text')).data).toEqual([{ count: '4' }]);
  });

  it('computes sum, avg, min, max and count of a column', async () => {
    const { data, error } = await anon().from('rest_messages').select('amount.sum(), amount.min(), amount.max(), note.count()');
    expect(error).toBeNull();
    expect(data).toEqual([{ sum: 24.5, min: 2.5, max: 10, count: 2 }]);
    const avg = await anon().from('rest_messages').select('amount.avg()');
    expect(avg.data?.[0].avg).toBeCloseTo(6.125, 10);
  });

  it('groups by the other selected columns, aliased or not, and orders the groups', async () => {
    const { data, error } = await anon().from('rest_messages').select('channel, total:amount.sum(), count()').order('channel', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { channel: 'random', total: 2.5, count: 1 },
      { channel: 'general', total: 22, count: 3 },
    ]);
    const aliased = await anon().from('rest_messages').select('c:channel, amount.max()').order('channel');
    expect(aliased.data).toEqual([
      { c: 'general', max: 10 },
      { c: 'random', max: 2.5 },
    ]);
  });

  it('casts the input and the result of an aggregate', async () => {
    // 2.5::int is 3: the sum of the integers is 25; the sum itself cast to text is "24.5".
    const { data } = await anon().from('rest_messages').select('ints:amount::int.sum(), text:amount.sum()::text');
    expect(data).toEqual([{ ints: 25, text: '24.5' }]);
  });

  it('filters before aggregating', async () => {
    const { data } = await anon().from('rest_messages').select('amount.sum()').eq('user_id', 1);
    expect(data).toEqual([{ sum: 17.5 }]);
  });

  it('aggregates inside an embed, per parent row', async () => {
    const { data, error } = await anon().from('rest_users').select('username, rest_messages(amount.sum(), count())').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'ada', rest_messages: [{ sum: 17.5, count: 3 }] },
      { username: 'grace', rest_messages: [{ sum: 7, count: 1 }] },
      { username: 'linus', rest_messages: [{ sum: null, count: 0 }] },
    ]);
  });

  it('groups by an embedded to-one resource', async () => {
    const { data, error } = await anon().from('rest_messages').select('user_id, total:amount.sum(), rest_users(username)').order('user_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { user_id: 1, total: 17.5, rest_users: { username: 'ada' } },
      { user_id: 2, total: 7, rest_users: { username: 'grace' } },
    ]);
  });

  it('hoists aggregates out of a to-one spread, grouped by the parent columns', async () => {
    const { data, error } = await anon().from('rest_messages').select('channel, ...rest_users(users:count())').order('channel');
    expect(error).toBeNull();
    expect(data).toEqual([
      { channel: 'general', users: 3 },
      { channel: 'random', users: 1 },
    ]);
  });

  it('answers 400 PGRST127 for aggregates in a to-many spread', async () => {
    const { error, status } = await anon().from('rest_users').select('username, ...rest_messages(amount.sum())');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST127',
      message: 'Feature not implemented',
      details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      hint: null,
    });
  });

  it('aggregates the rows of a function', async () => {
    const { data, error } = await anon().rpc('rest_messages_of', { uid: 1 }).select('id.max(), count()');
    expect(error).toBeNull();
    expect(data).toEqual([{ max: 3, count: 3 }]);
  });

  it('lets Postgres refuse a column that is neither grouped nor aggregated', async () => {
    // `count` without parentheses is a column to PostgREST; Postgres reads it as count(row).
    const wrong = await anon().from('rest_messages').select('channel, count');
    expect(wrong.status).toBe(400);
    expect(wrong.error?.code).toBe('42803');
  });
});
