// The report's table: its columns for each grouping, its order, and its CSV file.
import { formatDay } from '@/entities/plays/calendar-days';
import type { PlayGroup, PlaysReportRow } from '@/entities/plays/plays-report';
import { formatHms } from '@/entities/plays/time-on-screen';
import { fileNamePart, toCsv } from '@/lib/csv';
import type { SortDir, SortKey } from './report-params';

/** The headings of the first two columns: what a row is, and what the detail says of it. */
export const COLUMN_TITLES: Record<PlayGroup, { label: string; detail: string }> = {
  campaign: { label: 'Campaign', detail: 'Venue' },
  advertiser: { label: 'Advertiser', detail: 'Venues' },
  ad: { label: 'Ad', detail: 'Advertiser' },
  venue: { label: 'Venue', detail: 'Location' },
  screen: { label: 'Screen', detail: 'Venue' },
  day: { label: 'Day', detail: 'Venues' },
};

/** A row's label as the page shows it (days as 'Tue, Nov 25, 2026'). */
export const rowLabel = (row: PlaysReportRow, group: PlayGroup) =>
  group === 'day' ? formatDay(row.label, 'long') : row.label;

/** Text columns sort A to Z first, figures largest first. */
export const firstDir = (key: SortKey): SortDir => (key === 'label' || key === 'detail' ? 'asc' : 'desc');

/** The rows in the order chosen; without a choice, as the report gives them (largest first, days in order). */
export function sortRows(rows: readonly PlaysReportRow[], sort: SortKey | null, dir: SortDir): PlaysReportRow[] {
  if (!sort) return [...rows];
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort];
    const y = b[sort];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * order || b.plays - a.plays || a.label.localeCompare(b.label);
  });
}

/** The table as shown, in its order, as a CSV file (days as yyyy-mm-dd, time on screen as h:mm:ss and in seconds). */
export function reportCsv(rows: readonly PlaysReportRow[], group: PlayGroup): string {
  const titles = COLUMN_TITLES[group];
  return toCsv(
    [titles.label, titles.detail, 'Plays', 'Time on screen', 'Seconds', 'Screens'],
    rows.map((r) => [r.label, r.detail, r.plays, formatHms(r.seconds), r.seconds, r.screens]),
  );
}

/** 'plays-by-campaign-2026-11-01-to-2026-11-07-corner-cafe.csv': what, which days, which venue or advertiser. */
export function reportFileName(
  what: string,
  period: { from: string; to: string },
  filters: (string | null | undefined)[] = [],
): string {
  const parts = [what, period.from, 'to', period.to, ...filters.filter(Boolean).map((f) => fileNamePart(f!))];
  return `${parts.filter(Boolean).join('-')}.csv`;
}
