import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { prefetchDashboardOverview } from '@/entities/network/dashboard-overview';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useAuth, userRoleQueryOptions } from '@/lib/auth';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { isTeamRole } from '@/lib/permissions';
import { PerformanceMetrics } from '../components/performance-metrics';
import { RecentAdsPanel } from '../components/recent-ads-panel';
import { RevenueTrends } from '../components/revenue-trends';
import { SummaryCards } from '../components/summary-cards';
import { SystemAlertsPanel } from '../components/system-alerts-panel';

/** The overview (the dashboard's figures and the side menu's) starts beside the guards' read of the role. */
export const prefetch: ScreenPrefetch = (queryClient) => prefetchDashboardOverview(queryClient);

function UserRole({ userId }: { userId: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const role = useQuery(userRoleQueryOptions(userId));
  return (
    <QueryBoundary
      query={role}
      loading={<Spinner size="sm" label={t('role.loading')} />}
      error={(failure) => (
        <span role="alert" className="inline-flex items-center gap-2 text-danger-700">
          {t('role.failed', { error: errorMessage(failure.error) })}
          <Button variant="outline" size="sm" onClick={failure.retry}>
            {t('common:actions.retry')}
          </Button>
        </span>
      )}
    >
      {(name) => (
        <span className="inline-flex items-center gap-2">
          {t('role.label')} <Badge tone="brand">{isTeamRole(name) ? t(`role.names.${name}`) : name}</Badge>
        </span>
      )}
    </QueryBoundary>
  );
}

/** What the dashboard counts and lists: changes by anyone show without a refresh. */
const LIVE_TABLES = ['system_alerts', 'equipment_status', 'customers', 'advertisers', 'ads', 'campaigns'] as const;

export function DashboardRoute() {
  const { t } = useTranslation('dashboard');
  const auth = useAuth();
  useLiveTables('dashboard', LIVE_TABLES);
  // The top bar's bell links to #system-alerts.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <ContentLayout
      title={t('title')}
      description={
        auth.user && (
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span>{t('signedInAs', { email: auth.user.email })}</span>
            <UserRole userId={auth.user.id} />
          </span>
        )
      }
    >
      <SummaryCards />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RevenueTrends />
        </div>
        <PerformanceMetrics />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <SystemAlertsPanel />
        <RecentAdsPanel />
      </div>
    </ContentLayout>
  );
}
