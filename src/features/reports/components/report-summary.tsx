import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { PlaysByDayChart } from '@/entities/plays/plays-chart';
import { ReadsError } from '@/entities/plays/reads-error';
import { playsByDayQuery, playsReportQuery, playsTotals, type PlaysScope } from '@/entities/plays/plays-report';
import { formatCount, formatTimeOnScreen } from '@/entities/plays/time-on-screen';

function Figure({ label, value, isPending }: { label: string; value: string; isPending: boolean }) {
  return (
    <Card className="px-5 py-4">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900">
        {isPending ? (
          <span role="status" aria-label={`Loading ${label}`}>
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
  const days = useQuery(playsByDayQuery(scope));
  // Screens that played: one row per screen.
  const screens = useQuery(playsReportQuery(scope, 'screen'));
  const totals = days.data ? playsTotals(days.data) : null;
  return (
    <>
      {days.isError || screens.isError ? (
        <ReadsError title="The totals could not be loaded" reads={[days, screens]} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3" aria-label="Totals">
          <Figure label="Plays" isPending={days.isPending} value={formatCount(totals?.plays ?? 0)} />
          <Figure label="Time on screen" isPending={days.isPending} value={formatTimeOnScreen(totals?.seconds ?? 0)} />
          <Figure
            label="Screens"
            isPending={screens.isPending}
            value={formatCount(screens.data?.filter((s) => s.plays > 0).length ?? 0)}
          />
        </dl>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Plays per day</CardTitle>
          <CardDescription>Plays and time on screen on each day of the period.</CardDescription>
        </CardHeader>
        <CardContent>
          {days.isPending ? (
            <LoadingRegion label="Loading plays per day">
              <Skeleton className="h-56" />
            </LoadingRegion>
          ) : days.isError ? (
            <p className="text-sm text-gray-500">The chart could not be loaded.</p>
          ) : totals?.plays === 0 ? (
            <p className="py-8 text-center text-sm text-gray-500">No plays in this period.</p>
          ) : (
            <PlaysByDayChart days={days.data} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
