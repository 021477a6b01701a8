// Targeting reads: the screens (equipment_status devices) of a venue to choose from, and
// the screens a campaign with plays_on 'chosen' plays on (campaign_screens).
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

async function getCampaignScreens(campaignId: string) {
  const { data } = await supabase
    .from('campaign_screens')
    .select('device_id, equipment_status(device_name)')
    .eq('campaign_id', campaignId)
    .throwOnError();
  return data
    .map((row) => ({ device_id: row.device_id, device_name: row.equipment_status?.device_name ?? '' }))
    .sort((a, b) => a.device_name.localeCompare(b.device_name));
}

export type CampaignScreen = Awaited<ReturnType<typeof getCampaignScreens>>[number];

export const campaignScreenKeys = {
  /** The screens a campaign is limited to, by name; empty when it plays on every screen. */
  ofCampaign: (campaignId: string) =>
    queryOptions({
      queryKey: [...tableKeys.campaign_screens, 'list', { campaign_id: campaignId }] as const,
      queryFn: () => getCampaignScreens(campaignId),
    }),
};
