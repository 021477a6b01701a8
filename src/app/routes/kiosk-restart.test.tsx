// A kiosk that restarts after its access token ran out. Without a network supabase-js
// cannot renew the session (here the Auth server never answers, as on a dead network),
// so the screen goes on with the session and role kept on the device and plays the
// playlist it kept, without asking anything of the server. A renewal the server refuses
// signs out. (One Supabase client serves the whole file: the refusal is tested first,
// before a renewal that never ends holds the client's auth lock.)
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SlidesRoute } from '@/features/player/routes/slides';
import { AUTH_STORAGE_KEY } from '@/lib/supabase';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { authError, authUrl, fakeUser, restUrl, sessionFor } from '@tests/setup/supabase-mocks';
import { RequireRole } from './guards';

const CAFE = fakeUser('cafe@example.com', 'a0000000-0000-4000-8000-000000000002');
const CUSTOMER = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Corner Cafe' };

let apiCalls: string[];

function keepOnDevice(refreshToken: string) {
  const session = sessionFor(CAFE);
  const expired = Math.floor(Date.now() / 1000) - 60;
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ ...session, refresh_token: refreshToken, expires_at: expired }),
  );
  localStorage.setItem(`signage:role:${CAFE.id}`, 'customer');
  // The venue answered "Which screen is this?" on this browser before.
  localStorage.setItem('signage-player:device-id', 'e0000000-0000-4000-8000-000000000001');
  localStorage.setItem(
    `signage-player:playlist:${CAFE.id}`,
    JSON.stringify({
      customer: CUSTOMER,
      version: 'v1',
      slides: [
        {
          id: 'kept-1',
          campaign_id: 'camp',
          content_type: 'static',
          slide_type: 'advertisement',
          title: 'Kept on the device',
          content: 'Played without a network.',
          image_url: null,
          display_order: 1,
          duration: 10,
          is_active: true,
          settings: {},
        },
      ],
    }),
  );
}

function renderKiosk() {
  return renderRoutes(
    [
      { element: <RequireRole allow="customer" />, children: [{ path: '/slides', element: <SlidesRoute /> }] },
      { path: '/auth', element: <h1>Customer sign-in</h1> },
    ],
    { url: '/slides' },
  );
}

beforeEach(() => {
  apiCalls = [];
});

describe('a kiosk restarted after its access token ran out, whose renewal the server refuses', () => {
  it('signs out, and the session is forgotten on the device', async () => {
    keepOnDevice('revoked-refresh-token');
    server.use(http.post(authUrl('/token'), () => authError(400, 'refresh_token_not_found', 'Invalid Refresh Token')));
    renderKiosk();
    expect(await screen.findByRole('heading', { name: 'Customer sign-in' })).toBeVisible();
    expect(screen.queryByTestId('slide-counter')).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});

describe('a kiosk restarted without a network after its access token ran out', () => {
  beforeEach(() => {
    keepOnDevice('kept-refresh-token');
    server.use(
      http.post(authUrl('/token'), async ({ request }) => {
        apiCalls.push(`token ${new URL(request.url).searchParams.get('grant_type')}`);
        await delay('infinite');
        return HttpResponse.json({});
      }),
      http.all(restUrl('/*'), ({ request }) => {
        apiCalls.push(`rest ${new URL(request.url).pathname}`);
        return HttpResponse.error();
      }),
    );
  });

  it('plays the playlist kept on the device, without asking the server for data', async () => {
    renderKiosk();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    expect(document.querySelector('[data-visible="true"]')).toHaveTextContent('Kept on the device');
    // It did try to renew the session, and read nothing with the anonymous key meanwhile.
    expect(apiCalls).toContain('token refresh_token');
    expect(apiCalls.filter((c) => c.startsWith('rest'))).toEqual([]);
  });

  it('signs out on the device: the kept session is forgotten', async () => {
    const { user } = renderKiosk();
    await screen.findByTestId('slide-counter');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Customer sign-in' })).toBeVisible();
    await waitFor(() => expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull());
  });
});
