// A venue's own fallback image (customers.fallback_image_path): what its walls play when
// nothing is on air, instead of the network's default.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { failureWithDetail } from '@/lib/write-errors';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { customerKeys } from './customers';

export function useSaveVenueFallback(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (path: string | null) => {
      try {
        const { data } = await supabase
          .from('customers')
          .update({ fallback_image_path: path })
          .eq('id', customerId)
          .select()
          .single()
          .throwOnError();
        return data;
      } catch (error) {
        throw failureWithDetail(translate('customers:failures.fallback'), error);
      }
    },
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(customer.id), customer);
      // Its playlist names the fallback: the Playing Now panel and any kiosk read it again.
      return invalidateTable(queryClient, 'customers');
    },
  });
}
