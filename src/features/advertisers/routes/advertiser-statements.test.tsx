import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { paths } from '@/config/paths';
import { AdvertiserStatementPrintRoute } from './advertiser-statement-print';
import { AdvertiserViewRoute } from './advertiser-view';

const ID = 'ad000000-0000-4000-8000-000000000001';

const ACME = {
  id: ID,
  advertiser_name: 'Ann Buyer',
  business_name: 'Acme Coffee',
  business_number: null,
  address: '1 Bean Street',
  email: 'ann@acme.example',
  contact_number: null,
  company_logo: null,
  industry: null,
  status: 'active',
  total_spent: 42.22,
  created_at: '2026-01-15T10:00:00Z',
  updated_at: '2026-01-15T10:00:00Z',
};

const OCTOBER = {
  advertiser_id: ID,
  month: '2026-10-01',
  currency: 'USD',
  closed: true,
  lines: [
    { campaign_id: 'c1', campaign_name: 'Latte Week', plays: 1234, seconds: 12340, basis: 'cpm', amount: 5.55 },
    { campaign_id: 'c2', campaign_name: 'Autumn Window', plays: 2, seconds: 30, basis: 'fixed', amount: 36.67 },
  ],
  total: 42.22,
};

/** The statements the database has, by month; each request's month is kept. */
function statements(byMonth: Record<string, unknown>) {
  const asked: string[] = [];
  server.use(
    http.get(restUrl('/advertisers'), () => HttpResponse.json(ACME)),
    http.get(restUrl('/ads'), () => HttpResponse.json([])),
    http.post(restUrl('/rpc/advertiser_statement'), async ({ request }) => {
      const body = (await request.json()) as { p_advertiser_id: string; p_month: string };
      expect(body.p_advertiser_id).toBe(ID);
      asked.push(body.p_month);
      return HttpResponse.json(
        byMonth[body.p_month] ?? {
          advertiser_id: ID,
          month: body.p_month,
          currency: 'USD',
          closed: true,
          lines: [],
          total: 0,
        },
      );
    }),
  );
  return asked;
}

function renderAt(url: string) {
  storeSession(fakeUser());
  return renderRoutes(
    [
      { path: paths.dashboard.advertisers.view.path, element: <AdvertiserViewRoute /> },
      { path: paths.dashboard.advertisers.statement.path, element: <AdvertiserStatementPrintRoute /> },
    ],
    { url },
  );
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

interface Download {
  name: string;
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
    const entry: Download = { name: this.download, text: '' };
    downloads.push(entry);
    void blobs
      .get(this.href)!
      .arrayBuffer()
      .then((buffer) => {
        entry.text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(buffer);
      });
  });
  return downloads;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 20 November 2026, noon here: last month is October.
  vi.setSystemTime(new Date(2026, 10, 20, 12));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('advertiser statements', () => {
  it('shows last month’s statement, its lines and total, and another month when picked', async () => {
    const asked = statements({ '2026-10-01': OCTOBER });
    const { user } = renderAt(`/dashboard/advertisers/view/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Statements' })).toBeInTheDocument();
    const month = screen.getByLabelText('Month');
    expect(month).toHaveValue('2026-10-01');
    const table = await screen.findByRole('table', { name: 'Statement lines, October 2026' });
    expect(rowsOf(table)).toEqual([
      ['Campaign', 'Plays', 'Time on screen', 'Price basis', 'Amount'],
      ['Latte Week', '1,234', '3 h 25 min', 'Per 1,000 plays', '$5.55'],
      ['Autumn Window', '2', '30 s', 'Fixed, prorated', '$36.67'],
      ['Total', '1,236', '3 h 26 min', '', '$42.22'],
    ]);
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(asked).toEqual(['2026-10-01']);

    await user.selectOptions(month, 'September 2026');
    expect(await screen.findByText(/No network campaign of Acme Coffee ran in September 2026/)).toBeInTheDocument();
    expect(asked).toEqual(['2026-10-01', '2026-09-01']);
    expect(screen.queryByRole('table', { name: /Statement lines/ })).not.toBeInTheDocument();
  });

  it('says when a month is still open', async () => {
    statements({ '2026-10-01': { ...OCTOBER, closed: false } });
    renderAt(`/dashboard/advertisers/view/${ID}`);
    expect(await screen.findByText('Open: the month is not over everywhere')).toBeInTheDocument();
  });

  it('downloads the month as CSV named by advertiser and month', async () => {
    statements({ '2026-10-01': OCTOBER });
    const downloads = catchDownloads();
    const { user } = renderAt(`/dashboard/advertisers/view/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads[0]?.text).toBeTruthy());
    expect(downloads[0]!.name).toBe('statement-acme-coffee-2026-10.csv');
    expect(downloads[0]!.text.split('\r\n')).toEqual([
      '\uFEFFMonth,Campaign,Plays,Seconds on screen,Time on screen,Price basis,Amount,Currency',
      '2026-10,Latte Week,1234,12340,3:25:40,"Per 1,000 plays",5.55,USD',
      '2026-10,Autumn Window,2,30,0:00:30,"Fixed, prorated",36.67,USD',
      '2026-10,Total,1236,12370,3:26:10,,42.22,USD',
      '',
    ]);
  });

  it('shows a failed read with a retry that reads it again', async () => {
    let calls = 0;
    statements({});
    server.use(
      http.post(restUrl('/rpc/advertiser_statement'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { code: '42501', details: null, hint: null, message: 'You can read only your own statements.' },
              { status: 403 },
            )
          : HttpResponse.json(OCTOBER);
      }),
    );
    const { user } = renderAt(`/dashboard/advertisers/view/${ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The statement could not be loaded');
    expect(alert).toHaveTextContent('You can read only your own statements.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Statement lines, October 2026' })).toBeInTheDocument();
  });

  it('opens the printable statement of the month, which prints from its own button', async () => {
    statements({ '2026-10-01': OCTOBER });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderAt(`/dashboard/advertisers/view/${ID}`);
    await user.click(await screen.findByRole('link', { name: 'Printable statement' }));

    const doc = await screen.findByRole('article', { name: 'Statement, October 2026' });
    expect(within(doc).getByText('Acme Coffee')).toBeInTheDocument();
    expect(within(doc).getByText('1 Bean Street')).toBeInTheDocument();
    expect(within(doc).getByText('Total for October 2026').parentElement).toHaveTextContent('$42.22');
    expect(within(doc).getByRole('table', { name: 'Statement lines, October 2026' })).toBeInTheDocument();
    expect(within(doc).queryByRole('note')).not.toBeInTheDocument();
    // The title names the saved PDF.
    await waitFor(() => expect(document.title).toBe('Statement for Acme Coffee, October 2026'));
    await user.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to the advertiser' })).toHaveAttribute(
      'href',
      `/dashboard/advertisers/view/${ID}`,
    );
  });
});
