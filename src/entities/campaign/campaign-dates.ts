// Campaign dates are calendar days in the venue's time zone (campaigns.start_date and
// end_date are `date` columns). What plays now is decided by player_playlist() in SQL;
// these helpers are the same rule for the screens that show or edit the dates, never
// reading the browser's own time zone.
import { intlLocale } from '@/i18n';

/** A calendar date yyyy-mm-dd, as Postgres gives a `date` column. */
export type CalendarDate = string;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The calendar day at `at` in `timeZone` (an IANA name), as yyyy-mm-dd. */
export function dayIn(timeZone: string, at: Date = new Date()): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The calendar day a stored campaign date means: a `date` column's value as it is; an older
 * midnight-UTC timestamp (2026-03-01T00:00:00Z) is its UTC day, never shifted into the
 * browser's zone.
 */
export function calendarDate(value: string | null | undefined): CalendarDate | null {
  if (!value) return null;
  const match = CALENDAR_DATE.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** True when `day` lies within the campaign's dates, both inclusive (a missing date is open-ended). */
export function runsOn(campaign: { start_date: string | null; end_date: string | null }, day: CalendarDate): boolean {
  const start = calendarDate(campaign.start_date);
  const end = calendarDate(campaign.end_date);
  return (!start || start <= day) && (!end || end >= day);
}

/** True when the campaign's dates include the venue's day at `at` (from its first day's start to its last day's end). */
export function runsAt(
  campaign: { start_date: string | null; end_date: string | null },
  timeZone: string,
  at: Date = new Date(),
): boolean {
  return runsOn(campaign, dayIn(timeZone, at));
}

/** 'Mar 1, 2026' (in the current language) for a calendar date, the same in every browser zone; '—' when there is none. */
export function formatCalendarDate(value: string | null | undefined, fallback = '—'): string {
  const day = calendarDate(value);
  if (!day) return fallback;
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(intlLocale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
