// The printable statement of one advertiser's month: the statement alone on the page, with
// Back and Print above it that do not print. The browser's "Save as PDF" makes the PDF.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { bothQueries, QueryBoundary } from '@/components/errors/query-boundary';
import { Button } from '@/components/ui/button';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useStatement } from '@/entities/statement/statement';
import { statementTitle } from '@/entities/statement/statement-csv';
import { StatementDocument } from '@/entities/statement/statement-document';
import { advertiserQueryOptions } from '../api/advertisers';
import { AdvertiserNotFound } from '../components/advertiser-not-found';

/** The printed page's margins (the document itself has none in print). */
const PAGE_MARGINS = '@page { margin: 16mm; }';

export function AdvertiserStatementPrintRoute() {
  const { id = '', month = '' } = useParams();
  const firstDay = /^\d{4}-\d{2}$/.test(month) ? `${month}-01` : '';
  const advertiser = useQuery(advertiserQueryOptions(id));
  const statement = useStatement(id, firstDay);
  return (
    <div className="min-h-screen bg-gray-100 px-4 py-6 print:bg-white print:p-0">
      <style>{PAGE_MARGINS}</style>
      <div className="mx-auto mb-4 flex max-w-3xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.dashboard.advertisers.view.getHref(id)}>
            <ArrowLeft aria-hidden className="size-4" />
            Back to the advertiser
          </Link>
        </Button>
        <Button size="sm" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          Print or save as PDF
        </Button>
      </div>
      {firstDay === '' ? (
        <p role="alert" className="mx-auto max-w-3xl text-sm text-danger-700">
          This address names no month (it ends in a year and month such as 2026-10).
        </p>
      ) : (
        <QueryBoundary
          query={bothQueries(advertiser, statement)}
          loading={
            <LoadingRegion label="Loading statement" className="mx-auto max-w-3xl space-y-4">
              <Skeleton className="h-24" />
              <Skeleton className="h-64" />
            </LoadingRegion>
          }
          error="The statement could not be loaded"
          notFound={<AdvertiserNotFound />}
        >
          {([a, s]) =>
            a ? (
              <>
                {/* The title names the PDF the browser saves. */}
                <title>{statementTitle(a.business_name, s)}</title>
                <StatementDocument statement={s} advertiser={a} />
              </>
            ) : (
              <AdvertiserNotFound />
            )
          }
        </QueryBoundary>
      )}
    </div>
  );
}
