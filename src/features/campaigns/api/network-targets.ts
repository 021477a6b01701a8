// What a network campaign can target and what it does target: the venues (customers), the
// screen groups with their members, every screen at a venue, and a campaign's saved targets
// (campaign_targets) with their names.
import { translate } from '@/i18n';
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

/** The root of screen group reads (the screen_groups and screen_group_members tables). */
const SCREEN_GROUPS_KEY = ['screen_groups'] as const;

async function getScreenGroups() {
  const { data } = await supabase
    .from('screen_groups')
    .select('id, name, colour, screen_group_members(device_id)')
    .order('name')
    .throwOnError();
  return data.map((group) => ({
    id: group.id,
    name: group.name,
    colour: group.colour,
    device_ids: group.screen_group_members.map((member) => member.device_id),
  }));
}

export type ScreenGroupOption = Awaited<ReturnType<typeof getScreenGroups>>[number];

async function getNetworkScreens() {
  const { data } = await supabase
    .from('equipment_status_live')
    .select('id, device_name, location, customer_id, customer_name, live_status')
    .not('customer_id', 'is', null)
    .order('customer_name')
    .order('device_name')
    .throwOnError();
  return data.flatMap((screen) =>
    screen.id && screen.customer_id
      ? [
          {
            id: screen.id,
            device_name: screen.device_name ?? translate('campaigns:unnamedScreen'),
            location: screen.location,
            customer_id: screen.customer_id,
            customer_name: screen.customer_name ?? '',
            live_status: screen.live_status,
          },
        ]
      : [],
  );
}

export type NetworkScreen = Awaited<ReturnType<typeof getNetworkScreens>>[number];

async function getCampaignTargets(campaignId: string) {
  const { data } = await supabase
    .from('campaign_targets')
    .select('customer_id, group_id, device_id, customers(name), screen_groups(name), equipment_status(device_name)')
    .eq('campaign_id', campaignId)
    .throwOnError();
  return data;
}

export type CampaignTargetRow = Awaited<ReturnType<typeof getCampaignTargets>>[number];

export const networkTargetKeys = {
  /** Every screen group by name, with its members' ids. */
  groups: () => queryOptions({ queryKey: [...SCREEN_GROUPS_KEY, 'options'] as const, queryFn: getScreenGroups }),
  /** Every screen that belongs to a venue (what "the whole network" plays on), by venue and name. */
  screens: () =>
    queryOptions({
      queryKey: [...tableKeys.equipment_status, 'list', 'network'] as const,
      queryFn: getNetworkScreens,
    }),
  /** A network campaign's targets, with the names of what they name. */
  ofCampaign: (campaignId: string) =>
    queryOptions({
      queryKey: [...tableKeys.campaigns, 'targets', { campaign_id: campaignId }] as const,
      queryFn: () => getCampaignTargets(campaignId),
    }),
};
