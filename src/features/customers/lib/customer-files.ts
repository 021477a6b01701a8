// The customer form's two file fields. Where the files live (bucket, path rule, links)
// is the venue's own business: src/entities/venue/venue-files.ts.

import { translate } from '@/i18n';

export type CustomerFileField = 'location_photo' | 'agreement_file';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export const customerFileRules: Record<
  CustomerFileField,
  {
    /** The field's name ('Location photo'), as a label and to start a sentence. */
    label: () => string;
    /** Its name inside a sentence ('Uploading location photo...'). */
    lower: () => string;
    accept: string;
    /** Why a file is refused. */
    refusal: () => string;
    allows: (file: File) => boolean;
  }
> = {
  location_photo: {
    label: () => translate('customers:files.locationPhoto.label'),
    lower: () => translate('customers:files.locationPhoto.lower'),
    accept: IMAGE_TYPES.join(','),
    refusal: () => translate('customers:files.locationPhoto.refusal'),
    allows: (file) => IMAGE_TYPES.includes(file.type),
  },
  agreement_file: {
    label: () => translate('customers:files.agreement.label'),
    lower: () => translate('customers:files.agreement.lower'),
    accept: 'application/pdf,.pdf',
    refusal: () => translate('customers:files.agreement.refusal'),
    allows: (file) => file.type === 'application/pdf',
  },
};

/** A new customer's id, chosen before the row exists so its files can be stored under it. */
export function newCustomerId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
