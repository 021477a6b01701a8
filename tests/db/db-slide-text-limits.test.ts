// Slide text limits as the database keeps them (title at most 80 characters, content text at
// most 400), as an admin meets them through supabase-js: a readable 23514 for new or changed
// text, on direct writes and on the builder's save_campaign_slides alike, and slides written
// before the limits left playing and saveable as they are until their text changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

const TITLE_LIMIT = 80;
const CONTENT_LIMIT = 400;

let campaignId: string;

beforeAll(async () => {
  const admin = await as('admin');
  const { data, error } = await admin
    .from('campaigns')
    .insert({ name: `Text limits ${uniqueSuffix()}`, customer_id: SEED.customers.books, status: 'paused' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  campaignId = data.id;
});

afterAll(async () => {
  if (campaignId) await service().from('campaigns').delete().eq('id', campaignId);
});

let order = 0;
async function insertSlide(values: Record<string, unknown>) {
  const admin = await as('admin');
  order += 1;
  return admin
    .from('campaign_items')
    .insert({ campaign_id: campaignId, display_order: order, ...values })
    .select('id, title, content, text_before_limits')
    .single();
}

/**
 * A slide written before the limits came in, as the migration found and marked it. No API can
 * write one any more (that is the point), so it is put in place on the database's own socket
 * with the text trigger off for that one statement, as the row stood after the migration.
 */
async function slideFromBeforeTheLimits(title: string, content: string): Promise<string> {
  const db = await connectDb();
  try {
    await db.query('begin');
    await db.query('alter table public.campaign_items disable trigger campaign_items_check_text');
    const { rows } = await db.query<{ id: string }>(
      `insert into public.campaign_items (campaign_id, title, content, display_order, text_before_limits)
       values ($1, $2, $3, 50, true) returning id`,
      [campaignId, title, content],
    );
    await db.query('alter table public.campaign_items enable trigger campaign_items_check_text');
    await db.query('commit');
    return rows[0]!.id;
  } finally {
    await db.end();
  }
}

describe('new and changed slide text', () => {
  it('a title of 80 characters and content of 400 are accepted; one more is refused with the limit in words', async () => {
    const fits = await insertSlide({ title: 't'.repeat(TITLE_LIMIT), content: 'c'.repeat(CONTENT_LIMIT) });
    expect(fits.error).toBeNull();
    expect(fits.data).toMatchObject({ text_before_limits: false });

    const longTitle = await insertSlide({ title: 't'.repeat(TITLE_LIMIT + 1) });
    expect(longTitle.status).toBe(400);
    expect(longTitle.data).toBeNull();
    expect(longTitle.error).toMatchObject({
      code: '23514',
      message: 'Slide title must be at most 80 characters (got 81).',
    });

    const longContent = await insertSlide({ title: 'Fine', content: 'c'.repeat(CONTENT_LIMIT + 1) });
    expect(longContent.status).toBe(400);
    expect(longContent.error).toMatchObject({
      code: '23514',
      message: 'Slide content text must be at most 400 characters (got 401).',
    });
  });

  it('counts characters, not bytes or UTF-16 units, as the editor does', async () => {
    // 80 emoji: 320 bytes in UTF-8 and 160 UTF-16 units, but 80 characters.
    const emoji = await insertSlide({ title: '🍰'.repeat(TITLE_LIMIT) });
    expect(emoji.error).toBeNull();
    const accents = await insertSlide({ title: 'é'.repeat(TITLE_LIMIT + 1) });
    expect(accents.error?.message).toBe('Slide title must be at most 80 characters (got 81).');
  });

  it('an edit that makes the text too long is refused and leaves the slide as it was', async () => {
    const admin = await as('admin');
    const slide = await insertSlide({ title: 'Short', content: 'Short' });
    const id = slide.data!.id;
    const edit = await admin
      .from('campaign_items')
      .update({ content: 'x'.repeat(CONTENT_LIMIT + 20) })
      .eq('id', id)
      .select();
    expect(edit.status).toBe(400);
    expect(edit.error).toMatchObject({
      code: '23514',
      message: 'Slide content text must be at most 400 characters (got 420).',
    });
    const { data } = await admin.from('campaign_items').select('content').eq('id', id).single();
    expect(data).toEqual({ content: 'Short' });
  });

  it("the builder's save refuses a slide with too long a title, and saves none of the others", async () => {
    const admin = await as('admin');
    const before = await admin.from('campaign_items').select('id').eq('campaign_id', campaignId);
    const saved = await admin.rpc('save_campaign_slides', {
      p_campaign_id: campaignId,
      p_slides: [
        { id: 'temp-1', title: 'Fits', content: 'Fits' },
        { id: 'temp-2', title: 'x'.repeat(TITLE_LIMIT + 5), content: 'Too long a title' },
      ],
    });
    expect(saved.error).toMatchObject({
      code: '23514',
      message: 'Slide title must be at most 80 characters (got 85).',
    });
    const after = await admin.from('campaign_items').select('id').eq('campaign_id', campaignId);
    expect(after.data).toEqual(before.data);
  });

  it('nobody can mark a slide as written before the limits', async () => {
    const refused = await insertSlide({ title: 'x'.repeat(TITLE_LIMIT + 1), text_before_limits: true });
    expect(refused.error).toMatchObject({
      code: '23514',
      message: 'Slide title must be at most 80 characters (got 81).',
    });

    const unmarked = await insertSlide({ title: 'Short', text_before_limits: true });
    expect(unmarked.error).toBeNull();
    expect(unmarked.data).toMatchObject({ text_before_limits: false });

    const admin = await as('admin');
    const update = await admin
      .from('campaign_items')
      .update({ text_before_limits: true })
      .eq('id', unmarked.data!.id)
      .select('text_before_limits')
      .single();
    expect(update.data).toEqual({ text_before_limits: false });
  });

  it('the CHECK constraints refuse long text even with the trigger out of the way', async () => {
    const db = await connectDb();
    try {
      await db.query('begin');
      await db.query('alter table public.campaign_items disable trigger campaign_items_check_text');
      const error = await db
        .query(
          `insert into public.campaign_items (campaign_id, title, display_order) values ($1, repeat('x', 81), 60)`,
          [campaignId],
        )
        .then(
          () => null,
          (e: unknown) => e as { code: string; constraint: string },
        );
      expect(error).toMatchObject({ code: '23514', constraint: 'campaign_items_title_at_most_80_characters' });
    } finally {
      await db.query('rollback');
      await db.end();
    }
  });
});

describe('slides written before the limits', () => {
  const oldTitle = 'An old title that says a great deal more than a screen can show at any size, really';
  const oldContent = 'Old copy. '.repeat(60);

  it('keep their text, and can be reordered, retimed and saved again with the campaign', async () => {
    expect(oldTitle.length).toBeGreaterThan(TITLE_LIMIT);
    const id = await slideFromBeforeTheLimits(oldTitle, oldContent);
    const admin = await as('admin');

    const read = await admin.from('campaign_items').select('title, content, text_before_limits').eq('id', id).single();
    expect(read.data).toEqual({ title: oldTitle, content: oldContent, text_before_limits: true });

    const retimed = await admin.from('campaign_items').update({ duration: 20 }).eq('id', id).select('duration');
    expect(retimed.error).toBeNull();

    // The builder saves every slide of the campaign: the old one unchanged, a new one before it.
    const { data: slides } = await admin
      .from('campaign_items')
      .select('id, title, content, slide_type, content_type, duration, priority, is_active, settings, image_url')
      .eq('campaign_id', campaignId)
      .order('display_order');
    const old = slides!.find((s) => s.id === id)!;
    const saved = await admin.rpc('save_campaign_slides', {
      p_campaign_id: campaignId,
      p_slides: [{ id: 'temp-1', title: 'New first', content: 'Fits' }, old],
    });
    expect(saved.error).toBeNull();
    const after = await admin
      .from('campaign_items')
      .select('title, content, display_order, duration, text_before_limits')
      .eq('id', id)
      .single();
    expect(after.data).toEqual({
      title: oldTitle,
      content: oldContent,
      display_order: 2,
      duration: 20,
      text_before_limits: true,
    });
  });

  it('must meet both limits once their text changes', async () => {
    const id = await slideFromBeforeTheLimits(oldTitle, oldContent);
    const admin = await as('admin');

    const stillLong = await admin
      .from('campaign_items')
      .update({ title: `${oldTitle}!` })
      .eq('id', id)
      .select();
    expect(stillLong.error).toMatchObject({
      code: '23514',
      message: `Slide title must be at most 80 characters (got ${oldTitle.length + 1}).`,
    });

    // A shorter title is a change too: the old content must now fit as well.
    const titleOnly = await admin.from('campaign_items').update({ title: 'Short now' }).eq('id', id).select();
    expect(titleOnly.error).toMatchObject({
      code: '23514',
      message: `Slide content text must be at most 400 characters (got ${oldContent.length}).`,
    });

    const both = await admin
      .from('campaign_items')
      .update({ title: 'Short now', content: 'Short copy.' })
      .eq('id', id)
      .select('title, content, text_before_limits')
      .single();
    expect(both.error).toBeNull();
    expect(both.data).toEqual({ title: 'Short now', content: 'Short copy.', text_before_limits: false });

    // The mark does not come back.
    const longAgain = await admin.from('campaign_items').update({ content: oldContent }).eq('id', id).select();
    expect(longAgain.error?.code).toBe('23514');
  });
});
