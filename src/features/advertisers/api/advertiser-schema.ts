// The advertiser form's rules; the mutations take the same type.
import { z } from 'zod';
import { message, translate, type MessageKey } from '@/i18n';
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
export type Industry = (typeof INDUSTRIES)[number];

/** The catalogue key of each industry: the stored value stays English, people read their language. */
const INDUSTRY_KEYS: Record<Industry, MessageKey> = {
  Technology: 'advertisers:industries.technology',
  Healthcare: 'advertisers:industries.healthcare',
  Finance: 'advertisers:industries.finance',
  Retail: 'advertisers:industries.retail',
  'Food & Beverage': 'advertisers:industries.foodBeverage',
  Automotive: 'advertisers:industries.automotive',
  'Real Estate': 'advertisers:industries.realEstate',
  Education: 'advertisers:industries.education',
  Entertainment: 'advertisers:industries.entertainment',
  Other: 'advertisers:industries.other',
};

/** An industry as people read it ('Comercio minorista' for 'Retail'); one not on the list as stored. */
export function industryLabel(industry: string): string {
  const key = INDUSTRY_KEYS[industry as Industry] as MessageKey | undefined;
  return key ? translate(key) : industry;
}

/** Logos may be at most 2 MB, as the advertiser-logos bucket also enforces. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
/** The logo field's hint, in the current language. */
export const logoHint = () => translate('advertisers:form.logoHint');

/** Why a chosen logo file is refused, or null when it is fine. */
export function logoProblem(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return translate('advertisers:form.errors.logoType');
  if (file.size > LOGO_MAX_BYTES) return translate('advertisers:form.errors.logoSize');
  return null;
}

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v));

export const advertiserSchema = z.object({
  advertiser_name: z.string().trim().min(1, message('advertisers:form.errors.advertiserNameRequired')),
  email: z
    .string()
    .trim()
    .min(1, message('advertisers:form.errors.emailRequired'))
    .pipe(z.email(message('advertisers:form.errors.emailInvalid'))),
  business_name: z.string().trim().min(1, message('advertisers:form.errors.businessNameRequired')),
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
