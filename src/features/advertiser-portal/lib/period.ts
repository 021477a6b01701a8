// The period a portal page shows: ?from=YYYY-MM-DD&to=YYYY-MM-DD, else the last 30 days
// (the advertiser's own calendar days, in the browser's time zone).
import { dayIn } from '@/entities/campaign/campaign-dates';
import { daysBetween, lastDays, parseDay } from '@/entities/plays/calendar-days';

export const DEFAULT_DAYS = 30;
/** The reports sum plays for 2 years. */
export const MAX_DAYS = 731;

export interface Period {
  from: string;
  to: string;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The period named by `params`, or the last 30 days when it names none or a bad one. */
export function periodFrom(params: URLSearchParams, now: Date = new Date()): Period {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && parseDay(from) && parseDay(to) && from <= to && daysBetween(from, to) <= MAX_DAYS) {
    return { from, to };
  }
  return lastDays(dayIn(browserTimeZone(), now), DEFAULT_DAYS);
}
