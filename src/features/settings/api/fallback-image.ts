// The network's default fallback image (network_settings.fallback_image_path): what a wall
// with nothing on air plays when its venue chose none.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { translate } from '@/i18n';
import { failureOr } from '@/lib/write-errors';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { networkSettingsKeys } from './network-settings';

export const networkFallbackQueryOptions = () =>
  queryOptions({
    queryKey: [...networkSettingsKeys.all, 'fallback'] as const,
    queryFn: async () => {
      const { data } = await supabase.from('network_settings').select('fallback_image_path').single().throwOnError();
      return data;
    },
  });

export function useSaveNetworkFallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (path: string | null) => {
      const { error } = await supabase.from('network_settings').update({ fallback_image_path: path }).eq('id', true);
      if (error) throw failureOr(translate('settings:fallback.saveFailed'), error);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: networkSettingsKeys.all }),
        invalidateTable(queryClient, 'player_playlist'),
      ]),
  });
}
