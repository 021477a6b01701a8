import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import { CampaignsListRoute } from './campaigns-list';

const base = {
  status: 'active',
  start_date: '2026-12-01',
  end_date: '2026-12-31',
  content_type: 'mixed',
  priority: 1,
  slide_count: 2,
  total_duration: 30,
  created_at: '2026-11-15T00:00:00+00:00',
  updated_at: '2026-11-15T00:00:00+00:00',
  campaign_windows: [],
};

const venueCampaign = {
  ...base,
  id: 'ca000000-0000-4000-8000-000000000001',
  name: 'Cafe Daily Specials',
  customer_id: 'c0000000-0000-4000-8000-000000000001',
  advertiser_id: null,
  plays_on: 'all',
  spots_per_loop: 1,
  customers: { name: 'Corner Cafe', location: 'Downtown', time_zone: 'America/New_York' },
  advertisers: null,
};

const network = (id: string, name: string, patch: Record<string, unknown> = {}) => ({
  ...base,
  id,
  name,
  customer_id: null,
  advertiser_id: 'ad000000-0000-4000-8000-000000000001',
  plays_on: 'targets',
  spots_per_loop: 2,
  customers: null,
  advertisers: { business_name: 'Acme Coffee', advertiser_name: 'Ann' },
  ...patch,
});

const ON_PACE = 'ca000000-0000-4000-8000-000000000002';
const BEHIND = 'ca000000-0000-4000-8000-000000000003';
const NOT_YET = 'ca000000-0000-4000-8000-000000000004';

const renderList = () =>
  renderRoutes([{ path: '/dashboard/campaigns', element: <CampaignsListRoute /> }], { url: '/dashboard/campaigns' });

describe('campaign list: network campaigns', () => {
  it('lists them with their advertiser, a Network badge, where they play and how they deliver', async () => {
    let pacingReads = 0;
    server.use(
      http.get(restUrl('/campaigns'), () =>
        HttpResponse.json([
          venueCampaign,
          network(ON_PACE, 'Acme December'),
          network(BEHIND, 'Acme Gyms', { plays_on: 'network', spots_per_loop: 1 }),
          network(NOT_YET, 'Acme January', { status: 'scheduled', start_date: '2027-01-01' }),
        ]),
      ),
      http.post(restUrl('/rpc/network_campaign_pacing'), () => {
        pacingReads += 1;
        return HttpResponse.json([
          { campaign_id: ON_PACE, expected_plays: 1000, recorded_plays: 960, pace: 0.96 },
          { campaign_id: BEHIND, expected_plays: 400.5, recorded_plays: 200, pace: 0.499 },
          { campaign_id: NOT_YET, expected_plays: 0, recorded_plays: 0, pace: null },
        ]);
      }),
    );
    renderList();
    const december = within(await screen.findByRole('article', { name: 'Acme December' }));
    expect(december.getByText('Acme Coffee')).toBeInTheDocument();
    expect(december.getByText('Network')).toBeInTheDocument();
    expect(december.getByText(/Its chosen venues, groups and screens · 2 spots per loop/)).toBeInTheDocument();
    expect(await december.findByText('Delivered 96% of expected')).toHaveClass('text-success-700');

    const gyms = within(screen.getByRole('article', { name: 'Acme Gyms' }));
    expect(gyms.getByText(/The whole network · 1 spot per loop/)).toBeInTheDocument();
    expect(gyms.getByText('Delivered 50% of expected')).toHaveClass('text-danger-700');

    // Nothing expected yet: a dash, said in words to screen readers.
    const january = within(screen.getByRole('article', { name: 'Acme January' }));
    expect(january.getByTestId('pacing')).toHaveTextContent('—No plays expected yet');
    expect(january.queryByText(/Delivered/)).not.toBeInTheDocument();

    // A venue's own campaign: its venue, no badge, no pacing.
    const cafe = within(screen.getByRole('article', { name: 'Cafe Daily Specials' }));
    expect(cafe.getByText('Corner Cafe')).toBeInTheDocument();
    expect(cafe.queryByText('Network')).not.toBeInTheDocument();
    expect(cafe.queryByTestId('pacing')).not.toBeInTheDocument();
    expect(pacingReads).toBe(1);
  });
});
