// The tables of a campaign's proof of performance: per day, per venue (with its address),
// per screen, and a sample of what played. Used on the campaign's page and its printable report.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '@/i18n';
import { formatDay } from '@/entities/plays/calendar-days';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';
import { uploadedFileName } from '@/entities/advertiser/file-names';
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
  const { t } = useTranslation('advertiserPortal');
  const { totals } = report;
  const items = [
    [t('performance.plays'), formatCount(totals.plays)],
    [t('performance.timeOnScreen'), formatTimeOnScreen(totals.seconds)],
    [t('performance.venues'), formatCount(totals.venues)],
    [t('performance.screens'), formatCount(totals.screens)],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label={t('performance.totalsLabel')}>
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
  const { t } = useTranslation('advertiserPortal');
  return (
    <Table
      caption={t('performance.venues')}
      head={[t('performance.venue'), t('performance.screens'), t('performance.plays'), t('performance.timeOnScreen')]}
    >
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
  const { t } = useTranslation('advertiserPortal');
  return (
    <Table
      caption={t('performance.screens')}
      head={[t('performance.screen'), t('performance.plays'), t('performance.timeOnScreen')]}
    >
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
  const { t } = useTranslation('advertiserPortal');
  return (
    <Table
      caption={t('performance.playsPerDay')}
      head={[t('performance.day'), t('performance.plays'), t('performance.timeOnScreen')]}
    >
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

/** When a play started, on its venue's clock, in the current language. */
function localTime(iso: string, zone: string) {
  return new Intl.DateTimeFormat(intlLocale(), {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export function SampleTable({ report }: { report: Performance }) {
  const { t } = useTranslation('advertiserPortal');
  if (report.sample.length === 0) {
    return <p className="text-sm text-gray-500">{t('performance.noSample')}</p>;
  }
  return (
    <Table
      caption={t('performance.sampleCaption')}
      head={[t('performance.slide'), t('performance.where'), t('performance.when'), t('performance.seconds')]}
    >
      {report.sample.map((s) => (
        <tr key={`${s.started_at}-${s.slide}-${s.screen}`}>
          <td className="px-4 py-2">
            <span className="font-medium text-gray-900">{s.slide || t('untitledSlide')}</span>
            {s.ad && <span className="block text-gray-500">{s.ad}</span>}
            {uploadedFileName(s.media_path) && (
              <span className="block text-gray-500">{uploadedFileName(s.media_path)}</span>
            )}
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
