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

/**
 * A campaign's own period when the address names none: from its first day (or 30 days ago)
 * to its last day or today, whichever comes first, at most 2 years.
 */
export function campaignPeriod(
  params: URLSearchParams,
  campaign: { startDate: string | null; endDate: string | null },
  now: Date = new Date(),
): Period {
  if (params.get('from') && params.get('to')) return periodFrom(params, now);
  const fallback = lastDays(dayIn(browserTimeZone(), now), DEFAULT_DAYS);
  const to = campaign.endDate && campaign.endDate < fallback.to ? campaign.endDate : fallback.to;
  let from = campaign.startDate && campaign.startDate <= to ? campaign.startDate : fallback.from;
  if (from > to) from = to;
  if (daysBetween(from, to) > MAX_DAYS) from = lastDays(to, MAX_DAYS).from;
  return { from, to };
}
