// The devices (screens) of one venue by name: the campaign form's "Chosen screens" and the
// Equipment page's "Merge into" both choose from them.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

async function getVenueDevices(customerId: string) {
  const { data } = await supabase
    .from('equipment_status')
    .select('id, device_name, location')
    .eq('customer_id', customerId)
    .order('device_name')
    .throwOnError();
  return data;
}

export type VenueDevice = Awaited<ReturnType<typeof getVenueDevices>>[number];

export const venueDevicesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...tableKeys.equipment_status, 'list', { customer_id: customerId }] as const,
    queryFn: () => getVenueDevices(customerId),
  });
