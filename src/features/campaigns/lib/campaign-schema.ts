import { z } from 'zod';
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

/** A date input value as an ISO string (midnight UTC), or null when empty. */
export const dateToIso = (value: string) => (value ? new Date(`${value}T00:00:00.000Z`).toISOString() : null);

/** A stored timestamp as a date input value (its UTC date). */
export const isoToDate = (value: string | null) => (value ? new Date(value).toISOString().slice(0, 10) : '');
