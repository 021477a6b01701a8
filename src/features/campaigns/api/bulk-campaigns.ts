// Bulk changes of campaigns, each one database call that changes every campaign named or
// none (bulk_set_campaign_status, bulk_delete_campaigns, bulk_retarget_campaigns; admins,
// operators and sales). A rule broken for one campaign (an ended campaign resumed, a venue's
// campaign retargeted, an overbooked screen) fails the call with a message naming it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { supabase } from '@/lib/supabase';
import { failureOr } from '@/lib/write-errors';

export type TargetKind = 'customer_id' | 'group_id' | 'device_id';

export type BulkCampaignAction =
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'delete' }
  | { kind: 'retarget'; target: TargetKind; id: string; name: string };

/** What bulk_set_campaign_status answers. */
interface StatusSummary {
  changed: number;
  active: number;
  scheduled: number;
  paused: number;
  unchanged: number;
}

const campaigns = (n: number) => `${n} ${n === 1 ? 'campaign' : 'campaigns'}`;

async function runBulk(ids: string[], action: BulkCampaignAction): Promise<string> {
  const fail = (error: unknown) => failureOr('Nothing was changed: the campaigns could not be updated', error);
  if (action.kind === 'pause' || action.kind === 'resume') {
    const { data, error } = await supabase.rpc('bulk_set_campaign_status', {
      p_campaign_ids: ids,
      p_status: action.kind === 'pause' ? 'paused' : 'active',
    });
    if (error) throw fail(error);
    const summary = data as unknown as StatusSummary;
    const parts =
      action.kind === 'pause'
        ? [`Paused ${campaigns(summary.paused)}`]
        : [
            `Resumed ${campaigns(summary.active)}`,
            ...(summary.scheduled > 0 ? [`${summary.scheduled} scheduled to start later`] : []),
          ];
    if (summary.unchanged > 0) parts.push(`${summary.unchanged} already ${action.kind === 'pause' ? 'paused' : 'on'}`);
    return parts.join('; ');
  }
  if (action.kind === 'delete') {
    const { data, error } = await supabase.rpc('bulk_delete_campaigns', { p_campaign_ids: ids });
    if (error) throw fail(error);
    return `Deleted ${campaigns(data)}`;
  }
  const { data, error } = await supabase.rpc('bulk_retarget_campaigns', {
    p_campaign_ids: ids,
    p_targets: [{ [action.target]: action.id }],
  });
  if (error) throw fail(error);
  return `Retargeted ${campaigns(data)} to ${action.name}`;
}

/** Runs one bulk action; answers the summary of what changed, for a toast. */
export function useBulkCampaigns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: BulkCampaignAction }) => runBulk(ids, action),
    onSuccess: () => invalidateTable(queryClient, 'campaigns'),
  });
}
