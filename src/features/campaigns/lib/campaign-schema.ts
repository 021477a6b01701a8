import { z } from 'zod';
import { calendarDate } from '@/entities/campaign/campaign-dates';
import { CAMPAIGN_STATUSES } from '../api/campaigns';

/** A date input's value (yyyy-mm-dd) or empty. */
const optionalDate = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a valid date');

/** Where a campaign plays: every screen of its venue, or only the chosen ones. */
export const CAMPAIGN_TARGETINGS = ['all', 'chosen'] as const;

/**
 * The campaign form: name, customer and status required; dates optional, the end not before
 * the start; with "Chosen screens", at least one screen of the venue.
 */
export const campaignFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required'),
    customer_id: z.string().min(1, 'Customer is required'),
    status: z.enum(CAMPAIGN_STATUSES, { error: 'Status is required' }),
    start_date: optionalDate,
    end_date: optionalDate,
    targeting: z.enum(CAMPAIGN_TARGETINGS),
    device_ids: z.array(z.string()),
  })
  .refine((value) => !value.start_date || !value.end_date || value.end_date >= value.start_date, {
    path: ['end_date'],
    message: 'End date cannot be before the start date',
  })
  .refine((value) => value.targeting === 'all' || value.device_ids.length > 0, {
    path: ['device_ids'],
    message: 'Choose at least one screen, or play on all screens.',
  });

export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

export const emptyCampaignForm: CampaignFormValues = {
  name: '',
  customer_id: '',
  status: 'active',
  start_date: '',
  end_date: '',
  targeting: 'all',
  device_ids: [],
};

/** The screens to save for the form's choice: none for "All screens of the venue". */
export const chosenScreens = (values: CampaignFormValues) => (values.targeting === 'chosen' ? values.device_ids : []);

/** A date input value (yyyy-mm-dd) as the calendar date column takes it, or null when empty. */
export const formDateToColumn = (value: string) => calendarDate(value);

/** A stored calendar date as a date input value ('' when there is none). */
export const columnToFormDate = (value: string | null) => calendarDate(value) ?? '';
