// The admin's first screen: the side menu's figures, the bell and the dashboard fill from one
// read of dashboard_overview(), and a return to the dashboard shows the kept answer at once.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onUserRole, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { DashboardRoute } from '@/features/dashboard/routes/dashboard';
import { i18n } from '@/i18n';
import { AdminShell } from './admin-shell';
import { RequireRole } from './routes/guards';

const OVERVIEW = {
  summary: { active_campaigns: 1204, displays: 12, displays_online: 9, uptime_percent: 97.5, unresolved_alerts: 2 },
  figures: {
    current: { active_customers: 12, active_advertisers: 7, running_ads: 5, monthly_revenue: 1500 },
    month_ago: null,
    revenue_by_month: [{ month: '2026-11', revenue: 1500 }],
    average_monthly_revenue: 125,
    retention_percent: 90,
    average_campaign_days: 30,
    uptime_percent: 97.5,
  },
  alerts: [],
  ads: [],
};

function renderShell() {
  storeSession(fakeUser('admin@example.com'));
  let reads = 0;
  server.use(
    onUserRole('admin'),
    http.post(restUrl('/rpc/dashboard_overview'), () => {
      reads += 1;
      return HttpResponse.json(OVERVIEW);
    }),
  );
  const view = renderRoutes(
    [
      {
        element: <RequireRole allow="team" />,
        children: [
          {
            element: <AdminShell />,
            children: [
              { path: '/dashboard', element: <DashboardRoute /> },
              { path: '/dashboard/settings', element: <h1>Settings page</h1> },
            ],
          },
        ],
      },
    ],
    { url: '/dashboard' },
  );
  return { ...view, reads: () => reads };
}

const sidebar = (name = 'Sidebar') => within(screen.getByRole('complementary', { name }));
const figure = (label: string, name?: string) => sidebar(name).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the admin shell and the dashboard', () => {
  it('fill the side menu, the bell and the dashboard from one read, read once more when their channels are live', async () => {
    const { reads } = renderShell();
    const customers = await screen.findByRole('group', { name: 'Active Customers' });
    expect(await within(customers).findByText('12')).toBeInTheDocument();
    expect(figure('Campaigns')).toHaveTextContent('1,204');
    expect(figure('Displays')).toHaveTextContent('12 (9 of 12 online now)');
    expect(figure('Uptime')).toHaveTextContent('97.5%');
    expect(screen.getByRole('link', { name: 'Notifications: 2 unresolved alerts' })).toBeInTheDocument();
    // The shell's channel and the dashboard's are answered together: one read for both, for
    // what changed before Realtime sent changes.
    await waitFor(() => expect(reads()).toBe(2));
    await new Promise((r) => setTimeout(r, 300));
    expect(reads()).toBe(2);
  });

  it('shows the kept figures at once on a return to the dashboard, and reads them once more behind them', async () => {
    const { reads, user } = renderShell();
    expect(await within(await screen.findByRole('group', { name: 'Active Customers' })).findByText('12')).toBeVisible();
    await user.click(sidebar().getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeInTheDocument();
    await user.click(sidebar().getByRole('link', { name: 'Dashboard' }));
    // On screen in the same render: no loading placeholder.
    const customers = screen.getByRole('group', { name: 'Active Customers' });
    expect(within(customers).getByText('12')).toBeInTheDocument();
    expect(within(customers).queryByRole('status')).not.toBeInTheDocument();
    // Venues, advertisers and ads were followed by no page meanwhile: read once more, once
    // the dashboard's channel is live, with the kept figures on screen all along.
    await waitFor(() => expect(reads()).toBe(3));
    expect(within(customers).queryByRole('status')).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(reads()).toBe(3);
  });

  it('shows the side menu in German, with German number formats', async () => {
    await i18n.changeLanguage('de');
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Hauptmenü' });
    expect(within(nav).getByRole('link', { name: 'Einstellungen' })).toBeInTheDocument();
    await waitFor(() => expect(figure('Kampagnen', 'Seitenleiste')).toHaveTextContent('1.204'));
    expect(figure('Betriebszeit', 'Seitenleiste')?.textContent?.replace(/\s/g, ' ')).toContain('97,5 %');
  });
});
