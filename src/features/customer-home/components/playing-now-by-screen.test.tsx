import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onPlayerPlaylist, onUserRole, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { playlistSlide, playlistSpot } from '@/entities/playlist/playlist-fixtures';
import type { PlaylistSlide, PlaylistSpot } from '@/entities/playlist/playlist';
import type { VenueScreen } from '@/types/database-json';
import { PlayingNowByScreen } from './playing-now-by-screen';

const CAFE = fakeUser('cafe@example.com', 'a0000000-0000-4000-8000-000000000002');

const screenRow = (id: string, device_name: string, extra: Partial<VenueScreen> = {}): VenueScreen => ({
  id,
  device_name,
  location: null,
  orientation: 'landscape',
  live_status: 'online',
  revoked: false,
  last_heartbeat: '2026-11-20T15:00:00Z',
  current_campaign_name: null,
  current_slide_title: null,
  ...extra,
});

const FRONT = screenRow('e0000000-0000-4000-8000-000000000001', 'Front window');
const BAR = screenRow('e0000000-0000-4000-8000-000000000002', 'Bar');
const TERRACE = screenRow('e0000000-0000-4000-8000-000000000003', 'Terrace');

const menu = playlistSlide('s1', 'Morning Menu', { campaign_id: 'all-screens', duration: 10 });
const happyHour = playlistSlide('s2', 'Happy Hour', { campaign_id: 'bar-only', duration: 20 });

/** player_playlist() as the server answers it for one screen (p_device_id) of the venue. */
function playlistFor(slides: PlaylistSlide[], spots: PlaylistSpot[] = []) {
  return {
    version: 'v',
    customer: { id: 'c1', name: 'Corner Cafe', time_zone: 'America/New_York' },
    today: '2026-11-20',
    slides,
    loop_seconds: null,
    spots,
    fallback: null,
  };
}

function answer(screens: VenueScreen[], byDevice: Record<string, ReturnType<typeof playlistFor>>) {
  const reads: Record<string, unknown>[] = [];
  server.use(
    http.post(restUrl('/rpc/venue_screens'), () => HttpResponse.json(screens)),
    onPlayerPlaylist((args) => {
      reads.push(args);
      return byDevice[args.p_device_id as string] ?? playlistFor([]);
    }),
  );
  return reads;
}

const itemTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

function renderPanel() {
  return renderRoutes([{ path: '/home', element: <PlayingNowByScreen /> }], { url: '/home' });
}

beforeEach(() => {
  storeSession(CAFE);
  server.use(onUserRole('customer'));
});

describe('Playing Now on the venue’s home, by screen', () => {
  it('says per screen what it plays when a campaign is on chosen screens, saying screens that play the same once', async () => {
    const spot = playlistSpot('n1', [{ id: 'a1', title: 'Brightline 5G', duration: 15 }], {
      campaign_name: 'Brightline on the street',
      advertiser_name: 'Brightline Mobile',
      device_ids: [BAR.id],
    });
    const reads = answer([FRONT, BAR, TERRACE], {
      [FRONT.id]: playlistFor([menu]),
      [BAR.id]: playlistFor([menu, happyHour], [spot]),
      [TERRACE.id]: playlistFor([menu]),
    });
    renderPanel();
    const groups = await screen.findByRole('list', { name: 'What each screen plays' });
    // Each screen's own loop was read, naming the screen (the server knows whose they are).
    expect(reads).toEqual(expect.arrayContaining([FRONT, BAR, TERRACE].map((s) => ({ p_device_id: s.id }))));
    expect(reads).toHaveLength(3);

    const sameLoop = within(groups).getByRole('listitem', { name: 'Front window and Terrace' });
    expect(itemTexts(within(sameLoop).getByRole('list', { name: 'Playing now on Front window and Terrace' }))).toEqual([
      '1.Morning Menu· Advertisement · 10s',
    ]);
    expect(within(sameLoop).queryByText('Happy Hour')).not.toBeInTheDocument();

    const bar = within(groups).getByRole('listitem', { name: 'Bar' });
    expect(itemTexts(within(bar).getByRole('list', { name: 'Playing now on Bar' }))).toEqual([
      '1.Morning Menu· Advertisement · 10s',
      '2.Happy Hour· Advertisement · 20s',
    ]);
    expect(within(bar).getByText('2 slides, 0:30 per loop (2026-11-20, America/New York)')).toBeInTheDocument();
    // The advertiser's spot is booked on the bar's screen only.
    expect(itemTexts(within(bar).getByRole('list', { name: 'Advertisers’ spots' }))).toEqual([
      'Brightline on the street· Brightline Mobile · 1 spot of 15s per loop',
    ]);
    expect(within(sameLoop).queryByRole('list', { name: 'Advertisers’ spots' })).not.toBeInTheDocument();
  });

  it('shows one loop for all screens when every screen plays the same, and leaves revoked screens out', async () => {
    const revoked = screenRow('e0000000-0000-4000-8000-000000000009', 'Old lobby', { revoked: true });
    const reads = answer([FRONT, BAR, revoked], {
      [FRONT.id]: playlistFor([menu]),
      [BAR.id]: playlistFor([menu]),
    });
    renderPanel();
    expect(await screen.findByText('All 2 of your screens play this loop.')).toBeInTheDocument();
    expect(itemTexts(screen.getByRole('list', { name: 'Playing now' }))).toEqual([
      '1.Morning Menu· Advertisement · 10s',
    ]);
    expect(screen.queryByRole('list', { name: 'What each screen plays' })).not.toBeInTheDocument();
    expect(reads.map((args) => args.p_device_id).sort()).toEqual([FRONT.id, BAR.id].sort());
  });

  it('reads the venue’s playlist as a whole while it has no screens', async () => {
    const reads = answer([], {});
    server.use(onPlayerPlaylist((args) => (reads.push(args), playlistFor([menu, happyHour]))));
    renderPanel();
    expect(itemTexts(await screen.findByRole('list', { name: 'Playing now' }))).toEqual([
      '1.Morning Menu· Advertisement · 10s',
      '2.Happy Hour· Advertisement · 20s',
    ]);
    expect(reads).toEqual([{}]);
  });

  it('shows a failed read with a retry', async () => {
    let fail = true;
    server.use(
      http.post(restUrl('/rpc/venue_screens'), () => HttpResponse.json([FRONT, BAR])),
      http.post(restUrl('/rpc/player_playlist'), async ({ request }) => {
        const args = (await request.json()) as Record<string, unknown>;
        if (fail && args.p_device_id === BAR.id) {
          return HttpResponse.json(
            { code: 'XX000', message: 'Service unavailable', details: null, hint: null },
            { status: 500 },
          );
        }
        return HttpResponse.json(playlistFor(args.p_device_id === BAR.id ? [happyHour] : [menu]));
      }),
    );
    const { user } = renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('What your screens play could not be loaded');
    expect(alert).toHaveTextContent('Service unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Playing now on Bar' })).toBeInTheDocument();
  });

  it('speaks Spanish: the screens’ names listed the Spanish way, counts and slide types translated', async () => {
    const { i18n } = await import('@/i18n');
    await i18n.changeLanguage('es');
    answer([FRONT, BAR, TERRACE], {
      [FRONT.id]: playlistFor([menu]),
      [BAR.id]: playlistFor([menu, happyHour]),
      [TERRACE.id]: playlistFor([menu]),
    });
    renderPanel();
    const groups = await screen.findByRole('list', { name: 'Lo que reproduce cada pantalla' });
    const sameLoop = within(groups).getByRole('listitem', { name: 'Front window y Terrace' });
    expect(
      within(sameLoop).getByText('1 diapositiva, 0:10 por bucle (2026-11-20, America/New York)'),
    ).toBeInTheDocument();
    expect(itemTexts(within(groups).getByRole('list', { name: 'En reproducción en Bar' }))).toEqual([
      '1.Morning Menu· Anuncio · 10 s',
      '2.Happy Hour· Anuncio · 20 s',
    ]);
  });
});
