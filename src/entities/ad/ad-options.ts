// The ads to choose from for a slide (its plays count for the ad and its advertiser), by
// advertiser and title. Refreshed whenever the ads or advertisers change.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '../query-keys/table-keys';

async function getAdOptions() {
  const { data } = await supabase
    .from('ads')
    .select('id, title, status, advertiser_id, advertisers(business_name, advertiser_name)')
    .order('title')
    .throwOnError();
  return data
    .map((ad) => ({
      id: ad.id,
      title: ad.title,
      status: ad.status,
      advertiser: ad.advertisers?.business_name || ad.advertisers?.advertiser_name || 'No advertiser',
    }))
    .sort((a, b) => a.advertiser.localeCompare(b.advertiser) || a.title.localeCompare(b.title));
}

export type AdOption = Awaited<ReturnType<typeof getAdOptions>>[number];

export const adOptionsQuery = () =>
  queryOptions({ queryKey: [...tableKeys.ads, 'options'] as const, queryFn: getAdOptions });

/** 'Brightline Mobile · Trade-in Week (paused)': how an ad reads in a list of choices. */
export const adLabel = (ad: AdOption) =>
  `${ad.advertiser} · ${ad.title}${ad.status === 'active' ? '' : ` (${ad.status})`}`;
