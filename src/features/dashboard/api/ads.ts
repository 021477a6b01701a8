// Ads: one key factory for the ads table; the overview shows the newest few.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

export interface AdFilters {
  limit: number;
}

export const adKeys = {
  all: tableKeys.ads,
  lists: () => [...adKeys.all, 'list'] as const,
  list: (filters: AdFilters) => [...adKeys.lists(), filters] as const,
};

async function fetchAds({ limit }: AdFilters) {
  const { data } = await supabase
    .from('ads')
    .select('id, title, status, daily_budget, created_at, advertisers(advertiser_name, business_name)')
    .order('created_at', { ascending: false })
    .limit(limit)
    .throwOnError();
  return data;
}

export type AdActivity = Awaited<ReturnType<typeof fetchAds>>[number];

export const adsQueryOptions = (filters: AdFilters) =>
  queryOptions({ queryKey: adKeys.list(filters), queryFn: () => fetchAds(filters) });
