// Bulk changes of campaigns, each one database call that changes every campaign named or
// none (bulk_set_campaign_status, bulk_delete_campaigns, bulk_retarget_campaigns; admins,
// operators and sales). A rule broken for one campaign (an ended campaign resumed, a venue's
// campaign retargeted, an overbooked screen) fails the call with a message naming it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { supabase } from '@/lib/supabase';
import { translate } from '@/i18n';
import { serverMessage } from '@/lib/write-errors';
import { localServerMessage } from '../lib/server-messages';

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

async function runBulk(ids: string[], action: BulkCampaignAction): Promise<string> {
  const fail = (error: unknown) => {
    const text = serverMessage(error);
    return new Error(text ? localServerMessage(text) : translate('campaigns:bulk.failed'), { cause: error });
  };
  if (action.kind === 'pause' || action.kind === 'resume') {
    const { data, error } = await supabase.rpc('bulk_set_campaign_status', {
      p_campaign_ids: ids,
      p_status: action.kind === 'pause' ? 'paused' : 'active',
    });
    if (error) throw fail(error);
    const summary = data as unknown as StatusSummary;
    const parts =
      action.kind === 'pause'
        ? [translate('campaigns:bulk.summary.paused', { count: summary.paused })]
        : [
            translate('campaigns:bulk.summary.resumed', { count: summary.active }),
            ...(summary.scheduled > 0
              ? [translate('campaigns:bulk.summary.scheduled', { count: summary.scheduled })]
              : []),
          ];
    if (summary.unchanged > 0)
      parts.push(
        translate(action.kind === 'pause' ? 'campaigns:bulk.summary.alreadyPaused' : 'campaigns:bulk.summary.alreadyOn', {
          count: summary.unchanged,
        }),
      );
    return parts.join('; ');
  }
  if (action.kind === 'delete') {
    const { data, error } = await supabase.rpc('bulk_delete_campaigns', { p_campaign_ids: ids });
    if (error) throw fail(error);
    return translate('campaigns:bulk.summary.deleted', { count: data });
  }
  const { data, error } = await supabase.rpc('bulk_retarget_campaigns', {
    p_campaign_ids: ids,
    p_targets: [{ [action.target]: action.id }],
  });
  if (error) throw fail(error);
  return translate('campaigns:bulk.summary.retargeted', { count: data, target: action.name });
}

/** Runs one bulk action; answers the summary of what changed, for a toast. */
export function useBulkCampaigns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: BulkCampaignAction }) => runBulk(ids, action),
    onSuccess: () => invalidateTable(queryClient, 'campaigns'),
  });
}
