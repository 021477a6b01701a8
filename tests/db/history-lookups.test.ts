// What a slide, a campaign or a campaign's reach was at a moment (record_plays judges each
// play by it) is looked up through an index on the moment, not by reading every version: a
// slide edited every few minutes has thousands (the 30-day soak's news slide had 1,873 after
// ten days), and reading them all made each of its plays slower to judge, month on month.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb } from 'supabase-local/testing/vitest';

let db: pg.Client;

beforeAll(async () => {
  db = await connectDb();
});

afterAll(async () => {
  await db?.end();
});

/** Every index condition of the plan PostgreSQL chooses for `sql` when it may not read the table whole. */
async function indexConditions(sql: string, params: unknown[]): Promise<string[]> {
  await db.query('set local enable_seqscan = off');
  const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Index Cond' && typeof value === 'string') found.push(value);
      else walk(value);
    }
  };
  walk(rows[0]!['QUERY PLAN']);
  return found;
}

/** Versions one hour apart from 2027-01-01, the first from ever and the last still open. */
const versions = (n: number) =>
  `generate_series(0, ${n - 1}) i, lateral (select tstzrange(
     case when i = 0 then null else timestamptz '2027-01-01' + i * interval '1 hour' end,
     case when i = ${n - 1} then null else timestamptz '2027-01-01' + (i + 1) * interval '1 hour' end) as valid) v`;

describe('history lookups', () => {
  it('finds the version of a slide, a campaign and a reach at a moment, or over a play, through the moment', async () => {
    const slide = crypto.randomUUID();
    const campaign = crypto.randomUUID();
    const device = crypto.randomUUID();
    await db.query('begin');
    try {
      await db.query(
        `insert into private.slide_history (slide_id, valid, campaign_id, title, duration, is_active, media_kind)
         select $1, v.valid, $2, 'News ' || i, 10, true, 'image' from ${versions(500)}`,
        [slide, campaign],
      );
      await db.query(
        `insert into private.campaign_history (campaign_id, valid, name, status, plays_on, windows)
         select $1, v.valid, 'Campaign ' || i, 'active', 'all', '[]' from ${versions(500)}`,
        [campaign],
      );
      await db.query(
        `insert into private.reach_history (campaign_id, device_id, valid) select $1, $2, v.valid from ${versions(500)}`,
        [campaign, device],
      );
      await db.query('analyze private.slide_history, private.campaign_history, private.reach_history');
      const at = '2027-01-10T12:30:00Z';

      const atMoment = await indexConditions(
        'select 1 from private.slide_history h where h.slide_id = $1 and h.valid @> $2::timestamptz and h.is_active',
        [slide, at],
      );
      expect(atMoment.some((c) => c.includes('valid @>'))).toBe(true);
      const overPlay = await indexConditions(
        `select max(h.duration) from private.slide_history h
         where h.slide_id = $1 and h.valid && tstzrange($2::timestamptz, $2::timestamptz + interval '10 seconds')`,
        [slide, at],
      );
      expect(overPlay.some((c) => c.includes('valid &&'))).toBe(true);
      const campaignAt = await indexConditions(
        'select 1 from private.campaign_history h where h.campaign_id = $1 and h.valid @> $2::timestamptz',
        [campaign, at],
      );
      expect(campaignAt.some((c) => c.includes('valid @>'))).toBe(true);
      const reachAt = await indexConditions(
        'select 1 from private.reach_history r where r.campaign_id = $1 and r.device_id = $2 and r.valid @> $3::timestamptz',
        [campaign, device, at],
      );
      expect(reachAt.some((c) => c.includes('valid @>'))).toBe(true);

      // The version found is the one of that moment.
      const { rows } = await db.query<{ title: string }>(
        'select title from private.slide_history h where h.slide_id = $1 and h.valid @> $2::timestamptz',
        [slide, at],
      );
      expect(rows.map((r) => r.title)).toEqual(['News 228']);
    } finally {
      await db.query('rollback');
    }
  });
});
