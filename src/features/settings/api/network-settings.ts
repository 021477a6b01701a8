// The network's settings (public.network_settings, one row): the loop length a new screen
// gets, and the currency every amount is shown in. Each screen keeps its own loop length
// (Equipment); this is only the default.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { message, translate } from '@/i18n';
import { defaultCurrency, setNetworkCurrency } from '@/lib/format';
import { supabase } from '@/lib/supabase';
import { failureOr } from '@/lib/write-errors';
import { loopSecondsSchema } from '@/entities/device/device-rules';
import { invalidateTable, tableKeys } from '@/entities/query-keys/table-keys';

export const networkSettingsKeys = {
  all: tableKeys.network_settings,
  settings: () => [...tableKeys.network_settings, 'settings'] as const,
};

export interface NetworkSettings {
  default_loop_seconds: number;
  /** ISO 4217 code (network_settings.currency). */
  currency: string;
}

export const networkSettingsQueryOptions = () =>
  queryOptions({
    queryKey: networkSettingsKeys.settings(),
    queryFn: async (): Promise<NetworkSettings> => {
      const { data } = await supabase
        .from('network_settings')
        .select('default_loop_seconds, currency')
        .single()
        .throwOnError();
      return { ...data, currency: data.currency ?? defaultCurrency };
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
      if (error) throw failureOr(translate('settings:loops.saveFailed'), error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkSettingsKeys.all }),
  });
}

/** The currencies offered (ISO 4217); the saved one is offered too when it is not among them. */
export const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'MXN', 'CHF', 'JPY', 'BRL', 'SEK', 'NZD'] as const;

export const currencySchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, message('settings:currency.invalid')),
});

export type CurrencyValues = z.infer<typeof currencySchema>;

/** Saves the network's currency; once saved, every amount on this device is shown in it at once. */
export function useSaveCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ currency }: CurrencyValues) => {
      const { error } = await supabase.from('network_settings').update({ currency }).eq('id', true);
      if (error) {
        const refused = /network_settings_currency_is_a_three_letter_code/.test(error.message);
        throw refused
          ? new Error(translate('settings:currency.invalid'), { cause: error })
          : failureOr(translate('settings:currency.saveFailed'), error);
      }
    },
    onSuccess: (_data, { currency }) => {
      setNetworkCurrency(currency);
      // Every read that shows money renders again in the new currency.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: networkSettingsKeys.all }),
        invalidateTable(queryClient, 'network_figures'),
      ]).then(() => undefined);
    },
  });
}
