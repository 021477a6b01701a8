// The soak's venues (scripts/soak-wall.ts): for each wall a venue in its time zone with the
// campaigns the month's checks are about, through the service role, at the stack's
// (virtual) time. Slides last 10 s, the length the "about 260,000 plays a month" counts.
import { COLOURS, noisePng, serviceClient, solidPng } from '../../tests/e2e/player-support.ts';
import { BREAKFAST, DAY, LATE_NIGHT, localParts, type WallPlan } from './month.ts';

export const SLIDE_SECONDS = 10;

type Service = ReturnType<typeof serviceClient>;

export interface Venue {
  customerId: string;
  name: string;
  /** The news campaign's one slide: its title changes (Realtime changes) and its image (new media). */
  newsSlideId: string;
  /** Every file the venue's slides have shown, with when it stopped being in the playlist (null: still is). */
  newsFiles: { path: string; from: number; until: number | null }[];
  /** Files of the other slides (always in the playlist when their campaign is). */
  fixedFiles: string[];
  changes: number;
}

async function must<T>(
  what: string,
  run: PromiseLike<{ data: T; error: { message: string } | null }>,
): Promise<NonNullable<T>> {
  const { data, error } = await run;
  if (error || data === null || data === undefined) throw new Error(`${what}: ${error?.message ?? 'no answer'}`);
  return data;
}

async function uploadImage(sb: Service, path: string, png: Buffer) {
  await must('upload', sb.storage.from('ad-images').upload(path, png, { contentType: 'image/png', upsert: true }));
}

/** An image of noise (as a photo compresses: hardly), about 1.2 MB: media that fills a cache. */
export const noiseImage = () => noisePng(640, 640);

/** A venue for `wall` with its campaigns: all day, breakfast, late night, a spring offer and news. */
export async function createVenue(
  stackUrl: string,
  wall: WallPlan,
  index: number,
  start: number,
  days: number,
): Promise<Venue> {
  const sb = serviceClient(stackUrl);
  const tag = `${index + 1}-${Date.now().toString(36)}`;
  const customer = await must(
    'venue',
    sb
      .from('customers')
      .insert({
        name: `${wall.name} Soak Café`,
        username: `soak${tag}`,
        email: `soak-${tag}@example.com`,
        location: wall.name,
        status: 'active',
        time_zone: wall.zone,
      })
      .select('id')
      .single(),
  );
  const fixedFiles: string[] = [];
  let colour = index * 7;
  const slides = async (campaignId: string, count: number, title: string) => {
    const rows = [];
    for (let i = 0; i < count; i++) {
      const path = `soak-${tag}-${campaignId.slice(0, 8)}-${i + 1}.png`;
      await uploadImage(sb, path, solidPng(640, 400, COLOURS[colour++ % COLOURS.length]!));
      fixedFiles.push(path);
      rows.push({
        campaign_id: campaignId,
        title: `${title} ${i + 1}`,
        image_url: path,
        media_kind: 'image' as const,
        display_order: i + 1,
        duration: SLIDE_SECONDS,
      });
    }
    await must('slides', sb.from('campaign_items').insert(rows).select('id'));
  };
  const campaign = async (name: string, extra: Record<string, unknown> = {}) =>
    (
      await must(
        'campaign',
        sb
          .from('campaigns')
          .insert({ name, customer_id: customer.id, status: 'active', ...extra })
          .select('id')
          .single(),
      )
    ).id;
  const window = async (campaignId: string, w: { days: number[]; start: string; end: string }) =>
    must(
      'daypart',
      sb
        .from('campaign_windows')
        .insert({ campaign_id: campaignId, days: w.days, start_time: w.start, end_time: w.end })
        .select('id'),
    );

  const allDay = await campaign('All day');
  await slides(allDay, 3, 'All day');
  const breakfast = await campaign('Breakfast');
  await window(breakfast, BREAKFAST);
  await slides(breakfast, 2, 'Breakfast');
  const late = await campaign('Late night');
  await window(late, LATE_NIGHT);
  await slides(late, 2, 'Late night');
  // A campaign that starts and ends by the venue's calendar within the soak.
  const offerFrom = localParts(wall.zone, start + (days >= 14 ? 3 : 1) * DAY).date;
  const offerTo = localParts(wall.zone, start + (days >= 14 ? 12 : 1) * DAY).date;
  const offer = await campaign('Spring offer', { start_date: offerFrom, end_date: offerTo });
  await slides(offer, 2, 'Spring offer');

  const news = await campaign('News');
  const newsPath = `soak-${tag}-news-0.png`;
  await uploadImage(sb, newsPath, noiseImage());
  const newsSlide = await must(
    'news slide',
    sb
      .from('campaign_items')
      .insert({
        campaign_id: news,
        title: 'News 0',
        image_url: newsPath,
        media_kind: 'image',
        display_order: 1,
        duration: SLIDE_SECONDS,
      })
      .select('id')
      .single(),
  );
  return {
    customerId: customer.id,
    name: wall.name,
    newsSlideId: newsSlide.id,
    newsFiles: [{ path: newsPath, from: start, until: null }],
    fixedFiles,
    changes: 0,
  };
}

/** A change the wall must hear of through Realtime: the news slide's title. */
export async function changeNews(stackUrl: string, venue: Venue) {
  venue.changes++;
  await must(
    'change',
    serviceClient(stackUrl)
      .from('campaign_items')
      .update({ title: `News ${venue.changes}` })
      .eq('id', venue.newsSlideId)
      .select('id'),
  );
}

/** New media: a new picture for the news slide (the last one leaves the playlist). */
export async function newNewsImage(stackUrl: string, venue: Venue, at: number) {
  const sb = serviceClient(stackUrl);
  const path = `soak-${venue.customerId.slice(0, 8)}-news-${venue.newsFiles.length}.png`;
  await uploadImage(sb, path, noiseImage());
  await must(
    'news image',
    sb.from('campaign_items').update({ image_url: path }).eq('id', venue.newsSlideId).select('id'),
  );
  venue.newsFiles[venue.newsFiles.length - 1]!.until = at;
  venue.newsFiles.push({ path, from: at, until: null });
}
