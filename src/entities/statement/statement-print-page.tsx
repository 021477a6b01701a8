// The printable statement of one advertiser's month: the statement alone on the page, with
// Back and Print above it that do not print. The browser's "Save as PDF" makes the PDF. Used
// by the advertiser's page (admins) and by the advertiser's portal.
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { bothQueries, QueryBoundary } from '@/components/errors/query-boundary';
import { Button } from '@/components/ui/button';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useStatement } from './statement';
import { statementTitle } from './statement-csv';
import { StatementDocument, type StatementParty } from './statement-document';

/** The printed page's margins (the document itself has none in print). */
const PAGE_MARGINS = '@page { margin: 16mm; }';

export interface StatementPrintPageProps {
  advertiserId: string;
  /** The month from the address: yyyy-mm. */
  month: string;
  /** Who the statement is for (null when there is no such advertiser). */
  party: UseQueryResult<StatementParty | null>;
  back: { to: string; label: string };
  /** Shown when the advertiser is not there. */
  notFound: ReactNode;
}

export function StatementPrintPage({ advertiserId, month, party, back, notFound }: StatementPrintPageProps) {
  const { t } = useTranslation('advertisers');
  const firstDay = /^\d{4}-\d{2}$/.test(month) ? `${month}-01` : '';
  const statement = useStatement(advertiserId, firstDay);
  return (
    <div className="min-h-screen bg-gray-100 px-4 py-6 print:bg-white print:p-0">
      <style>{PAGE_MARGINS}</style>
      <div className="mx-auto mb-4 flex max-w-3xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Button asChild variant="ghost" size="sm">
          <Link to={back.to}>
            <ArrowLeft aria-hidden className="size-4" />
            {back.label}
          </Link>
        </Button>
        <Button size="sm" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          {t('statement.print.print')}
        </Button>
      </div>
      {firstDay === '' ? (
        <p role="alert" className="mx-auto max-w-3xl text-sm text-danger-700">
          {t('statement.print.badMonth')}
        </p>
      ) : (
        <QueryBoundary
          query={bothQueries(party, statement)}
          loading={
            <LoadingRegion label={t('statement.loading')} className="mx-auto max-w-3xl space-y-4">
              <Skeleton className="h-24" />
              <Skeleton className="h-64" />
            </LoadingRegion>
          }
          error={t('statement.error')}
          notFound={notFound}
        >
          {([a, s]) =>
            a ? (
              <>
                {/* The title names the PDF the browser saves. */}
                <title>{statementTitle(a.business_name, s)}</title>
                <StatementDocument statement={s} advertiser={a} />
              </>
            ) : (
              notFound
            )
          }
        </QueryBoundary>
      )}
    </div>
  );
}
