// A campaign's booked dates in words of the current language.
import { formatCalendarDate } from '@/entities/campaign/campaign-dates';
import { translate } from '@/i18n';

export interface BookedDates {
  startDate: string | null;
  endDate: string | null;
}

/** 'Nov 24, 2026 – Dec 26, 2026', with 'Open start' / 'No end' for a missing side. */
export function dateRange({ startDate, endDate }: BookedDates): string {
  return translate('advertiserPortal:dates.range', {
    from: formatCalendarDate(startDate, translate('advertiserPortal:dates.openStart')),
    to: formatCalendarDate(endDate, translate('advertiserPortal:dates.noEnd')),
  });
}

/** The range, or 'No end date' when the campaign names neither day (it runs from now on). */
export function campaignDates(dates: BookedDates): string {
  if (!dates.startDate && !dates.endDate) return translate('advertiserPortal:dates.none');
  return dateRange(dates);
}
