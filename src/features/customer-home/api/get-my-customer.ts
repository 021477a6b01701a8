// The signed-in customer's own account row. Row-level security shows a customer only the
// row whose e-mail equals theirs, so no filter is needed (and none could widen it).
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

const COLUMNS =
  'id, name, email, location, contact_phone, note, notes, status, monthly_fee, signup_date, installation_date, location_photo, agreement_file, time_zone, locale';

export const myCustomerKeys = {
  all: [...tableKeys.customers, 'mine'] as const,
  detail: (userId: string) => [...myCustomerKeys.all, userId] as const,
};

async function getMyCustomer() {
  const { data } = await supabase.from('customers').select(COLUMNS).limit(1).maybeSingle().throwOnError();
  return data;
}

export type MyCustomer = NonNullable<Awaited<ReturnType<typeof getMyCustomer>>>;

export const myCustomerQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myCustomerKeys.detail(userId),
    queryFn: getMyCustomer,
  });
