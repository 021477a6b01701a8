// The customer form's two file fields. Where the files live (bucket, path rule, links)
// is the venue's own business: src/entities/venue/venue-files.ts.

export type CustomerFileField = 'location_photo' | 'agreement_file';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export const customerFileRules: Record<
  CustomerFileField,
  { label: string; accept: string; refusal: string; allows: (file: File) => boolean }
> = {
  location_photo: {
    label: 'Location photo',
    accept: IMAGE_TYPES.join(','),
    refusal: 'Location photo must be an image (JPG, PNG, GIF or WebP).',
    allows: (file) => IMAGE_TYPES.includes(file.type),
  },
  agreement_file: {
    label: 'Agreement',
    accept: 'application/pdf,.pdf',
    refusal: 'Agreement must be a PDF file.',
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
