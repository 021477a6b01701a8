// The admin area's frame with its live figures: the sidebar's Campaigns, Displays and
// Uptime, and the top bar's count of unresolved alerts, from the database and kept current
// by Realtime (alerts, screens and campaigns changing anywhere).
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { AdminLayout, type ShellFigures } from '@/components/layouts/admin-layout';
import { networkSummaryQueryOptions } from '@/entities/network/network-summary';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import type { RefusedState } from './routes/guards';

const count = new Intl.NumberFormat('en-US');

export function AdminShell() {
  useLiveTables('shell', ['system_alerts', 'equipment_status', 'campaigns']);
  const summary = useQuery(networkSummaryQueryOptions());
  // A route guard that sent the member here says why (a page their role cannot open).
  const notice = (useLocation().state as Partial<RefusedState> | null)?.notice;
  const data = summary.data;
  const figures: ShellFigures = {
    sidebar: [
      { label: 'Campaigns', value: data ? count.format(data.active_campaigns) : '—', hint: 'Active campaigns' },
      {
        label: 'Displays',
        value: data ? count.format(data.displays) : '—',
        hint: data ? `${count.format(data.displays_online)} of ${count.format(data.displays)} online now` : undefined,
      },
      {
        label: 'Uptime',
        value: data?.uptime_percent != null ? `${data.uptime_percent}%` : '—',
        hint:
          data && data.uptime_percent === null
            ? 'No screen history yet'
            : 'Share of minutes the screens were reporting, last 30 days',
      },
    ],
    unresolvedAlerts: data ? data.unresolved_alerts : null,
  };
  return <AdminLayout figures={figures} notice={notice} />;
}
