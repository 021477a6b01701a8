import { z } from 'zod';
import { calendarDate } from '@/entities/campaign/campaign-dates';
import { CAMPAIGN_STATUSES } from '../api/campaigns';

/** A date input's value (yyyy-mm-dd) or empty. */
const optionalDate = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a valid date');

/** The campaign form: name, customer and status required; dates optional, the end not before the start. */
export const campaignFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required'),
    customer_id: z.string().min(1, 'Customer is required'),
    status: z.enum(CAMPAIGN_STATUSES, { error: 'Status is required' }),
    start_date: optionalDate,
    end_date: optionalDate,
  })
  .refine((value) => !value.start_date || !value.end_date || value.end_date >= value.start_date, {
    path: ['end_date'],
    message: 'End date cannot be before the start date',
  });

export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

export const emptyCampaignForm: CampaignFormValues = {
  name: '',
  customer_id: '',
  status: 'active',
  start_date: '',
  end_date: '',
};

/** A date input value (yyyy-mm-dd) as the calendar date column takes it, or null when empty. */
export const formDateToColumn = (value: string) => calendarDate(value);

/** A stored calendar date as a date input value ('' when there is none). */
export const columnToFormDate = (value: string | null) => calendarDate(value) ?? '';
