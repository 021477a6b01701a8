import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { paths } from '@/config/paths';
import { PortalHomeRoute } from './portal-home';

const NETWORK = {
  id: 'ca000000-0000-4000-8000-000000000005',
  name: 'Brightline 5G on the street',
  kind: 'network',
  venue_name: null,
  status: 'active',
  start_date: '2026-11-24',
  end_date: '2026-12-26',
  screens: 2,
  plays: 1234,
  seconds: 15420,
};
const VENUE = {
  ...NETWORK,
  id: 'ca000000-0000-4000-8000-0000000000aa',
  name: 'Harbor window',
  kind: 'venue',
  venue_name: 'Harbor Books',
  status: 'paused',
  start_date: null,
  end_date: null,
  screens: 1,
  plays: 3,
  seconds: 30,
};

function renderHome() {
  storeSession(fakeUser('james@brightline.example.com'));
  return renderRoutes([{ path: paths.advertiser.home.path, element: <PortalHomeRoute /> }], {
    url: paths.advertiser.home.getHref(),
  });
}

describe("the advertiser's campaigns", () => {
  it('lists each campaign with its dates, screens, plays and delivery against booking', async () => {
    server.use(
      http.post(restUrl('/rpc/advertiser_campaigns'), () => HttpResponse.json([NETWORK, VENUE])),
      http.post(restUrl('/rpc/network_campaign_pacing'), () =>
        HttpResponse.json([{ campaign_id: NETWORK.id, expected_plays: 1300, recorded_plays: 1234, pace: 0.949 }]),
      ),
    );
    renderHome();
    const list = await screen.findByRole('list', { name: 'Your campaigns' });
    const [network, venue] = within(list).getAllByRole('listitem');
    expect(within(network!).getByRole('link', { name: NETWORK.name })).toHaveAttribute(
      'href',
      paths.advertiser.campaign.getHref(NETWORK.id),
    );
    expect(network).toHaveTextContent('Network campaign');
    expect(network).toHaveTextContent('1,234');
    expect(await within(network!).findByText('95% of booking')).toBeInTheDocument();
    expect(venue).toHaveTextContent('At Harbor Books');
    expect(venue).toHaveTextContent('Paused');
    expect(venue).toHaveTextContent('No end date');
    expect(venue).toHaveTextContent('Venue schedule');
  });

  it('says when there are none yet', async () => {
    server.use(
      http.post(restUrl('/rpc/advertiser_campaigns'), () => HttpResponse.json([])),
      http.post(restUrl('/rpc/network_campaign_pacing'), () => HttpResponse.json([])),
    );
    renderHome();
    expect(await screen.findByText('No campaigns yet')).toBeInTheDocument();
  });

  it('shows a failed read with a retry that reads again', async () => {
    let fail = true;
    server.use(
      http.post(restUrl('/rpc/advertiser_campaigns'), () =>
        fail
          ? HttpResponse.json(
              { code: 'XX000', message: 'database unavailable', details: null, hint: null },
              { status: 500 },
            )
          : HttpResponse.json([NETWORK]),
      ),
      http.post(restUrl('/rpc/network_campaign_pacing'), () => HttpResponse.json([])),
    );
    const { user } = renderHome();
    expect(await screen.findByRole('alert')).toHaveTextContent('database unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: NETWORK.name })).toBeInTheDocument();
  });
});
