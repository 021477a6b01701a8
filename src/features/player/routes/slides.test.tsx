import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { SlidesRoute } from './slides';
import { dayIn } from '@/entities/campaign/campaign-dates';
import { answer as dynamicAnswer, json, onDynamicContent, weather } from '@/components/dynamic-content/test-fixtures';
import { dynamicRequestKey, keepLiveData, resetAvailability } from '@/components/dynamic-content/wall-data';
import { diagnosticsSummary } from '@/lib/diagnostics';
import type { PlaylistSlide } from '@/entities/playlist/playlist';
import { playlistSlide, playlistSpot } from '@/entities/playlist/playlist-fixtures';
import {
  fakeUser,
  onDeviceOrientation,
  onLogout,
  onUserRole,
  restUrl,
  storeSession,
  SUPABASE_URL,
} from '@tests/setup/supabase-mocks';

const CAFE = fakeUser('cafe@example.com', 'a0000000-0000-4000-8000-000000000002');
const CUSTOMER = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Corner Cafe', time_zone: 'America/New_York' };
/** The screen this browser was told it is (the question /slides asks once). */
const FRONT = 'e0000000-0000-4000-8000-000000000001';
const BAR = 'e0000000-0000-4000-8000-000000000002';

const item = (id: string, title: string, display_order: number, extra: Partial<PlaylistSlide> = {}) =>
  playlistSlide(id, title, { campaign_id: 'camp', display_order, ...extra });

/** player_playlist()'s answer: the server has already chosen and ordered what plays now. */
function playlist(
  slides: ReturnType<typeof item>[],
  version = 'v1',
  customer: unknown = CUSTOMER,
  today = dayIn(CUSTOMER.time_zone),
) {
  return customer ? { version, customer, today, slides } : { version: '', customer: null, today: null, slides: [] };
}

let playlistCalls: unknown[];

function answer(body: ReturnType<typeof playlist> | (ReturnType<typeof playlist> & { fallback: unknown })) {
  server.use(
    http.post(restUrl('/rpc/player_playlist'), async ({ request }) => {
      playlistCalls.push(await request.json());
      return HttpResponse.json(body);
    }),
    // The heartbeat answers with the device it landed on: the one the kiosk sent.
    http.post(restUrl('/rpc/player_heartbeat'), async ({ request }) => {
      const { p_device_id } = (await request.json()) as { p_device_id: string };
      return HttpResponse.json(p_device_id);
    }),
    http.post(restUrl('/rpc/record_plays'), () => HttpResponse.json({ accepted: 0, duplicates: 0, rejected: [] })),
  );
}

/** Signs every ad-images path asked for, recording them. */
const signImages = (signed: string[]) =>
  http.post(`${SUPABASE_URL}/storage/v1/object/sign/ad-images`, async ({ request }) => {
    const body = (await request.json()) as { paths: string[] };
    signed.push(...body.paths);
    return HttpResponse.json(
      body.paths.map((path) => ({ path, signedURL: `/object/sign/ad-images/${path}?token=t`, error: null })),
    );
  });

function renderSlides() {
  return renderRoutes([{ path: '/slides', element: <SlidesRoute /> }], { url: '/slides' });
}

const counter = () => screen.getByTestId('slide-counter').textContent;
const shown = () => document.querySelector<HTMLElement>('[data-visible="true"]');

beforeEach(() => {
  playlistCalls = [];
  storeSession(CAFE);
  localStorage.setItem('signage-player:device-id', FRONT);
  server.use(onUserRole('customer'), onDeviceOrientation('landscape'));
});

describe('/slides', () => {
  it('says it is loading the slides', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    answer(playlist([item('a', 'Welcome', 1)]));
    server.use(
      http.post(restUrl('/rpc/player_playlist'), async () => {
        await answered;
        return HttpResponse.json(playlist([item('a', 'Welcome', 1)]));
      }),
    );
    renderSlides();
    expect(await screen.findByText('Loading your slides...')).toBeInTheDocument();
    release();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
  });

  it('plays what player_playlist() says plays now, in its order, for the signed-in venue', async () => {
    answer(
      playlist([
        item('b1', 'One', 1, { campaign_id: 'c2' }),
        item('a2', 'Two', 2, { campaign_id: 'c1' }),
        item('b3', 'Three', 3, { campaign_id: 'c2' }),
        item('a4', 'Four', 4, { campaign_id: 'c1' }),
      ]),
    );
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 4');
    expect(shown()).toHaveTextContent('One');
    // No venue id is sent: the server answers for the signed-in venue only, for this screen.
    expect(playlistCalls[0]).toEqual({ p_device_id: FRONT });
    expect(document.querySelector('[data-visible="false"]')).toHaveAttribute('data-slide-id', 'a2');
    expect(counter()).toBe('1 / 4');
  });

  it('signs the slide images in one batched request', async () => {
    const signed: unknown[] = [];
    answer(
      playlist([
        item('a', 'Latte', 1, { image_url: 'latte.png' }),
        item('b', 'Pastries', 2, { image_url: 'slides/pastries.png' }),
      ]),
    );
    server.use(
      http.post(`${SUPABASE_URL}/storage/v1/object/sign/ad-images`, async ({ request }) => {
        const body = (await request.json()) as { paths: string[]; expiresIn: number };
        signed.push(body);
        return HttpResponse.json(
          body.paths.map((path) =>
            path === 'slides/pastries.png'
              ? { path, signedURL: null, error: 'Object not found' }
              : { path, signedURL: `/object/sign/ad-images/${path}?token=t`, error: null },
          ),
        );
      }),
    );
    renderSlides();
    const image = await screen.findByRole('img', { name: 'Latte' });
    expect(image.getAttribute('src')).toContain('/storage/v1/object/sign/ad-images/latte.png?token=t');
    // One request for every image; a second only for the path that failed with 'slides/' in front.
    expect(signed).toEqual([
      { expiresIn: 3600, paths: ['latte.png', 'slides/pastries.png'] },
      { expiresIn: 3600, paths: ['pastries.png'] },
    ]);
    await waitFor(() =>
      expect(document.querySelector('[data-slide-id="b"] img')?.getAttribute('src')).toContain('pastries.png?token=t'),
    );
  });

  it('plays the fallback image when it has nothing to play, kept with the slides’ images, and says nothing', async () => {
    const signed: string[] = [];
    answer({ ...playlist([]), fallback: { image_path: 'fallbacks/cafe.png', source: 'venue' } });
    server.use(signImages(signed));
    renderSlides();
    const image = await screen.findByRole('img', { name: 'Corner Cafe' });
    expect(image.getAttribute('src')).toContain('/storage/v1/object/sign/ad-images/fallbacks/cafe.png?token=t');
    expect(signed).toEqual(['fallbacks/cafe.png']);
    expect(screen.getByTestId('fallback-screen')).toHaveAttribute('data-fallback', 'venue');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByText(/campaign|scheduled/i)).not.toBeInTheDocument();
  });

  it('shows a calm branded screen with the venue’s name when there is no fallback image either', async () => {
    answer({ ...playlist([]), fallback: null });
    renderSlides();
    expect(await screen.findByText('Corner Cafe')).toBeInTheDocument();
    expect(screen.getByTestId('fallback-screen')).toHaveAttribute('data-fallback', 'none');
    expect(screen.getByText('Signage Portal')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByText(/campaign|scheduled/i)).not.toBeInTheDocument();
  });

  it('says when no customer matches, with a way to sign out', async () => {
    answer(playlist([], '', null));
    const logout = vi.fn();
    server.use(onLogout(logout));
    const { user } = renderSlides();
    expect(await screen.findByRole('heading', { name: 'Customer Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('shows no error text when the server fails, and plays by itself once it answers', async () => {
    server.use(
      http.post(restUrl('/rpc/player_playlist'), () =>
        HttpResponse.json(
          { code: 'XX000', message: 'The database is unavailable', details: null, hint: null },
          { status: 500 },
        ),
      ),
    );
    renderSlides();
    expect(await screen.findByRole('heading', { name: 'Reconnecting…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/unavailable|error/i);
    // No tap: the screen asks again on its own (after 1 s, then 2 s, …).
    answer(playlist([item('a', 'Welcome', 1)]));
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
  });

  it('tries again at once when someone taps Retry', async () => {
    server.use(http.post(restUrl('/rpc/player_playlist'), () => HttpResponse.error()));
    const { user } = renderSlides();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    answer(playlist([item('a', 'Welcome', 1)]));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
  });

  it('never shows sample data: a dynamic slide with no live data and none kept is skipped, and the heartbeat says so', async () => {
    resetAvailability();
    answer(
      playlist([
        item('a', 'Welcome', 1, { duration: 1 }),
        item('w', 'Weather', 2, { content_type: 'dynamic', slide_type: 'weather', duration: 1 }),
      ]),
    );
    server.use(
      onDynamicContent(() =>
        json(dynamicAnswer('weather', weather, { fallback: true, error: 'Failed to fetch weather data' })),
      ).handler,
    );
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 2');
    await waitFor(() => expect(diagnosticsSummary()).toContain('weather: skipped: no live data'));
    // Two more slide times: the loop went round without the weather slide.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(counter()).toBe('1 / 2');
    expect(shown()).toHaveTextContent('Welcome');
    expect(screen.queryByRole('heading', { name: 'New York' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/sample data|Failed/i);
  });

  it('shows the last live data kept on the device, with its own time, while the service has none', async () => {
    resetAvailability();
    const slide = item('w', 'Weather', 1, {
      content_type: 'dynamic',
      slide_type: 'weather',
      settings: { location: 'Paris' },
    });
    const fetchedAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    keepLiveData(
      dynamicRequestKey('weather', { location: 'Paris' }),
      dynamicAnswer('weather', { ...weather, location: 'Paris' }, { updatedAt: fetchedAt }),
    );
    answer(playlist([slide]));
    server.use(onDynamicContent(() => HttpResponse.error()).handler);
    renderSlides();
    const view = await screen.findByRole('region', { name: 'Weather' });
    expect(within(view).getByRole('heading', { name: 'Paris' })).toBeInTheDocument();
    const time = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: CUSTOMER.time_zone,
    }).format(new Date(fetchedAt));
    expect(view).toHaveTextContent(`Updated ${time}`);
    expect(document.body).not.toHaveTextContent(/sample data|Failed|fallback/i);
  });

  it('speaks the venue’s language, without keeping it as the device’s choice', async () => {
    answer(playlist([item('a', 'Willkommen', 1)], 'v1', { ...CUSTOMER, locale: 'de' }));
    renderSlides();
    expect(await screen.findByRole('main', { name: 'Diashow' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Fortschritt der Folie' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('signage:locale')).toBeNull();
  });

  it('after a reload, resumes the slide that was on screen instead of starting the loop again', async () => {
    answer(playlist([item('a', 'First', 1), item('b', 'Second', 2), item('c', 'Third', 3)]));
    localStorage.setItem(
      `signage-player:place:${FRONT}`,
      JSON.stringify({ slideId: 'b', index: 1, loop: 0, venueStart: 0, shownAt: Date.now() - 2000 }),
    );
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('2 / 3');
    expect(shown()).toHaveTextContent('Second');
  });

  it('keeps playing the playlist kept on the device when the network is gone', async () => {
    answer(playlist([item('a', 'Kept slide', 1)]));
    const first = renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    first.unmount();

    server.use(http.post(restUrl('/rpc/player_playlist'), () => HttpResponse.error()));
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    expect(shown()).toHaveTextContent('Kept slide');
  });
});

describe('/slides when its screen was merged into another', () => {
  it('follows the device the heartbeat names, playing on meanwhile', async () => {
    answer(playlist([item('a', 'Welcome', 1)]));
    server.use(http.post(restUrl('/rpc/player_heartbeat'), () => HttpResponse.json(BAR)));
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    await waitFor(() => expect(localStorage.getItem('signage-player:device-id')).toBe(BAR));
    await waitFor(() => expect(playlistCalls).toContainEqual({ p_device_id: BAR }));
    expect(playlistCalls[0]).toEqual({ p_device_id: FRONT });
    expect(screen.getByTestId('slide-counter')).toHaveTextContent('1 / 1');
    expect(screen.queryByText('Loading your slides...')).not.toBeInTheDocument();
  });
});

describe('/slides on a browser that does not know which screen it is', () => {
  const myScreens = [
    {
      id: BAR,
      device_name: 'Bar',
      location: 'Downtown',
      orientation: 'landscape',
      paired: false,
      last_heartbeat: null,
      live_status: 'offline',
    },
    {
      id: FRONT,
      device_name: 'Front window',
      location: 'Downtown',
      orientation: 'landscape',
      paired: false,
      last_heartbeat: null,
      live_status: 'offline',
    },
    {
      id: 'e0000000-0000-4000-8000-000000000009',
      device_name: 'Counter',
      location: null,
      orientation: 'portrait',
      paired: true,
      last_heartbeat: null,
      live_status: 'online',
    },
    {
      id: 'e0000000-0000-4000-8000-00000000000a',
      device_name: 'Patio',
      location: null,
      orientation: 'landscape',
      paired: false,
      revoked_at: '2026-11-26T10:00:00Z',
      last_heartbeat: '2026-11-26T09:59:00Z',
      live_status: 'offline',
    },
  ];

  beforeEach(() => {
    localStorage.removeItem('signage-player:device-id');
    server.use(http.get(restUrl('/equipment_status_live'), () => HttpResponse.json(myScreens)));
  });

  it('asks which of the venue’s screens this is, then plays that screen’s playlist', async () => {
    answer(playlist([item('a', 'Welcome', 1)]));
    const { user } = renderSlides();
    expect(await screen.findByRole('heading', { name: 'Which screen is this?' })).toBeInTheDocument();
    // A paired screen plays on its own login, a revoked one takes no reports: neither can be chosen here.
    expect(screen.getByRole('button', { name: /Counter/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Patio/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Patio/ })).toHaveTextContent('Revoked: your operator can pair it again');
    expect(playlistCalls).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Bar/ }));
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    expect(playlistCalls[0]).toEqual({ p_device_id: BAR });
    expect(localStorage.getItem('signage-player:device-id')).toBe(BAR);
  });

  it('adds a new named screen when asked to, and only then', async () => {
    const added: unknown[] = [];
    answer(playlist([item('a', 'Welcome', 1)]));
    server.use(
      http.post(restUrl('/rpc/add_my_screen'), async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json('e0000000-0000-4000-8000-0000000000aa');
      }),
    );
    const { user } = renderSlides();
    await user.click(await screen.findByRole('button', { name: 'Add this screen' }));
    expect(await screen.findByText('Name the screen, for example Front window')).toBeInTheDocument();
    expect(added).toEqual([]);

    await user.type(screen.getByLabelText('Screen name'), '  Patio  ');
    await user.selectOptions(screen.getByLabelText('Orientation'), 'portrait');
    await user.click(screen.getByRole('button', { name: 'Add this screen' }));
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    expect(added).toEqual([{ p_device_name: 'Patio', p_orientation: 'portrait' }]);
    expect(playlistCalls[0]).toEqual({ p_device_id: 'e0000000-0000-4000-8000-0000000000aa' });
  });

  it('shows a refused name at the field and keeps it', async () => {
    server.use(
      http.post(restUrl('/rpc/add_my_screen'), () =>
        HttpResponse.json(
          {
            code: '23505',
            message: 'You already have a screen named "bar". Choose it from the list instead.',
            details: null,
            hint: null,
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderSlides();
    await user.type(await screen.findByLabelText('Screen name'), 'bar');
    await user.click(screen.getByRole('button', { name: 'Add this screen' }));
    expect(
      await screen.findByText('You already have a screen named "bar". Choose it from the list instead.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Screen name')).toHaveValue('bar');
    expect(screen.getByLabelText('Screen name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks again when the chosen screen was removed (its heartbeat is refused and it is gone)', async () => {
    localStorage.setItem('signage-player:device-id', FRONT);
    answer(playlist([item('a', 'Welcome', 1)]));
    server.use(
      http.post(restUrl('/rpc/player_heartbeat'), () =>
        HttpResponse.json(
          { code: '42501', message: 'Device is not one of your devices.', details: null, hint: null },
          { status: 403 },
        ),
      ),
      http.get(restUrl('/equipment_status'), () => HttpResponse.json([])),
    );
    renderSlides();
    expect(await screen.findByRole('heading', { name: 'Which screen is this?' })).toBeInTheDocument();
    expect(localStorage.getItem('signage-player:device-id')).toBeNull();
  });

  it('asks again when an admin revoked the chosen screen (its heartbeat is refused, it is still there)', async () => {
    localStorage.setItem('signage-player:device-id', FRONT);
    answer(playlist([item('a', 'Welcome', 1)]));
    server.use(
      http.post(restUrl('/rpc/player_heartbeat'), () =>
        HttpResponse.json(
          { code: '42501', message: 'This screen was revoked.', details: null, hint: null },
          { status: 403 },
        ),
      ),
      http.get(restUrl('/equipment_status'), () =>
        HttpResponse.json([{ id: FRONT, revoked_at: '2026-11-26T10:00:00Z' }]),
      ),
    );
    renderSlides();
    expect(await screen.findByRole('heading', { name: 'Which screen is this?' })).toBeInTheDocument();
    expect(localStorage.getItem('signage-player:device-id')).toBeNull();
  });
});

/** Runs `test` with setInterval on a fake clock (React Query's polls, the day check); the rest stays real. */
async function withFakeIntervals(test: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    await test();
  } finally {
    vi.useRealTimers();
  }
}

/** Moves the faked intervals on by `ms`. */
const advanceIntervals = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('/slides, live', () => {
  it('shows a saved edit of the slide on screen as soon as Realtime tells of it', async () => {
    const realtime = mockRealtime();
    answer(playlist([item('a', 'Welcome', 1), item('b', 'Next', 2)]));
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 2');
    await realtime.joined('campaign_items');
    expect(shown()).toHaveTextContent('Welcome');

    answer(playlist([item('a', 'Welcome, edited', 1), item('b', 'Next', 2)], 'v2'));
    realtime.change('campaign_items', 'UPDATE', { id: 'a', campaign_id: 'camp', title: 'Welcome, edited' });
    await waitFor(() => expect(shown()).toHaveTextContent('Welcome, edited'));
    expect(counter()).toBe('1 / 2');
  });

  it('listens to its venue’s campaigns, slides and chosen screens, and to its own device only', async () => {
    const realtime = mockRealtime();
    answer(playlist([item('a', 'Welcome', 1)]));
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    await realtime.joined('equipment_status');
    await new Promise((r) => setTimeout(r, 300));
    expect(realtime.bindings()).toEqual(
      expect.arrayContaining([
        { event: '*', schema: 'public', table: 'campaigns' },
        { event: '*', schema: 'public', table: 'campaign_items' },
        { event: '*', schema: 'public', table: 'campaign_screens' },
        { event: '*', schema: 'public', table: 'campaign_windows' },
        { event: '*', schema: 'public', table: 'equipment_status', filter: `id=eq.${FRONT}` },
      ]),
    );
  });

  it('reads its playlist again when its device changes venue or is switched off, not on its heartbeats', async () => {
    const realtime = mockRealtime();
    answer(playlist([item('a', 'Welcome', 1)]));
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    await realtime.joined('equipment_status');
    const device = { id: FRONT, customer_id: CUSTOMER.id, is_active: true, screen_user_id: null };
    // The first report of the device counts (nothing was known of it before).
    realtime.change('equipment_status', 'UPDATE', { ...device, last_heartbeat: '2026-11-24T10:00:00Z' });
    await waitFor(() => expect(playlistCalls.length).toBeGreaterThanOrEqual(2));
    await new Promise((r) => setTimeout(r, 300));
    const settled = playlistCalls.length;
    realtime.change('equipment_status', 'UPDATE', { ...device, last_heartbeat: '2026-11-24T10:01:00Z' });
    await new Promise((r) => setTimeout(r, 300));
    expect(playlistCalls).toHaveLength(settled);
    realtime.change('equipment_status', 'UPDATE', { ...device, is_active: false });
    await waitFor(() => expect(playlistCalls).toHaveLength(settled + 1));
    await new Promise((r) => setTimeout(r, 1000));
    expect(playlistCalls).toHaveLength(settled + 1);
  });

  it('polls every 60 s while its Realtime socket is down', async () => {
    await withFakeIntervals(async () => {
      mockRealtime({ refuse: true });
      answer(playlist([item('a', 'Welcome', 1)]));
      renderSlides();
      expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
      const first = playlistCalls.length;
      await advanceIntervals(59_000);
      expect(playlistCalls).toHaveLength(first);
      await advanceIntervals(1_000);
      await waitFor(() => expect(playlistCalls).toHaveLength(first + 1));
    });
  });

  it('with Realtime up, polls only every 5 minutes, as a safety net', async () => {
    await withFakeIntervals(async () => {
      const realtime = mockRealtime();
      answer(playlist([item('a', 'Welcome', 1)]));
      renderSlides();
      expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
      await realtime.joined('campaigns');
      await new Promise((r) => setTimeout(r, 300));
      const settled = playlistCalls.length;
      await advanceIntervals(4 * 60_000);
      expect(playlistCalls).toHaveLength(settled);
      await advanceIntervals(60_000);
      await waitFor(() => expect(playlistCalls).toHaveLength(settled + 1));
    });
  });

  it('reads its playlist again when a new day begins at the venue', async () => {
    await withFakeIntervals(async () => {
      mockRealtime();
      answer(playlist([item('a', 'Welcome', 1)], 'v1', CUSTOMER, '2026-01-01'));
      renderSlides();
      expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
      answer(playlist([item('b', 'A new day', 1)], 'v2'));
      await advanceIntervals(15_000);
      await waitFor(() => expect(shown()).toHaveTextContent('A new day'));
    });
  });
});

/** 'HH:MM' of `at` in New York. */
const nyClock = (at: Date) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: CUSTOMER.time_zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** A daypart opening a minute boundary ahead (within the session's hour), and the clock set 2 s before it. */
function twoSecondsBeforeAnEdge() {
  const edge = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
  const window = {
    days: [1, 2, 3, 4, 5, 6, 7] as const,
    start: nyClock(edge),
    end: nyClock(new Date(edge.getTime() + 3_600_000)),
  };
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date(edge.getTime() - 2000));
  return { edge, window: { ...window, days: [...window.days] } };
}

describe('/slides, screen orientation', () => {
  const layout = () => shown()?.querySelector('[data-orientation]')?.getAttribute('data-orientation') ?? null;

  it('lays slides out as its device is set (portrait), and keeps that on the device', async () => {
    const reads: string[] = [];
    server.use(onDeviceOrientation('portrait', reads));
    answer(playlist([item('a', 'Welcome', 1, { content: 'Oat latte, $4.50' })]));
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    await waitFor(() => expect(layout()).toBe('portrait'));
    expect(reads).toEqual([FRONT]);
    expect(localStorage.getItem(`signage-player:orientation:${FRONT}`)).toBe('portrait');
  });

  it('restarted without a network, keeps the orientation it knew', async () => {
    server.use(onDeviceOrientation('portrait'));
    answer(playlist([item('a', 'Kept slide', 1)]));
    const first = renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    await waitFor(() => expect(layout()).toBe('portrait'));
    first.unmount();

    server.use(
      http.post(restUrl('/rpc/player_playlist'), () => HttpResponse.error()),
      http.get(restUrl('/equipment_status'), () => HttpResponse.error()),
    );
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    expect(layout()).toBe('portrait');
  });

  it('follows a change of its orientation when Realtime tells of its device', async () => {
    const realtime = mockRealtime();
    answer(playlist([item('a', 'Welcome', 1)]));
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    await waitFor(() => expect(layout()).toBe('landscape'));
    await realtime.joined('equipment_status');

    server.use(onDeviceOrientation('portrait'));
    realtime.change('equipment_status', 'UPDATE', {
      id: FRONT,
      customer_id: CUSTOMER.id,
      is_active: true,
      screen_user_id: null,
      orientation: 'portrait',
    });
    await waitFor(() => expect(layout()).toBe('portrait'));
  });
});

describe('/slides, dayparts', () => {
  it('moves to a campaign within a second of its daypart opening, with no reload and no read', async () => {
    try {
      mockRealtime();
      const { window } = twoSecondsBeforeAnEdge();
      answer(
        playlist([
          item('d1', 'All day', 1, { campaign_id: 'allday', duration: 60 }),
          item('d2', 'All day too', 2, { campaign_id: 'allday', duration: 60 }),
          item('l1', 'Lunch special', 3, { campaign_id: 'lunch', campaign_windows: [window], duration: 60 }),
        ]),
      );
      renderSlides();
      expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 2');
      expect(shown()).toHaveTextContent('All day');
      const reads = playlistCalls.length;

      await advanceIntervals(1000);
      expect(shown()).toHaveTextContent('All day');
      // The edge passes; the next look (at most a second later) switches.
      await advanceIntervals(2000);
      await waitFor(() => expect(shown()).toHaveTextContent('Lunch special'));
      expect(counter()).toBe('3 / 3');
      expect(playlistCalls).toHaveLength(reads);
    } finally {
      vi.useRealTimers();
    }
  });

  it('plays the fallback between dayparts and still reports in', async () => {
    try {
      mockRealtime();
      const { window } = twoSecondsBeforeAnEdge();
      const beats: unknown[] = [];
      answer({
        ...playlist([item('l1', 'Lunch special', 1, { campaign_id: 'lunch', campaign_windows: [window] })]),
        fallback: { image_path: 'network-fallback.png', source: 'network' },
      });
      server.use(
        signImages([]),
        http.post(restUrl('/rpc/player_heartbeat'), async ({ request }) => {
          beats.push(await request.json());
          return HttpResponse.json(FRONT);
        }),
      );
      renderSlides();
      // The network's default fallback plays in the gap; no sentence about scheduling.
      expect(await screen.findByRole('img', { name: 'Corner Cafe' })).toHaveAttribute(
        'src',
        expect.stringContaining('network-fallback.png?token=t'),
      );
      expect(screen.getByTestId('fallback-screen')).toHaveAttribute('data-fallback', 'network');
      expect(screen.queryByText(/error|scheduled|back on/i)).not.toBeInTheDocument();
      await waitFor(() => expect(beats.length).toBeGreaterThan(0));
      expect(beats[0]).toMatchObject({ p_device_id: FRONT });
      expect(beats[0]).not.toHaveProperty('p_campaign_id');

      await advanceIntervals(3000);
      await waitFor(() => expect(shown()).toHaveTextContent('Lunch special'));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('/slides, network campaigns booked on the screen', () => {
  it('plays the spot at its slot and the venue’s slides around it, its picture signed with theirs', async () => {
    const signed: string[] = [];
    const acme = playlistSpot('acme', [{ id: 'x', title: 'Acme X', image_url: 'acme.png' }], { device_ids: [FRONT] });
    // A 60 s loop: Acme's 10 s spot, then the venue's two 10 s slides until the loop is full.
    const sold = { ...playlist([item('a', 'Welcome', 1), item('b', 'Menu', 2)]), loop_seconds: 60, spots: [acme] };
    answer(sold);
    server.use(
      http.post(`${SUPABASE_URL}/storage/v1/object/sign/ad-images`, async ({ request }) => {
        const body = (await request.json()) as { paths: string[] };
        signed.push(...body.paths);
        return HttpResponse.json(
          body.paths.map((path) => ({ path, signedURL: `/object/sign/ad-images/${path}?token=t`, error: null })),
        );
      }),
    );
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 6');
    expect(shown()).toHaveAttribute('data-slide-id', 'x');
    const image = await screen.findByRole('img', { name: 'Acme X' });
    expect(image.getAttribute('src')).toContain('acme.png?token=t');
    expect(signed).toContain('acme.png');
    expect(document.querySelector('[data-visible="false"]')).toHaveAttribute('data-slide-id', 'a');
  });

  it('plays the ads when the venue has nothing of its own on the screen', async () => {
    const sold = {
      ...playlist([]),
      loop_seconds: 300,
      spots: [playlistSpot('acme', [{ id: 'x', title: 'Acme X' }]), playlistSpot('bolt', [{ id: 'y', title: 'Bolt' }])],
    };
    answer(sold);
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 2');
    expect(shown()).toHaveTextContent('Acme X');
    expect(screen.queryByRole('heading', { name: 'No Active Campaigns' })).not.toBeInTheDocument();
  });

  it('keeps playing its spots from the playlist kept on the device when the network is gone', async () => {
    const sold = {
      ...playlist([item('a', 'Welcome', 1)]),
      loop_seconds: 60,
      spots: [playlistSpot('acme', [{ id: 'x', title: 'Acme X' }])],
    };
    answer(sold);
    const first = renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 6');
    first.unmount();

    server.use(http.post(restUrl('/rpc/player_playlist'), () => HttpResponse.error()));
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 6');
    expect(shown()).toHaveTextContent('Acme X');
  });

  it('puts a spot on screen within a second of its campaign’s daypart opening, with no read', async () => {
    try {
      mockRealtime();
      const { window } = twoSecondsBeforeAnEdge();
      const breakfast = playlistSpot('acme', [{ id: 'x', title: 'Acme breakfast' }], {
        campaign_windows: [window],
        on_air: false,
      });
      const sold = {
        ...playlist([item('d1', 'All day', 1, { duration: 60 }), item('d2', 'All day too', 2, { duration: 60 })]),
        loop_seconds: 300,
        spots: [breakfast],
      };
      answer(sold);
      renderSlides();
      expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 2');
      expect(shown()).toHaveTextContent('All day');
      const reads = playlistCalls.length;

      await advanceIntervals(1000);
      expect(shown()).toHaveTextContent('All day');
      await advanceIntervals(2000);
      await waitFor(() => expect(shown()).toHaveTextContent('Acme breakfast'));
      expect(playlistCalls).toHaveLength(reads);
    } finally {
      vi.useRealTimers();
    }
  });
});
