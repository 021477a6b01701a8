// Delivery of network campaigns: plays expected from their schedule, spots and the screens'
// uptime against plays recorded (proof of play). network_campaign_pacing() sums every
// network campaign to today; campaign_delivery() gives one campaign's days.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';

async function getPacing() {
  const { data } = await supabase.rpc('network_campaign_pacing').throwOnError();
  return new Map(data.map((row) => [row.campaign_id, row]));
}

export type CampaignPacing = Awaited<ReturnType<typeof getPacing>> extends Map<string, infer R> ? R : never;

async function getDelivery(campaignId: string, from: string, to: string) {
  const { data } = await supabase
    .rpc('campaign_delivery', { p_campaign_id: campaignId, p_from: from, p_to: to })
    .throwOnError();
  return data;
}

export type DeliveryDay = Awaited<ReturnType<typeof getDelivery>>[number];

export const deliveryKeys = {
  /** Every network campaign's plays expected and recorded so far, by campaign id. */
  pacing: () => queryOptions({ queryKey: [...tableKeys.plays, 'pacing'] as const, queryFn: getPacing }),
  /** One network campaign's delivery per day, from `from` to `to` (calendar dates, inclusive). */
  days: (campaignId: string, from: string, to: string) =>
    queryOptions({
      queryKey: [...tableKeys.plays, 'delivery', { campaign_id: campaignId, from, to }] as const,
      queryFn: () => getDelivery(campaignId, from, to),
    }),
};
