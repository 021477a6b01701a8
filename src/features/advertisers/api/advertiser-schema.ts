// The advertiser form's rules; the mutations take the same type.
import { z } from 'zod';
import { ADVERTISER_STATUSES } from './advertisers';

export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Retail',
  'Food & Beverage',
  'Automotive',
  'Real Estate',
  'Education',
  'Entertainment',
  'Other',
] as const;

/** Logos may be at most 2 MB, as the advertiser-logos bucket also enforces. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const LOGO_HINT = 'PNG, JPG or GIF, max 2MB';

/** Why a chosen logo file is refused, or null when it is fine. */
export function logoProblem(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'The logo must be a PNG, JPG or GIF image.';
  if (file.size > LOGO_MAX_BYTES) return 'The logo is larger than 2MB. Choose a smaller image.';
  return null;
}

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v));

export const advertiserSchema = z.object({
  advertiser_name: z.string().trim().min(1, 'Advertiser name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  business_name: z.string().trim().min(1, 'Business name is required'),
  business_number: optionalText,
  address: optionalText,
  contact_number: optionalText,
  industry: z.union([z.enum(INDUSTRIES), z.literal('')]).transform((v) => (v === '' ? null : v)),
  status: z.enum(ADVERTISER_STATUSES),
  /** A new logo to upload on save (checked for type and size). */
  logo: z
    .instanceof(File)
    .nullable()
    .superRefine((file, ctx) => {
      const problem = file ? logoProblem(file) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

/** What the form holds (strings as typed). */
export type AdvertiserFormInput = z.input<typeof advertiserSchema>;
/** What a save sends (trimmed, blanks as null): the mutations' input. */
export type AdvertiserFormValues = z.output<typeof advertiserSchema>;
