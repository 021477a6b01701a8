// Pages a team role cannot use: the member is sent to the dashboard with a message saying
// why, and the side menu lists only the pages their role may open.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { authUrl, fakeUser, onUserRole, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { AdminShell } from '../admin-shell';
import { RequireArea, RequireRole } from './guards';

function renderAs(role: string, url: string) {
  storeSession(fakeUser());
  server.use(
    onUserRole(role),
    // The shell's figures come with the dashboard's in one read.
    http.post(restUrl('/rpc/dashboard_overview'), () =>
      HttpResponse.json({
        summary: { active_campaigns: 2, displays: 5, displays_online: 4, uptime_percent: 99, unresolved_alerts: 1 },
        figures: {
          current: { active_customers: 0, active_advertisers: 0, running_ads: 0, monthly_revenue: 0 },
          month_ago: null,
          revenue_by_month: [],
          average_monthly_revenue: null,
          retention_percent: null,
          average_campaign_days: null,
          uptime_percent: 99,
        },
        alerts: [],
        ads: [],
      }),
    ),
  );
  return renderRoutes(
    [
      {
        element: <RequireRole allow="team" />,
        children: [
          {
            element: <AdminShell />,
            children: [
              { path: '/dashboard', element: <h1>Dashboard page</h1> },
              {
                element: <RequireArea area="equipment" />,
                children: [{ path: '/dashboard/equipment', element: <h1>Equipment page</h1> }],
              },
              {
                element: <RequireArea area="team" />,
                children: [{ path: '/dashboard/team', element: <h1>Team page</h1> }],
              },
            ],
          },
        ],
      },
    ],
    { url },
  );
}

const menu = () => within(screen.getAllByRole('navigation', { name: 'Main' })[0]!);
const menuLinks = () =>
  menu()
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('pages by team role', () => {
  it('sends a sales member from Equipment to the dashboard, saying why, and lists neither Equipment nor Team', async () => {
    const { router } = renderAs('sales', '/dashboard/equipment');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your role (sales) cannot open Equipment. Ask an admin if you need it.',
    );
    expect(screen.queryByRole('heading', { name: 'Equipment page' })).not.toBeInTheDocument();
    expect(menuLinks()).toEqual([
      'Dashboard',
      'Alerts',
      'Customers',
      'Advertisers',
      'Campaigns',
      'Reports',
      'Availability',
      'Activity',
    ]);
  });

  it('lets a viewer read Equipment, but not the Team page', async () => {
    const { router } = renderAs('viewer', '/dashboard/equipment');
    expect(await screen.findByRole('heading', { name: 'Equipment page' })).toBeVisible();
    expect(menuLinks()).toContain('Equipment Status');
    expect(menuLinks()).not.toContain('Team');
    expect(menuLinks()).not.toContain('Availability');
    await router.navigate('/dashboard/team');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(screen.getByText('Your role (viewer) cannot open Team. Ask an admin if you need it.')).toBeVisible();
  });

  it('shows an admin every page, the Team page among them, with no message', async () => {
    renderAs('admin', '/dashboard/team');
    expect(await screen.findByRole('heading', { name: 'Team page' })).toBeVisible();
    expect(menuLinks()).toEqual([
      'Dashboard',
      'Alerts',
      'Customers',
      'Advertisers',
      'Campaigns',
      'Reports',
      'Equipment Status',
      'Screen Groups',
      'Availability',
      'Activity',
      'Settings',
      'Team',
    ]);
    expect(screen.queryByText(/cannot open/)).not.toBeInTheDocument();
  });

  it('shows a member without a factor how to set one up when the network requires two-factor sign-in', async () => {
    server.use(
      // The database does not count an aal1 member without a factor: the network requires one.
      http.post(restUrl('/rpc/team_can'), () => HttpResponse.json(false)),
      http.get(authUrl('/user'), () => HttpResponse.json({ ...fakeUser(), factors: [] })),
    );
    renderAs('operator', '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    expect(screen.getByText(/requires every team member to sign in with a code/)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).not.toBeInTheDocument();
  });
});
