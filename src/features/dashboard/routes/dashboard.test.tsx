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
  heads: Record<string, URLSearchParams>;
  alerts?: URLSearchParams;
  ads?: URLSearchParams;
}

/** The answers of a working database; returns what was asked. */
function databaseAnswers(counts = { customers: 12, advertisers: 7, ads: 5 }) {
  const requests: Requests = { heads: {} };
  server.use(
    http.get(restUrl('/users'), () => HttpResponse.json({ role: 'admin' })),
    ...(['customers', 'advertisers', 'ads'] as const).map((table) =>
      http.head(restUrl(`/${table}`), ({ request }) => {
        requests.heads[table] = new URL(request.url).searchParams;
        return new HttpResponse(null, { headers: { 'Content-Range': `*/${counts[table]}` } });
      }),
    ),
    http.post(restUrl('/rpc/active_monthly_revenue'), () => HttpResponse.json({ total: 1500, customers: 12 })),
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

  it('shows the four summary cards with counts answered by the database and the fixed changes', async () => {
    const requests = databaseAnswers();
    renderDashboard();

    const customers = screen.getByRole('group', { name: 'Active Customers' });
    expect(await within(customers).findByText('12')).toBeInTheDocument();
    expect(within(customers).getByText('+12%')).toBeInTheDocument();
    const advertisers = screen.getByRole('group', { name: 'Active Advertisers' });
    expect(await within(advertisers).findByText('7')).toBeInTheDocument();
    expect(within(advertisers).getByText('+8%')).toBeInTheDocument();
    const ads = screen.getByRole('group', { name: 'Running Ads' });
    expect(await within(ads).findByText('5')).toBeInTheDocument();
    expect(within(ads).getByText('+15%')).toBeInTheDocument();
    const revenue = screen.getByRole('group', { name: 'Monthly Revenue' });
    expect(await within(revenue).findByText('$1,500.00')).toBeInTheDocument();
    expect(within(revenue).getByText('+23%')).toBeInTheDocument();

    // Counted by the database: active rows only.
    for (const table of ['customers', 'advertisers', 'ads'])
      expect(requests.heads[table]?.get('status')).toBe('eq.active');
  });

  it('shows the revenue placeholder and the performance metrics with the computed average', async () => {
    databaseAnswers();
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Revenue Trends' })).toBeInTheDocument();
    expect(screen.getByText('Chart integration coming soon')).toBeInTheDocument();
    const metrics = screen.getByRole('heading', { name: 'Performance Metrics' }).closest('div')!.parentElement!;
    // 1500 / 12 active customers.
    expect(await within(metrics).findByText('$125.00')).toBeInTheDocument();
    expect(within(metrics).getByText('94%')).toBeInTheDocument();
    expect(within(metrics).getByText('45 days')).toBeInTheDocument();
    expect(within(metrics).getByText('99.2%')).toBeInTheDocument();
  });

  it('lists the first 5 alerts, unresolved first, with customer, severity and time ago', async () => {
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

    expect(requests.alerts?.get('limit')).toBe('5');
    expect(requests.alerts?.get('order')).toBe('resolved.asc,created_at.desc');
    expect(requests.alerts?.get('select')).toContain('customers(name,location)');
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
    expect(await screen.findByText('No alerts. All screens are reporting normally.')).toBeInTheDocument();
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
      http.head(restUrl('/customers'), () => new HttpResponse(null, { status: 500 })),
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
    expect(await within(screen.getByRole('group', { name: 'Active Advertisers' })).findByText('7')).toBeInTheDocument();

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
    databaseAnswers();
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

    // A venue added elsewhere: the customer counts are asked again.
    let counted = 0;
    server.use(
      http.head(restUrl('/customers'), () => {
        counted += 1;
        return new HttpResponse(null, { headers: { 'Content-Range': '*/13' } });
      }),
    );
    realtime.change('customers', 'INSERT', { id: 'c-new', name: 'New Venue' });
    await waitFor(() => expect(counted).toBeGreaterThan(0), { timeout: 3000 });
  });
});
