// The two files a customer can have, in the customer-files bucket under the customer's id.
import { signedUrl, uniqueFileName, uploadFile } from '@/lib/storage';

export const CUSTOMER_FILES_BUCKET = 'customer-files';
/** Customer documents are opened through links that last one minute, made when clicked. */
export const CUSTOMER_FILE_LINK_SECONDS = 60;

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

/** Uploads a customer's file to `<customer id>/<timestamp>-<random>.<ext>` and returns its path. */
export function uploadCustomerFile(customerId: string, file: File): Promise<string> {
  return uploadFile(CUSTOMER_FILES_BUCKET, `${customerId}/${uniqueFileName(file)}`, file);
}

/**
 * The stored path inside the bucket. Older rows may hold 'customer-files/<path>'; the part
 * after 'customer-files/' is what is signed.
 */
export function customerFilePath(stored: string): string {
  const marker = `${CUSTOMER_FILES_BUCKET}/`;
  const at = stored.indexOf(marker);
  return at >= 0 ? stored.slice(at + marker.length) : stored;
}

/** A fresh one-minute link to a customer's file, or null when it cannot be made. */
export function customerFileLink(stored: string): Promise<string | null> {
  return signedUrl(CUSTOMER_FILES_BUCKET, customerFilePath(stored), CUSTOMER_FILE_LINK_SECONDS);
}

/** The name shown for a stored file: the last part of its path. */
export function storedFileName(stored: string | null | undefined): string | null {
  return stored ? (stored.split('/').pop() ?? stored) : null;
}

/** A new customer's id, chosen before the row exists so its files can be stored under it. */
export function newCustomerId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
