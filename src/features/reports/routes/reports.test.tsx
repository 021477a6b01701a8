import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type DefaultBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import { i18n } from '@/i18n';
import { ReportsRoute } from './reports';

// "Today" on this browser: Friday 20 November 2026, mid-morning, whatever the machine's zone.
const NOW = new Date(2026, 10, 20, 10, 0, 0);

const VENUES = [
  { id: 'c1', name: 'Corner Cafe', location: '12 Bleecker St', time_zone: 'America/New_York' },
  { id: 'c2', name: 'Peak Gym', location: '480 Fitness Ave', time_zone: 'Europe/Paris' },
];
const ADVERTISERS = [
  { id: 'ad1', business_name: 'Sunrise Bakery', advertiser_name: 'Maria Lopez' },
  { id: 'ad2', business_name: 'Brightline Mobile', advertiser_name: 'Sam Lee' },
];

const CAMPAIGN_ROWS = [
  { key: 'k1', label: 'Morning Menu', detail: 'Corner Cafe', plays: 1200, seconds: 12000, screens: 2 },
  { key: 'k2', label: 'Gym "Summer", Deals', detail: 'Peak Gym', plays: 300, seconds: 4530.5, screens: 1 },
  { key: null, label: '=No campaign', detail: 'Corner Cafe', plays: 7, seconds: 70, screens: 1 },
];
const SCREEN_ROWS = [
  { key: 's1', label: 'Counter', detail: 'Corner Cafe', plays: 900, seconds: 9000, screens: 1 },
  { key: 's2', label: 'Window', detail: 'Corner Cafe', plays: 307, seconds: 3070, screens: 1 },
  { key: 's3', label: 'Entrance', detail: 'Peak Gym', plays: 300, seconds: 4530.5, screens: 1 },
];

type Args = Record<string, unknown>;

/** Seven days ending with the given one, with plays on two of them. */
const DAYS = ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'].map(
  (day, i) => ({ day, plays: i === 5 ? 1000 : i === 6 ? 507 : 0, seconds: i === 5 ? 12000 : i === 6 ? 4600.5 : 0 }),
);

/** A table as GET /rest/v1/<table> answers it: every row, or those of `id=in.(...)`. */
function table(name: string, rows: readonly ({ id: string } & Record<string, unknown>)[]) {
  return http.get(restUrl(`/${name}`), ({ request }) => {
    const ids = /^in\.\((.*)\)$/.exec(new URL(request.url).searchParams.get('id') ?? '')?.[1]?.split(',');
    return HttpResponse.json(ids ? rows.filter((r) => ids.includes(r.id)) : rows);
  });
}

interface Calls {
  report: Args[];
  byDay: Args[];
}

function serve({
  rows = CAMPAIGN_ROWS as DefaultBodyType,
  days = DAYS as DefaultBodyType,
  venues = [] as DefaultBodyType,
}: { rows?: DefaultBodyType; days?: DefaultBodyType; venues?: DefaultBodyType } = {}): Calls {
  const calls: Calls = { report: [], byDay: [] };
  server.use(
    http.post(restUrl('/rpc/plays_report'), async ({ request }) => {
      const args = (await request.json()) as Args;
      calls.report.push(args);
      if (args.p_group === 'screen') return HttpResponse.json(SCREEN_ROWS);
      if (args.p_group === 'venue') return HttpResponse.json(venues);
      return HttpResponse.json(rows);
    }),
    http.post(restUrl('/rpc/plays_by_day'), async ({ request }) => {
      calls.byDay.push((await request.json()) as Args);
      return HttpResponse.json(days);
    }),
    table('customers', VENUES),
    table('advertisers', ADVERTISERS),
  );
  return calls;
}

const open = (url = '/dashboard/reports') =>
  renderRoutes([{ path: '/dashboard/reports', element: <ReportsRoute /> }], { url });

/** The report table's rows as text, one array of cells per row. */
async function tableRows() {
  const grid = await screen.findByRole('table', { name: /^Plays by/ });
  return within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

interface Download {
  name: string;
  bytes: Uint8Array;
  text: string;
}

/** Catches files the page hands to the browser (a Blob link clicked with a download name). */
function catchDownloads(): Download[] {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${++n}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)!;
    const entry: Download = { name: this.download, bytes: new Uint8Array(), text: '' };
    downloads.push(entry);
    void blob.arrayBuffer().then((buffer) => {
      entry.bytes = new Uint8Array(buffer);
      entry.text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(buffer);
    });
  });
  return downloads;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('reports: period', () => {
  it('opens on the last 7 days by campaign, with totals, the chart and the table', async () => {
    const calls = serve();
    open();
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Period')).toHaveValue('last-7-days');
    expect(screen.getByText('Sat, Nov 14, 2026 to Fri, Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByLabelText('Period')).toHaveAccessibleDescription(
      "Today is Fri, Nov 20, 2026 on this computer; plays count by each venue's own days.",
    );

    expect(await tableRows()).toEqual([
      ['Morning Menu', 'Corner Cafe', '1,200', '3 h 20 min', '2'],
      ['Gym "Summer", Deals', 'Peak Gym', '300', '1 h 15 min', '1'],
      ['=No campaign', 'Corner Cafe', '7', '1 min', '1'],
    ]);
    const totals = within(screen.getByLabelText('Totals'));
    expect(totals.getByText('Plays').nextElementSibling).toHaveTextContent('1,507');
    expect(totals.getByText('Time on screen').nextElementSibling).toHaveTextContent('4 h 36 min');
    expect(totals.getByText('Screens').nextElementSibling).toHaveTextContent('3');
    const chart = screen.getByRole('table', { name: 'Plays per day' });
    expect(within(chart).getAllByRole('row')[6]!.textContent).toBe('Thu, Nov 19, 2026' + '1,000' + '3 h 20 min');

    expect(calls.byDay).toEqual([{ p_from: '2026-11-14', p_to: '2026-11-20' }]);
    expect(calls.report).toContainEqual({ p_from: '2026-11-14', p_to: '2026-11-20', p_group: 'campaign' });
    expect(calls.report).toContainEqual({ p_from: '2026-11-14', p_to: '2026-11-20', p_group: 'screen' });
  });

  it.each([
    ['last-30-days', '2026-10-22', '2026-11-20'],
    ['this-month', '2026-11-01', '2026-11-20'],
    ['last-month', '2026-10-01', '2026-10-31'],
    ['last-12-months', '2025-11-21', '2026-11-20'],
    ['last-7-days', '2026-11-14', '2026-11-20'],
  ])('reads the preset %s as %s to %s, and keeps it in the address', async (preset, from, to) => {
    const calls = serve();
    const { user, router } = open('/dashboard/reports?period=last-30-days');
    await tableRows();
    await user.selectOptions(screen.getByLabelText('Period'), preset);
    await waitFor(() => expect(calls.byDay.at(-1)).toEqual({ p_from: from, p_to: to }));
    expect(calls.report).toContainEqual({ p_from: from, p_to: to, p_group: 'campaign' });
    expect(new URLSearchParams(router.state.location.search).get('period')).toBe(preset);
  });

  it('takes a custom period, refusing one that ends before it starts or covers more than 2 years, at the field', async () => {
    const calls = serve();
    const { user, router } = open();
    await tableRows();
    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    // It starts from the period shown.
    expect(from).toHaveValue('2026-11-14');
    expect(to).toHaveValue('2026-11-20');

    await user.clear(from);
    await user.type(from, '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The last day is before the first day.')).toBeInTheDocument();
    expect(to).toHaveAccessibleDescription('The last day is before the first day.');

    await user.clear(from);
    await user.type(from, '2024-11-18');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('A report covers at most 2 years: choose a later first day or an earlier last day.'),
    ).toBeInTheDocument();

    await user.clear(from);
    // 731 days from the first to the last, as plays_by_day() allows.
    await user.type(from, '2024-11-19');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.byDay.at(-1)).toEqual({ p_from: '2024-11-19', p_to: '2026-11-20' }));
    expect(screen.queryByText(/The last day is before|at most 2 years/)).not.toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('period'), params.get('from'), params.get('to')]).toEqual([
      'custom',
      '2024-11-19',
      '2026-11-20',
    ]);
    // Nothing was read for the refused periods.
    expect(calls.byDay.map((a) => a.p_from)).not.toContain('2026-11-25');
    expect(calls.byDay.map((a) => a.p_from)).not.toContain('2024-11-18');
  });

  it('says what is wrong with a period given in the address, and reads nothing', async () => {
    const calls = serve();
    open('/dashboard/reports?period=custom&from=2026-11-20&to=2026-11-01');
    expect(await screen.findByText('The last day is before the first day.')).toBeInTheDocument();
    expect(screen.getByText('Correct the period above to see its report.')).toBeInTheDocument();
    expect(calls.byDay).toEqual([]);
    expect(calls.report).toEqual([]);
  });
});

describe('reports: grouping and filters', () => {
  it('groups by what is chosen, names its columns, filters by venue and advertiser, and goes back', async () => {
    const calls = serve();
    const { user, router } = open('/dashboard/reports?period=last-30-days&group=screen&venue=c1');
    await tableRows();
    expect(screen.getByRole('columnheader', { name: 'Screen' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Venue' })).toBeInTheDocument();
    expect(screen.getByLabelText('Venue')).toHaveValue('c1');
    expect(calls.report).toContainEqual({
      p_from: '2026-10-22',
      p_to: '2026-11-20',
      p_group: 'screen',
      p_customer_id: 'c1',
    });

    await user.selectOptions(screen.getByLabelText('Group by'), 'Advertiser');
    await user.selectOptions(screen.getByLabelText('Advertiser'), 'Sunrise Bakery');
    await waitFor(() =>
      expect(calls.report).toContainEqual({
        p_from: '2026-10-22',
        p_to: '2026-11-20',
        p_group: 'advertiser',
        p_customer_id: 'c1',
        p_advertiser_id: 'ad1',
      }),
    );
    expect(calls.byDay.at(-1)).toEqual({
      p_from: '2026-10-22',
      p_to: '2026-11-20',
      p_customer_id: 'c1',
      p_advertiser_id: 'ad1',
    });
    expect(await screen.findByRole('columnheader', { name: 'Venues' })).toBeInTheDocument();

    // Back: the advertiser filter goes, then the grouping.
    act(() => void router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Advertiser')).toHaveValue(''));
    expect(screen.getByLabelText('Group by')).toHaveValue('advertiser');
    act(() => void router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Group by')).toHaveValue('screen'));

    await user.selectOptions(screen.getByLabelText('Venue'), 'All venues');
    await waitFor(() => expect(router.state.location.search).not.toContain('venue='));
  });

  it('sorts by a column, and exports the table as shown as CSV for Excel', async () => {
    serve();
    const downloads = catchDownloads();
    const { user, router } = open('/dashboard/reports?venue=c1&advertiser=ad2');
    await tableRows();
    await waitFor(() => expect(screen.getByLabelText('Advertiser')).toHaveValue('ad2'));

    await user.click(screen.getByRole('button', { name: 'Campaign' }));
    expect((await tableRows()).map((r) => r[0])).toEqual(['=No campaign', 'Gym "Summer", Deals', 'Morning Menu']);
    expect(screen.getByRole('columnheader', { name: 'Campaign' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Time on screen' }));
    expect((await tableRows()).map((r) => r[0])).toEqual(['Morning Menu', 'Gym "Summer", Deals', '=No campaign']);
    await user.click(screen.getByRole('button', { name: 'Time on screen' }));
    expect((await tableRows()).map((r) => r[0])).toEqual(['=No campaign', 'Gym "Summer", Deals', 'Morning Menu']);
    expect(router.state.location.search).toContain('sort=seconds');
    expect(router.state.location.search).toContain('dir=asc');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads[0]?.text).toBeTruthy());
    const file = downloads[0]!;
    expect(file.name).toBe('plays-by-campaign-2026-11-14-to-2026-11-20-corner-cafe-brightline-mobile.csv');
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.text).toBe(
      '\uFEFF' +
        'Campaign,Venue,Plays,Time on screen,Seconds,Screens\r\n' +
        "'=No campaign,Corner Cafe,7,0:01:10,70,1\r\n" +
        '"Gym ""Summer"", Deals",Peak Gym,300,1:15:31,4530.5,1\r\n' +
        'Morning Menu,Corner Cafe,1200,3:20:00,12000,2\r\n',
    );
  });

  it('shows an empty state when nothing played', async () => {
    serve({ rows: [], days: DAYS.map((d) => ({ ...d, plays: 0, seconds: 0 })) });
    open();
    expect(await screen.findByRole('heading', { name: 'No plays in this period' })).toBeInTheDocument();
    expect(screen.getByText(/Screens send what they played about once a minute/)).toBeInTheDocument();
    expect(screen.getByText('No plays in this period.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('shows loading placeholders, then an error with a retry that works', async () => {
    serve();
    let attempts = 0;
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(restUrl('/rpc/plays_report'), async ({ request }) => {
        const args = (await request.json()) as Args;
        if (args.p_group === 'screen') return HttpResponse.json(SCREEN_ROWS);
        attempts += 1;
        await answered;
        return attempts === 1
          ? HttpResponse.json(
              { code: '57014', details: null, hint: null, message: 'canceling statement due to statement timeout' },
              { status: 500 },
            )
          : HttpResponse.json(CAMPAIGN_ROWS);
      }),
    );
    const { user } = open();
    expect(await screen.findByText('Loading the report')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'The report could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('canceling statement due to statement timeout')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await tableRows())[0]![0]).toBe('Morning Menu');
  });
});

describe('reports: export plays', () => {
  const START = Date.parse('2026-11-20T14:00:00.000Z'); // 09:00 at the cafe
  /**
   * 2,500 plays of the cafe, 10 s apart, and one the evening before the period (New York time)
   * is over, each with the names it was shown under (the third under its campaign's old name).
   */
  const PLAYS = Array.from({ length: 2500 }, (_, i) => ({
    id: `p-${String(i).padStart(4, '0')}`,
    started_at: new Date(START + i * 10_000).toISOString().replace('Z', '+00:00'),
    seconds: 10,
    customer_id: 'c1',
    campaign_name: i === 2 ? 'Breakfast Menu' : 'Morning Menu',
    slide_title: i % 2 ? 'Latte, large' : null,
    ad_title: i % 2 ? 'Fresh bread' : null,
    advertiser_name: i % 2 ? 'Sunrise Bakery' : null,
    venue_name: 'Corner Cafe',
    screen_name: 'Counter',
    media_path: i % 2 ? 'ad-images/latte.png' : null,
    media_hash: i % 2 ? '0cc175b9c0f1b6a831c399e269772661' : null,
  }));
  const VENUE_ROWS = [
    { key: 'c1', label: 'Corner Cafe', detail: '12 Bleecker St', plays: 2500, seconds: 25000, screens: 1 },
  ];

  /** GET /plays answered in (started_at, id) order after the cursor in `or`, `limit` at a time. */
  function servePlays(hold: (page: number) => Promise<void> = () => Promise.resolve()) {
    const requests: URLSearchParams[] = [];
    server.use(
      http.get(restUrl('/plays'), async ({ request }) => {
        const params = new URL(request.url).searchParams;
        requests.push(params);
        await hold(requests.length);
        const cursor = /^\(started_at\.gt\."([^"]+)",and\(started_at\.eq\."[^"]+",id\.gt\.([^)]+)\)\)$/.exec(
          params.get('or') ?? '',
        );
        const after = cursor
          ? PLAYS.filter(
              (p) =>
                Date.parse(p.started_at) > Date.parse(cursor[1]!) ||
                (Date.parse(p.started_at) === Date.parse(cursor[1]!) && p.id > cursor[2]!),
            )
          : PLAYS;
        return HttpResponse.json(after.slice(0, Number(params.get('limit'))));
      }),
    );
    return requests;
  }

  it('reads every play of the period in pages of 1000, with progress, and downloads them with names', async () => {
    serve({ venues: VENUE_ROWS });
    const downloads = catchDownloads();
    let releaseSecond = () => {};
    const secondPage = new Promise<void>((resolve) => (releaseSecond = resolve));
    const requests = servePlays((page) => (page === 2 ? secondPage : Promise.resolve()));
    const { user } = open('/dashboard/reports?venue=c1');
    await tableRows();

    await user.click(screen.getByRole('button', { name: 'Export plays (CSV)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export plays (CSV)' });
    const bar = await within(dialog).findByRole('progressbar', { name: 'Plays read' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1000'));
    expect(bar).toHaveAttribute('aria-valuemax', '2500');
    expect(within(dialog).getByText('Read 1,000 of 2,500 plays')).toBeInTheDocument();
    releaseSecond();

    expect(
      await within(dialog).findByText('2,500 plays saved to plays-2026-11-14-to-2026-11-20-corner-cafe.csv.'),
    ).toBeInTheDocument();
    // Pages of 1000 after the last row read: 1000, 1000, 500, then an empty one.
    expect(requests).toHaveLength(4);
    expect(requests.map((r) => r.get('limit'))).toEqual(['1000', '1000', '1000', '1000']);
    expect(requests[0]!.get('order')).toBe('started_at.asc,id.asc');
    expect(requests[0]!.get('customer_id')).toBe('eq.c1');
    expect(requests[0]!.get('or')).toBeNull();
    expect(requests[1]!.get('or')).toBe(
      '(started_at.gt."2026-11-20T16:46:30.000+00:00",and(started_at.eq."2026-11-20T16:46:30.000+00:00",id.gt.p-0999))',
    );
    // The cafe's days (New York) with a few hours' margin: Nov 14 00:00 EST is 05:00 UTC.
    expect(requests[0]!.getAll('started_at')).toEqual(['gte.2026-11-14T02:00:00.000Z', 'lt.2026-11-21T08:00:00.000Z']);

    await waitFor(() => expect(downloads[0]?.text).toBeTruthy());
    const file = downloads[0]!;
    expect(file.name).toBe('plays-2026-11-14-to-2026-11-20-corner-cafe.csv');
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.text.slice(1).split('\r\n');
    expect(lines).toHaveLength(2502);
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Started (UTC),Local time,Time zone,Venue,Screen,Campaign,Slide,Ad,Advertiser,Seconds,Time on screen,Media,Media hash,Play ID',
    );
    expect(lines[1]).toBe(
      '2026-11-20T14:00:00.000Z,2026-11-20 09:00:00,America/New_York,Corner Cafe,Counter,Morning Menu,Untitled Slide,,,10,0:00:10,,,p-0000',
    );
    expect(lines[2]).toBe(
      '2026-11-20T14:00:10.000Z,2026-11-20 09:00:10,America/New_York,Corner Cafe,Counter,Morning Menu,"Latte, large",Fresh bread,Sunrise Bakery,10,0:00:10,ad-images/latte.png,0cc175b9c0f1b6a831c399e269772661,p-0001',
    );
    // Named as it was shown, not as the campaign is called now.
    expect(lines[3]).toContain(',Breakfast Menu,');
    expect(new Set(lines.slice(1, -1).map((l) => l.split(',').at(-1))).size).toBe(2500);
  });

  it('stops reading when cancelled, and downloads nothing', async () => {
    serve({ venues: VENUE_ROWS });
    const downloads = catchDownloads();
    let aborted = false;
    server.use(
      http.get(restUrl('/plays'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('or')) {
          await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()));
          aborted = true;
          return HttpResponse.json([]);
        }
        return HttpResponse.json(PLAYS.slice(0, 1000));
      }),
    );
    const { user } = open('/dashboard/reports?venue=c1');
    await tableRows();
    await user.click(screen.getByRole('button', { name: 'Export plays (CSV)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export plays (CSV)' });
    await within(dialog).findByText('Read 1,000 of 2,500 plays');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(aborted).toBe(true));
    expect(downloads).toEqual([]);
  });

  it('says raw plays are kept 30 days: an older period exports its table only, a longer one its last days', async () => {
    serve();
    const { user } = open('/dashboard/reports?period=custom&from=2026-01-01&to=2026-01-31');
    await tableRows();
    expect(screen.getByRole('button', { name: 'Export plays (CSV)' })).toBeDisabled();
    expect(
      screen.getByText(
        'Raw plays are kept 30 days and this period is older: export the table, or choose a recent period for every play.',
      ),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Period'), 'last-12-months');
    expect(
      await screen.findByText(
        'Raw plays are kept 30 days: Export plays covers Thu, Oct 22, 2026 to Fri, Nov 20, 2026.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export plays (CSV)' })).toBeEnabled();
  });
});

describe('reports: in German', () => {
  it('shows the page, its dates and its figures in German', async () => {
    await i18n.changeLanguage('de');
    serve();
    open();
    expect(await screen.findByRole('heading', { name: 'Berichte', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Zeitraum')).toHaveValue('last-7-days');
    expect(screen.getByRole('option', { name: 'Letzte 7 Tage' })).toBeInTheDocument();
    const day = (d: number, m: number) =>
      new Date(Date.UTC(2026, m, d)).toLocaleDateString('de-DE', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
    expect(screen.getByText(`${day(14, 10)} bis ${day(20, 10)}`)).toBeInTheDocument();
    expect(screen.getByText(/^Sa\., 14\. Nov\. 2026 bis/)).toBeInTheDocument();

    const grid = await screen.findByRole('table', { name: 'Wiedergaben nach Kampagne' });
    expect(within(grid).getAllByRole('row')[1]!.textContent).toBe(
      'Morning Menu' + 'Corner Cafe' + '1.200' + '3 h 20 min' + '2',
    );
    const totals = within(screen.getByLabelText('Summen'));
    expect(totals.getByText('Wiedergaben').nextElementSibling).toHaveTextContent('1.507');
    expect(totals.getByText('Bildschirmzeit').nextElementSibling).toHaveTextContent('4 h 36 min');
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeEnabled();
  });
});
