import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { paths } from '@/config/paths';
import { PortalShellRoute } from './portal-shell';

const ME = {
  id: 'ad000000-0000-4000-8000-0000000000b1',
  business_name: 'Brightline Mobile',
  advertiser_name: 'James Park',
  address: '9 Signal Road',
  email: 'james@brightline.example.com',
};

describe("the advertiser portal's frame", () => {
  it('lets the advertiser choose their language next to Sign Out, and keeps the choice for their login', async () => {
    const kept: unknown[] = [];
    server.use(
      http.get(restUrl('/advertisers'), () => HttpResponse.json([ME])),
      http.post(restUrl('/rpc/set_my_locale'), async ({ request }) => {
        kept.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    storeSession(fakeUser(ME.email));
    const { user } = renderRoutes(
      [{ path: paths.advertiser.home.path, element: <PortalShellRoute />, children: [{ index: true, element: null }] }],
      { url: paths.advertiser.home.getHref() },
    );
    expect(await screen.findByText('Brightline Mobile')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Campaigns' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');

    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    const nav = screen.getByRole('navigation', { name: 'Portal' });
    expect(nav).toHaveTextContent('KampagnenWiedergabenWerbemittelAbrechnungen');
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    expect(screen.getByText(/Portal für Werbetreibende/)).toBeInTheDocument();
    await expect.poll(() => kept).toEqual([{ p_locale: 'de' }]);
  });
});
