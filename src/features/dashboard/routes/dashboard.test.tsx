import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { i18n } from '@/i18n';
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
  /** How many times dashboard_overview() was called. */
  overview: number;
  /** Its last arguments. */
  body?: unknown;
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

const SUMMARY = { active_campaigns: 3, displays: 12, displays_online: 9, uptime_percent: 97.3, unresolved_alerts: 1 };

interface Overview {
  figures?: Record<string, unknown>;
  alerts?: unknown[];
  ads?: unknown[];
}

/** dashboard_overview() as the database answers it: the shell's summary, the figures and both lists. */
const overview = ({ figures = FIGURES, alerts = ALERTS, ads = ADS }: Overview = {}) => ({
  summary: SUMMARY,
  figures,
  alerts,
  ads,
});

/** The answers of a working database; returns what was asked. */
function databaseAnswers(answer: Overview = {}) {
  const requests: Requests = { overview: 0 };
  server.use(
    http.get(restUrl('/users'), () => HttpResponse.json({ role: 'admin' })),
    http.post(restUrl('/rpc/dashboard_overview'), async ({ request }) => {
      requests.overview += 1;
      requests.body = await request.json();
      return HttpResponse.json(overview(answer));
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
    databaseAnswers({
      figures: { ...FIGURES, month_ago: null, revenue_by_month: [{ month: '2026-11', revenue: 1500 }] },
    });
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
    databaseAnswers({
      figures: { ...FIGURES, retention_percent: null, average_campaign_days: null, uptime_percent: null },
    });
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

    expect(screen.getByRole('link', { name: 'All unresolved alerts' })).toHaveAttribute(
      'href',
      '/dashboard/alerts?state=unresolved',
    );
    // The newest 5, in the one read of the whole first view.
    expect(requests.body).toEqual({ p_list_size: 5 });
  });

  it('links an alert about a screen to that screen', async () => {
    databaseAnswers({ alerts: [{ ...ALERTS[0], device_id: 'dev-7' }, ALERTS[1]] });
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
    expect(requests.body).toEqual({ p_list_size: 5 });
  });

  it('shows empty alert and ad panels', async () => {
    databaseAnswers({ alerts: [], ads: [] });
    renderDashboard();
    expect(await screen.findByText('No unresolved alerts. All screens are reporting normally.')).toBeInTheDocument();
    expect(await screen.findByText('No ads yet.')).toBeInTheDocument();
  });

  it('reads the whole first view in one request, and shows every panel loading until it answers', async () => {
    const requests = databaseAnswers();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(restUrl('/rpc/dashboard_overview'), async () => {
        requests.overview += 1;
        await answered;
        return HttpResponse.json(overview());
      }),
    );
    renderDashboard();
    expect(screen.getByRole('status', { name: 'Loading Active Customers' })).toBeInTheDocument();
    expect(screen.getByText('Loading alerts')).toBeInTheDocument();
    expect(screen.getByText('Loading ads')).toBeInTheDocument();
    expect(screen.getByText('Loading revenue')).toBeInTheDocument();
    await waitFor(() => expect(requests.overview).toBeGreaterThanOrEqual(1));
    answer();
    expect(await screen.findByRole('list', { name: 'Recent ads' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'System alerts' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Active Customers' })).getByText('12')).toBeInTheDocument();
    // Every panel filled from that one read (made once more when the page's channels are live,
    // for what changed before Realtime sent changes).
    await new Promise((r) => setTimeout(r, 300));
    expect(requests.overview).toBeLessThanOrEqual(2);
  });

  it('shows the error with a retry in each panel when the read fails, and fills them all on retry', async () => {
    const requests = databaseAnswers();
    // Failing until the retry (the read made when the page's channels are live fails as well).
    let failing = true;
    server.use(
      http.post(restUrl('/rpc/dashboard_overview'), () => {
        requests.overview += 1;
        return failing ? pgError('the overview is unavailable') : HttpResponse.json(overview());
      }),
    );
    const { user } = renderDashboard();
    const customers = screen.getByRole('group', { name: 'Active Customers' });
    expect(await within(customers).findByRole('alert')).toHaveTextContent('the overview is unavailable');
    expect(within(customers).getByRole('button', { name: 'Try Active Customers again' })).toBeInTheDocument();
    expect(screen.getByText('Revenue could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Ads could not be loaded')).toBeInTheDocument();
    const alertError = screen.getByText('Alerts could not be loaded');
    failing = false;
    await user.click(
      within(alertError.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByRole('list', { name: 'System alerts' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Recent ads' })).toBeInTheDocument();
    expect(within(customers).getByText('12')).toBeInTheDocument();
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
      device_id: null,
      customers: { name: 'Corner Cafe', location: '12 Bleecker St, New York, NY' },
    };
    server.use(
      http.post(restUrl('/rpc/dashboard_overview'), () => {
        requests.overview += 1;
        return HttpResponse.json(overview({ alerts: [alert, ...ALERTS] }));
      }),
    );
    realtime.change('system_alerts', 'INSERT', { ...alert, customers: undefined });
    expect(await within(list).findByText('Front window has been offline for 10 minutes.')).toBeInTheDocument();

    // A venue added elsewhere: the figures are asked again.
    const before = requests.overview;
    realtime.change('customers', 'INSERT', { id: 'c-new', name: 'New Venue' });
    await waitFor(() => expect(requests.overview).toBeGreaterThan(before));
  });
});

describe('dashboard in Spanish and German', () => {
  it('speaks Spanish, with month names, numbers and money in Spanish formats', async () => {
    await i18n.changeLanguage('es');
    databaseAnswers({ figures: { ...FIGURES, current: { ...FIGURES.current, active_customers: 1234 } } });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Panel', level: 1 })).toBeInTheDocument();
    const customers = within(screen.getByRole('group', { name: 'Locales activos' }));
    // es-ES groups thousands only from five digits: 1234 stays as it is.
    expect(await customers.findByText('1234')).toBeInTheDocument();
    expect(customers.getByText('respecto al mes pasado')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Ingresos mensuales' })).getByText('1500,00 US$'),
    ).toBeInTheDocument();
    const chart = await screen.findByRole('table', { name: 'Ingresos mensuales' });
    expect(
      within(chart)
        .getAllByRole('row')
        // Intl separates amount and symbol with a no-break space.
        .map((r) => r.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['PeriodoIngresos', 'sept 20261100,00 US$', 'oct 20261350,50 US$', 'nov 20261500,00 US$']);
    const metrics = screen.getByRole('heading', { name: 'Indicadores de rendimiento' }).closest('div')!.parentElement!;
    expect(within(metrics).getByText('91,7 %')).toBeInTheDocument();
    expect(within(metrics).getByText('38,5 días')).toBeInTheDocument();
    const alerts = screen.getByRole('list', { name: 'Alertas del sistema' });
    expect(within(alerts).getAllByRole('listitem')[0]).toHaveTextContent('Alta');
    expect(within(alerts).getAllByRole('listitem')[0]).toHaveTextContent('Pantalla sin conexión');
  });

  it('speaks German, with the alerts’ states and German number formats', async () => {
    await i18n.changeLanguage('de');
    databaseAnswers();
    renderDashboard();
    const metrics = (await screen.findByRole('heading', { name: 'Leistungskennzahlen' })).closest(
      'div',
    )!.parentElement!;
    expect(await within(metrics).findByText('125,00 $')).toBeInTheDocument();
    expect(within(metrics).getByText('97,3 %')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Systemwarnungen' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('button', { name: /^Beheben: Entrance screen 2/ })).toBeInTheDocument();
    expect(second).toHaveTextContent('Behoben');
    expect(second).toHaveTextContent('vor 3 Tagen');
  });
});
