// The printable statement: a plain page that prints cleanly to PDF (A4 or Letter, no app
// chrome, no colours that need a printer's background option), with who it is for, the month,
// the lines, the total and how each line was billed.
import { useTranslation } from 'react-i18next';
import { ProductMark } from '@/components/ui/product-mark';
import { formatDate } from '@/lib/format';
import { formatAmount, monthLabel, type Statement } from './statement';
import { StatementTable } from './statement-table';

export interface StatementParty {
  business_name: string;
  advertiser_name?: string | null;
  address?: string | null;
  email?: string | null;
}

export interface StatementDocumentProps {
  statement: Statement;
  advertiser: StatementParty;
  /** When the page was made (the print's date); now by default. */
  issuedAt?: Date;
}

export function StatementDocument({ statement, advertiser, issuedAt = new Date() }: StatementDocumentProps) {
  const { t } = useTranslation('advertisers');
  const month = monthLabel(statement.month);
  return (
    <article
      aria-labelledby="statement-title"
      className="mx-auto max-w-3xl bg-white p-8 text-gray-900 shadow-sm print:max-w-none print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-gray-200 pb-6">
        <div className="space-y-2">
          <ProductMark />
          <h1 id="statement-title" className="text-2xl font-semibold">
            {t('statement.document.heading', { month })}
          </h1>
          <p className="text-sm text-gray-600">
            {t('statement.document.issued', { date: formatDate(issuedAt), currency: statement.currency })}
          </p>
        </div>
        <address className="text-right text-sm not-italic">
          <span className="block font-semibold">{advertiser.business_name}</span>
          {advertiser.advertiser_name && <span className="block">{advertiser.advertiser_name}</span>}
          {advertiser.address && <span className="block whitespace-pre-line">{advertiser.address}</span>}
          {advertiser.email && <span className="block">{advertiser.email}</span>}
        </address>
      </header>

      {!statement.closed && (
        <p role="note" className="mt-6 rounded-md border border-gray-300 p-3 text-sm">
          {t('statement.document.provisional', { month })}
        </p>
      )}

      <section aria-label={t('statement.document.lines')} className="mt-6">
        {statement.lines.length === 0 ? (
          <p className="text-sm text-gray-600">{t('statement.document.noLines', { month })}</p>
        ) : (
          <StatementTable statement={statement} />
        )}
      </section>

      <p className="mt-6 flex justify-between border-t border-gray-200 pt-4 text-lg font-semibold">
        <span>{t('statement.document.totalFor', { month })}</span>
        <span className="tabular-nums">{formatAmount(statement.total, statement.currency)}</span>
      </p>

      <footer className="mt-8 space-y-1 text-xs text-gray-500">
        <p>{t('statement.document.calendarNote')}</p>
        <p>{t('statement.document.pricingNote')}</p>
      </footer>
    </article>
  );
}
