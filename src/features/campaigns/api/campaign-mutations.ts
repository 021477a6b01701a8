// Campaign writes. Each mutation refreshes the campaign queries (and with them the chosen
// screens and playlists) before it settles. Saving the form writes the campaign, then its
// chosen screens.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { chosenScreens, formDateToColumn, type CampaignFormValues } from '../lib/campaign-schema';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { replaceCampaignScreens } from './campaign-screens';

const formToRow = (values: CampaignFormValues) => ({
  name: values.name.trim(),
  customer_id: values.customer_id,
  status: values.status,
  start_date: formDateToColumn(values.start_date),
  end_date: formDateToColumn(values.end_date),
});

async function createCampaign(values: CampaignFormValues) {
  const { data } = await supabase
    .from('campaigns')
    .insert({
      ...formToRow(values),
      // The defaults of a new campaign; slides are added in the builder.
      total_duration: 0,
      slide_count: 0,
      content_type: 'mixed',
      priority: 1,
      display_duration: 10,
    })
    .select('id')
    .single()
    .throwOnError();
  try {
    await replaceCampaignScreens(data.id, chosenScreens(values));
  } catch (error) {
    // Not half a campaign: a new one whose screens failed is removed again, so that saving
    // the form once more does not create a second one.
    await supabase.from('campaigns').delete().eq('id', data.id);
    throw error;
  }
  return data;
}

async function updateCampaign({ id, values }: { id: string; values: CampaignFormValues }) {
  await supabase.from('campaigns').update(formToRow(values)).eq('id', id).throwOnError();
  await replaceCampaignScreens(id, chosenScreens(values));
}

async function deleteCampaign(id: string) {
  await supabase.from('campaigns').delete().eq('id', id).throwOnError();
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => invalidateTable(queryClient, 'campaigns'),
  });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: () => invalidateTable(queryClient, 'campaigns'),
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => invalidateTable(queryClient, 'campaigns'),
  });
}

/** The text of a failed campaign save: message, details or hint, else a fallback. */
export function saveErrorText(error: unknown, fallback = 'Failed to save campaign'): string {
  if (error && typeof error === 'object') {
    const { message, details, hint } = error as { message?: unknown; details?: unknown; hint?: unknown };
    for (const text of [message, details, hint]) if (typeof text === 'string' && text) return text;
  }
  return fallback;
}
