import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, ChartColumn, Download, FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FailedRead, QueryBoundary } from '@/components/errors/query-boundary';
import { Button, focusRing } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { playsReportQuery, type PlayGroup, type PlaysScope } from '@/entities/plays/plays-report';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';
import { currentLocale, intlLocale } from '@/i18n';
import { cn } from '@/utils/cn';
import type { SortDir, SortKey } from '../lib/report-params';
import { columnTitles, firstDir, rowDetail, rowLabel, sortRows } from '../lib/report-table';

/** A column's title inside a sentence: lower case, but for German nouns. */
const inSentence = (title: string) => (currentLocale() === 'de' ? title : title.toLocaleLowerCase(intlLocale()));
import type { PlaysReportRow } from '@/entities/plays/plays-report';

interface Column {
  key: SortKey;
  title: string;
  numeric: boolean;
}

function SortHeader({
  column,
  sort,
  dir,
  onSort,
}: {
  column: Column;
  sort: SortKey | null;
  dir: SortDir;
  onSort: (key: SortKey, dir: SortDir) => void;
}) {
  const active = sort === column.key;
  const Icon = active ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-4 py-2 font-medium text-gray-600', column.numeric ? 'text-right' : 'text-left')}
    >
      <button
        type="button"
        onClick={() => onSort(column.key, active ? (dir === 'asc' ? 'desc' : 'asc') : firstDir(column.key))}
        className={cn(
          'inline-flex cursor-pointer items-center gap-1 rounded hover:text-gray-900',
          column.numeric && 'flex-row-reverse',
          focusRing,
        )}
      >
        {column.title}
        <Icon aria-hidden className={cn('size-3.5', active ? 'text-gray-900' : 'text-gray-400')} />
      </button>
    </th>
  );
}

export interface ReportTableProps {
  scope: PlaysScope;
  group: PlayGroup;
  sort: SortKey | null;
  dir: SortDir;
  onSort: (key: SortKey, dir: SortDir) => void;
  /** Downloads the rows as shown. */
  onExportTable: (rows: PlaysReportRow[]) => void;
  /** Starts the raw plays export; absent when the period's raw plays are no longer kept. */
  onExportPlays?: () => void;
  /** Says what the raw export covers (or why there is none). */
  rawNote?: string;
}

/** The period's plays grouped as chosen, sortable by column, with its two CSV exports. */
export function ReportTable({
  scope,
  group,
  sort,
  dir,
  onSort,
  onExportTable,
  onExportPlays,
  rawNote,
}: ReportTableProps) {
  const { t } = useTranslation('reports');
  const report = useQuery(playsReportQuery(scope, group));
  const titles = columnTitles(group);
  const columns: Column[] = [
    { key: 'label', title: titles.label, numeric: false },
    { key: 'detail', title: titles.detail, numeric: false },
    { key: 'plays', title: t('columns.plays'), numeric: true },
    { key: 'seconds', title: t('columns.seconds'), numeric: true },
    { key: 'screens', title: t('columns.screens'), numeric: true },
  ];
  const title = t(`table.title.${group}`);
  const rows = report.data ? sortRows(report.data, sort, dir) : [];
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 space-y-0 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle>{title}</CardTitle>
          {rawNote && <CardDescription>{rawNote}</CardDescription>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!report.data || report.data.length === 0}
            onClick={() => onExportTable(rows)}
          >
            <Download aria-hidden className="size-4" />
            {t('table.exportCsv')}
          </Button>
          <Button variant="outline" size="sm" disabled={!onExportPlays} onClick={onExportPlays}>
            <FileDown aria-hidden className="size-4" />
            {t('export.title')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="px-0 py-0">
        <QueryBoundary
          query={report}
          loading={
            <LoadingRegion label={t('table.loading')} className="space-y-3 px-6 py-4">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} className="h-9" />
              ))}
            </LoadingRegion>
          }
          error={(failure) => <FailedRead className="m-6" title={t('table.loadFailed')} failure={failure} />}
        >
          {() =>
            rows.length === 0 ? (
              <EmptyState
                className="m-6"
                icon={ChartColumn}
                title={t('table.emptyTitle')}
                description={t('table.emptyDescription')}
              />
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm" aria-busy={report.isFetching || undefined}>
                  <caption className="sr-only">
                    {sort
                      ? t('table.sortedBy', { title, column: inSentence(columns.find((c) => c.key === sort)!.title) })
                      : title}
                  </caption>
                  <thead className="border-b border-gray-200 bg-gray-50">
                    <tr>
                      {columns.map((column) => (
                        <SortHeader key={column.key} column={column} sort={sort} dir={dir} onSort={onSort} />
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {rows.map((row) => (
                      <tr key={row.key ?? 'none'}>
                        <th scope="row" className="px-4 py-2 text-left font-medium text-gray-900">
                          {rowLabel(row, group)}
                        </th>
                        <td className="px-4 py-2 text-gray-600">{rowDetail(row)}</td>
                        <td className="px-4 py-2 text-right text-gray-900 tabular-nums">{formatCount(row.plays)}</td>
                        <td className="px-4 py-2 text-right text-gray-900 tabular-nums">
                          {formatTimeOnScreen(row.seconds)}
                        </td>
                        <td className="px-4 py-2 text-right text-gray-900 tabular-nums">{formatCount(row.screens)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </QueryBoundary>
      </CardContent>
    </Card>
  );
}
