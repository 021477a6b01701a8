// A statement's lines and total as a table: the same on the advertiser's page, the printable
// statement and (later) the advertiser's portal.
import { useTranslation } from 'react-i18next';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';
import { cn } from '@/utils/cn';
import { basisLabel, formatAmount, monthLabel, type Statement } from './statement';

export interface StatementTableProps {
  statement: Statement;
  className?: string;
}

export function StatementTable({ statement, className }: StatementTableProps) {
  const { t } = useTranslation('advertisers');
  const money = (n: number) => formatAmount(n, statement.currency);
  const plays = statement.lines.reduce((n, l) => n + l.plays, 0);
  const seconds = statement.lines.reduce((n, l) => n + l.seconds, 0);
  return (
    <table className={cn('w-full text-left text-sm', className)}>
      <caption className="sr-only">{t('statement.table.caption', { month: monthLabel(statement.month) })}</caption>
      <thead className="border-b border-gray-200 text-xs tracking-wide text-gray-500 uppercase">
        <tr>
          <th scope="col" className="py-2 pr-4 font-medium">
            {t('statement.table.campaign')}
          </th>
          <th scope="col" className="py-2 pr-4 text-right font-medium">
            {t('statement.table.plays')}
          </th>
          <th scope="col" className="py-2 pr-4 text-right font-medium">
            {t('statement.table.timeOnScreen')}
          </th>
          <th scope="col" className="py-2 pr-4 font-medium">
            {t('statement.table.basis')}
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            {t('statement.table.amount')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {statement.lines.map((l) => (
          <tr key={l.campaign_id} className="break-inside-avoid">
            <th scope="row" className="py-2 pr-4 font-medium text-gray-900">
              {l.campaign_name}
            </th>
            <td className="py-2 pr-4 text-right tabular-nums">{formatCount(l.plays)}</td>
            <td className="py-2 pr-4 text-right tabular-nums">{formatTimeOnScreen(l.seconds)}</td>
            <td className="py-2 pr-4 text-gray-600">{basisLabel(l.basis)}</td>
            <td className="py-2 text-right tabular-nums">{money(l.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-gray-300 font-semibold text-gray-900">
        <tr>
          <th scope="row" className="py-2 pr-4">
            {t('statement.table.total')}
          </th>
          <td className="py-2 pr-4 text-right tabular-nums">{formatCount(plays)}</td>
          <td className="py-2 pr-4 text-right tabular-nums">{formatTimeOnScreen(seconds)}</td>
          <td className="py-2 pr-4" />
          <td className="py-2 text-right tabular-nums">{money(statement.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
