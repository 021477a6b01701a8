// The venues to choose from in a form (a campaign's venue, a new screen's venue).
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '../query-keys/table-keys';

async function getVenueOptions() {
  const { data } = await supabase.from('customers').select('id, name, location, time_zone').order('name').throwOnError();
  return data;
}

export type VenueOption = Awaited<ReturnType<typeof getVenueOptions>>[number];

/** Every venue by name, for selects; refreshed whenever the customers table changes. */
export const venueOptionsQuery = () =>
  queryOptions({ queryKey: [...tableKeys.customers, 'options'] as const, queryFn: getVenueOptions });
