// Advertiser reads: one key factory for the advertisers table, with queryOptions so
// keys and data types travel together. Lists are searched, filtered and paged by the
// database; the browser never loads every advertiser.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { containsPattern } from '@/lib/search-pattern';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';
import { tableKeys } from '@/entities/query-keys/table-keys';

export const ADVERTISER_STATUSES = ['active', 'pending', 'inactive', 'maintenance'] as const;
export type AdvertiserStatus = (typeof ADVERTISER_STATUSES)[number];

export const ADVERTISER_PAGE_SIZE = 24;

export type Advertiser = Tables<'advertisers'>;

export interface AdvertiserFilters {
  /** Matches company (business_name) or contact person (advertiser_name), anywhere, any case. */
  search: string;
  status: AdvertiserStatus | 'all';
  /** 0-based page of ADVERTISER_PAGE_SIZE rows. */
  page: number;
}

export const advertiserKeys = {
  all: tableKeys.advertisers,
  lists: () => [...advertiserKeys.all, 'list'] as const,
  list: (filters: AdvertiserFilters) => [...advertiserKeys.lists(), filters] as const,
  details: () => [...advertiserKeys.all, 'detail'] as const,
  detail: (id: string) => [...advertiserKeys.details(), id] as const,
};

async function fetchAdvertisers({ search, status, page }: AdvertiserFilters) {
  const from = page * ADVERTISER_PAGE_SIZE;
  let query = supabase
    .from('advertisers')
    .select('*', { count: 'exact' })
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + ADVERTISER_PAGE_SIZE - 1);
  if (status !== 'all') query = query.eq('status', status);
  const term = search.trim();
  if (term) {
    const pattern = containsPattern(term);
    query = query.or(`business_name.ilike.${pattern},advertiser_name.ilike.${pattern}`);
  }
  const { data, count } = await query.throwOnError();
  return { advertisers: data, total: count ?? data.length };
}

export const advertisersQueryOptions = (filters: AdvertiserFilters) =>
  queryOptions({
    queryKey: advertiserKeys.list(filters),
    queryFn: () => fetchAdvertisers(filters),
    placeholderData: keepPreviousData,
  });

async function fetchAdvertiser(id: string) {
  const { data } = await supabase.from('advertisers').select('*').eq('id', id).maybeSingle().throwOnError();
  return data;
}

/** One advertiser, or null when there is none with this id. */
export const advertiserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: advertiserKeys.detail(id),
    queryFn: () => fetchAdvertiser(id),
  });

export const LOGO_BUCKET = 'advertiser-logos';
/** Signed logo links last an hour. */
export const LOGO_LINK_SECONDS = 3600;
