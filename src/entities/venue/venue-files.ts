// A venue's files (location photo, signed agreement) in the customer-files bucket, stored
// under the customer's id and opened through links that last one minute.
import { displayFileName, signedUrl, uniqueFileName, uploadFile } from '@/lib/storage';

export const CUSTOMER_FILES_BUCKET = 'customer-files';
/** Venue documents are opened through links that last one minute, made when clicked. */
export const CUSTOMER_FILE_LINK_SECONDS = 60;

/** Uploads a venue's file to `<customer id>/<its name>--<timestamp>-<random>.<ext>` and returns its path. */
export function uploadCustomerFile(customerId: string, file: File): Promise<string> {
  return uploadFile(CUSTOMER_FILES_BUCKET, `${customerId}/${uniqueFileName(file)}`, file);
}

/**
 * The path inside the bucket of a stored value. Older rows may hold 'customer-files/<path>'
 * (or a longer prefix ending in it); the part after 'customer-files/' is what is signed.
 */
export function customerFilePath(stored: string): string {
  const marker = `${CUSTOMER_FILES_BUCKET}/`;
  const at = stored.indexOf(marker);
  return at >= 0 ? stored.slice(at + marker.length) : stored;
}

/** A fresh one-minute link to a venue's file, or null when it cannot be made. */
export function customerFileLink(stored: string): Promise<string | null> {
  return signedUrl(CUSTOMER_FILES_BUCKET, customerFilePath(stored), CUSTOMER_FILE_LINK_SECONDS);
}

/** The name shown for a stored file: the name it was uploaded with (or the last part of its path). */
export function storedFileName(stored: string | null | undefined): string | null {
  return stored ? displayFileName(stored) : null;
}

/** A stored name made of the upload's time and a random part only: it keeps no name people gave it. */
const NAMELESS = /^\d{13}-[a-z0-9]{8}(\.[A-Za-z0-9]+)?$/;

/**
 * The name a venue's file was uploaded with ('Lease 2026.pdf' for
 * 'c1/Lease 2026--1795389809570-g7hwtulb.pdf'), or null for a file stored under a generated
 * name only (uploads of older builds), whose stored name means nothing to people.
 */
export function uploadedFileName(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const last = stored.split('/').pop() ?? stored;
  return NAMELESS.test(last) ? null : displayFileName(stored);
}
