// save_campaign_slides: the slide builder's one-transaction save, called by rpc.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { service } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

interface Slide {
  id: string;
  campaign_id: string;
  title: string | null;
  slide_type: string;
  content_type: string;
  display_order: number;
  duration: number;
  priority: number;
  settings: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}
interface Campaign {
  slide_count: number;
  total_duration: number;
  updated_at: string;
}

let campaignId: string;

async function campaign(): Promise<Campaign> {
  const { data, error } = await service()
    .from('campaigns')
    .select('slide_count, total_duration, updated_at')
    .eq('id', campaignId)
    .single();
  expect(error).toBeNull();
  return data as Campaign;
}

async function slides(): Promise<Slide[]> {
  const { data, error } = await service()
    .from('campaign_items')
    .select('*')
    .eq('campaign_id', campaignId)
    .order('display_order');
  expect(error).toBeNull();
  return data as Slide[];
}

async function save(slideList: unknown, extra: Record<string, unknown> = {}) {
  const admin = await as('admin');
  return admin.rpc('save_campaign_slides', { p_campaign_id: campaignId, p_slides: slideList, ...extra });
}

beforeEach(async () => {
  const { data, error } = await service()
    .from('campaigns')
    .insert({ name: 'Builder test', customer_id: SEED.customers.books })
    .select('id')
    .single();
  expect(error).toBeNull();
  campaignId = (data as { id: string }).id;
});

afterEach(async () => {
  await service().from('campaigns').delete().eq('id', campaignId);
});

describe('save_campaign_slides', () => {
  it('is refused to customers and anonymous callers, and changes nothing', async () => {
    for (const persona of ['cafe', 'anon'] as const) {
      const sb = await as(persona);
      const { data, error, status } = await sb.rpc('save_campaign_slides', {
        p_campaign_id: SEED.campaigns.cafeActive,
        p_slides: [],
      });
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
      expect(status).toBe(persona === 'anon' ? 401 : 403);
    }
    const { data } = await service().from('campaign_items').select('id').eq('campaign_id', SEED.campaigns.cafeActive);
    expect(data).toHaveLength(5);
  });

  it('inserts new and temp- slides with fresh ids, numbered in list order, and updates the counts', async () => {
    const { data, error } = await save([
      { id: 'temp-1', title: 'First', duration: 12, created_at: 'x', updated_at: 'y' },
      {
        title: 'Second',
        slide_type: 'weather',
        content_type: 'dynamic',
        duration: 20,
        settings: { location: 'New York', refresh_interval: 300 },
      },
    ]);
    expect(error).toBeNull();
    const saved = data as Slide[];
    expect(saved.map((s) => [s.title, s.display_order, s.duration])).toEqual([
      ['First', 1, 12],
      ['Second', 2, 20],
    ]);
    for (const s of saved) {
      expect(s.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(s.campaign_id).toBe(campaignId);
    }
    expect(saved[0]).toMatchObject({ slide_type: 'advertisement', content_type: 'static', priority: 1 });
    expect(saved[1]!.settings).toEqual({ location: 'New York', refresh_interval: 300 });
    expect(await campaign()).toMatchObject({ slide_count: 2, total_duration: 32 });
  });

  it('updates saved slides on id, deletes the ones left out, and renumbers', async () => {
    const first = (await save([{ title: 'A' }, { title: 'B' }, { title: 'C' }])).data as Slide[];
    const [a, b, c] = first;
    const { data, error } = await save([
      { ...c, title: 'C edited', duration: 30 },
      { id: 'temp-9', title: 'D' },
      { ...a },
    ]);
    expect(error).toBeNull();
    const saved = data as Slide[];
    expect(saved.map((s) => [s.title, s.display_order])).toEqual([
      ['C edited', 1],
      ['D', 2],
      ['A', 3],
    ]);
    expect(saved[0]!.id).toBe(c!.id);
    expect(saved[2]!.id).toBe(a!.id);
    expect(saved[0]!.created_at).toBe(c!.created_at);
    expect((await slides()).map((s) => s.id)).not.toContain(b!.id);
    expect(await campaign()).toMatchObject({ slide_count: 3, total_duration: 50 });
  });

  it('an empty list removes every slide and zeroes the counts', async () => {
    await save([{ title: 'A' }, { title: 'B' }]);
    const { data, error } = await save([]);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await slides()).toEqual([]);
    expect(await campaign()).toMatchObject({ slide_count: 0, total_duration: 0 });
  });

  const invalid: [string, unknown, string | RegExp, string][] = [
    ['a duration under 5', [{ title: 'ok' }, { title: 'bad', duration: 3 }], /between 5 and 300/, '23514'],
    ['an unknown slide type', [{ slide_type: 'poster' }], /Unknown slide type "poster"/, '23514'],
    ['a refresh interval over 3600', [{ settings: { refresh_interval: 7200 } }], /Refresh interval/, '23514'],
    ['slides that are not an array', { title: 'x' }, /must be a JSON array/, 'P0001'],
    ['a non-numeric duration', [{ duration: 'ten' }], /wrong type/, 'P0001'],
    ['an id of another campaign', [{ id: SEED.slides.cafe[0] }], /belongs to another campaign/, 'P0001'],
  ];
  for (const [what, input, message, code] of invalid) {
    it(`rejects ${what} and changes nothing`, async () => {
      const before = (await save([{ title: 'Keep me', duration: 15 }])).data as Slide[];
      const campaignBefore = await campaign();
      const { data, error, status } = await save(input);
      expect(data).toBeNull();
      expect(status).toBe(400);
      expect(error?.code).toBe(code);
      expect(error?.message).toMatch(message);
      expect(await slides()).toEqual(before);
      expect(await campaign()).toEqual(campaignBefore);
    });
  }

  it('rejects an unknown campaign', async () => {
    const admin = await as('admin');
    const { error, status } = await admin.rpc('save_campaign_slides', {
      p_campaign_id: '00000000-0000-4000-8000-00000000dead',
      p_slides: [],
    });
    expect(status).toBe(400);
    expect(error?.message).toMatch(/does not exist/);
  });

  it('refuses with 409 when the campaign changed since the builder loaded it', async () => {
    const loaded = await campaign();
    const ok = await save([{ title: 'Mine' }], { p_expected_updated_at: loaded.updated_at });
    expect(ok.error).toBeNull();
    const after = await campaign();
    expect(after.updated_at).not.toBe(loaded.updated_at);

    const stale = await save([{ title: 'Stale' }], { p_expected_updated_at: loaded.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.error?.code).toBe('PT409');
    expect(stale.error?.message).toMatch(/changed by someone else/);
    expect((await slides()).map((s) => s.title)).toEqual(['Mine']);
  });
});

describe('rename_slide_image', () => {
  it('points every slide showing the image at its new name (with or without slides/), for admins only', async () => {
    const sb = service();
    const campaign = SEED.campaigns.gymCompleted;
    const stamp = Date.now();
    const from = `rename-test-${stamp}.png`;
    const to = `Window--${stamp}-abcdefgh.png`;
    const made = await sb
      .from('campaign_items')
      .insert([
        { campaign_id: campaign, display_order: 90, image_url: from },
        { campaign_id: campaign, display_order: 91, image_url: `slides/${from}` },
        { campaign_id: campaign, display_order: 92, image_url: 'other.png' },
      ])
      .select('id');
    const ids = (made.data ?? []).map((row: { id: string }) => row.id);
    try {
      const venue = await (await as('gym')).rpc('rename_slide_image', { p_from: from, p_to: to });
      expect(venue.error?.code).toBe('42501');

      const admin = await as('admin');
      const { data, error } = await admin.rpc('rename_slide_image', { p_from: from, p_to: to });
      expect(error).toBeNull();
      expect(data).toBe(2);
      const after = await sb.from('campaign_items').select('image_url').in('id', ids).order('display_order');
      expect(after.data?.map((row: { image_url: string }) => row.image_url)).toEqual([to, to, 'other.png']);

      const blank = await admin.rpc('rename_slide_image', { p_from: to, p_to: ' ' });
      expect(blank.error?.code).toBe('22023');
    } finally {
      await sb.from('campaign_items').delete().in('id', ids);
    }
  });
});
