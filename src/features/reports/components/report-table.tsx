import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, ChartColumn, Download, FileDown } from 'lucide-react';
import { FailedRead, QueryBoundary } from '@/components/errors/query-boundary';
import { Button, focusRing } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { playsReportQuery, type PlayGroup, type PlaysScope } from '@/entities/plays/plays-report';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';
import { cn } from '@/utils/cn';
import { GROUP_LABELS, type SortDir, type SortKey } from '../lib/report-params';
import { COLUMN_TITLES, firstDir, rowLabel, sortRows } from '../lib/report-table';
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
  const report = useQuery(playsReportQuery(scope, group));
  const titles = COLUMN_TITLES[group];
  const columns: Column[] = [
    { key: 'label', title: titles.label, numeric: false },
    { key: 'detail', title: titles.detail, numeric: false },
    { key: 'plays', title: 'Plays', numeric: true },
    { key: 'seconds', title: 'Time on screen', numeric: true },
    { key: 'screens', title: 'Screens', numeric: true },
  ];
  const rows = report.data ? sortRows(report.data, sort, dir) : [];
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 space-y-0 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle>Plays by {GROUP_LABELS[group].toLowerCase()}</CardTitle>
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
            Export CSV
          </Button>
          <Button variant="outline" size="sm" disabled={!onExportPlays} onClick={onExportPlays}>
            <FileDown aria-hidden className="size-4" />
            Export plays (CSV)
          </Button>
        </div>
      </CardHeader>
      <CardContent className="px-0 py-0">
        <QueryBoundary
          query={report}
          loading={
            <LoadingRegion label="Loading the report" className="space-y-3 px-6 py-4">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} className="h-9" />
              ))}
            </LoadingRegion>
          }
          error={(failure) => <FailedRead className="m-6" title="The report could not be loaded" failure={failure} />}
        >
          {() =>
            rows.length === 0 ? (
              <EmptyState
                className="m-6"
                icon={ChartColumn}
                title="No plays in this period"
                description="Screens send what they played about once a minute. Choose a longer period, another venue or advertiser, or check that the screens are online."
              />
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm" aria-busy={report.isFetching || undefined}>
                  <caption className="sr-only">
                    Plays by {GROUP_LABELS[group].toLowerCase()}
                    {sort ? `, sorted by ${columns.find((c) => c.key === sort)!.title.toLowerCase()}` : ''}
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
                        <td className="px-4 py-2 text-gray-600">{row.detail || '—'}</td>
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
