// The advertiser's plays in a period, every campaign together: per day, per venue and per
// screen (plays_report and plays_by_day, which the database narrows to the advertiser's own),
// and the raw plays as a proof-of-play CSV.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChartColumn, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-state';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { formatDay } from '@/entities/plays/calendar-days';
import { PlaysByDayChart } from '@/entities/plays/plays-chart';
import { ReadsError } from '@/entities/plays/reads-error';
import { exportRawPlays } from '@/entities/plays/raw-plays';
import { playsByDayQuery, playsReportQuery, playsTotals, type PlaysReportRow } from '@/entities/plays/plays-report';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';
import { downloadText } from '@/lib/csv';
import { portalScreensQueryOptions } from '../api/portal-queries';
import { PeriodPicker } from '../components/period-picker';
import { periodFrom, type Period } from '../lib/period';

function Ranked({ title, rows }: { title: string; rows: PlaysReportRow[] }) {
  return (
    <section aria-label={title} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 className="mb-2 text-sm font-semibold text-gray-900">{title}</h2>
      <ol className="space-y-1 text-sm">
        {rows.map((row) => (
          <li key={row.key ?? 'none'} className="flex items-baseline justify-between gap-3">
            <span className="min-w-0">
              <span className="block truncate text-gray-900">{row.label}</span>
              {row.detail && <span className="block truncate text-gray-500">{row.detail}</span>}
            </span>
            <span className="shrink-0 text-gray-600 tabular-nums">
              {formatCount(row.plays)} · {formatTimeOnScreen(row.seconds)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function CsvButton({ period }: { period: Period }) {
  const { t } = useTranslation('advertiserPortal');
  const screens = useQuery(portalScreensQueryOptions());
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; read: number; error: unknown; done: number | null }>({
    busy: false,
    read: 0,
    error: null,
    done: null,
  });
  const run = async () => {
    setState({ busy: true, read: 0, error: null, done: null });
    try {
      const list = screens.data ?? (await screens.refetch({ throwOnError: true })).data ?? [];
      // The same file as the operator's Reports export: each play with the names it was shown under.
      const { csv, rows } = await exportRawPlays(period, {
        signal: new AbortController().signal,
        queryClient,
        timeZones: new Map(list.map((s) => [s.venueId, s.timeZone])),
        onProgress: ({ read }) => setState((s) => ({ ...s, read })),
      });
      downloadText(csv, `plays-${period.from}-to-${period.to}.csv`);
      setState({ busy: false, read: rows, error: null, done: rows });
    } catch (error) {
      setState({ busy: false, read: 0, error, done: null });
    }
  };
  return (
    <div className="space-y-2">
      <Button variant="outline" isLoading={state.busy} onClick={() => void run()}>
        {!state.busy && <Download aria-hidden className="size-4" />}
        {state.busy ? t('plays.reading', { read: formatCount(state.read) }) : t('plays.download')}
      </Button>
      <p role="status" className="text-xs text-gray-500">
        {state.done !== null && t('plays.downloaded', { count: state.done, formatted: formatCount(state.done) })}
      </p>
      {state.error !== null && (
        <Alert tone="danger" title={t('plays.downloadError')}>
          {errorMessage(state.error)}
        </Alert>
      )}
    </div>
  );
}

export function PortalPlaysRoute() {
  const { t } = useTranslation('advertiserPortal');
  const [params] = useSearchParams();
  const period = periodFrom(params);
  const days = useQuery(playsByDayQuery(period));
  const venues = useQuery(playsReportQuery(period, 'venue'));
  const screens = useQuery(playsReportQuery(period, 'screen'));
  const campaigns = useQuery(playsReportQuery(period, 'campaign'));
  const reads = [days, venues, screens, campaigns];

  let body;
  if (reads.some((r) => r.isPending)) {
    body = (
      <LoadingRegion label={t('plays.loading')} className="space-y-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-48" />
      </LoadingRegion>
    );
  } else if (!days.isSuccess || !venues.isSuccess || !screens.isSuccess || !campaigns.isSuccess) {
    body = <ReadsError title={t('plays.error')} reads={reads} />;
  } else {
    const totals = playsTotals(days.data);
    body =
      totals.plays === 0 ? (
        <EmptyState
          icon={ChartColumn}
          title={t('plays.empty.title')}
          description={t('plays.empty.description', {
            from: formatDay(period.from, 'long'),
            to: formatDay(period.to, 'long'),
          })}
        />
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-4" aria-label={t('performance.totalsLabel')}>
            <div className="rounded-lg border border-gray-200 bg-white p-4">
              <dt className="text-sm text-gray-500">{t('performance.plays')}</dt>
              <dd className="text-2xl font-semibold text-gray-900 tabular-nums">{formatCount(totals.plays)}</dd>
            </div>
            <div className="rounded-lg border border-gray-200 bg-white p-4">
              <dt className="text-sm text-gray-500">{t('performance.timeOnScreen')}</dt>
              <dd className="text-2xl font-semibold text-gray-900 tabular-nums">
                {formatTimeOnScreen(totals.seconds)}
              </dd>
            </div>
          </dl>
          <PlaysByDayChart days={days.data} title={t('plays.perDay')} height={180} />
          <div className="grid gap-4 lg:grid-cols-3">
            <Ranked title={t('plays.byCampaign')} rows={campaigns.data} />
            <Ranked title={t('plays.byVenue')} rows={venues.data} />
            <Ranked title={t('plays.byScreen')} rows={screens.data} />
          </div>
        </div>
      );
  }

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">{t('plays.title')}</h1>
          <p className="text-sm text-gray-500">{t('plays.description')}</p>
        </div>
        <PeriodPicker period={period} />
      </div>
      <CsvButton period={period} />
      {body}
    </>
  );
}
