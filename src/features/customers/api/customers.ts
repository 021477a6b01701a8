// Reading customers: one key factory, the list (searched, filtered and paged in the
// database), the three counts, and one customer.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Customer, CustomerStatus } from './customer-schema';
import { tableKeys } from '@/entities/query-keys/table-keys';

export const CUSTOMERS_PAGE_SIZE = 24;

export type StatusFilter = 'all' | CustomerStatus;

export interface CustomerListFilters {
  search: string;
  status: StatusFilter;
}

export const customerKeys = {
  all: tableKeys.customers,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (filters: CustomerListFilters) => [...customerKeys.lists(), filters] as const,
  counts: () => [...customerKeys.all, 'counts'] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (id: string) => [...customerKeys.details(), id] as const,
};

/**
 * An `or=` filter matching `term` anywhere in the name or the location, case-insensitively.
 * LIKE wildcards in the term match literally; the value is double-quoted so commas and
 * parentheses in it cannot break PostgREST's logic-tree syntax. ('*' is PostgREST's
 * wildcard and cannot be escaped, so it is dropped.)
 */
export function nameOrLocationFilter(term: string): string {
  const like = term.replace(/\*/g, '').replace(/[\\%_]/g, (c) => `\\${c}`);
  const quoted = `"${`*${like}*`.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `name.ilike.${quoted},location.ilike.${quoted}`;
}

export interface CustomerPage {
  customers: Customer[];
  /** Customers matching the filters in all pages. */
  total: number;
  /** Offset of the next page, or null after the last. */
  nextOffset: number | null;
}

export async function getCustomerPage(filters: CustomerListFilters, offset: number): Promise<CustomerPage> {
  let query = supabase.from('customers').select('*', { count: 'exact' });
  const term = filters.search.trim();
  if (term) query = query.or(nameOrLocationFilter(term));
  if (filters.status !== 'all') query = query.eq('status', filters.status);
  const { data, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + CUSTOMERS_PAGE_SIZE - 1)
    .throwOnError();
  const total = count ?? data.length;
  const loaded = offset + data.length;
  return { customers: data, total, nextOffset: loaded < total && data.length > 0 ? loaded : null };
}

export const customerListOptions = (filters: CustomerListFilters) =>
  infiniteQueryOptions({
    queryKey: customerKeys.list(filters),
    queryFn: ({ pageParam }) => getCustomerPage(filters, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
  });

export interface CustomerCounts {
  total: number;
  active: number;
  inactive: number;
}

/** How many customers there are, in the database (three head requests, no rows sent). */
export async function getCustomerCounts(): Promise<CustomerCounts> {
  const count = async (status?: CustomerStatus) => {
    let query = supabase.from('customers').select('id', { count: 'exact', head: true });
    if (status) query = query.eq('status', status);
    const { count: n } = await query.throwOnError();
    return n ?? 0;
  };
  const [total, active, inactive] = await Promise.all([count(), count('active'), count('inactive')]);
  return { total, active, inactive };
}

export const customerCountsOptions = () =>
  queryOptions({ queryKey: customerKeys.counts(), queryFn: getCustomerCounts });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One customer, or null when there is none with this id (an id that is not a UUID included). */
export async function getCustomer(id: string): Promise<Customer | null> {
  if (!UUID.test(id)) return null;
  const { data } = await supabase.from('customers').select('*').eq('id', id).maybeSingle().throwOnError();
  return data;
}

export const customerDetailOptions = (id: string) =>
  queryOptions({ queryKey: customerKeys.detail(id), queryFn: () => getCustomer(id) });
