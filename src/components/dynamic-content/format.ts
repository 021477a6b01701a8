import { format, isValid, parseISO } from 'date-fns';

/** A date-time string as a Date, or null when missing or unreadable. Date-only strings are local days. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** Formats a date-time string, or returns `fallback` when it cannot be read. */
export function formatDate(value: string | null | undefined, pattern: string, fallback: string): string {
  const date = parseDate(value);
  return date ? format(date, pattern) : fallback;
}
