import { z } from 'zod';
import type { Tables } from '@/types/database';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@/entities/venue/time-zone';

export type Customer = Tables<'customers'>;

export const CUSTOMER_STATUSES = ['active', 'inactive', 'maintenance'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const DEFAULT_DISPLAY_TYPE = 'Digital Display';

/** An optional text field: blank (after trimming) is stored as null. */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v));

/** An optional date field ('YYYY-MM-DD' from a date input); blank is null. */
const optionalDate = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), { error: 'Enter a valid date' })
  .transform((v) => (v === '' ? null : v));

/**
 * The customer form. Its output is what the create and update mutations take, so the form
 * and the saved row cannot drift apart. The database checks the same rules again (status
 * values, fee not negative, unique e-mail) and the form shows its message when it refuses.
 */
export const customerFormSchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }),
  username: z.string().trim().min(1, { error: 'Username is required' }),
  email: z
    .string()
    .trim()
    .min(1, { error: 'Email is required' })
    .pipe(z.email({ error: 'Enter a valid email address' })),
  location: optionalText,
  contact_phone: optionalText,
  note: optionalText,
  notes: optionalText,
  about_business: optionalText,
  signup_date: optionalDate,
  installation_date: optionalDate,
  bank_name: optionalText,
  account_number: optionalText,
  routing_number: optionalText,
  status: z.enum(CUSTOMER_STATUSES, { error: 'Choose a status' }),
  display_type: optionalText,
  monthly_fee: z
    .string()
    .trim()
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0), {
      error: 'Monthly fee must be a number of 0 or more',
    })
    .transform((v) => (v === '' ? null : Number(v))),
  location_photo: optionalText,
  agreement_file: optionalText,
  /** The venue's IANA time zone: campaign dates are calendar days there. */
  time_zone: z.string().trim().refine(isTimeZone, { error: 'Choose a time zone such as America/New_York' }),
});

/** What the form holds (all text, as inputs give it). */
export type CustomerFormValues = z.input<typeof customerFormSchema>;
/** What is saved: blanks as null, the fee as a number. */
export type CustomerInput = z.output<typeof customerFormSchema>;

/** The form's starting values: a stored customer's, or a new customer's defaults. */
export function customerFormDefaults(customer?: Customer): CustomerFormValues {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    name: text(customer?.name),
    username: text(customer?.username),
    email: text(customer?.email),
    location: text(customer?.location),
    contact_phone: text(customer?.contact_phone),
    note: text(customer?.note),
    notes: text(customer?.notes),
    about_business: text(customer?.about_business),
    signup_date: text(customer?.signup_date),
    installation_date: text(customer?.installation_date),
    bank_name: text(customer?.bank_name),
    account_number: text(customer?.account_number),
    routing_number: text(customer?.routing_number),
    status: (CUSTOMER_STATUSES as readonly string[]).includes(customer?.status ?? '')
      ? (customer?.status as CustomerStatus)
      : 'active',
    display_type: customer ? text(customer.display_type) : DEFAULT_DISPLAY_TYPE,
    monthly_fee: text(customer?.monthly_fee),
    location_photo: text(customer?.location_photo),
    agreement_file: text(customer?.agreement_file),
    time_zone: customer?.time_zone || DEFAULT_TIME_ZONE,
  };
}

/** The status the list's toggle switches to: active becomes inactive, anything else active. */
export function toggledStatus(status: string): CustomerStatus {
  return status === 'active' ? 'inactive' : 'active';
}
