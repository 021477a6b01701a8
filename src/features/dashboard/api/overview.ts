// The overview's figures, each counted or summed by the database (head count
// queries and one function), never by loading rows. Keys start with the table they
// read, so a change invalidated under that table refreshes the figure too.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

export const overviewKeys = {
  activeCustomers: () => [...tableKeys.customers, 'count', { status: 'active' }] as const,
  activeAdvertisers: () => [...tableKeys.advertisers, 'count', { status: 'active' }] as const,
  runningAds: () => [...tableKeys.ads, 'count', { status: 'active' }] as const,
  monthlyRevenue: () => [...tableKeys.customers, 'monthly-revenue'] as const,
};

async function countActive(table: 'customers' | 'advertisers' | 'ads'): Promise<number> {
  const { count } = await supabase
    .from(table)
    .select('*', { count: 'exact', head: true })
    .eq('status', 'active')
    .throwOnError();
  return count ?? 0;
}

export const activeCustomersQueryOptions = () =>
  queryOptions({ queryKey: overviewKeys.activeCustomers(), queryFn: () => countActive('customers') });

export const activeAdvertisersQueryOptions = () =>
  queryOptions({ queryKey: overviewKeys.activeAdvertisers(), queryFn: () => countActive('advertisers') });

export const runningAdsQueryOptions = () =>
  queryOptions({ queryKey: overviewKeys.runningAds(), queryFn: () => countActive('ads') });

export interface MonthlyRevenue {
  /** Sum of the active customers' monthly fees. */
  total: number;
  /** How many active customers pay it. */
  customers: number;
  /** total / customers (0 without customers). */
  average: number;
}

async function fetchMonthlyRevenue(): Promise<MonthlyRevenue> {
  const { data } = await supabase.rpc('active_monthly_revenue').single().throwOnError();
  const total = Number(data.total);
  const customers = Number(data.customers);
  return { total, customers, average: customers > 0 ? total / customers : 0 };
}

export const monthlyRevenueQueryOptions = () =>
  queryOptions({ queryKey: overviewKeys.monthlyRevenue(), queryFn: fetchMonthlyRevenue });
