import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import {
  SUPABASE_URL,
  emptyPlaylist,
  fakeUser,
  onPlayerPlaylist,
  onUserRole,
  restUrl,
  storeSession,
} from '@tests/setup/supabase-mocks';
import { CustomerHomeRoute } from './home';

const CAFE = fakeUser('cafe@example.com', 'a0000000-0000-4000-8000-000000000002');

const CUSTOMER = {
  id: 'c0000000-0000-4000-8000-000000000001',
  name: 'Corner Cafe',
  email: 'cafe@example.com',
  location: '12 Bleecker St, New York, NY',
  contact_phone: '+1 212 555 0142',
  note: '43" portrait screen behind the counter',
  notes: 'Prefers morning content updates.',
  status: 'active',
  monthly_fee: 149,
  signup_date: '2026-09-23',
  installation_date: '2026-09-28',
  location_photo: 'customer-files/c0000000-0000-4000-8000-000000000001/location-photo.png',
  agreement_file: 'customer-files/c0000000-0000-4000-8000-000000000001/agreement.pdf',
  time_zone: 'America/New_York',
};

function answer(rows: unknown[]) {
  server.use(http.get(restUrl('/customers'), () => HttpResponse.json(rows)));
}

function renderHome() {
  return renderRoutes([{ path: '/home', element: <CustomerHomeRoute /> }], { url: '/home' });
}

function panel(title: string) {
  const heading = screen.getByRole('heading', { name: title });
  return heading.closest<HTMLElement>('.rounded-lg')!;
}

let playlistArgs: Record<string, unknown>[] = [];

type Args = Record<string, unknown>;

/** Answers plays_by_day() and plays_report() (the venue's last 7 days) and records their arguments. */
function answerPlays(
  days: (args: Args) => unknown = () => [],
  report: (args: Args) => unknown = () => [],
): { byDay: Args[]; report: Args[] } {
  const calls = { byDay: [] as Args[], report: [] as Args[] };
  server.use(
    http.post(restUrl('/rpc/plays_by_day'), async ({ request }) => {
      const args = (await request.json()) as Args;
      calls.byDay.push(args);
      return HttpResponse.json(days(args) as object);
    }),
    http.post(restUrl('/rpc/plays_report'), async ({ request }) => {
      const args = (await request.json()) as Args;
      calls.report.push(args);
      return HttpResponse.json(report(args) as object);
    }),
  );
  return calls;
}

beforeEach(() => {
  storeSession(CAFE);
  playlistArgs = [];
  server.use(
    onUserRole('customer'),
    onPlayerPlaylist((args) => {
      playlistArgs.push(args);
      return emptyPlaylist;
    }),
  );
  answerPlays();
  server.use(http.post(restUrl('/rpc/venue_screens'), () => HttpResponse.json([])));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/home', () => {
  it('shows what plays now on the venue’s screens, or that nothing does today', async () => {
    answer([CUSTOMER]);
    renderHome();
    expect(await screen.findByText('No campaign plays today.')).toBeInTheDocument();
    // The venue's own playlist: no customer id is sent, the server knows who is signed in (read
    // once, and once more when the page's channel is live).
    expect(playlistArgs.length).toBeGreaterThanOrEqual(1);
    expect(playlistArgs.every((args) => Object.keys(args).length === 0)).toBe(true);
  });

  it('shows a loading state', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(restUrl('/customers'), async () => {
        await answered;
        return HttpResponse.json([CUSTOMER]);
      }),
    );
    renderHome();
    expect(await screen.findByText('Loading your account...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Welcome, Corner Cafe' })).toBeInTheDocument();
  });

  it('greets the customer and shows their account', async () => {
    answer([CUSTOMER]);
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Welcome, Corner Cafe' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toHaveClass('bg-success-50');
    expect(screen.getByRole('link', { name: 'View Slides' })).toHaveAttribute('href', '/slides');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    const info = within(panel('Your Information'));
    expect(info.getByText('cafe@example.com')).toBeInTheDocument();
    expect(info.getByText('12 Bleecker St, New York, NY')).toBeInTheDocument();
    expect(info.getByText('+1 212 555 0142')).toBeInTheDocument();

    const account = within(panel('Account Details'));
    expect(account.getByText('$149.00')).toBeInTheDocument();
    expect(account.getByText('Sep 23, 2026')).toBeInTheDocument();
    expect(account.getByText('Sep 28, 2026')).toBeInTheDocument();

    expect(within(panel('Equipment Details')).getByText('43" portrait screen behind the counter')).toBeInTheDocument();
    const files = within(panel('Files & Documents'));
    expect(files.getByRole('button', { name: 'Location Photo' })).toBeInTheDocument();
    expect(files.getByRole('button', { name: 'Agreement Document' })).toBeInTheDocument();
    expect(within(panel('Notes')).getByText('Prefers morning content updates.')).toBeInTheDocument();
  });

  it('leaves out what is not set', async () => {
    answer([
      {
        ...CUSTOMER,
        status: 'maintenance',
        contact_phone: null,
        monthly_fee: null,
        installation_date: null,
        location_photo: null,
        agreement_file: null,
        notes: null,
      },
    ]);
    renderHome();
    await screen.findByRole('heading', { name: 'Welcome, Corner Cafe' });
    expect(screen.getByText('Maintenance')).toHaveClass('bg-warning-50');
    expect(screen.queryByText('Contact Phone')).not.toBeInTheDocument();
    expect(within(panel('Account Details')).getByText('Not set')).toBeInTheDocument();
    expect(screen.queryByText('Installation Date')).not.toBeInTheDocument();
    expect(within(panel('Files & Documents')).getByText('No files uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Notes' })).not.toBeInTheDocument();
  });

  it('shows other statuses in grey', async () => {
    answer([{ ...CUSTOMER, status: 'inactive' }]);
    renderHome();
    expect(await screen.findByText('Inactive')).toHaveClass('bg-gray-100');
  });

  it('opens a file through a 60 s signed link made on click', async () => {
    answer([CUSTOMER]);
    const signed: { path: string; body: unknown }[] = [];
    server.use(
      http.post(`${SUPABASE_URL}/storage/v1/object/sign/customer-files/*`, async ({ request }) => {
        const path = new URL(request.url).pathname.replace('/storage/v1/object/sign/customer-files/', '');
        signed.push({ path, body: await request.json() });
        return HttpResponse.json({ signedURL: `/object/sign/customer-files/${path}?token=abc` });
      }),
    );
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Agreement Document' }));
    await waitFor(() => expect(tab.location.href).toContain('agreement.pdf?token=abc'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(signed).toEqual([{ path: 'c0000000-0000-4000-8000-000000000001/agreement.pdf', body: { expiresIn: 60 } }]);
  });

  it('says when no customer matches', async () => {
    answer([]);
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Customer Data Not Found' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find your customer information. Please contact support.")).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    server.use(
      http.get(restUrl('/customers'), () =>
        HttpResponse.json(
          { code: 'XX000', message: 'Service unavailable', details: null, hint: null },
          { status: 500 },
        ),
      ),
    );
    const { user } = renderHome();
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    answer([CUSTOMER]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Corner Cafe' })).toBeInTheDocument();
  });
});

describe('/home in the venue’s language', () => {
  it('offers the language control next to sign-out, and speaks German with German money and dates', async () => {
    answer([{ ...CUSTOMER, locale: 'de' }]);
    const { i18n } = await import('@/i18n');
    await i18n.changeLanguage('de');
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Willkommen, Corner Cafe' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    expect(screen.getByText('Aktiv')).toHaveClass('bg-success-50');

    const info = within(panel('Ihre Angaben'));
    expect(info.getByText('Sprache der Bildschirme').nextElementSibling).toHaveTextContent('Deutsch');
    const account = within(panel('Kontodetails'));
    // 149 in the network's currency (USD), the German way; the venue's dates, the German way.
    expect(account.getByText('Monatsgebühr').nextElementSibling).toHaveTextContent(/^149,00\s\$$/);
    expect(account.getByText('Anmeldedatum').nextElementSibling).toHaveTextContent(/^23\. Sept?\. 2026$/);
    const files = within(panel('Dateien & Dokumente'));
    expect(files.getByRole('button', { name: 'Vertragsdokument' })).toBeInTheDocument();
    // The file is shown by the name it was uploaded with.
    expect(files.getByText('agreement.pdf')).toBeInTheDocument();
    expect(await within(panel('Läuft gerade')).findByText('Heute läuft keine Kampagne.')).toBeInTheDocument();
  });
});

describe('/home: your screens, last 7 days', () => {
  // 23:30 UTC on Nov 20: already Nov 21 in Tokyo, still Nov 20 in New York.
  const NOW = new Date('2026-11-20T23:30:00Z');
  const week = (from: string) =>
    Array.from({ length: 7 }, (_, i) => {
      const day = new Date(`${from}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + i);
      return day.toISOString().slice(0, 10);
    });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('reads the venue’s own plays over its last 7 local days and shows totals, a chart and the top campaigns', async () => {
    answer([{ ...CUSTOMER, time_zone: 'Asia/Tokyo' }]);
    const calls = answerPlays(
      ({ p_from }) => week(p_from as string).map((day, i) => ({ day, plays: i * 10, seconds: i * 100 })),
      () => [
        { key: 'k1', label: 'Morning Menu', detail: 'Corner Cafe', plays: 120, seconds: 1200, screens: 2 },
        { key: 'k2', label: 'Weekend Brunch', detail: 'Corner Cafe', plays: 90, seconds: 900, screens: 1 },
        { key: 'k3', label: 'Coffee Club', detail: 'Corner Cafe', plays: 1, seconds: 10, screens: 1 },
      ],
    );
    renderHome();
    const plays = within(await waitFor(() => panel('Your screens, last 7 days')));
    expect(await plays.findByRole('list', { name: 'Top campaigns' })).toBeInTheDocument();
    // The venue's own days (Tokyo), whatever the browser's zone; no venue named: the server knows whose they are.
    expect(calls.byDay).toEqual([{ p_from: '2026-11-15', p_to: '2026-11-21' }]);
    expect(calls.report).toEqual([{ p_from: '2026-11-15', p_to: '2026-11-21', p_group: 'campaign' }]);

    const totals = within(plays.getByLabelText('Last 7 days'));
    expect(totals.getByText('Plays').nextElementSibling).toHaveTextContent('210');
    expect(totals.getByText('Time on screen').nextElementSibling).toHaveTextContent('35 min');
    const chart = plays.getByRole('table', { name: 'Your plays per day' });
    expect(within(chart).getAllByRole('row').at(-1)!.textContent).toBe('Sat, Nov 21, 2026' + '60' + '10 min');
    expect(plays.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Morning Menu120 plays · 20 min',
      'Weekend Brunch90 plays · 15 min',
      'Coffee Club1 play · 10 s',
    ]);
    expect(plays.getByText('Nov 15 to Nov 21, in Asia/Tokyo time.')).toBeInTheDocument();
  });

  it('says when nothing played, and shows an error with a retry', async () => {
    answer([CUSTOMER]);
    let fail = true;
    answerPlays(
      ({ p_from }) => week(p_from as string).map((day) => ({ day, plays: 0, seconds: 0 })),
      () => [],
    );
    server.use(
      http.post(restUrl('/rpc/plays_by_day'), () =>
        fail
          ? HttpResponse.json(
              { code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null },
              { status: 500 },
            )
          : HttpResponse.json(week('2026-11-14').map((day) => ({ day, plays: 0, seconds: 0 }))),
      ),
    );
    const { user } = renderHome();
    const plays = within(await waitFor(() => panel('Your screens, last 7 days')));
    expect(await plays.findByRole('heading', { name: 'Your plays could not be loaded' })).toBeInTheDocument();
    expect(plays.getByText('canceling statement due to statement timeout')).toBeInTheDocument();
    fail = false;
    await user.click(plays.getByRole('button', { name: 'Try again' }));
    // New York: still Nov 20 there.
    expect(await plays.findByText('No plays in the last 7 days (Nov 14 to Nov 20).')).toBeInTheDocument();
  });
});
