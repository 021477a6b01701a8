// Bulk changes of screens, each one database call that changes every screen named or none
// (bulk_move_screens, bulk_set_orientation, bulk_revoke_screens, bulk_delete_screens; admins
// and operators). Each answers how many screens it changed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Orientation } from '@/entities/device/device-rules';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { supabase } from '@/lib/supabase';
import { deviceFailure } from '@/entities/device/server-errors';
import { translate } from '@/i18n';

export type BulkScreenAction =
  | { kind: 'move'; customerId: string; venueName: string }
  | { kind: 'orientation'; orientation: Orientation }
  | { kind: 'revoke' }
  | { kind: 'delete' };

async function runBulk(ids: string[], action: BulkScreenAction): Promise<number> {
  const call = () => {
    switch (action.kind) {
      case 'move':
        return supabase.rpc('bulk_move_screens', { p_device_ids: ids, p_customer_id: action.customerId });
      case 'orientation':
        return supabase.rpc('bulk_set_orientation', { p_device_ids: ids, p_orientation: action.orientation });
      case 'revoke':
        return supabase.rpc('bulk_revoke_screens', { p_device_ids: ids });
      case 'delete':
        return supabase.rpc('bulk_delete_screens', { p_device_ids: ids });
    }
  };
  const { data, error } = await call();
  if (error) throw deviceFailure(translate('equipment:bulk.failed'), error);
  return data;
}

/** What a finished bulk action did, for its toast: 'Moved 3 screens to Corner Cafe'. */
export function bulkSummary(action: BulkScreenAction, changed: number): string {
  const count = changed;
  switch (action.kind) {
    case 'move':
      return translate('equipment:bulk.summary.move', { count, venue: action.venueName });
    case 'orientation':
      return translate('equipment:bulk.summary.orientation', {
        count,
        orientation: translate(`equipment:orientation.lower.${action.orientation}`),
      });
    case 'revoke':
      return translate('equipment:bulk.summary.revoke', { count });
    case 'delete':
      return translate('equipment:bulk.summary.delete', { count });
  }
}

export function useBulkScreens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: BulkScreenAction }) => runBulk(ids, action),
    onSuccess: () => invalidateTable(queryClient, 'equipment_status'),
  });
}
