// The ads to choose from for a slide (its plays count for the ad and its advertiser), by
// advertiser and title. Refreshed whenever the ads or advertisers change.
import { queryOptions } from '@tanstack/react-query';
import { translate } from '@/i18n';
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
      advertiser: ad.advertisers?.business_name || ad.advertisers?.advertiser_name || null,
    }))
    .sort((a, b) => (a.advertiser ?? '').localeCompare(b.advertiser ?? '') || a.title.localeCompare(b.title));
}

export type AdOption = Awaited<ReturnType<typeof getAdOptions>>[number];

export const adOptionsQuery = () =>
  queryOptions({ queryKey: [...tableKeys.ads, 'options'] as const, queryFn: getAdOptions });

/** 'Brightline Mobile · Trade-in Week (paused)': how an ad reads in a list of choices. */
export function adLabel(ad: AdOption): string {
  const advertiser = ad.advertiser ?? translate('builder:ad.noAdvertiser');
  if (ad.status === 'active') return translate('builder:ad.option', { advertiser, title: ad.title });
  const status = translate(`builder:ad.status.${ad.status}` as never, { defaultValue: ad.status });
  return translate('builder:ad.optionWithStatus', { advertiser, title: ad.title, status });
}
