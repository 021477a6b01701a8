// An advertiser's statements: pick a month, see what its network campaigns delivered and were
// billed, download it as CSV or open the printable statement. On the advertiser's page (admins)
// and in the advertiser's own portal.
import { Download, FileText, Printer } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { downloadText } from '@/lib/csv';
import { formatAmount, localToday, monthBefore, monthLabel, useStatement } from './statement';
import { statementCsv, statementFileName } from './statement-csv';
import { StatementTable } from './statement-table';

/** How many months back the picker offers (play sums are kept two years). */
const MONTHS_BACK = 24;

export interface StatementCardProps {
  advertiserId: string;
  businessName: string;
  /** Where the printable statement of a month (yyyy-mm) is. */
  printHref: (month: string) => string;
  /** The month first shown (yyyy-mm-01); the last month by default. */
  initialMonth?: string;
  /** Today (yyyy-mm-dd), for the months offered; the browser's by default. */
  today?: string;
}

export function StatementCard({ advertiserId, businessName, printHref, initialMonth, today }: StatementCardProps) {
  const { t } = useTranslation('advertisers');
  const now = today ?? localToday();
  const months = Array.from({ length: MONTHS_BACK }, (_, back) => monthBefore(now, back));
  const [month, setMonth] = useState(initialMonth ?? monthBefore(now, 1));
  const statement = useStatement(advertiserId, month);
  const options = months.map((m) => ({ value: m, label: monthLabel(m) }));
  if (!months.includes(month)) options.push({ value: month, label: monthLabel(month) });

  return (
    <Card className="min-w-0 lg:col-span-3">
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <CardTitle>{t('statement.title')}</CardTitle>
        <Field label={t('statement.month')} className="w-48">
          {(field) => <Select {...field} value={month} onChange={(e) => setMonth(e.target.value)} options={options} />}
        </Field>
      </CardHeader>
      <CardContent>
        <QueryBoundary
          query={statement}
          loading={
            <LoadingRegion label={t('statement.loading')} className="space-y-2">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </LoadingRegion>
          }
          error={t('statement.error')}
        >
          {(s) => (
            <div className="space-y-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-gray-700">
                  <Trans
                    t={t}
                    i18nKey="statement.summary"
                    values={{ month: monthLabel(s.month), amount: formatAmount(s.total, s.currency) }}
                    components={{
                      month: <span className="font-medium text-gray-900" />,
                      amount: <span className="font-semibold text-gray-900" />,
                    }}
                  />{' '}
                  {s.closed ? (
                    <Badge tone="success">{t('statement.closed')}</Badge>
                  ) : (
                    <Badge tone="warning">{t('statement.open')}</Badge>
                  )}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => downloadText(statementCsv(s), statementFileName(businessName, s))}
                  >
                    <Download aria-hidden className="size-4" />
                    {t('statement.downloadCsv')}
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <Link to={printHref(s.month.slice(0, 7))}>
                      <Printer aria-hidden className="size-4" />
                      {t('statement.printable')}
                    </Link>
                  </Button>
                </div>
              </div>
              {s.lines.length === 0 ? (
                <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-gray-500">
                  <FileText aria-hidden className="size-8 text-gray-400" />
                  <p>{t('statement.noLines', { name: businessName, month: monthLabel(s.month) })}</p>
                </div>
              ) : (
                <div className="overflow-x-auto">
                  <StatementTable statement={s} />
                </div>
              )}
            </div>
          )}
        </QueryBoundary>
      </CardContent>
    </Card>
  );
}
