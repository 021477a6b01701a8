// Video slides: the ad-videos bucket (its limits and types, the same the slide editor shows),
// a video's upload with its user metadata, who reads a slide's video (also by byte ranges, as
// a browser plays it), and the slide's media_kind through the table's rules, the builder's
// save and the player's playlist.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { MEDIA_BUCKETS, MEDIA_MAX_BYTES, MEDIA_MIME_TYPES } from '../../src/entities/slide/media-limits.ts';
import { as, SEED } from './db-seed.ts';

const WEBM = readFileSync(new URL('../e2e/fixtures/pattern-b.webm', import.meta.url));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const uploaded: string[] = [];
afterAll(async () => {
  if (uploaded.length > 0) await service().storage.from('ad-videos').remove(uploaded);
});

describe('the slide file buckets', () => {
  it('take what the slide editor says: videos (MP4, WebM) up to 100 MiB, images up to 5 MiB', async () => {
    for (const kind of ['image', 'video'] as const) {
      const { data, error } = await service().storage.getBucket(MEDIA_BUCKETS[kind]);
      expect(error).toBeNull();
      expect(data).toMatchObject({
        public: false,
        file_size_limit: MEDIA_MAX_BYTES[kind],
        allowed_mime_types: [...MEDIA_MIME_TYPES[kind]],
      });
    }
    expect(MEDIA_MAX_BYTES.video).toBe(100 * 1024 * 1024);
  });

  it("refuses a video over its limit with Storage's message, and keeps nothing", async () => {
    const admin = await as('admin');
    const name = `too-big-${uniqueSuffix()}.webm`;
    const big = Buffer.alloc(MEDIA_MAX_BYTES.video + 1, 0);
    WEBM.copy(big);
    const { data, error } = await admin.storage.from('ad-videos').upload(name, big, { contentType: 'video/webm' });
    expect(data).toBeNull();
    expect(error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    expect((await service().storage.from('ad-videos').exists(name)).data).toBe(false);
  });

  it('refuses an image in ad-videos and a video in ad-images', async () => {
    const admin = await as('admin');
    const png = await admin.storage
      .from('ad-videos')
      .upload(`picture-${uniqueSuffix()}.png`, PNG, { contentType: 'image/png' });
    expect(png.error).toMatchObject({ statusCode: '415', message: 'mime type image/png is not supported' });
    const webm = await admin.storage
      .from('ad-images')
      .upload(`clip-${uniqueSuffix()}.webm`, WEBM, { contentType: 'video/webm' });
    expect(webm.error).toMatchObject({ statusCode: '415', message: 'mime type video/webm is not supported' });
  });

  it("keeps an uploaded video's length and size as its user metadata (the media library reads them)", async () => {
    const admin = await as('admin');
    const name = `upload-${uniqueSuffix()}.webm`;
    const metadata = { duration: 5, width: 640, height: 400 };
    const { error } = await admin.storage
      .from('ad-videos')
      .upload(name, new Blob([WEBM], { type: 'video/webm' }), { contentType: 'video/webm', metadata });
    expect(error).toBeNull();
    uploaded.push(name);
    const info = await admin.storage.from('ad-videos').info(name);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name, contentType: 'video/webm', size: WEBM.length, metadata });
    const listed = await admin.storage.from('ad-videos').list('', { search: name });
    expect(listed.data?.map((f) => f.name)).toEqual([name]);
  });
});

describe("who reads a slide's video", () => {
  it('its venue and the venue’s paired screen, also by byte ranges; no other venue', async () => {
    for (const persona of ['cafe', 'screen'] as const) {
      const sb = await as(persona);
      const signed = await sb.storage.from('ad-videos').createSignedUrl(SEED.videos.testPattern, 60);
      expect(signed.error).toBeNull();
      const whole = await fetch(signed.data!.signedUrl);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/webm');
      const size = (await whole.arrayBuffer()).byteLength;
      expect(size).toBe(180016);
      const part = await fetch(signed.data!.signedUrl, { headers: { Range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
    }
    const gym = await as('gym');
    const refused = await gym.storage.from('ad-videos').createSignedUrl(SEED.videos.testPattern, 60);
    expect(refused.data).toBeNull();
    expect(refused.error).not.toBeNull();
  });
});

describe('media_kind', () => {
  let campaignId: string;
  beforeAll(async () => {
    const { data, error } = await service()
      .from('campaigns')
      .insert({ name: `Video rules ${uniqueSuffix()}`, customer_id: SEED.customers.gym, status: 'paused' })
      .select('id')
      .single();
    expect(error).toBeNull();
    campaignId = (data as { id: string }).id;
  });
  afterAll(async () => {
    await service().from('campaigns').delete().eq('id', campaignId);
  });

  it('is image unless a slide says video', async () => {
    const { data, error } = await service()
      .from('campaign_items')
      .insert({ campaign_id: campaignId, title: 'Plain' })
      .select('media_kind')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ media_kind: 'image' });
  });

  it('refuses an unknown kind and a video slide without its file, in words', async () => {
    const admin = await as('admin');
    const unknown = await admin
      .from('campaign_items')
      .insert({ campaign_id: campaignId, title: 'Odd', image_url: 'x.gif', media_kind: 'animation' });
    expect(unknown.error).toMatchObject({
      code: '23514',
      message: 'Unknown media kind "animation": use image or video.',
    });
    const noFile = await admin
      .from('campaign_items')
      .insert({ campaign_id: campaignId, title: 'Empty', media_kind: 'video' });
    expect(noFile.error).toMatchObject({
      code: '23514',
      message: 'A video slide needs its video file: upload one or choose one from the media library.',
    });
  });

  it('is saved by the builder’s save and kept when a save leaves it out', async () => {
    const admin = await as('admin');
    const first = await admin.rpc('save_campaign_slides', {
      p_campaign_id: campaignId,
      p_slides: [
        { id: 'temp-1', title: 'Clip', image_url: 'clip.webm', media_kind: 'video', duration: 12 },
        { id: 'temp-2', title: 'Photo', image_url: 'photo.png' },
      ],
    });
    expect(first.error).toBeNull();
    const saved = first.data as { id: string; title: string; media_kind: string; duration: number }[];
    expect(saved.map((s) => [s.title, s.media_kind, s.duration])).toEqual([
      ['Clip', 'video', 12],
      ['Photo', 'image', 10],
    ]);

    // An element without media_kind keeps the saved slide's.
    const again = await admin.rpc('save_campaign_slides', {
      p_campaign_id: campaignId,
      p_slides: [{ id: saved[0]!.id, title: 'Clip, renamed' }],
    });
    expect(again.error).toBeNull();
    expect((again.data as { media_kind: string; image_url: string }[])[0]).toMatchObject({
      media_kind: 'video',
      image_url: 'clip.webm',
    });

    // A video slide without its file is refused whole, with the table's message.
    const refused = await admin.rpc('save_campaign_slides', {
      p_campaign_id: campaignId,
      p_slides: [{ id: saved[0]!.id, image_url: null }],
    });
    expect(refused.error).toMatchObject({
      code: '23514',
      message: 'A video slide needs its video file: upload one or choose one from the media library.',
    });
    const { data: kept } = await service().from('campaign_items').select('title').eq('campaign_id', campaignId);
    expect(kept?.map((r) => r.title)).toEqual(['Clip, renamed']);
  });

  it("is in the player's playlist, for the seeded video slide", async () => {
    const cafe = await as('cafe');
    const { data, error } = await cafe.rpc('player_playlist');
    expect(error).toBeNull();
    const slides = (
      data as { slides: { id: string; image_url: string | null; media_kind: string; duration: number }[] }
    ).slides;
    expect(slides.find((s) => s.id === SEED.slides.cafeVideo)).toMatchObject({
      image_url: SEED.videos.testPattern,
      media_kind: 'video',
      duration: 8,
    });
    expect(slides.find((s) => s.id === SEED.slides.cafe[0])).toMatchObject({ media_kind: 'image' });
  });
});
