// Reading customers: one key factory, the list (searched, filtered and paged in the
// database), the three counts, and one customer.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { NO_BANK_DETAILS, type Customer, type CustomerDetail, type CustomerStatus } from './customer-schema';
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
  list: (filters: CustomerListFilters & { page: number }) => [...customerKeys.lists(), filters] as const,
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
}

export interface CustomerPageFilters extends CustomerListFilters {
  /** 0-based page of CUSTOMERS_PAGE_SIZE rows. */
  page: number;
}

export async function getCustomerPage({ page, ...filters }: CustomerPageFilters): Promise<CustomerPage> {
  let query = supabase.from('customers').select('*', { count: 'exact' });
  const term = filters.search.trim();
  if (term) query = query.or(nameOrLocationFilter(term));
  if (filters.status !== 'all') query = query.eq('status', filters.status);
  const from = page * CUSTOMERS_PAGE_SIZE;
  const { data, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + CUSTOMERS_PAGE_SIZE - 1)
    .throwOnError();
  return { customers: data, total: count ?? data.length };
}

export const customerListOptions = (filters: CustomerPageFilters) =>
  queryOptions({
    queryKey: customerKeys.list(filters),
    queryFn: () => getCustomerPage(filters),
    placeholderData: keepPreviousData,
  });

/** How many customers there are in all, and in each status (the statuses add up to the total). */
export type CustomerCounts = Record<'total' | CustomerStatus, number>;

/** How many customers there are, in the database (one head request per figure, no rows sent). */
export async function getCustomerCounts(): Promise<CustomerCounts> {
  const count = async (status?: CustomerStatus) => {
    let query = supabase.from('customers').select('id', { count: 'exact', head: true });
    if (status) query = query.eq('status', status);
    const { count: n } = await query.throwOnError();
    return n ?? 0;
  };
  const [total, active, inactive, maintenance] = await Promise.all([
    count(),
    count('active'),
    count('inactive'),
    count('maintenance'),
  ]);
  return { total, active, inactive, maintenance };
}

export const customerCountsOptions = () =>
  queryOptions({ queryKey: customerKeys.counts(), queryFn: getCustomerCounts });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One customer with its bank details, or null when there is none with this id (an id that
 * is not a UUID included). The bank details read as null for whoever the database does not
 * show them to (every team role but admin).
 */
export async function getCustomer(id: string): Promise<CustomerDetail | null> {
  if (!UUID.test(id)) return null;
  const [{ data }, { data: bank }] = await Promise.all([
    supabase.from('customers').select('*').eq('id', id).maybeSingle().throwOnError(),
    getBankDetails(id),
  ]);
  return data && { ...data, ...(bank ?? NO_BANK_DETAILS) };
}

/** The venue's bank details: no row when it has none, or the reader may not see them. */
export function getBankDetails(customerId: string) {
  return supabase
    .from('customer_bank_accounts')
    .select('bank_name, account_number, routing_number')
    .eq('customer_id', customerId)
    .maybeSingle()
    .throwOnError();
}

export const customerDetailOptions = (id: string) =>
  queryOptions({ queryKey: customerKeys.detail(id), queryFn: () => getCustomer(id) });

/** What deleting a customer takes with it: their campaigns (and those campaigns' slides), and the screens it leaves without a venue. */
export interface CustomerDeleteImpact {
  campaigns: number;
  slides: number;
  screens: number;
}

export async function getCustomerDeleteImpact(id: string): Promise<CustomerDeleteImpact> {
  const [campaigns, screens] = await Promise.all([
    supabase.from('campaigns').select('slide_count').eq('customer_id', id).throwOnError(),
    supabase.from('equipment_status').select('id', { count: 'exact', head: true }).eq('customer_id', id).throwOnError(),
  ]);
  return {
    campaigns: campaigns.data.length,
    slides: campaigns.data.reduce((sum, row) => sum + (row.slide_count ?? 0), 0),
    screens: screens.count ?? 0,
  };
}

export const customerDeleteImpactOptions = (id: string) =>
  queryOptions({
    queryKey: [...customerKeys.detail(id), 'delete-impact'] as const,
    queryFn: () => getCustomerDeleteImpact(id),
    staleTime: 0,
  });
