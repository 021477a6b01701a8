// The report's table: its columns for each grouping, its order, and its CSV file.
import { formatDay } from '@/entities/plays/calendar-days';
import type { PlayGroup, PlaysReportRow } from '@/entities/plays/plays-report';
import { formatHms } from '@/entities/plays/time-on-screen';
import { translate } from '@/i18n';
import { fileNamePart, toCsv } from '@/lib/csv';
import type { SortDir, SortKey } from './report-params';

/**
 * The CSV file's headings of the first two columns: what a row is, and what the detail says of
 * it. The file's header line stays in English in every language (as the raw plays export's
 * does, see RAW_HEADER): spreadsheets and integrations read the columns by name.
 */
export const COLUMN_TITLES: Record<PlayGroup, { label: string; detail: string }> = {
  campaign: { label: 'Campaign', detail: 'Venue' },
  advertiser: { label: 'Advertiser', detail: 'Venues' },
  ad: { label: 'Ad', detail: 'Advertiser' },
  venue: { label: 'Venue', detail: 'Location' },
  screen: { label: 'Screen', detail: 'Venue' },
  day: { label: 'Day', detail: 'Venues' },
};

/** The page's headings of the first two columns, in the current language. */
export function columnTitles(group: PlayGroup): { label: string; detail: string } {
  return { label: translate(`reports:columns.${group}.label`), detail: translate(`reports:columns.${group}.detail`) };
}

/** The names plays_report() gives rows without a name of their own, in the catalogue. */
const serverLabels = {
  'No campaign': 'reports:rows.noCampaign',
  'Deleted campaign': 'reports:rows.deletedCampaign',
  'No advertiser': 'reports:rows.noAdvertiser',
  'Deleted advertiser': 'reports:rows.deletedAdvertiser',
  'No ad': 'reports:rows.noAd',
  'Deleted ad': 'reports:rows.deletedAd',
  'Deleted venue': 'reports:rows.deletedVenue',
  'Deleted screen': 'reports:rows.deletedScreen',
} as const;

/** A row's label as the page shows it (days as 'Tue, Nov 25, 2026'; plays_report()'s own names translated). */
export function rowLabel(row: PlaysReportRow, group: PlayGroup): string {
  if (group === 'day') return formatDay(row.label, 'long');
  const own = (serverLabels as Record<string, (typeof serverLabels)[keyof typeof serverLabels]>)[row.label];
  return own ? translate(own) : row.label;
}

/** A row's detail as the page shows it: plays_report()'s '3 venues' and 'Network · Acme' in the current language. */
export function rowDetail(row: PlaysReportRow): string {
  const venues = /^(\d+) venues$/.exec(row.detail);
  if (venues) return translate('reports:rows.venues', { count: Number(venues[1]) });
  if (row.detail.startsWith('Network · '))
    return translate('reports:rows.network', { advertiser: row.detail.slice('Network · '.length) });
  return row.detail || translate('common:states.none');
}

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
