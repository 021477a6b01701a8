// A statement as a CSV file: one row per campaign line, then the total; amounts with two
// decimals in the statement's currency, seconds and h:mm:ss on screen.
//
// The file's words stay English in every language on purpose: accounting tools and scripts read
// these columns by name and the price basis by value, so the header, the basis and the total row
// are fixed. Numbers are written the machine way (45.50, no grouping) for the same reason. The
// screens and the printable statement speak the reader's language.
import { translate } from '@/i18n';
import { fileNamePart, toCsv } from '@/lib/csv';
import { formatHms } from '@/entities/plays/time-on-screen';
import { monthLabel, type Statement, type StatementBasis } from './statement';

/** The price basis as the file writes it (fixed English values, see above). */
const CSV_BASIS: Record<NonNullable<StatementBasis> | 'none', string> = {
  cpm: 'Per 1,000 plays',
  fixed: 'Fixed, prorated',
  none: 'Not priced',
};

export const STATEMENT_CSV_HEADER = [
  'Month',
  'Campaign',
  'Plays',
  'Seconds on screen',
  'Time on screen',
  'Price basis',
  'Amount',
  'Currency',
] as const;

/** The statement's CSV text (byte order mark, CRLF lines, as src/lib/csv makes files). */
export function statementCsv(statement: Statement): string {
  const month = statement.month.slice(0, 7);
  const rows = statement.lines.map((l) => [
    month,
    l.campaign_name,
    l.plays,
    l.seconds,
    formatHms(l.seconds),
    CSV_BASIS[l.basis ?? 'none'],
    l.amount.toFixed(2),
    statement.currency,
  ]);
  const plays = statement.lines.reduce((n, l) => n + l.plays, 0);
  const seconds = statement.lines.reduce((n, l) => n + l.seconds, 0);
  rows.push([
    month,
    'Total',
    plays,
    Math.round(seconds * 10) / 10,
    formatHms(seconds),
    '',
    statement.total.toFixed(2),
    statement.currency,
  ]);
  return toCsv(STATEMENT_CSV_HEADER, rows);
}

/** 'statement-acme-coffee-2026-10.csv'. */
export function statementFileName(advertiserName: string, statement: Pick<Statement, 'month'>): string {
  const who = fileNamePart(advertiserName) || 'advertiser';
  return `statement-${who}-${statement.month.slice(0, 7)}.csv`;
}

/** The month as the printed page (and the PDF saved from it) names it, in the current language. */
export const statementTitle = (advertiserName: string, statement: Pick<Statement, 'month'>) =>
  translate('advertisers:statement.print.pageTitle', { name: advertiserName, month: monthLabel(statement.month) });
