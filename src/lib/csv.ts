// CSV files for spreadsheets (RFC 4180): fields quoted when they hold a comma, a quote or
// a line break (quotes doubled), lines ended with CRLF, and a UTF-8 byte order mark so Excel
// reads accents and other scripts. Text that a spreadsheet would run as a formula (starting
// with =, +, -, @, a tab or a carriage return) is kept as text with a leading apostrophe.

export type CsvValue = string | number | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

/** One field as it appears in the file. Numbers are written as they are; null is empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of fields, without its line ending. */
export const csvLine = (values: readonly CsvValue[]): string => values.map(csvField).join(',');

/** A whole file: the byte order mark, the header line and the rows, each line ended with CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [csvLine(header)];
  for (const row of rows) lines.push(csvLine(row));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Hands `text` to the browser as a download named `filename`. */
export function downloadText(
  text: string | readonly string[],
  filename: string,
  type = 'text/csv;charset=utf-8',
): void {
  const blob = new Blob(typeof text === 'string' ? [text] : [...text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely started the download.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** A file name part: lower case letters, digits and hyphens ('Corner Café' → 'corner-cafe'). */
export function fileNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
