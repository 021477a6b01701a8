import { z } from 'zod';
import { defaultLocale, isLocale, locales, message, translate, type MessageKey } from '@/i18n';
import type { Tables } from '@/types/database';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@/entities/venue/time-zone';

export type Customer = Tables<'customers'>;

/**
 * A venue's bank details. They live in their own table, customer_bank_accounts, which the
 * database shows only to team members who may see bank details (admins); for anyone else
 * they read as null.
 */
export type BankDetails = Pick<Tables<'customer_bank_accounts'>, 'bank_name' | 'account_number' | 'routing_number'>;

/** One venue as its page and form show it: its row and its bank details. */
export type CustomerDetail = Customer & BankDetails;

export const NO_BANK_DETAILS: BankDetails = { bank_name: null, account_number: null, routing_number: null };

export const CUSTOMER_STATUSES = ['active', 'inactive', 'maintenance'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const DEFAULT_DISPLAY_TYPE = 'Digital Display';

/** The name a field's messages call it by ('Location'), in the language of the moment. */
type FieldName = keyof typeof fieldNameKeys;
const fieldNameKeys = {
  name: 'customers:form.fieldNames.name',
  username: 'customers:form.fieldNames.username',
  email: 'customers:form.fieldNames.email',
  location: 'customers:form.fieldNames.location',
  contactPhone: 'customers:form.fieldNames.contactPhone',
  note: 'customers:form.fieldNames.note',
  notes: 'customers:form.fieldNames.notes',
  aboutBusiness: 'customers:form.fieldNames.aboutBusiness',
  bankName: 'customers:form.fieldNames.bankName',
  accountNumber: 'customers:form.fieldNames.accountNumber',
  routingNumber: 'customers:form.fieldNames.routingNumber',
  displayType: 'customers:form.fieldNames.displayType',
  locationPhoto: 'customers:form.fieldNames.locationPhoto',
  agreement: 'customers:form.fieldNames.agreement',
} as const satisfies Record<string, MessageKey>;

/** '{field} must be at most {max} characters', read when the check fails. */
const tooLong = (field: FieldName, max: number) => ({
  error: () => translate('customers:form.errors.tooLong', { field: translate(fieldNameKeys[field]), max }),
});
/** '{field} is required', read when the check fails. */
const required = (field: FieldName) => ({
  error: () => translate('customers:form.errors.required', { field: translate(fieldNameKeys[field]) }),
});

/** An optional text field of at most `max` characters: blank (after trimming) is stored as null. */
const optionalText = (field: FieldName, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(field, max))
    .transform((v) => (v === '' ? null : v));

/** A telephone number as the database takes it: digits, spaces, ( ) . - and a leading +, 5 to 15 digits. */
export const isPhoneNumber = (value: string) =>
  /^\+?[0-9 ().-]+$/.test(value) && value.length <= 30 && /^\d{5,15}$/.test(value.replace(/\D/g, ''));

/** An optional date field ('YYYY-MM-DD' from a date input); blank is null. */
const optionalDate = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), message('customers:form.errors.date'))
  .transform((v) => (v === '' ? null : v));

/**
 * The customer form. Its output is what the create and update mutations take, so the form
 * and the saved row cannot drift apart. The database checks the same rules again (status
 * values, fee not negative, unique e-mail) and the form shows its message when it refuses.
 */
export const customerFormSchema = z
  .object({
    name: z.string().trim().min(1, required('name')).max(200, tooLong('name', 200)),
    username: z.string().trim().min(1, required('username')).max(100, tooLong('username', 100)),
    email: z
      .string()
      .trim()
      .min(1, required('email'))
      .max(254, tooLong('email', 254))
      .pipe(z.email(message('customers:form.errors.email'))),
    location: optionalText('location', 500),
    contact_phone: optionalText('contactPhone', 30).refine(
      (v) => v === null || isPhoneNumber(v),
      message('customers:form.errors.phone'),
    ),
    note: optionalText('note', 5000),
    notes: optionalText('notes', 5000),
    about_business: optionalText('aboutBusiness', 5000),
    signup_date: optionalDate,
    installation_date: optionalDate,
    bank_name: optionalText('bankName', 200),
    account_number: optionalText('accountNumber', 34),
    routing_number: optionalText('routingNumber', 34),
    status: z.enum(CUSTOMER_STATUSES, message('customers:form.errors.status')),
    display_type: optionalText('displayType', 100),
    monthly_fee: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0),
        message('customers:form.errors.feeNegative'),
      )
      .refine((v) => v === '' || /^\d+(\.\d{1,2})?$/.test(v), message('customers:form.errors.feeFormat'))
      .transform((v) => (v === '' ? null : Number(v))),
    location_photo: optionalText('locationPhoto', 1000),
    agreement_file: optionalText('agreement', 1000),
    /** The venue's IANA time zone: campaign dates are calendar days there. */
    time_zone: z.string().trim().refine(isTimeZone, message('customers:form.errors.timeZone')),
    /** The language of the venue's screens (its walls' own texts and dynamic slides). */
    locale: z.enum(locales, message('customers:form.errors.locale')),
  })
  .refine((v) => !v.signup_date || !v.installation_date || v.installation_date >= v.signup_date, {
    ...message('customers:form.errors.installationBeforeSignup'),
    path: ['installation_date'],
  });

/** What the form holds (all text, as inputs give it). */
export type CustomerFormValues = z.input<typeof customerFormSchema>;
/** What is saved: blanks as null, the fee as a number. */
export type CustomerInput = z.output<typeof customerFormSchema>;

/** The form's starting values: a stored customer's, or a new customer's defaults. */
export function customerFormDefaults(customer?: CustomerDetail): CustomerFormValues {
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
    locale: isLocale(customer?.locale) ? customer?.locale : defaultLocale,
  };
}

/** The status the list's toggle switches to: active becomes inactive, anything else active. */
export function toggledStatus(status: string): CustomerStatus {
  return status === 'active' ? 'inactive' : 'active';
}

/** The form's output split into the venue's row and its bank details (saved apart). */
export function splitBankDetails(values: CustomerInput): {
  row: Omit<CustomerInput, keyof BankDetails>;
  bank: BankDetails;
} {
  const { bank_name, account_number, routing_number, ...row } = values;
  return { row, bank: { bank_name, account_number, routing_number } };
}
