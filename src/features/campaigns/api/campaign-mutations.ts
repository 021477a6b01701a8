// Campaign writes. Each mutation refreshes the campaign queries (and with them the chosen
// screens and playlists) before it settles. Saving the form is one call, save_campaign():
// the campaign and its chosen screens are written together or not at all.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { chosenScreens, formDateToColumn, scheduleWindows, type CampaignFormValues } from '../lib/campaign-schema';
import { invalidateTable } from '@/entities/query-keys/table-keys';

/** The form's values as save_campaign() takes them (one transaction: fields and screens). */
const formToArgs = (values: CampaignFormValues) => ({
  p_name: values.name.trim(),
  p_customer_id: values.customer_id,
  p_status: values.status,
  p_start_date: formDateToColumn(values.start_date) ?? undefined,
  p_end_date: formDateToColumn(values.end_date) ?? undefined,
  p_plays_on: values.targeting,
  p_screen_ids: chosenScreens(values),
  p_priority: values.priority,
  p_windows: scheduleWindows(values),
});

async function createCampaign(values: CampaignFormValues) {
  const { data } = await supabase.rpc('save_campaign', formToArgs(values)).throwOnError();
  return { id: data };
}

async function updateCampaign({ id, values }: { id: string; values: CampaignFormValues }) {
  await supabase.rpc('save_campaign', { ...formToArgs(values), p_id: id }).throwOnError();
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
