import { isValid, parseISO } from 'date-fns';
import { intlLocale } from '@/i18n';

/** A date-time string as a Date, or null when missing or unreadable. Date-only strings are local days. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** True for a calendar day with no time ('2026-11-23'). */
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value.trim());

/**
 * Formats a moment in the screens' language (Intl), at the clock of `timeZone` (the venue's,
 * an IANA name; the device's own when missing).
 */
export function formatMoment(date: Date, options: Intl.DateTimeFormatOptions, timeZone?: string | null): string {
  try {
    return new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone: timeZone ?? undefined }).format(date);
  } catch {
    // An unknown zone name: the device's own clock.
    return new Intl.DateTimeFormat(intlLocale(), options).format(date);
  }
}

/**
 * Formats a date-time string in the screens' language at `timeZone`'s clock, or returns
 * `fallback` when it cannot be read. A calendar day ('2026-11-23', a forecast's) is that day
 * wherever the screen is.
 */
export function formatDate(
  value: string | null | undefined,
  options: Intl.DateTimeFormatOptions,
  fallback: string,
  timeZone?: string | null,
): string {
  if (value && isDateOnly(value)) {
    const day = new Date(`${value.trim()}T12:00:00Z`);
    return isValid(day) ? formatMoment(day, options, 'UTC') : fallback;
  }
  const date = parseDate(value);
  return date ? formatMoment(date, options, timeZone) : fallback;
}

export const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
export const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' };
export const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' };
export const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
export const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
