import type { ReactNode } from 'react';
import { formatDay, formatWeekday, type Day } from '@/entities/plays/calendar-days';
import { translate } from '@/i18n';

export interface AvailabilityGridProps<R> {
  /** The table's name: 'Availability by screen'. */
  label: string;
  /** The first column's heading: 'Screen' or 'Group'. */
  rowHeading: string;
  days: readonly Day[];
  rows: readonly R[];
  getKey: (row: R) => string;
  /** The row's heading cell content (its name, and venue). */
  renderHeading: (row: R) => ReactNode;
  /** The whole row after its heading: one cell per day (or a message across them). */
  renderCells: (row: R) => ReactNode;
}

/** Rows (screens or groups) by days, the row names kept in view while the days scroll. */
export function AvailabilityGrid<R>({
  label,
  rowHeading,
  days,
  rows,
  getKey,
  renderHeading,
  renderCells,
}: AvailabilityGridProps<R>) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full border-separate border-spacing-1 text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 min-w-48 bg-white px-2 py-1 text-left text-xs font-medium text-gray-500 uppercase"
            >
              {rowHeading}
            </th>
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                className="px-1 py-1 text-center text-xs font-medium whitespace-nowrap text-gray-600"
              >
                <span className="block text-gray-600">{formatWeekday(day)}</span>
                {formatDay(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={getKey(row)}>
              <th scope="row" className="sticky left-0 z-10 bg-white px-2 py-1 text-left font-normal">
                {renderHeading(row)}
              </th>
              {renderCells(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The grid's row label for '<name>' at '<venue>' on '<day>'. */
export function cellLabel(name: string, day: Day): string {
  return translate('availability:cell.name', { name, day: formatDay(day, 'long') });
}
