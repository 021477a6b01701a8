// Reads the advertiser's raw plays of a period for the proof-of-play CSV. Row-level security
// gives an advertiser's login its own plays only; raw plays are kept 30 days. Pages of 1000
// in (started_at, id) order, each starting after the last row of the one before.
import { supabase } from '@/lib/supabase';
import { playInPeriod, playsCsv, type PlayNames, type RawPlay } from '../lib/plays-csv';
import type { PortalScreen } from './portal-queries';

const PAGE_SIZE = 1000;
/** A local day starts up to 14 hours before or after its UTC day. */
const MARGIN_MS = 14 * 3600_000;

export async function exportPlays(
  { from, to }: { from: string; to: string },
  screens: readonly PortalScreen[],
  onProgress: (read: number) => void,
): Promise<{ csv: string; rows: number }> {
  const start = new Date(Date.parse(`${from}T00:00:00Z`) - MARGIN_MS).toISOString();
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000 + MARGIN_MS).toISOString();
  const plays: RawPlay[] = [];
  let last: RawPlay | undefined;
  for (;;) {
    let query = supabase
      .from('plays')
      .select('id, started_at, seconds, device_id, campaign_id, slide_id, ad_id')
      .gte('started_at', start)
      .lt('started_at', end);
    if (last) {
      query = query.or(`started_at.gt."${last.started_at}",and(started_at.eq."${last.started_at}",id.gt.${last.id})`);
    }
    const { data } = await query.order('started_at').order('id').limit(PAGE_SIZE).throwOnError();
    if (data.length === 0) break;
    plays.push(...data);
    last = data[data.length - 1];
    onProgress(plays.length);
    if (data.length < PAGE_SIZE) break;
  }

  const [campaigns, slides, ads] = await Promise.all([
    supabase.from('campaigns').select('id, name').throwOnError(),
    supabase.from('campaign_items').select('id, title').throwOnError(),
    supabase.from('ads').select('id, title').throwOnError(),
  ]);
  const names: PlayNames = {
    screens: new Map(screens.map((s) => [s.deviceId, s])),
    campaigns: new Map(campaigns.data.map((c) => [c.id, c.name])),
    slides: new Map(slides.data.map((s) => [s.id, s.title])),
    ads: new Map(ads.data.map((a) => [a.id, a.title])),
  };
  const kept = plays.filter((p) => playInPeriod(p, names, from, to));
  return { csv: playsCsv(kept, names), rows: kept.length };
}
