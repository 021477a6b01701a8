// Calendar days (yyyy-mm-dd) as the reports count them: venue-local days, added and
// compared as dates, never through the browser's time zone.
import { intlLocale } from '@/i18n';

/** A calendar date yyyy-mm-dd. */
export type Day = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day as a Date at UTC midnight, or null when `day` is not a real yyyy-mm-dd date. */
export function parseDay(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day ? date : null;
}

const toDay = (date: Date): Day => date.toISOString().slice(0, 10);

/** `day` moved by `n` days (negative: earlier). */
export function addDays(day: Day, n: number): Day {
  const date = parseDay(day);
  if (!date) throw new RangeError(`Not a calendar day: ${day}`);
  date.setUTCDate(date.getUTCDate() + n);
  return toDay(date);
}

/**
 * `day` moved by `n` calendar months, kept within the month (Mar 31 minus one month is
 * Feb 28 or 29).
 */
export function addMonths(day: Day, n: number): Day {
  const date = parseDay(day);
  if (!date) throw new RangeError(`Not a calendar day: ${day}`);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + n, 1));
  const lastOfMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastOfMonth));
  return toDay(target);
}

/** How many days from `from` to `to` (0 for the same day; negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  const a = parseDay(from);
  const b = parseDay(to);
  if (!a || !b) throw new RangeError(`Not calendar days: ${from}, ${to}`);
  return Math.round((b.getTime() - a.getTime()) / 86_400_000);
}

/** The first day of `day`'s month. */
export const startOfMonth = (day: Day): Day => `${day.slice(0, 7)}-01`;

/** The `n` days that end with `today` (inclusive), as a period. */
export function lastDays(today: Day, n: number): { from: Day; to: Day } {
  return { from: addDays(today, -(n - 1)), to: today };
}

/**
 * 'Nov 25' (short) or 'Tue, Nov 25, 2026' (long) for a calendar day in the current language
 * ('25. Nov.', 'Di., 25. Nov. 2026' in German), the same in every browser zone.
 */
export function formatDay(day: Day, style: 'short' | 'long' = 'short'): string {
  const date = parseDay(day);
  if (!date) return day;
  return date.toLocaleDateString(
    intlLocale(),
    style === 'short'
      ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  );
}

/** The day of the week of a calendar day, short ('Tue', 'Di.', 'mar'), in the current language. */
export function formatWeekday(day: Day): string {
  return parseDay(day)?.toLocaleDateString(intlLocale(), { weekday: 'short', timeZone: 'UTC' }) ?? '';
}
