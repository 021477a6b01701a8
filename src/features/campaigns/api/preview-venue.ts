// Whose clock the builder's preview shows dynamic slides' times on: the campaign's venue, or
// for a network campaign the first venue (by name) it plays at: among its targets (a venue,
// a screen group's screens, single screens), or of the whole network.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

export interface PreviewVenue {
  name: string;
  timeZone: string;
}

type VenueRow = { name: string; time_zone: string } | null;

const firstByName = (venues: VenueRow[]): PreviewVenue | null => {
  const known = venues.filter((venue): venue is NonNullable<VenueRow> => venue !== null);
  known.sort((a, b) => a.name.localeCompare(b.name));
  return known[0] ? { name: known[0].name, timeZone: known[0].time_zone } : null;
};

async function getNetworkPreviewVenue(campaignId: string, playsOn: string): Promise<PreviewVenue | null> {
  if (playsOn !== 'targets') {
    const { data } = await supabase.from('customers').select('name, time_zone').order('name').limit(1).throwOnError();
    return firstByName(data);
  }
  const { data: targets } = await supabase
    .from('campaign_targets')
    .select('customer_id, group_id, device_id, customers(name, time_zone)')
    .eq('campaign_id', campaignId)
    .throwOnError();
  const venues: VenueRow[] = targets.filter((t) => t.customer_id).map((t) => t.customers);
  const groupIds = targets.flatMap((t) => (t.group_id ? [t.group_id] : []));
  const deviceIds = targets.flatMap((t) => (t.device_id ? [t.device_id] : []));
  if (groupIds.length > 0) {
    const { data: members } = await supabase
      .from('screen_group_members')
      .select('device_id')
      .in('group_id', groupIds)
      .throwOnError();
    deviceIds.push(...members.map((member) => member.device_id));
  }
  if (deviceIds.length > 0) {
    const { data: screens } = await supabase
      .from('equipment_status')
      .select('customers(name, time_zone)')
      .in('id', [...new Set(deviceIds)])
      .throwOnError();
    venues.push(...screens.map((screen) => screen.customers));
  }
  return firstByName(venues);
}

export const previewVenueKeys = {
  /** The venue whose clock a network campaign's preview uses; null when it plays nowhere yet. */
  ofNetworkCampaign: (campaignId: string, playsOn: string) =>
    queryOptions({
      queryKey: [...tableKeys.campaigns, 'preview-venue', { campaign_id: campaignId, plays_on: playsOn }] as const,
      queryFn: () => getNetworkPreviewVenue(campaignId, playsOn),
    }),
};
