import { useQuery } from '@tanstack/react-query';
import { Flag, Monitor } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailedRead, QueryBoundary } from '@/components/errors/query-boundary';
import { translate } from '@/i18n';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { heartbeatAge } from '@/entities/device/heartbeat-age';
import { LiveStatusBadge } from '@/entities/device/live-status-badge';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { venueScreensQueryOptions, type VenueScreen } from '../api/venue-screens';
import { ReportProblemDialog } from './report-problem-dialog';

function playingNow(screen: VenueScreen): string {
  if (screen.revoked || screen.live_status === 'offline') return translate('home:screens.notReporting');
  const { current_campaign_name: campaign, current_slide_title: slide } = screen;
  if (campaign && slide) return translate('home:screens.playingBoth', { campaign, slide });
  return campaign || slide || translate('home:screens.fallback');
}

function ScreenRow({ screen, onReport }: { screen: VenueScreen; onReport: () => void }) {
  const { t } = useTranslation('home');
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" aria-label={screen.device_name}>
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
          {screen.device_name}
          <LiveStatusBadge status={screen.revoked ? 'revoked' : screen.live_status} />
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-gray-500">{t('screens.lastSeen')}</dt>
          <dd className="text-gray-900">{heartbeatAge(screen.last_heartbeat)}</dd>
          <dt className="text-gray-500">{t('screens.playing')}</dt>
          <dd className="truncate text-gray-900">{playingNow(screen)}</dd>
        </dl>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onReport}
        aria-label={t('screens.reportAbout', { name: screen.device_name })}
      >
        <Flag aria-hidden className="size-4" />
        {t('screens.report')}
      </Button>
    </li>
  );
}

/**
 * The venue's own screens (live: Realtime on equipment_status refreshes them at most once a
 * second), each with its status, when it last reported and what it plays, and a way to
 * report a problem with one of them or with the screens in general.
 */
export function VenueScreens() {
  const { t } = useTranslation('home');
  useLiveTables('venue-screens', ['equipment_status']);
  const screens = useQuery(venueScreensQueryOptions());
  const [reporting, setReporting] = useState<{ screen: VenueScreen | null } | null>(null);

  return (
    <div className="space-y-3">
      <QueryBoundary
        query={screens}
        loading={
          <LoadingRegion label={t('screens.loading')} className="space-y-3">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </LoadingRegion>
        }
        error={(failure) => <FailedRead title={t('screens.loadFailed')} failure={failure} />}
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={Monitor} title={t('screens.emptyTitle')} description={t('screens.emptyDescription')} />
          ) : (
            <ul aria-label={t('screens.listLabel')} className="divide-y divide-gray-200">
              {list.map((screen) => (
                <ScreenRow key={screen.id} screen={screen} onReport={() => setReporting({ screen })} />
              ))}
            </ul>
          )
        }
      </QueryBoundary>
      <Button variant="outline" onClick={() => setReporting({ screen: null })}>
        <Flag aria-hidden className="size-4" />
        {t('screens.reportGeneral')}
      </Button>
      <ReportProblemDialog
        screen={reporting?.screen ?? null}
        open={reporting !== null}
        onOpenChange={(open) => !open && setReporting(null)}
      />
    </div>
  );
}
