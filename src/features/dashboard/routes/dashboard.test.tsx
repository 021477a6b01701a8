import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { DashboardRoute } from './dashboard';

const admin = fakeUser('admin@example.com');

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ALERTS = [
  {
    id: 'alert-1',
    alert_type: 'offline',
    severity: 'high',
    message: 'Entrance screen 2 has not sent a heartbeat for 2 hours.',
    resolved: false,
    created_at: ago(30 * MINUTE),
    customers: { name: 'Peak Gym', location: '480 Fitness Ave, Brooklyn, NY' },
  },
  {
    id: 'alert-2',
    alert_type: 'other',
    severity: 'low',
    message: 'Window screen brightness reduced.',
    resolved: true,
    created_at: ago(3 * DAY),
    customers: { name: 'Harbor Books', location: '9 Water St, Boston, MA' },
  },
];

const ADS = [
  {
    id: 'ad-1',
    title: 'Fresh Ad',
    status: 'active',
    daily_budget: 10,
    created_at: ago(10_000),
    advertisers: { advertiser_name: 'Maria Lopez', business_name: 'Sunrise Bakery Supply' },
  },
  {
    id: 'ad-2',
    title: 'Minutes Ad',
    status: 'pending',
    daily_budget: 10,
    created_at: ago(5 * MINUTE),
    advertisers: { advertiser_name: 'James Chen', business_name: 'Brightline Mobile' },
  },
  { id: 'ad-3', title: 'Hours Ad', status: 'paused', daily_budget: 10, created_at: ago(3 * HOUR), advertisers: null },
  {
    id: 'ad-4',
    title: 'Days Ad',
    status: 'other',
    daily_budget: 10,
    created_at: ago(2 * DAY),
    advertisers: { advertiser_name: 'Ana Silva', business_name: 'Fresh Leaf Grocers' },
  },
];

interface Requests {
  figures: number;
  alerts?: URLSearchParams;
  ads?: URLSearchParams;
}

/** dashboard_figures() as the database answers it (numerics arrive as JSON numbers). */
const FIGURES = {
  current: { active_customers: 12, active_advertisers: 7, running_ads: 5, monthly_revenue: 1500 },
  month_ago: { day: '2026-10-25', active_customers: 10, active_advertisers: 7, running_ads: 6, monthly_revenue: 1500 },
  revenue_by_month: [
    { month: '2026-09', revenue: 1100 },
    { month: '2026-10', revenue: 1350.5 },
    { month: '2026-11', revenue: 1500 },
  ],
  average_monthly_revenue: 125,
  retention_percent: 91.7,
  average_campaign_days: 38.5,
  uptime_percent: 97.3,
};

/** The answers of a working database; returns what was asked. */
function databaseAnswers(figures: Record<string, unknown> = FIGURES) {
  const requests: Requests = { figures: 0 };
  server.use(
    http.get(restUrl('/users'), () => HttpResponse.json({ role: 'admin' })),
    http.post(restUrl('/rpc/dashboard_figures'), () => {
      requests.figures += 1;
      return HttpResponse.json(figures);
    }),
    http.get(restUrl('/system_alerts'), ({ request }) => {
      requests.alerts = new URL(request.url).searchParams;
      return HttpResponse.json(ALERTS);
    }),
    http.get(restUrl('/ads'), ({ request }) => {
      requests.ads = new URL(request.url).searchParams;
      return HttpResponse.json(ADS);
    }),
  );
  return requests;
}

function renderDashboard() {
  storeSession(admin);
  return renderRoutes([{ path: '/dashboard', element: <DashboardRoute /> }], { url: '/dashboard' });
}

const pgError = (message: string, status = 500) =>
  HttpResponse.json({ code: 'XX000', details: null, hint: null, message }, { status });

describe('dashboard overview', () => {
  it('shows who is signed in and their role from public.users', async () => {
    databaseAnswers();
    renderDashboard();
    expect(await screen.findByText('Signed in as admin@example.com')).toBeInTheDocument();
    expect(await screen.findByText('admin')).toBeInTheDocument();
  });

  it('shows the four summary cards with the database’s figures and their change since a month ago', async () => {
    databaseAnswers();
    renderDashboard();

    const card = (name: string) => within(screen.getByRole('group', { name }));
    expect(await card('Active Customers').findByText('12')).toBeInTheDocument();
    // 10 a month ago.
    expect(card('Active Customers').getByText('+20%')).toBeInTheDocument();
    expect(card('Active Advertisers').getByText('7')).toBeInTheDocument();
    expect(card('Active Advertisers').getByText('0%')).toBeInTheDocument();
    expect(card('Running Ads').getByText('5')).toBeInTheDocument();
    expect(card('Running Ads').getByText('−17%')).toBeInTheDocument();
    expect(card('Monthly Revenue').getByText('$1,500.00')).toBeInTheDocument();
    expect(card('Monthly Revenue').getByText('0%')).toBeInTheDocument();
  });

  it('shows a dash, never an invented change, when there is no figure from a month ago', async () => {
    databaseAnswers({ ...FIGURES, month_ago: null, revenue_by_month: [{ month: '2026-11', revenue: 1500 }] });
    renderDashboard();
    const customers = within(screen.getByRole('group', { name: 'Active Customers' }));
    expect(await customers.findByText('12')).toBeInTheDocument();
    expect(customers.getByLabelText('No change figure yet')).toHaveTextContent('—');
    expect(customers.queryByText(/%/)).not.toBeInTheDocument();
    // One month only: no chart yet, this month's figure.
    expect(screen.getByText('No history yet: the chart fills in as the months go by.')).toBeInTheDocument();
    expect(screen.getByText('This month: $1,500.00')).toBeInTheDocument();
  });

  it('charts monthly revenue and shows the performance metrics from the database', async () => {
    databaseAnswers();
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Revenue Trends' })).toBeInTheDocument();
    const chart = await screen.findByRole('table', { name: 'Monthly revenue' });
    expect(
      within(chart)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PeriodRevenue', 'Sep 2026$1,100.00', 'Oct 2026$1,350.50', 'Nov 2026$1,500.00']);
    expect(screen.getByTestId('bar-chart')).toBeInTheDocument();
    const metrics = screen.getByRole('heading', { name: 'Performance Metrics' }).closest('div')!.parentElement!;
    expect(await within(metrics).findByText('$125.00')).toBeInTheDocument();
    expect(within(metrics).getByText('91.7%')).toBeInTheDocument();
    expect(within(metrics).getByText('38.5 days')).toBeInTheDocument();
    expect(within(metrics).getByText('97.3%')).toBeInTheDocument();
  });

  it('shows a dash for metrics without history', async () => {
    databaseAnswers({ ...FIGURES, retention_percent: null, average_campaign_days: null, uptime_percent: null });
    renderDashboard();
    const metrics = screen.getByRole('heading', { name: 'Performance Metrics' }).closest('div')!.parentElement!;
    expect(await within(metrics).findByText('$125.00')).toBeInTheDocument();
    expect(within(metrics).getAllByText('—')).toHaveLength(3);
  });

  it('lists the newest 5 unresolved alerts with customer, severity and time ago, and links to the centre', async () => {
    const requests = databaseAnswers();
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'System alerts' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Entrance screen 2 has not sent a heartbeat for 2 hours.');
    expect(first).toHaveTextContent('Peak Gym · 480 Fitness Ave, Brooklyn, NY');
    expect(first).toHaveTextContent('High');
    expect(first).toHaveTextContent('30 minutes ago');
    expect(within(first!).getByRole('button', { name: /Resolve/ })).toBeInTheDocument();
    expect(second).toHaveTextContent('Resolved');
    expect(second).toHaveTextContent('3 days ago');
    expect(within(second!).queryByRole('button', { name: /Resolve/ })).not.toBeInTheDocument();

    expect(requests.alerts?.get('resolved')).toBe('eq.false');
    expect(screen.getByRole('link', { name: 'All unresolved alerts' })).toHaveAttribute(
      'href',
      '/dashboard/alerts?state=unresolved',
    );
    expect(requests.alerts?.get('limit')).toBe('5');
    expect(requests.alerts?.get('order')).toBe('created_at.desc');
    expect(requests.alerts?.get('select')).toContain('customers(name,location)');
  });

  it('links an alert about a screen to that screen', async () => {
    databaseAnswers();
    server.use(
      http.get(restUrl('/system_alerts'), () => HttpResponse.json([{ ...ALERTS[0], device_id: 'dev-7' }, ALERTS[1]])),
    );
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'System alerts' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Open the screen' })).toHaveAttribute(
      'href',
      '/dashboard/equipment?device=dev-7',
    );
    expect(within(second!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('resolves an alert at once, before the database answers', async () => {
    databaseAnswers();
    let patched: { id: string | null; body: unknown } | undefined;
    let answer: () => void = () => undefined;
    server.use(
      http.patch(restUrl('/system_alerts'), async ({ request }) => {
        patched = { id: new URL(request.url).searchParams.get('id'), body: await request.json() };
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json([{ id: 'alert-1' }]);
      }),
    );
    const { user } = renderDashboard();
    const list = await screen.findByRole('list', { name: 'System alerts' });
    await user.click(within(list).getByRole('button', { name: /Resolve: Entrance screen 2/ }));

    // Shown resolved while the request is still open.
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(await within(first).findByText('Resolved')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Resolve/ })).not.toBeInTheDocument();
    expect(patched).toEqual({ id: 'eq.alert-1', body: { resolved: true } });
    answer();
  });

  it('puts the alert back and says so when resolving fails', async () => {
    databaseAnswers();
    server.use(
      http.patch(restUrl('/system_alerts'), async () => {
        await delay(20);
        return pgError('permission denied for table system_alerts', 403);
      }),
    );
    const { user } = renderDashboard();
    const list = await screen.findByRole('list', { name: 'System alerts' });
    await user.click(within(list).getByRole('button', { name: /Resolve: Entrance screen 2/ }));

    expect(await screen.findByText('Failed to resolve alert')).toBeInTheDocument();
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('button', { name: /Resolve: Entrance screen 2/ })).toBeInTheDocument();
  });

  it('fails a resolve that changed no row', async () => {
    databaseAnswers();
    server.use(http.patch(restUrl('/system_alerts'), () => HttpResponse.json([])));
    const { user } = renderDashboard();
    const list = await screen.findByRole('list', { name: 'System alerts' });
    await user.click(within(list).getByRole('button', { name: /Resolve: Entrance screen 2/ }));
    expect(await screen.findByText('Failed to resolve alert')).toBeInTheDocument();
  });

  it('lists recent ad activity with advertiser, status and time ago', async () => {
    const requests = databaseAnswers();
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Recent ads' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Fresh Ad');
    expect(rows[0]).toHaveTextContent('Sunrise Bakery Supply · Maria Lopez');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[0]).toHaveTextContent('Just now');
    expect(rows[1]).toHaveTextContent('5 minutes ago');
    expect(rows[2]).toHaveTextContent('Unknown advertiser');
    expect(rows[2]).toHaveTextContent('3 hours ago');
    expect(rows[3]).toHaveTextContent('2 days ago');
    expect(requests.ads?.get('limit')).toBe('5');
    expect(requests.ads?.get('order')).toBe('created_at.desc');
    expect(requests.ads?.get('select')).toContain('advertisers(advertiser_name,business_name)');
  });

  it('shows empty alert and ad panels', async () => {
    databaseAnswers();
    server.use(
      http.get(restUrl('/system_alerts'), () => HttpResponse.json([])),
      http.get(restUrl('/ads'), () => HttpResponse.json([])),
    );
    renderDashboard();
    expect(await screen.findByText('No unresolved alerts. All screens are reporting normally.')).toBeInTheDocument();
    expect(await screen.findByText('No ads yet.')).toBeInTheDocument();
  });

  it('shows loading placeholders per panel while the database answers', async () => {
    databaseAnswers();
    server.use(
      http.get(restUrl('/system_alerts'), async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderDashboard();
    expect(screen.getByRole('status', { name: 'Loading Active Customers' })).toBeInTheDocument();
    expect(screen.getByText('Loading alerts')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Recent ads' })).toBeInTheDocument();
    expect(screen.getByText('Loading alerts')).toBeInTheDocument();
  });

  it('shows an error with a retry in each panel that failed, and the others still work', async () => {
    databaseAnswers();
    let alertCalls = 0;
    server.use(
      http.post(restUrl('/rpc/dashboard_figures'), () => pgError('figures are unavailable')),
      http.get(restUrl('/system_alerts'), () => {
        alertCalls += 1;
        return alertCalls === 1 ? pgError('alerts are unavailable') : HttpResponse.json(ALERTS);
      }),
      http.get(restUrl('/ads'), () => pgError('ads are unavailable')),
    );
    const { user } = renderDashboard();
    const customers = screen.getByRole('group', { name: 'Active Customers' });
    expect(await within(customers).findByRole('alert')).toBeInTheDocument();
    expect(within(customers).getByRole('button', { name: 'Try Active Customers again' })).toBeInTheDocument();
    expect(await screen.findByText('Revenue could not be loaded')).toBeInTheDocument();

    const alertError = await screen.findByText('alerts are unavailable');
    expect(await screen.findByText('ads are unavailable')).toBeInTheDocument();
    await user.click(
      within(alertError.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByRole('list', { name: 'System alerts' })).toBeInTheDocument();
  });
});

describe('dashboard, live', () => {
  it('shows a new alert and new counts as they happen, without a refresh', async () => {
    const realtime = mockRealtime();
    const requests = databaseAnswers();
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'System alerts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await realtime.joined('system_alerts');

    const alert = {
      id: 'alert-3',
      alert_type: 'offline',
      severity: 'critical',
      message: 'Front window has been offline for 10 minutes.',
      resolved: false,
      created_at: new Date().toISOString(),
      customers: { name: 'Corner Cafe', location: '12 Bleecker St, New York, NY' },
    };
    server.use(http.get(restUrl('/system_alerts'), () => HttpResponse.json([alert, ...ALERTS])));
    realtime.change('system_alerts', 'INSERT', { ...alert, customers: undefined });
    expect(
      await within(list).findByText('Front window has been offline for 10 minutes.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();

    // A venue added elsewhere: the figures are asked again.
    const before = requests.figures;
    realtime.change('customers', 'INSERT', { id: 'c-new', name: 'New Venue' });
    await waitFor(() => expect(requests.figures).toBeGreaterThan(before), { timeout: 3000 });
  });
});
