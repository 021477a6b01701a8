import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { expectListLayout } from '@tests/setup/list-layout';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onUserRole, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { i18n } from '@/i18n';
import { CampaignsListRoute } from './campaigns-list';

const campaign = {
  id: 'ca000000-0000-4000-8000-000000000001',
  name: 'Cafe Daily Specials',
  customer_id: 'c0000000-0000-4000-8000-000000000001',
  status: 'active',
  start_date: '2026-11-15T00:00:00+00:00',
  end_date: '2027-01-21T00:00:00+00:00',
  content_type: 'mixed',
  slide_count: 4,
  total_duration: 53,
  created_at: '2026-11-15T00:00:00+00:00',
  updated_at: '2026-11-15T00:00:00+00:00',
  customers: { name: 'Corner Cafe', location: 'Downtown', time_zone: 'America/New_York' },
  campaign_windows: [],
};

const renderList = () =>
  renderRoutes([{ path: '/dashboard/campaigns', element: <CampaignsListRoute /> }], { url: '/dashboard/campaigns' });

describe('campaign list', () => {
  it('says on each card whether the campaign is on air now, and why not', async () => {
    server.use(
      http.get(restUrl('/campaigns'), () =>
        HttpResponse.json([
          { ...campaign, id: 'c-on', name: 'Running', start_date: null, end_date: null },
          { ...campaign, id: 'c-ended', name: 'Over', start_date: '2020-01-01', end_date: '2020-01-31' },
          { ...campaign, id: 'c-paused', name: 'Held', status: 'paused', start_date: null, end_date: null },
          { ...campaign, id: 'c-later', name: 'Later', status: 'scheduled', start_date: '2099-03-01', end_date: null },
          {
            ...campaign,
            id: 'c-never',
            name: 'Never now',
            start_date: null,
            end_date: null,
            // A one-minute window a week from now: never on air at the time of the test.
            campaign_windows: [{ days: [1], start_time: '03:00:00', end_time: '03:01:00' }],
          },
        ]),
      ),
    );
    renderList();
    const status = async (name: string) =>
      within(await screen.findByRole('article', { name })).getByTestId('air-status').textContent;
    expect(await status('Running')).toContain('On air');
    expect(await status('Over')).toContain('Ended Jan 31');
    expect(await status('Held')).toContain('Paused');
    expect(await status('Later')).toContain('Starts Mar 1');
    expect(await status('Never now')).toMatch(/Off air until (Mon )?03:00 · Plays Mon 03:00–03:01\./);
  });

  it('says what is true of a campaign with no slides, no dates or one open end', async () => {
    server.use(
      http.get(restUrl('/campaigns'), () =>
        HttpResponse.json([
          { ...campaign, id: 'c-empty', name: 'Empty', slide_count: 0, total_duration: 0 },
          { ...campaign, id: 'c-undated', name: 'Undated', start_date: null, end_date: null },
          { ...campaign, id: 'c-open', name: 'Open ended', end_date: null },
          { ...campaign, id: 'c-until', name: 'Until', start_date: null },
        ]),
      ),
    );
    renderList();
    const card = async (name: string) => within(await screen.findByRole('article', { name }));
    const empty = await card('Empty');
    // Within its dates, all day, but nothing to play: not "On air".
    expect(empty.getByTestId('air-status')).toHaveTextContent(
      'No slides · Nothing plays until it has slides: add them in the builder.',
    );
    expect(empty.getByTestId('air-status')).not.toHaveTextContent('On air');
    expect(empty.getByText('0 slides')).toBeInTheDocument();
    const undated = await card('Undated');
    expect(undated.getByText('No dates set')).toBeInTheDocument();
    expect(undated.queryByText(/—/)).not.toBeInTheDocument();
    expect(undated.getByTestId('air-status')).toHaveTextContent('On air');
    expect((await card('Open ended')).getByText('From Nov 15, 2026')).toBeInTheDocument();
    expect((await card('Until')).getByText('Until Jan 21, 2027')).toBeInTheDocument();
  });

  it('speaks German: status, dates and counts in German, weekday names and times from Intl', async () => {
    await i18n.changeLanguage('de');
    server.use(
      http.get(restUrl('/campaigns'), () =>
        HttpResponse.json([
          {
            ...campaign,
            id: 'c-de',
            name: 'Frühstück',
            start_date: '2026-11-15',
            end_date: '2099-01-21',
            // A one-minute window on Mondays: off air at the time of the test (as in the English test).
            campaign_windows: [{ days: [1], start_time: '03:00:00', end_time: '03:01:00' }],
          },
          { ...campaign, id: 'c-de-none', name: 'Ohne', slide_count: 1, start_date: null, end_date: null },
        ]),
      ),
    );
    renderList();
    const card = within(await screen.findByRole('article', { name: 'Frühstück' }));
    expect(screen.getByRole('heading', { name: 'Kampagnen', level: 1 })).toBeInTheDocument();
    expect(card.getByText('Aktiv')).toBeInTheDocument();
    expect(card.getByText('15. Nov. 2026 – 21. Jan. 2099')).toBeInTheDocument();
    expect(card.getByText('4 Folien')).toBeInTheDocument();
    expect(card.getByText('Gemischt')).toBeInTheDocument();
    expect(card.getByTestId('air-status').textContent).toMatch(
      /^Nicht auf Sendung bis (Mo\.? )?03:00 · Läuft Mo\.? 03:00–03:01\.$/,
    );
    const none = within(screen.getByRole('article', { name: 'Ohne' }));
    expect(none.getByText('Kein Zeitraum festgelegt')).toBeInTheDocument();
    expect(none.getByText('1 Folie')).toBeInTheDocument();
    expect(none.getByRole('link', { name: 'Ohne bearbeiten' })).toBeInTheDocument();
  });

  it('shows cards with customer, status, dates, slide count and m:ss, without loading slides', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(restUrl('/campaigns'), ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json([campaign]);
      }),
    );
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading campaigns...');
    const card = within(await screen.findByRole('article', { name: 'Cafe Daily Specials' }));
    // The one list layout: title and Add beside it, filters, the list, then its paging.
    expectListLayout({ title: 'Campaigns', action: 'Add Campaign', search: 'Search campaigns', list: 'Campaigns' });
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('1 campaign');
    expect(card.getByText('Corner Cafe')).toBeInTheDocument();
    expect(card.getByText('Downtown')).toBeInTheDocument();
    expect(card.getByText('Active')).toBeInTheDocument();
    expect(card.getByText('Nov 15, 2026 – Jan 21, 2027')).toBeInTheDocument();
    expect(card.getByText('4 slides')).toBeInTheDocument();
    expect(card.getByText('0:53')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Edit Cafe Daily Specials' })).toHaveAttribute(
      'href',
      `/dashboard/campaigns/edit/${campaign.id}`,
    );
    expect(card.getByRole('link', { name: 'Builder for Cafe Daily Specials' })).toHaveAttribute(
      'href',
      `/dashboard/campaigns/builder/${campaign.id}`,
    );
    const select = urls[0]!.searchParams.get('select')!;
    expect(select).toContain('customers(name,location,time_zone)');
    expect(select).toContain('campaign_windows(days,start_time,end_time)');
    expect(select).not.toContain('campaign_items');
  });

  it('searches on the server by name or content type and filters by status and type', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(restUrl('/campaigns'), ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json(urls.length === 1 ? [campaign] : []);
      }),
    );
    const { user } = renderList();
    await screen.findByRole('article');
    await user.type(screen.getByLabelText('Search campaigns'), 'promo');
    await user.selectOptions(screen.getByLabelText('Status'), 'paused');
    await user.selectOptions(screen.getByLabelText('Content type'), 'promotional');
    expect(await screen.findByRole('heading', { name: 'No campaigns match' })).toBeInTheDocument();
    await waitFor(() => {
      const last = urls.at(-1)!.searchParams;
      expect(last.get('or')).toBe('(name.ilike.*promo*,content_type.ilike.*promo*)');
      expect(last.get('status')).toBe('eq.paused');
      expect(last.get('content_type')).toBe('eq.promotional');
    });
    // Debounced: no request for each partial word.
    expect(urls.some((url) => url.searchParams.get('or')?.includes('*pro*'))).toBe(false);
  });

  it('shows the empty state, and the error with a retry', async () => {
    let fail = true;
    server.use(
      http.get(restUrl('/campaigns'), () =>
        fail
          ? HttpResponse.json(
              { code: '500', message: 'Database unavailable', details: null, hint: null },
              { status: 500 },
            )
          : HttpResponse.json([]),
      ),
    );
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No campaigns yet' })).toBeInTheDocument();
  });

  it('asks before deleting and removes the campaign', async () => {
    let deleted: string | null = null;
    server.use(
      http.get(restUrl('/campaigns'), () => HttpResponse.json(deleted ? [] : [campaign])),
      http.delete(restUrl('/campaigns'), ({ request }) => {
        deleted = new URL(request.url).searchParams.get('id');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Cafe Daily Specials' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this campaign?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete Cafe Daily Specials' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No campaigns yet' })).toBeInTheDocument();
    expect(deleted).toBe(`eq.${campaign.id}`);
  });
});

describe('bulk actions on campaigns', () => {
  it('pauses the ticked campaigns in one call after asking, and sums up what changed', async () => {
    const calls: unknown[] = [];
    server.use(
      onUserRole('sales'),
      http.get(restUrl('/campaigns'), () =>
        HttpResponse.json([
          { ...campaign, id: 'c-one', name: 'One' },
          { ...campaign, id: 'c-two', name: 'Two', status: 'paused' },
          { ...campaign, id: 'c-three', name: 'Three' },
        ]),
      ),
      http.post(restUrl('/rpc/bulk_set_campaign_status'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ changed: 1, active: 0, scheduled: 0, paused: 1, unchanged: 1 });
      }),
    );
    storeSession(fakeUser());
    const { user } = renderList();
    await user.click(await screen.findByRole('checkbox', { name: 'Select One' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Two' }));
    await user.click(screen.getByRole('button', { name: 'Pause…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause 2 campaigns' });
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pause 2 campaigns' }));
    expect(await screen.findByText('Paused 1 campaign; 1 already paused')).toBeInTheDocument();
    expect(calls).toEqual([{ p_campaign_ids: ['c-one', 'c-two'], p_status: 'paused' }]);
  });

  it('shows the refusal naming the campaign, and changes nothing', async () => {
    server.use(
      onUserRole('admin'),
      http.get(restUrl('/campaigns'), () => HttpResponse.json([{ ...campaign, id: 'c-one', name: 'One' }])),
      http.post(restUrl('/rpc/bulk_set_campaign_status'), () =>
        HttpResponse.json(
          { code: '23514', details: null, hint: null, message: 'Campaign "One" has ended; it cannot be resumed.' },
          { status: 400 },
        ),
      ),
    );
    storeSession(fakeUser());
    const { user } = renderList();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Resume…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume 1 campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Resume 1 campaign' }));
    expect(await within(dialog).findByText('Campaign "One" has ended; it cannot be resumed.')).toBeInTheDocument();
  });
});
