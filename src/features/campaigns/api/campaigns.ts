// Campaign reads: one key factory for the campaigns table, with queryOptions so keys
// and data types travel together.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

export const CAMPAIGN_STATUSES = ['active', 'paused', 'scheduled', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_CONTENT_TYPES = [
  'advertisement',
  'weather',
  'news',
  'business_info',
  'promotional',
  'entertainment',
  'mixed',
] as const;
export type CampaignContentType = (typeof CAMPAIGN_CONTENT_TYPES)[number];

export interface CampaignFilters {
  search: string;
  status: CampaignStatus | 'all';
  contentType: CampaignContentType | 'all';
  /** 0-based page of CAMPAIGN_PAGE_SIZE rows. */
  page: number;
}

export const CAMPAIGN_PAGE_SIZE = 24;

/** Characters that would break a PostgREST or=(...) filter or act as wildcards. */
const searchTerm = (search: string) => search.replace(/[,()"\\*%:]/g, ' ').trim();

async function getCampaigns({ search, status, contentType, page }: CampaignFilters) {
  const from = page * CAMPAIGN_PAGE_SIZE;
  let query = supabase
    .from('campaigns')
    .select(
      'id, name, customer_id, advertiser_id, plays_on, spots_per_loop, status, start_date, end_date, content_type, priority, slide_count, total_duration, created_at, updated_at, customers(name, location, time_zone), advertisers(business_name, advertiser_name), campaign_windows(days, start_time, end_time)',
      { count: 'exact' },
    )
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + CAMPAIGN_PAGE_SIZE - 1);
  const term = searchTerm(search);
  if (term) query = query.or(`name.ilike.*${term}*,content_type.ilike.*${term}*`);
  if (status !== 'all') query = query.eq('status', status);
  if (contentType !== 'all') query = query.eq('content_type', contentType);
  const { data, count } = await query.throwOnError();
  return { campaigns: data, total: count ?? data.length };
}

export type CampaignListItem = Awaited<ReturnType<typeof getCampaigns>>['campaigns'][number];

async function getCampaign(id: string) {
  const { data } = await supabase
    .from('campaigns')
    .select(
      'id, name, customer_id, advertiser_id, spots_per_loop, price_basis, price_amount, status, start_date, end_date, plays_on, priority, slide_count, total_duration, updated_at, customers(name, time_zone), advertisers(business_name, advertiser_name), campaign_windows(days, start_time, end_time)',
    )
    .eq('id', id)
    .single()
    .throwOnError();
  return data;
}

export type CampaignDetail = Awaited<ReturnType<typeof getCampaign>>;

/** A network campaign's advertiser by the name it trades under (as the advertiser options name it). */
export const advertiserName = (advertiser: { business_name: string | null; advertiser_name: string | null } | null) =>
  advertiser ? advertiser.business_name || advertiser.advertiser_name || translate('campaigns:unnamedAdvertiser') : null;

async function getCampaignSlides(id: string) {
  const { data } = await supabase
    .from('campaign_items')
    .select('*')
    .eq('campaign_id', id)
    .order('display_order', { ascending: true })
    .throwOnError();
  return data;
}

export const campaignKeys = {
  all: tableKeys.campaigns,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (filters: CampaignFilters) =>
    queryOptions({
      queryKey: [...campaignKeys.lists(), filters] as const,
      queryFn: () => getCampaigns(filters),
      placeholderData: keepPreviousData,
    }),
  details: () => [...campaignKeys.all, 'detail'] as const,
  detail: (id: string) =>
    queryOptions({ queryKey: [...campaignKeys.details(), id] as const, queryFn: () => getCampaign(id) }),
  slides: (id: string) =>
    queryOptions({
      queryKey: [...tableKeys.campaign_items, 'list', { campaign_id: id }] as const,
      queryFn: () => getCampaignSlides(id),
      // The builder works on a snapshot: refetching under it would not change the local edits anyway.
      staleTime: Infinity,
    }),
};
