// An advertiser's ads: what they pay to show. Slides name an ad, so the reports count its
// plays for the ad and the advertiser.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { message, translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { serverFailure } from '@/entities/advertiser/server-errors';
import { invalidateTable, tableKeys } from '@/entities/query-keys/table-keys';

export const AD_STATUSES = ['active', 'pending', 'paused', 'other'] as const;

async function getAdvertiserAds(advertiserId: string) {
  const { data } = await supabase
    .from('ads')
    .select('id, title, status, daily_budget, created_at')
    .eq('advertiser_id', advertiserId)
    .order('created_at', { ascending: false })
    .throwOnError();
  return data;
}

export type AdvertiserAd = Awaited<ReturnType<typeof getAdvertiserAds>>[number];

export const advertiserAdsQueryOptions = (advertiserId: string) =>
  queryOptions({
    queryKey: [...tableKeys.ads, 'list', { advertiser_id: advertiserId }] as const,
    queryFn: () => getAdvertiserAds(advertiserId),
  });

export const adFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, message('advertisers:ads.form.errors.titleRequired'))
    .max(200, message('advertisers:ads.form.errors.titleMax', { count: 200 })),
  status: z.enum(AD_STATUSES),
  /** An amount with at most two decimals, written with a point or a comma (45.50 or 45,50). */
  daily_budget: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+([.,]\d{1,2})?$/.test(v), { ...message('advertisers:ads.form.errors.budget') }),
});

export type AdFormValues = z.infer<typeof adFormSchema>;

const toRow = (values: AdFormValues) => ({
  title: values.title,
  status: values.status,
  daily_budget: values.daily_budget === '' ? null : Number(values.daily_budget.replace(',', '.')),
});

export function useSaveAd(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: string | null; values: AdFormValues }) => {
      const { error } = id
        ? await supabase.from('ads').update(toRow(values)).eq('id', id)
        : await supabase.from('ads').insert({ ...toRow(values), advertiser_id: advertiserId });
      if (error) {
        throw serverFailure(translate(id ? 'advertisers:ads.updateFailed' : 'advertisers:ads.addFailed'), error);
      }
    },
    onSuccess: () => invalidateTable(queryClient, 'ads'),
  });
}
