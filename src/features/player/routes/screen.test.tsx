import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { renderRoutes } from '@tests/setup/render';
import {
  authError,
  authUrl,
  fakeUser,
  functionsUrl,
  onLogout,
  onPasswordSignIn,
  onDeviceOrientation,
  onUserRole,
  restUrl,
  sessionFor,
  STORAGE_KEY,
  storeSession,
} from '@tests/setup/supabase-mocks';
import { playlistSlide } from '@/entities/playlist/playlist-fixtures';
import { ScreenRoute } from './screen';

const DEVICE_ID = 'de000000-0000-4000-8000-0000000000aa';
const SCREEN = {
  ...fakeUser('screen-de000000-1a2b3c4d@screens.invalid', '5c000000-0000-4000-8000-000000000001'),
  app_metadata: { provider: 'email', providers: ['email'], screen_device_id: DEVICE_ID },
};
const VENUE = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Corner Cafe', time_zone: 'America/New_York' };
const PLAYLIST = {
  version: 'v1',
  customer: VENUE,
  today: '2026-11-23',
  slides: [playlistSlide('a', 'Welcome', { campaign_id: 'camp', display_order: 1 })],
};

interface PairingService {
  starts: number;
  polls: number;
  answer: 'waiting' | 'paired' | 'down';
}

/** The screen-pairing function, answering polls with `service.answer`. */
function pairingService(code = 'ABC234'): PairingService {
  const service: PairingService = { starts: 0, polls: 0, answer: 'waiting' };
  server.use(
    http.post(functionsUrl('screen-pairing'), async ({ request }) => {
      if (service.answer === 'down') return HttpResponse.error();
      const body = (await request.json()) as { action: string };
      if (body.action === 'start') {
        service.starts += 1;
        return HttpResponse.json({
          pairing_id: `p-${service.starts}`,
          code,
          secret: 'device-secret',
          expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
        });
      }
      service.polls += 1;
      return service.answer === 'paired'
        ? HttpResponse.json({ status: 'paired', device_id: DEVICE_ID, email: SCREEN.email, password: 'screen-pass' })
        : HttpResponse.json({ status: 'waiting' });
    }),
  );
  return service;
}

function playingScreen() {
  server.use(
    onPasswordSignIn(() => HttpResponse.json(sessionFor(SCREEN))),
    onUserRole('customer'),
    http.post(restUrl('/rpc/my_screen'), () =>
      HttpResponse.json({
        id: DEVICE_ID,
        device_name: 'Front window',
        orientation: 'landscape',
        customer_id: VENUE.id,
        customer_name: VENUE.name,
      }),
    ),
    http.post(restUrl('/rpc/player_playlist'), () => HttpResponse.json(PLAYLIST)),
    http.post(restUrl('/rpc/player_heartbeat'), () => HttpResponse.json(DEVICE_ID)),
    onDeviceOrientation('landscape'),
  );
}

const renderScreen = () => renderRoutes([{ path: '/screen', element: <ScreenRoute /> }], { url: '/screen' });

beforeEach(() => {
  localStorage.clear();
  // A playing screen reads its queued commands (none here).
  server.use(http.post(restUrl('/rpc/my_screen_commands'), () => HttpResponse.json([])));
});

describe('/screen', () => {
  it('shows a pairing code and its QR code, and the same code after a reload', async () => {
    const service = pairingService();
    const first = renderScreen();
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('ABC 234');
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', expect.stringMatching(/^data:image\//));
    first.unmount();

    renderScreen();
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('ABC 234');
    expect(service.starts).toBe(1);
  });

  it('speaks the browser’s language before it is paired (German here)', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-US']);
    try {
      pairingService();
      renderScreen();
      expect(await screen.findByText('Diesen Bildschirm koppeln')).toBeInTheDocument();
      expect(screen.getByTestId('pairing-code')).toHaveAccessibleName('Kopplungscode A B C 2 3 4');
      expect(localStorage.getItem('signage:locale')).toBeNull();
    } finally {
      languages.mockRestore();
    }
  });

  it('signs in as the screen once an admin paired it, and plays with no way to sign out', async () => {
    const service = pairingService();
    playingScreen();
    renderScreen();
    await screen.findByTestId('pairing-code');
    service.answer = 'paired';
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('plays at once with the screen login it already holds', async () => {
    storeSession(SCREEN);
    const service = pairingService();
    playingScreen();
    renderScreen();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    expect(service.starts).toBe(0);
  });

  it('forgets its login once revoked, and shows a new pairing code', async () => {
    storeSession(SCREEN);
    const service = pairingService('XYZ789');
    playingScreen();
    server.use(
      // Revoked: the playlist names no venue, and the screen's login is no device's.
      http.post(restUrl('/rpc/player_playlist'), () =>
        HttpResponse.json({ version: '', customer: null, today: null, slides: [] }),
      ),
      http.post(restUrl('/rpc/my_screen'), () => HttpResponse.json(null)),
      onLogout(),
    );
    renderScreen();
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('XYZ 789');
    expect(service.starts).toBe(1);
  });

  it('goes back to a pairing code as soon as Realtime tells it its device was revoked', async () => {
    storeSession(SCREEN);
    const realtime = mockRealtime();
    const service = pairingService('XYZ789');
    playingScreen();
    renderScreen();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    await realtime.joined('equipment_status');
    expect(realtime.bindings()).toContainEqual({
      event: '*',
      schema: 'public',
      table: 'equipment_status',
      filter: `id=eq.${DEVICE_ID}`,
    });

    server.use(
      http.post(restUrl('/rpc/player_playlist'), () =>
        HttpResponse.json({ version: '', customer: null, today: null, slides: [] }),
      ),
      http.post(restUrl('/rpc/my_screen'), () => HttpResponse.json(null)),
      onLogout(),
    );
    realtime.change('equipment_status', 'UPDATE', {
      id: DEVICE_ID,
      customer_id: VENUE.id,
      is_active: true,
      screen_user_id: null,
    });
    // Well before any poll (the next one is minutes away).
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('XYZ 789');
    expect(service.starts).toBe(1);
  });

  it('signs in again with its kept login when its session is refused, playing on meanwhile, never showing a code', async () => {
    // Killed within seconds of a token refresh, the kiosk came back with the token the server
    // had already replaced: the refresh is refused and supabase-js drops the session.
    const session = storeSession(SCREEN);
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 }));
    localStorage.setItem(
      'signage-screen:login',
      JSON.stringify({ userId: SCREEN.id, email: SCREEN.email, password: 'screen-pass' }),
    );
    localStorage.setItem(`signage-player:playlist:${SCREEN.id}`, JSON.stringify(PLAYLIST));
    const service = pairingService();
    playingScreen();
    const signIns: unknown[] = [];
    server.use(
      http.post(authUrl('/token'), async ({ request }) => {
        const grant = new URL(request.url).searchParams.get('grant_type');
        if (grant === 'refresh_token')
          return authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        signIns.push(await request.json());
        return HttpResponse.json(sessionFor(SCREEN));
      }),
    );
    renderScreen();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    await vi.waitFor(() =>
      expect(signIns).toEqual([{ email: SCREEN.email, password: 'screen-pass', gotrue_meta_security: {} }]),
    );
    expect(screen.queryByTestId('pairing-code')).not.toBeInTheDocument();
    expect(service.starts).toBe(0);
  });

  it('shows a pairing code when its kept login is refused too (the screen was revoked)', async () => {
    localStorage.setItem(
      'signage-screen:login',
      JSON.stringify({ userId: SCREEN.id, email: SCREEN.email, password: 'screen-pass' }),
    );
    const service = pairingService('XYZ789');
    server.use(onPasswordSignIn(() => authError(400, 'invalid_credentials', 'Invalid login credentials')));
    renderScreen();
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('XYZ 789');
    expect(localStorage.getItem('signage-screen:login')).toBeNull();
    expect(service.starts).toBe(1);
  });

  it('says it is reconnecting, with no error text, while the pairing service cannot be reached', async () => {
    const service = pairingService();
    service.answer = 'down';
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Reconnecting…' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/error|failed/i);
    service.answer = 'waiting';
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('ABC 234');
  });
});
