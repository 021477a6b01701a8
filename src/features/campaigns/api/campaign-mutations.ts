// Campaign writes. Each mutation refreshes the campaign queries (and with them the chosen
// screens and playlists) before it settles. Saving the form is one call, save_campaign():
// the campaign and its chosen screens (a venue's) or targets (a network campaign's) are
// written together or not at all. A network booking that would overbook a screen is refused
// with PT409 and the first overbooked moment (overbookingOf).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Overbooking } from '@/types/database-json';
import {
  chosenScreens,
  formDateToColumn,
  networkTargets,
  priceArgs,
  scheduleWindows,
  type CampaignFormValues,
} from '../lib/campaign-schema';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { translate } from '@/i18n';
import { localServerMessage } from '../lib/server-messages';

/** The form's values as save_campaign() takes them (one transaction: fields and screens, or targets). */
const formToArgs = (values: CampaignFormValues) =>
  values.kind === 'network' ? networkArgs(values) : venueArgs(values);

const venueArgs = (values: CampaignFormValues) => ({
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

/** A network campaign: no venue, its advertiser, spots per loop, price and targets (or the whole network). */
const networkArgs = (values: CampaignFormValues) => ({
  p_name: values.name.trim(),
  p_customer_id: null,
  p_advertiser_id: values.advertiser_id,
  p_status: values.status,
  p_start_date: formDateToColumn(values.start_date) ?? undefined,
  p_end_date: formDateToColumn(values.end_date) ?? undefined,
  p_plays_on: values.network_plays_on,
  p_targets: networkTargets(values),
  p_spots_per_loop: values.spots_per_loop,
  p_priority: values.priority,
  p_windows: scheduleWindows(values),
  ...priceArgs(values),
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

/** The text of a failed campaign save: message, details or hint (ours in the current language), else a fallback. */
export function saveErrorText(error: unknown, fallback = translate('campaigns:save.failed')): string {
  if (error && typeof error === 'object') {
    const { message, details, hint } = error as { message?: unknown; details?: unknown; hint?: unknown };
    for (const text of [message, details, hint]) if (typeof text === 'string' && text) return localServerMessage(text);
  }
  return fallback;
}

/**
 * The overbooked moment of a refused network booking: a PT409 whose details are the JSON the
 * database sends with it, with its message. null for any other failure (the slide builder's
 * "saved by someone else" is a PT409 too, without those details).
 */
export function overbookingOf(error: unknown): (Overbooking & { message: string }) | null {
  if (!error || typeof error !== 'object') return null;
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  if (code !== 'PT409' || typeof message !== 'string' || typeof details !== 'string') return null;
  try {
    const parsed = JSON.parse(details) as Partial<Overbooking> | null;
    if (!parsed || typeof parsed.loop_seconds !== 'number' || typeof parsed.booked_seconds !== 'number') return null;
    return {
      message: localServerMessage(message),
      device_id: String(parsed.device_id ?? ''),
      day: String(parsed.day ?? ''),
      time: String(parsed.time ?? ''),
      booked_seconds: parsed.booked_seconds,
      loop_seconds: parsed.loop_seconds,
    };
  } catch {
    return null;
  }
}
