import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { advertiserOptionsQuery } from '@/entities/advertiser/advertiser-options';
import { formatDay } from '@/entities/plays/calendar-days';
import { playsByDayQuery, playsReportQuery, type PlaysScope } from '@/entities/plays/plays-report';
import { venueOptionsQuery } from '@/entities/venue/venue-options';
import { withParams } from '@/hooks/use-list-search-params';
import { translate } from '@/i18n';
import { downloadText } from '@/lib/csv';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { RAW_PLAYS_DAYS, rawScope } from '@/entities/plays/raw-plays';
import { RawExportDialog } from '../components/raw-export-dialog';
import { ReportFilters, type ParamChanges } from '../components/report-filters';
import { ReportSummary } from '../components/report-summary';
import { ReportTable } from '../components/report-table';
import { browserToday, readReportParams } from '../lib/report-params';
import { reportCsv, reportFileName } from '../lib/report-table';
import { useSearchParamsLatest } from '@/hooks/use-search-params-latest';

export const prefetch: ScreenPrefetch = (queryClient, url) => {
  const { scope, group } = readReportParams(url.searchParams, browserToday());
  if (scope) {
    void queryClient.prefetchQuery(playsByDayQuery(scope));
    void queryClient.prefetchQuery(playsReportQuery(scope, group));
    void queryClient.prefetchQuery(playsReportQuery(scope, 'screen'));
  }
  void queryClient.prefetchQuery(venueOptionsQuery());
  void queryClient.prefetchQuery(advertiserOptionsQuery());
};

/** What "Export plays (CSV)" can cover of the period: raw plays are kept 30 days. */
function rawExportNote(scope: PlaysScope, raw: PlaysScope | null): string | undefined {
  if (!raw) return translate('reports:export.tooOld', { count: RAW_PLAYS_DAYS });
  if (raw.from !== scope.from) {
    return translate('reports:export.covers', {
      count: RAW_PLAYS_DAYS,
      from: formatDay(raw.from, 'long'),
      to: formatDay(raw.to, 'long'),
    });
  }
  return undefined;
}

/** Proof of play for admins: what played, where and for whom, over a period (/dashboard/reports). */
export function ReportsRoute() {
  const { t } = useTranslation('reports');
  const [params, setParams] = useSearchParamsLatest();
  const today = browserToday();
  const report = readReportParams(params, today);
  const { scope, group, venue, advertiser } = report;
  const venues = useQuery(venueOptionsQuery());
  const advertisers = useQuery(advertiserOptionsQuery());
  const filterNames = [
    venues.data?.find((v) => v.id === venue)?.name,
    advertisers.data?.find((a) => a.id === advertiser)?.name,
  ];
  // The export keeps the scope it started with.
  const [exporting, setExporting] = useState<{ scope: PlaysScope; filename: string } | null>(null);

  const change = (changes: ParamChanges) => setParams((p) => withParams(p, changes));
  const raw = scope ? rawScope(scope) : null;

  return (
    <ContentLayout title={t('page.title')} description={t('page.description')}>
      <ReportFilters report={report} today={today} onChange={change} />
      {scope ? (
        <>
          <ReportSummary scope={scope} />
          <ReportTable
            scope={scope}
            group={group}
            sort={report.sort}
            dir={report.dir}
            onSort={(sort, dir) => change({ sort, dir })}
            onExportTable={(rows) =>
              downloadText(reportCsv(rows, group), reportFileName(`plays-by-${group}`, scope, filterNames))
            }
            onExportPlays={
              raw ? () => setExporting({ scope: raw, filename: reportFileName('plays', raw, filterNames) }) : undefined
            }
            rawNote={rawExportNote(scope, raw)}
          />
        </>
      ) : (
        <Alert tone="warning">{t('page.correctPeriod')}</Alert>
      )}
      {exporting && (
        <RawExportDialog scope={exporting.scope} filename={exporting.filename} onClose={() => setExporting(null)} />
      )}
    </ContentLayout>
  );
}
