// The admin area's frame with its live figures: the sidebar's Campaigns, Displays and
// Uptime, and the top bar's count of unresolved alerts, from the database's one overview
// read (shared with the dashboard's first view) and kept current by Realtime (alerts,
// screens and campaigns changing anywhere).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { AdminLayout, type ShellFigures } from '@/components/layouts/admin-layout';
import { dashboardOverviewQueryOptions } from '@/entities/network/dashboard-overview';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { formatNumber } from '@/lib/format';
import type { RefusedState } from './routes/guards';

export function AdminShell() {
  const { t } = useTranslation(['layout', 'common']);
  useLiveTables('shell', ['system_alerts', 'equipment_status', 'campaigns']);
  const summary = useQuery({ ...dashboardOverviewQueryOptions(), select: (overview) => overview.summary });
  // A route guard that sent the member here says why (a page their role cannot open).
  const notice = (useLocation().state as Partial<RefusedState> | null)?.notice;
  const data = summary.data;
  const none = t('common:states.none');
  const figures: ShellFigures = {
    sidebar: [
      {
        label: t('sidebar.figures.campaigns.label'),
        value: data ? formatNumber(data.active_campaigns) : none,
        hint: t('sidebar.figures.campaigns.hint'),
      },
      {
        label: t('sidebar.figures.displays.label'),
        value: data ? formatNumber(data.displays) : none,
        hint: data
          ? t('sidebar.figures.displays.hint', {
              online: formatNumber(data.displays_online),
              total: formatNumber(data.displays),
            })
          : undefined,
      },
      {
        label: t('sidebar.figures.uptime.label'),
        value:
          data?.uptime_percent != null
            ? formatNumber(data.uptime_percent / 100, { style: 'percent', maximumFractionDigits: 1 })
            : none,
        hint:
          data && data.uptime_percent === null
            ? t('sidebar.figures.uptime.noHistory')
            : t('sidebar.figures.uptime.hint'),
      },
    ],
    unresolvedAlerts: data ? data.unresolved_alerts : null,
  };
  return <AdminLayout figures={figures} notice={notice} />;
}
