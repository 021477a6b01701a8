// "Does it fit?" before saving: check_campaign_booking() answers for the network campaign as
// the form would save it (without saving anything), once its fields have been still for
// BOOKING_CHECK_DEBOUNCE_MS.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';
import type { BookingCheck } from '@/types/database-json';
import {
  campaignFormSchema,
  formDateToColumn,
  networkTargets,
  scheduleWindows,
  type CampaignFormValues,
} from '../lib/campaign-schema';

/** How long the fields must be still before the booking is checked. */
export const BOOKING_CHECK_DEBOUNCE_MS = 400;

export interface BookingCheckOptions {
  /** The campaign being edited (its own booking is replaced, not added); undefined when adding. */
  campaignId?: string;
  /** Whether the campaign has slides: then they give the spot's length, else the form's spot length does. */
  hasSlides: boolean;
}

/** The form's values as check_campaign_booking() takes them. */
const checkArgs = (values: CampaignFormValues, { campaignId, hasSlides }: BookingCheckOptions) => ({
  p_name: values.name.trim(),
  p_status: values.status,
  p_advertiser_id: values.advertiser_id,
  p_spots_per_loop: values.spots_per_loop,
  p_plays_on: values.network_plays_on,
  p_targets: networkTargets(values),
  p_start_date: formDateToColumn(values.start_date) ?? undefined,
  p_end_date: formDateToColumn(values.end_date) ?? undefined,
  p_windows: scheduleWindows(values),
  ...(campaignId ? { p_id: campaignId } : {}),
  ...(hasSlides ? {} : { p_slide_seconds: values.spot_seconds }),
});

/** The values worth checking: a network campaign the form would accept (a name is not needed yet). */
function checkable(values: CampaignFormValues): CampaignFormValues | null {
  if (values.kind !== 'network') return null;
  const parsed = campaignFormSchema.safeParse({ ...values, name: values.name.trim() || 'booking check' });
  return parsed.success ? values : null;
}

async function checkBooking(args: ReturnType<typeof checkArgs>): Promise<BookingCheck> {
  const { data } = await supabase.rpc('check_campaign_booking', args).throwOnError();
  return data;
}

export type BookingCheckState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'error'; error: unknown }
  | { state: 'done'; answer: BookingCheck; values: CampaignFormValues };

/** The booking check of the form's current values, debounced; 'idle' while they are incomplete. */
export function useBookingCheck(values: CampaignFormValues, options: BookingCheckOptions): BookingCheckState {
  const ready = checkable(values);
  // Compared as text: the form hands over a new object on every render.
  const text = ready ? JSON.stringify(ready) : '';
  const settled = useDebouncedValue(text, BOOKING_CHECK_DEBOUNCE_MS);
  const checked = settled ? (JSON.parse(settled) as CampaignFormValues) : null;
  const query = useQuery({
    queryKey: [
      ...tableKeys.campaigns,
      'booking-check',
      options.campaignId ?? null,
      options.hasSlides,
      settled,
    ] as const,
    queryFn: () => checkBooking(checkArgs(checked!, options)),
    enabled: checked !== null,
    staleTime: 0,
    gcTime: 30_000,
    placeholderData: keepPreviousData,
  });
  if (!text) return { state: 'idle' };
  if (settled !== text || query.isFetching || query.isPlaceholderData || query.isPending) return { state: 'checking' };
  if (query.isError) return { state: 'error', error: query.error };
  return { state: 'done', answer: query.data, values: checked! };
}
