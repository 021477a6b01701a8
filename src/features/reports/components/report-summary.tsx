import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { PlaysByDayChart } from '@/entities/plays/plays-chart';
import { ReadsError } from '@/entities/plays/reads-error';
import { playsByDayQuery, playsReportQuery, playsTotals, type PlaysScope } from '@/entities/plays/plays-report';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';

function Figure({ label, value, isPending }: { label: string; value: string; isPending: boolean }) {
  const { t } = useTranslation('reports');
  return (
    <Card className="px-5 py-4">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900">
        {isPending ? (
          <span role="status" aria-label={t('summary.loadingFigure', { figure: label })}>
            <Skeleton className="h-8 w-24" />
          </span>
        ) : (
          value
        )}
      </dd>
    </Card>
  );
}

/** The period's totals (plays, time on screen, screens) and its plays per day. */
export function ReportSummary({ scope }: { scope: PlaysScope }) {
  const { t } = useTranslation('reports');
  const days = useQuery(playsByDayQuery(scope));
  // Screens that played: one row per screen.
  const screens = useQuery(playsReportQuery(scope, 'screen'));
  const totals = days.data ? playsTotals(days.data) : null;
  return (
    <>
      {days.isError || screens.isError ? (
        <ReadsError title={t('summary.loadFailed')} reads={[days, screens]} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3" aria-label={t('summary.label')}>
          <Figure label={t('columns.plays')} isPending={days.isPending} value={formatCount(totals?.plays ?? 0)} />
          <Figure
            label={t('columns.seconds')}
            isPending={days.isPending}
            value={formatTimeOnScreen(totals?.seconds ?? 0)}
          />
          <Figure
            label={t('columns.screens')}
            isPending={screens.isPending}
            value={formatCount(screens.data?.filter((s) => s.plays > 0).length ?? 0)}
          />
        </dl>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t('chart.title')}</CardTitle>
          <CardDescription>{t('chart.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {days.isPending ? (
            <LoadingRegion label={t('chart.loading')}>
              <Skeleton className="h-56" />
            </LoadingRegion>
          ) : days.isError ? (
            <p className="text-sm text-gray-500">{t('chart.loadFailed')}</p>
          ) : totals?.plays === 0 ? (
            <p className="py-8 text-center text-sm text-gray-500">{t('chart.empty')}</p>
          ) : (
            <PlaysByDayChart days={days.data} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
