import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { addDays } from '@/entities/plays/calendar-days';
import { AvailabilityRoute } from './availability';

const GROUPS = [
  { id: 'g1', name: 'Gyms', colour: '#16a34a', description: null, created_at: '', updated_at: '' },
  { id: 'g2', name: 'City centre', colour: '#2563eb', description: null, created_at: '', updated_at: '' },
];
const VENUES = [
  { id: 'c1', name: 'Peak Gym', location: null, time_zone: 'America/New_York' },
  { id: 'c2', name: 'Iron Gym', location: null, time_zone: 'Europe/London' },
];
const NAMES = [
  { id: 'd1', device_name: 'Lobby 1', customer_name: 'Peak Gym' },
  { id: 'd2', device_name: 'Weights', customer_name: 'Iron Gym' },
];

interface Row {
  device_id: string;
  day: string;
  loop_seconds: number;
  booked_seconds: number;
}

/** network_availability()'s rows: a row per screen and day, ordered by screen then day. */
function rowsFor(start: string, days: number, booked: Record<string, number[]>): Row[] {
  return Object.entries(booked).flatMap(([device_id, seconds]) =>
    Array.from({ length: days }, (_, i) => ({
      device_id,
      day: addDays(start, i),
      loop_seconds: 300,
      booked_seconds: seconds[i] ?? 0,
    })),
  );
}

interface Call {
  body: Record<string, string>;
  params: URLSearchParams;
  prefer: string | null;
}

function answers(rows: (body: Record<string, string>) => Row[]) {
  const calls: Call[] = [];
  server.use(
    http.get(restUrl('/screen_groups'), () => HttpResponse.json(GROUPS)),
    http.get(restUrl('/customers'), () => HttpResponse.json(VENUES)),
    http.get(restUrl('/equipment_status_live'), () => HttpResponse.json(NAMES)),
    http.post(restUrl('/rpc/network_availability'), async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      const params = new URL(request.url).searchParams;
      calls.push({ body, params, prefer: request.headers.get('Prefer') });
      const all = rows(body);
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? all.length);
      const page = all.slice(offset, offset + limit);
      return HttpResponse.json(page, {
        headers: {
          'Content-Range': page.length ? `${offset}-${offset + page.length - 1}/${all.length}` : `*/${all.length}`,
        },
      });
    }),
  );
  return calls;
}

function renderPage(url = '/dashboard/availability?start=2026-12-01&end=2026-12-03') {
  storeSession(fakeUser());
  return renderRoutes([{ path: '/dashboard/availability', element: <AvailabilityRoute /> }], { url });
}

/** The classes of the legend's swatch for `label`: a cell of that step looks the same. */
function legendClasses(label: string): string[] {
  const item = within(screen.getByRole('list', { name: 'Legend' })).getByText(label);
  const swatch = item.querySelector('span') ?? item.firstElementChild;
  return [...(swatch?.classList ?? [])].filter((c) => c.startsWith('bg-') || c.startsWith('text-'));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Availability', () => {
  it('asks for today and the 13 days after it by default', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Noon in London: 1 December in Los Angeles and in Tokyo alike.
    vi.setSystemTime(new Date('2026-12-01T12:00:00Z'));
    const calls = answers(() => rowsFor('2026-12-01', 14, { d1: [] }));
    renderPage('/dashboard/availability');
    const grid = await screen.findByRole('table', { name: 'Availability by screen' });
    expect(calls[0]?.body).toEqual({ p_start: '2026-12-01', p_end: '2026-12-14' });
    expect(screen.getByLabelText('From')).toHaveValue('2026-12-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-12-14');
    // The screen's column, then one per day.
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(15);
  });

  it('shows each screen by day, coloured by the share of its loop sold, with the seconds for screen readers', async () => {
    const calls = answers(() => rowsFor('2026-12-01', 3, { d1: [0, 100, 150], d2: [270, 300, 0] }));
    renderPage();
    const grid = await screen.findByRole('table', { name: 'Availability by screen' });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Lobby 1Peak Gym',
      'WeightsIron Gym',
    ]);
    const cell = (name: string) => within(grid).getByRole('button', { name: new RegExp(`^${name}`) });

    const free = cell('Lobby 1, Tue, Dec 1, 2026');
    expect(free).toHaveAccessibleName('Lobby 1, Tue, Dec 1, 2026: 0 %, 0 of 300 s sold, 300 s free (nothing sold)');
    expect(free).toHaveTextContent('0 %');
    expect(free).toHaveClass(...legendClasses('Nothing sold'));

    const third = cell('Lobby 1, Wed, Dec 2, 2026');
    expect(third).toHaveTextContent('33 %');
    expect(third).toHaveClass(...legendClasses('Under 50 % sold'));

    const half = cell('Lobby 1, Thu, Dec 3, 2026');
    expect(half).toHaveAccessibleName(/: 50 %, 150 of 300 s sold, 150 s free \(50 % to under 90 %\)/);
    expect(half).toHaveClass(...legendClasses('50 % to under 90 %'));

    const ninety = cell('Weights, Tue, Dec 1, 2026');
    expect(ninety).toHaveTextContent('90 %');
    expect(ninety).toHaveClass(...legendClasses('90 % to under 100 %'));

    const full = cell('Weights, Wed, Dec 2, 2026');
    expect(full).toHaveAccessibleName('Weights, Wed, Dec 2, 2026: 100 %, 300 of 300 s sold, 0 s free (sold out)');
    expect(full).toHaveTextContent('100 %');
    expect(full).toHaveClass(...legendClasses('Sold out'));
    expect(legendClasses('Sold out')).not.toEqual(legendClasses('90 % to under 100 %'));

    // A page of screens is a range of rows, counted by the database.
    expect(calls[0]?.params.get('offset')).toBe('0');
    expect(calls[0]?.params.get('limit')).toBe(String(50 * 3));
    expect(calls[0]?.prefer).toContain('count=exact');
  });

  it('asks the database for a group’s or a venue’s screens', async () => {
    const calls = answers(() => rowsFor('2026-12-01', 3, { d1: [0, 0, 0] }));
    const { user, router } = renderPage();
    await screen.findByRole('table', { name: 'Availability by screen' });
    await user.selectOptions(screen.getByLabelText('Group'), 'Gyms');
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({ p_start: '2026-12-01', p_end: '2026-12-03', p_group_id: 'g1' }),
    );
    await user.selectOptions(screen.getByLabelText('Venue'), 'Iron Gym');
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({
        p_start: '2026-12-01',
        p_end: '2026-12-03',
        p_group_id: 'g1',
        p_customer_id: 'c2',
      }),
    );
    expect(router.state.location.search).toContain('group=g1');
    expect(router.state.location.search).toContain('venue=c2');
  });

  it('refuses an end before the start at the field, without asking', async () => {
    const calls = answers(() => []);
    renderPage('/dashboard/availability?start=2026-12-10&end=2026-12-01');
    expect(await screen.findByText('Choose a period')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The end is on or after the start');
    expect(calls).toHaveLength(0);
  });

  it('refuses more than 366 days, and takes 366', async () => {
    const calls = answers(() => []);
    renderPage('/dashboard/availability?start=2026-01-01&end=2027-01-02');
    expect(await screen.findByText('Choose a period')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('At most 366 days');
    expect(calls).toHaveLength(0);
    // 1 January to 1 January of the next (non-leap) year: 366 days.
    // A date picker sets the whole date at once.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-01-01' } });
    await waitFor(() => expect(calls[0]?.body).toEqual({ p_start: '2026-01-01', p_end: '2027-01-01' }));
    // 366 days a screen: 2 screens a page keep a read within 1,000 rows.
    expect(calls[0]?.params.get('limit')).toBe(String(2 * 366));
  });

  it('says when no screens match', async () => {
    answers(() => []);
    renderPage();
    expect(await screen.findByText('No screens match')).toBeInTheDocument();
  });

  it('shows a failed read with a retry', async () => {
    // Failing until the retry (the read made when the page's channel is live fails as well).
    let failing = true;
    answers(() => rowsFor('2026-12-01', 3, { d1: [0, 0, 0] }));
    server.use(
      http.post(restUrl('/rpc/network_availability'), () => {
        return failing
          ? HttpResponse.json(
              { code: '42501', details: null, hint: null, message: 'Only admins can read the network’s availability.' },
              { status: 403 },
            )
          : HttpResponse.json(rowsFor('2026-12-01', 3, { d1: [0, 0, 0] }), { headers: { 'Content-Range': '0-2/3' } });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Availability could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Only admins can read the network’s availability.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Availability by screen' })).toBeInTheDocument();
  });

  it('opens the campaigns booked on a screen that day, by click or by Enter', async () => {
    const calls = answers(() => rowsFor('2026-12-01', 3, { d1: [0, 100, 150], d2: [270, 300, 0] }));
    const asked: Record<string, string>[] = [];
    server.use(
      http.post(restUrl('/rpc/screen_day_bookings'), async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        asked.push(body);
        return HttpResponse.json(
          body.p_device_id === 'd2'
            ? [
                {
                  campaign_id: 'k1',
                  campaign_name: 'Acme Coffee December',
                  advertiser_id: 'a1',
                  advertiser_name: 'Acme Coffee',
                  spots_per_loop: 2,
                  spot_seconds: 15,
                  booked_seconds: 30,
                  windows: [{ days: [1, 2, 3, 4, 5], start: '07:00', end: '11:00' }],
                },
                {
                  campaign_id: 'k2',
                  campaign_name: 'Gym Wear',
                  advertiser_id: 'a2',
                  advertiser_name: 'Stride',
                  spots_per_loop: 1,
                  spot_seconds: 10,
                  booked_seconds: 10,
                  windows: [],
                },
              ]
            : [],
        );
      }),
    );
    const { user } = renderPage();
    const grid = await screen.findByRole('table', { name: 'Availability by screen' });
    // Read once, then once more when the page's channel is live.
    await expect.poll(() => calls.length).toBe(2);
    await user.click(within(grid).getByRole('button', { name: /^Weights, Tue, Dec 1, 2026/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Weights · Tue, Dec 1, 2026' });
    expect(dialog).toHaveTextContent('Iron Gym · 270 of 300 s sold, 30 s free at the day’s peak (90 %).');
    const rows = (await within(dialog).findAllByRole('row')).slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Acme Coffee December', 'Acme Coffee', '2 × 15 s', '30 s', 'Mon–Fri 07:00–11:00'],
      ['Gym Wear', 'Stride', '1 × 10 s', '10 s', 'All day'],
    ]);
    expect(asked).toEqual([{ p_device_id: 'd2', p_day: '2026-12-01' }]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    within(grid)
      .getByRole('button', { name: /^Lobby 1, Tue, Dec 1, 2026/ })
      .focus();
    await user.keyboard('{Enter}');
    const other = await screen.findByRole('dialog', { name: 'Lobby 1 · Tue, Dec 1, 2026' });
    expect(
      await within(other).findByText('No network campaign is booked on this screen that day.'),
    ).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ p_device_id: 'd1', p_day: '2026-12-01' });
  });

  it('shows groups instead: each day its fullest screen, and how many screens still have room', async () => {
    const calls = answers((body) =>
      body.p_group_id === 'g1'
        ? rowsFor('2026-12-01', 3, { d1: [0, 300, 150], d2: [270, 300, 0] })
        : body.p_group_id === 'g2'
          ? []
          : rowsFor('2026-12-01', 3, { d1: [0, 0, 0] }),
    );
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Availability by screen' });
    // Read once, then once more when the page's channel is live.
    await expect.poll(() => calls.length).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Groups' }));
    expect(screen.getByRole('button', { name: 'Groups' })).toHaveAttribute('aria-pressed', 'true');
    const grid = await screen.findByRole('table', { name: 'Availability by group' });
    const first = await within(grid).findByRole('button', { name: /^Gyms, Tue, Dec 1, 2026/ });
    expect(first).toHaveAccessibleName(
      'Gyms, Tue, Dec 1, 2026, fullest screen Weights: 90 %, 270 of 300 s sold, 30 s free (90 % to under 100 %); 2/2 with room',
    );
    const second = within(grid).getByRole('button', { name: /^Gyms, Wed, Dec 2, 2026/ });
    expect(second).toHaveTextContent('100 %');
    expect(second).toHaveTextContent('0/2 with room');
    expect(second).toHaveClass(...legendClasses('Sold out'));
    const cityRow = within(grid).getByRole('rowheader', { name: 'City centre' }).closest('tr')!;
    expect(await within(cityRow).findByText('No screens match')).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.body.p_group_id)
        .map((c) => c.body.p_group_id)
        .sort(),
    ).toEqual(['g1', 'g2']);

    // A group's day opens its fullest screen's bookings.
    server.use(http.post(restUrl('/rpc/screen_day_bookings'), () => HttpResponse.json([])));
    await user.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Weights · Tue, Dec 1, 2026' });
    expect(dialog).toHaveTextContent('The fullest screen of Gyms that day.');
  });
});
