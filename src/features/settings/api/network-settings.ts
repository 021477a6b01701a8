// The network's settings (public.network_settings, one row): the loop length a new screen
// gets. Each screen keeps its own loop length (Equipment); this is only the default.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { failureOr } from '@/lib/write-errors';
import { loopSecondsSchema } from '@/entities/device/device-rules';
import { tableKeys } from '@/entities/query-keys/table-keys';

export const networkSettingsKeys = {
  all: tableKeys.network_settings,
  settings: () => [...tableKeys.network_settings, 'settings'] as const,
};

export interface NetworkSettings {
  default_loop_seconds: number;
}

export const networkSettingsQueryOptions = () =>
  queryOptions({
    queryKey: networkSettingsKeys.settings(),
    queryFn: async (): Promise<NetworkSettings> => {
      const { data } = await supabase.from('network_settings').select('default_loop_seconds').single().throwOnError();
      return data;
    },
  });

export const networkSettingsSchema = z.object({
  default_loop_seconds: loopSecondsSchema,
});

export type NetworkSettingsValues = z.infer<typeof networkSettingsSchema>;

export function useSaveNetworkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: NetworkSettingsValues) => {
      const { error } = await supabase
        .from('network_settings')
        .update({ default_loop_seconds: values.default_loop_seconds })
        .eq('id', true);
      if (error) throw failureOr('Failed to save the network settings', error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkSettingsKeys.all }),
  });
}
