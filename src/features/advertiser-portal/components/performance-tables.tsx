// The tables of a campaign's proof of performance: per day, per venue (with its address),
// per screen, and a sample of what played. Used on the campaign's page and its printable report.
import type { ReactNode } from 'react';
import { formatDay } from '@/entities/plays/calendar-days';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';
import type { Performance } from '../api/portal-queries';

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white print:overflow-visible print:border-gray-400">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-3 text-left text-sm font-semibold text-gray-900">{caption}</caption>
        <thead className="text-xs text-gray-500 uppercase">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i === 0 ? 'px-4 py-2' : 'px-4 py-2 text-right'}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  );
}

const num = 'px-4 py-2 text-right tabular-nums text-gray-900';

export function PerformanceTotals({ report }: { report: Performance }) {
  const { totals } = report;
  const items = [
    ['Plays', formatCount(totals.plays)],
    ['Time on screen', formatTimeOnScreen(totals.seconds)],
    ['Venues', formatCount(totals.venues)],
    ['Screens', formatCount(totals.screens)],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label="Totals of the period">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-gray-200 bg-white p-4 print:border-gray-400">
          <dt className="text-sm text-gray-500">{label}</dt>
          <dd className="text-2xl font-semibold text-gray-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function VenuesTable({ report }: { report: Performance }) {
  return (
    <Table caption="Venues" head={['Venue', 'Screens', 'Plays', 'Time on screen']}>
      {report.venues.map((v) => (
        <tr key={v.id}>
          <td className="px-4 py-2">
            <span className="font-medium text-gray-900">{v.name}</span>
            {v.address && <span className="block text-gray-500">{v.address}</span>}
          </td>
          <td className={num}>{formatCount(v.screens)}</td>
          <td className={num}>{formatCount(v.plays)}</td>
          <td className={num}>{formatTimeOnScreen(v.seconds)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function ScreensTable({ report }: { report: Performance }) {
  return (
    <Table caption="Screens" head={['Screen', 'Plays', 'Time on screen']}>
      {report.screens.map((s) => (
        <tr key={s.id}>
          <td className="px-4 py-2">
            <span className="font-medium text-gray-900">{s.name}</span>
            <span className="block text-gray-500">{s.venue}</span>
          </td>
          <td className={num}>{formatCount(s.plays)}</td>
          <td className={num}>{formatTimeOnScreen(s.seconds)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function DaysTable({ report }: { report: Performance }) {
  return (
    <Table caption="Plays per day" head={['Day', 'Plays', 'Time on screen']}>
      {report.days.map((d) => (
        <tr key={d.day}>
          <td className="px-4 py-2 text-gray-900">{formatDay(d.day, 'long')}</td>
          <td className={num}>{formatCount(d.plays)}</td>
          <td className={num}>{formatTimeOnScreen(d.seconds)}</td>
        </tr>
      ))}
    </Table>
  );
}

function localTime(iso: string, zone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export function SampleTable({ report }: { report: Performance }) {
  if (report.sample.length === 0) {
    return (
      <p className="text-sm text-gray-500">
        No single plays to show: plays are kept one by one for 30 days, and summed for 2 years.
      </p>
    );
  }
  return (
    <Table
      caption="A sample of what played (the latest play of each slide)"
      head={['Slide', 'Where', 'When', 'Seconds']}
    >
      {report.sample.map((s) => (
        <tr key={`${s.started_at}-${s.slide}-${s.screen}`}>
          <td className="px-4 py-2">
            <span className="font-medium text-gray-900">{s.slide || 'Untitled Slide'}</span>
            {s.ad && <span className="block text-gray-500">{s.ad}</span>}
          </td>
          <td className="px-4 py-2 text-right text-gray-900">
            {s.screen}
            <span className="block text-gray-500">{s.venue}</span>
          </td>
          <td className={num}>{localTime(s.started_at, s.time_zone)}</td>
          <td className={num}>{formatCount(s.seconds)}</td>
        </tr>
      ))}
    </Table>
  );
}
