// The signed-in venue's own screens, as venue_screens() gives them: status as the Equipment
// page computes it, last heartbeat, and what each reported playing. The database knows whose
// they are (no venue is named); Realtime on equipment_status keeps the list current.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

async function getVenueScreens() {
  const { data } = await supabase.rpc('venue_screens').throwOnError();
  return data;
}

export type VenueScreen = Awaited<ReturnType<typeof getVenueScreens>>[number];

export const venueScreensQueryOptions = () =>
  queryOptions({
    queryKey: [...tableKeys.equipment_status, 'venue-screens'] as const,
    queryFn: getVenueScreens,
  });
