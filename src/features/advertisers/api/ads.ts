// An advertiser's ads: what they pay to show. Slides name an ad, so the reports count its
// plays for the ad and the advertiser.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { failureOr } from '@/lib/write-errors';
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
  title: z.string().trim().min(1, { error: 'Title is required' }).max(200, { error: 'At most 200 characters' }),
  status: z.enum(AD_STATUSES),
  daily_budget: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+(\.\d{1,2})?$/.test(v), { error: 'Enter an amount like 45 or 45.50' }),
});

export type AdFormValues = z.infer<typeof adFormSchema>;

const toRow = (values: AdFormValues) => ({
  title: values.title,
  status: values.status,
  daily_budget: values.daily_budget === '' ? null : Number(values.daily_budget),
});

export function useSaveAd(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: string | null; values: AdFormValues }) => {
      const { error } = id
        ? await supabase.from('ads').update(toRow(values)).eq('id', id)
        : await supabase.from('ads').insert({ ...toRow(values), advertiser_id: advertiserId });
      if (error) throw failureOr(id ? 'Failed to update ad' : 'Failed to add ad', error);
    },
    onSuccess: () => invalidateTable(queryClient, 'ads'),
  });
}
