import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '@tests/setup/fake-time';
import { server } from '@tests/setup/msw-server';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { clearProblem, diagnosticsSummary, reportProblem } from '@/lib/diagnostics';
import { createQueryClient } from '@/lib/query-client';
import type { PlayerData, PlayerSlide } from '../api/playlist';
import { APP_VERSION } from '../api/heartbeat';
import { resetVideoStates } from '../lib/preload';
import { loadImagesAsAdded } from '@tests/setup/image-loads';
import { Player } from './player';
import { playlistSlide, playlistSpot } from '@/entities/playlist/playlist-fixtures';
import { playerData } from '../api/player-fixtures';

const slide = playlistSlide;

const playlist = playerData;

const THREE = [slide('a', 'First', { duration: 5 }), slide('b', 'Second', { duration: 8 }), slide('c', 'Third')];

/** The slide on screen (the upcoming one waits hidden underneath). */
function shown(): HTMLElement {
  const layer = document.querySelector<HTMLElement>('[data-visible="true"]');
  if (!layer) throw new Error('no slide on screen');
  return layer;
}

const counter = () => screen.getByTestId('slide-counter').textContent;

let heartbeats: Record<string, unknown>[];

function renderPlayer(data: PlayerData, deviceId: string | null = null) {
  const queryClient = createQueryClient({ queries: { retry: false } });
  const onSignOut = vi.fn();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Player data={data} deviceId={deviceId} onSignOut={onSignOut} />
    </QueryClientProvider>,
  );
  const rerender = (next: PlayerData) =>
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Player data={next} deviceId={deviceId} onSignOut={onSignOut} />
      </QueryClientProvider>,
    );
  return { ...view, rerender, onSignOut };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
  heartbeats = [];
  server.use(
    http.post(restUrl('/rpc/player_heartbeat'), async ({ request }) => {
      heartbeats.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json('9e000000-0000-4000-8000-000000000001');
    }),
    // Proof of play (tested in proof-of-play.test.tsx): taken as sent.
    http.post(restUrl('/rpc/record_plays'), () => HttpResponse.json({ accepted: 0, duplicates: 0, rejected: [] })),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Player', () => {
  it('shows the first slide with its counter and a progress bar over its duration', () => {
    renderPlayer(playlist(THREE));
    expect(shown()).toHaveTextContent('First');
    expect(counter()).toBe('1 / 3');
    expect(screen.getByRole('progressbar', { name: 'Slide progress' })).toHaveAttribute('aria-valuemax', '5');
    expect(screen.getByTestId('slide-progress').style.animationDuration).toBe('5000ms');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('shows each slide for its duration (10 s when it has none) and loops', async () => {
    renderPlayer(playlist([slide('a', 'First', { duration: 5 }), slide('b', 'Second', { duration: 0 })]));
    await advance(4999);
    expect(counter()).toBe('1 / 2');
    await advance(1);
    expect(shown()).toHaveTextContent('Second');
    expect(counter()).toBe('2 / 2');
    await advance(9999);
    expect(counter()).toBe('2 / 2');
    await advance(1);
    expect(shown()).toHaveTextContent('First');
    expect(counter()).toBe('1 / 2');
  });

  it('keeps the next slide mounted underneath, hidden, before it is shown', () => {
    renderPlayer(playlist(THREE));
    const hidden = document.querySelector('[data-visible="false"]');
    expect(hidden).toHaveAttribute('data-slide-id', 'b');
    expect(hidden).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps to its schedule: deadlines follow from the previous deadline', async () => {
    renderPlayer(playlist(THREE));
    // 5 s + 8 s + 10 s = one loop in 23 s, whatever the size of the clock steps.
    for (let i = 0; i < 23; i++) await advance(1000);
    expect(counter()).toBe('1 / 3');
    await advance(5000);
    expect(counter()).toBe('2 / 3');
  });

  it('pause stops the timer; play resumes with what was left of the slide', async () => {
    renderPlayer(playlist(THREE));
    await advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByTestId('slide-progress').style.animationPlayState).toBe('paused');
    await advance(60_000);
    expect(counter()).toBe('1 / 3');

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(1999);
    expect(counter()).toBe('1 / 3');
    await advance(1);
    expect(counter()).toBe('2 / 3');
  });

  it('stays visibly paused: the controls and a Paused sign stay when idle', async () => {
    renderPlayer(playlist(THREE));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await advance(10_000);
    expect(screen.getByRole('status')).toHaveTextContent('Paused · press Space to play');
    expect(screen.getByTestId('player-controls')).toHaveAttribute('data-idle', 'false');
    expect(screen.getByTestId('player')).not.toHaveClass('cursor-none');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('answers Space (pause and play) and the arrow keys (next and previous slide)', async () => {
    renderPlayer(playlist(THREE));
    await advance(3000);
    act(() => void fireEvent.keyDown(document.body, { key: ' ' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await advance(60_000);
    expect(counter()).toBe('1 / 3');

    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowRight' }));
    expect(counter()).toBe('2 / 3');
    expect(shown()).toHaveAttribute('data-slide-id', 'b');
    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowLeft' }));
    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowLeft' }));
    expect(counter()).toBe('3 / 3');

    // Playing again, the slide jumped to gets its whole time.
    act(() => void fireEvent.keyDown(document.body, { key: ' ' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await advance(9999);
    expect(counter()).toBe('3 / 3');
    await advance(1);
    expect(counter()).toBe('1 / 3');
  });

  it('has a mute/unmute toggle', () => {
    renderPlayer(playlist(THREE));
    fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(screen.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('hides the controls and the cursor after 3 s without input, and shows them on a move', async () => {
    renderPlayer(playlist(THREE));
    expect(screen.getByTestId('player-controls')).toHaveAttribute('data-idle', 'false');
    await advance(3000);
    expect(screen.getByTestId('player-controls')).toHaveAttribute('data-idle', 'true');
    expect(screen.getByTestId('player')).toHaveClass('cursor-none');
    act(() => {
      fireEvent.pointerMove(window);
    });
    expect(screen.getByTestId('player-controls')).toHaveAttribute('data-idle', 'false');
  });

  it('shows a grey placeholder for an image that cannot be loaded', () => {
    renderPlayer(
      playlist([slide('a', 'Latte', { image_url: 'latte.png' }), slide('b', 'Second')], 'v1', {
        'latte.png': 'https://files.example.test/latte.png',
      }),
    );
    const image = screen.getByRole('img', { name: 'Latte' });
    expect(image).toHaveAttribute('src', 'https://files.example.test/latte.png');
    fireEvent.error(image);
    expect(screen.queryByRole('img', { name: 'Latte' })).not.toBeInTheDocument();
    expect(shown().querySelector('[data-testid="broken-image"]')).toHaveClass('bg-gray-300');
  });

  it('shows a grey placeholder for an image slide whose image has no link', () => {
    renderPlayer(playlist([slide('a', 'Latte', { image_url: 'gone.png' }), slide('b', 'Second')]));
    expect(shown().querySelector('[data-testid="broken-image"]')).toBeInTheDocument();
  });

  it('swaps a changed playlist in at the next slide boundary, after the same slide', async () => {
    const view = renderPlayer(playlist(THREE));
    await advance(1000);
    // Saved meanwhile: a new slide after "First", "Second" removed.
    view.rerender(playlist([THREE[0]!, slide('n', 'New'), THREE[2]!], 'v2'));
    expect(shown()).toHaveTextContent('First');
    expect(counter()).toBe('1 / 3');
    await advance(4000);
    expect(shown()).toHaveTextContent('New');
    expect(counter()).toBe('2 / 3');
  });

  it('moves on at once when the slide on screen was removed, to the slide that followed it', async () => {
    const view = renderPlayer(playlist(THREE));
    await advance(5000);
    expect(shown()).toHaveTextContent('Second');
    view.rerender(playlist([THREE[0]!, THREE[2]!], 'v2'));
    await advance(0);
    expect(shown()).toHaveTextContent('Third');
    expect(counter()).toBe('2 / 2');
    // Third has its whole time from the switch.
    await advance(9999);
    expect(shown()).toHaveTextContent('Third');
    await advance(1);
    expect(shown()).toHaveTextContent('First');
  });

  it('shows an edit of the slide on screen at once, and keeps it up for the rest of its time', async () => {
    const view = renderPlayer(playlist(THREE));
    await advance(1000);
    view.rerender(playlist([slide('a', 'First, edited', { duration: 5 }), THREE[1]!, THREE[2]!], 'v2'));
    await advance(0);
    expect(shown()).toHaveTextContent('First, edited');
    expect(counter()).toBe('1 / 3');
    await advance(3999);
    expect(shown()).toHaveTextContent('First, edited');
    await advance(1);
    expect(shown()).toHaveTextContent('Second');
  });

  it('counts a new duration of the slide on screen from when the slide came up', async () => {
    const view = renderPlayer(playlist(THREE));
    await advance(2000);
    view.rerender(playlist([slide('a', 'First', { duration: 8 }), THREE[1]!, THREE[2]!], 'v2'));
    await advance(0);
    await advance(5999);
    expect(shown()).toHaveTextContent('First');
    expect(screen.getByTestId('slide-progress').style.animationDuration).toBe('8000ms');
    await advance(1);
    expect(shown()).toHaveTextContent('Second');
  });

  it('leaves the slide on screen alone when only its place or another slide changed', async () => {
    const view = renderPlayer(playlist(THREE));
    await advance(1000);
    const progress = screen.getByTestId('slide-progress');
    view.rerender(playlist([THREE[1]!, { ...THREE[0]!, display_order: 2, priority: 5 }, THREE[2]!], 'v2'));
    await advance(0);
    expect(shown()).toHaveTextContent('First');
    // The same progress bar runs on: nothing restarted.
    expect(screen.getByTestId('slide-progress')).toBe(progress);
    await advance(4000);
    expect(shown()).toHaveTextContent('Third');
  });

  it('applies an edit of the slide on screen while paused, and resumes with what was left', async () => {
    const view = renderPlayer(playlist(THREE));
    await advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    view.rerender(playlist([slide('a', 'First, edited', { duration: 5 }), THREE[1]!, THREE[2]!], 'v2'));
    await advance(10_000);
    expect(shown()).toHaveTextContent('First, edited');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(3999);
    expect(shown()).toHaveTextContent('First, edited');
    await advance(1);
    expect(shown()).toHaveTextContent('Second');
  });

  it('reports a heartbeat with the campaign and slide on screen, the build and the size, then every minute', async () => {
    storeSession(fakeUser('cafe@example.com'));
    const before = Date.now();
    renderPlayer(playlist(THREE), 'e0000000-0000-4000-8000-000000000001');
    await vi.waitFor(() => expect(heartbeats).toHaveLength(1));
    const { p_device_time: deviceTimeSent, p_health: health, p_boot_id: bootId, ...sent } = heartbeats[0]!;
    expect(sent).toEqual({
      p_device_id: 'e0000000-0000-4000-8000-000000000001',
      p_campaign_id: 'camp-1',
      p_slide_id: 'a',
      p_content_version: 'v1',
      p_app_version: APP_VERSION,
      p_resolution: `${window.innerWidth}x${window.innerHeight}`,
    });
    // The device's clock when it sent it (the server measures the drift from it).
    expect(typeof deviceTimeSent).toBe('string');
    const deviceTime = Date.parse(deviceTimeSent as string);
    expect(deviceTime).toBeGreaterThanOrEqual(before);
    expect(deviceTime).toBeLessThanOrEqual(Date.now());
    // Its health figures, and this page start's id (the server counts restarts by it).
    expect(health).toMatchObject({ screen_width: window.screen.width, screen_height: window.screen.height });
    expect(typeof (health as { uptime_s: unknown }).uptime_s).toBe('number');
    expect(bootId).toEqual(expect.any(String));
    await advance(60_000);
    await vi.waitFor(() => expect(heartbeats).toHaveLength(2));
    expect(heartbeats[1]).toMatchObject({
      p_device_id: 'e0000000-0000-4000-8000-000000000001',
      p_campaign_id: 'camp-1',
    });
  });

  it('names no device on a paired screen, and carries what the screen kept off the wall', async () => {
    storeSession(fakeUser('screen@example.com'));
    reportProblem('weather', 'Failed to fetch');
    try {
      renderPlayer(playlist(THREE));
      await vi.waitFor(() => expect(heartbeats).toHaveLength(1));
      expect(heartbeats[0]).not.toHaveProperty('p_device_id');
      expect(heartbeats[0]).toMatchObject({ p_diagnostics: 'weather: Failed to fetch' });
    } finally {
      clearProblem('weather');
    }
  });

  it('sends no heartbeat while it has no session to send it with (it would only be refused)', async () => {
    renderPlayer(playlist(THREE));
    await advance(60_000);
    await advance(10);
    expect(heartbeats).toEqual([]);
  });

  it('stops its timers when it goes away', async () => {
    const view = renderPlayer(playlist(THREE));
    await advance(10);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('Player on a screen with spots booked in its loop', () => {
  // A 60 s loop: one spot a loop of Acme (two 10 s slides taking turns), the venue's three 10 s slides around it.
  const VENUE = [slide('a', 'First'), slide('b', 'Second'), slide('c', 'Third')];
  const acme = playlistSpot('acme', [
    { id: 'x', title: 'Acme X', image_url: 'acme-x.png' },
    { id: 'y', title: 'Acme Y' },
  ]);
  // Acme X's picture loads as it would in a browser: the switch to it waits for its layer's <img>.
  let stopLoading = () => {};
  beforeEach(() => {
    stopLoading = loadImagesAsAdded();
  });
  afterEach(() => stopLoading());
  const sold = (slides: PlayerSlide[], spots = [acme]): PlayerData => ({
    ...playlist(slides, 'v1', { 'acme-x.png': 'https://files.example.test/acme-x.png' }),
    loop_seconds: 60,
    spots,
  });

  /** The slides shown over the next `count` switches of 10 s. */
  async function next(count: number) {
    const seen: (string | null)[] = [];
    for (let i = 0; i < count; i++) {
      await advance(10_000);
      seen.push(shown().getAttribute('data-slide-id'));
    }
    return seen;
  }

  it('plays the ad at its slot, the venue’s slides around it, and the ad’s next slide in the next loop', async () => {
    renderPlayer(sold(VENUE));
    expect(shown()).toHaveAttribute('data-slide-id', 'x');
    expect(screen.getByRole('img', { name: 'Acme X' })).toHaveAttribute('src', 'https://files.example.test/acme-x.png');
    expect(counter()).toBe('1 / 6');
    // The venue's slides carry on where they left off; the second loop starts with Acme's other slide.
    expect(await next(12)).toEqual(['a', 'b', 'c', 'a', 'b', 'y', 'c', 'a', 'b', 'c', 'a', 'x']);
  });

  it('plays the ads back to back when the venue has nothing on air', async () => {
    const other = playlistSpot('other', [{ id: 'o', title: 'Other' }]);
    renderPlayer(sold([], [acme, other]));
    expect(shown()).toHaveAttribute('data-slide-id', 'x');
    expect(counter()).toBe('1 / 2');
    expect(await next(3)).toEqual(['o', 'y', 'o']);
  });

  it('reports the network campaign and its slide while the ad is on screen', async () => {
    storeSession(fakeUser('screen@example.com'));
    renderPlayer(sold(VENUE));
    await vi.waitFor(() => expect(heartbeats).toHaveLength(1));
    expect(heartbeats[0]).toMatchObject({ p_campaign_id: 'acme', p_slide_id: 'x' });
  });

  it('plays as before when a spot’s slides are not on air (no spots given)', async () => {
    renderPlayer(sold(VENUE, []));
    expect(counter()).toBe('1 / 3');
    expect(await next(3)).toEqual(['b', 'c', 'a']);
  });
});

describe('Player with video slides', () => {
  const VIDEO_URL = 'https://files.example.test/clip.webm';
  const MEDIA = { 'photo.png': 'https://files.example.test/photo.png', 'video:clip.webm': VIDEO_URL };
  const MIXED = [
    slide('a', 'Photo', { image_url: 'photo.png', duration: 5 }),
    slide('b', 'Clip', { image_url: 'clip.webm', media_kind: 'video', duration: 5 }),
    slide('c', 'Third', { duration: 5 }),
  ];
  let plays: HTMLMediaElement[];
  let pauses: HTMLMediaElement[];

  /** The video element of slide `id`'s layer. */
  const videoOf = (id: string) => {
    const video = document.querySelector<HTMLVideoElement>(`[data-slide-id="${id}"] video`);
    if (!video) throw new Error(`no video in slide ${id}`);
    return video;
  };

  beforeEach(() => {
    resetVideoStates();
    plays = [];
    pauses = [];
    // jsdom plays no media: the player's calls are recorded instead.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      plays.push(this);
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      pauses.push(this);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    resetVideoStates();
  });

  it('loads the next video in its hidden layer: muted, inline, no controls, not playing yet', () => {
    renderPlayer(playlist(MIXED, 'v1', MEDIA));
    const video = videoOf('b');
    expect(video).toHaveAttribute('src', VIDEO_URL);
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('preload', 'auto');
    expect(video).not.toHaveAttribute('controls');
    expect(video.closest('[data-slide-id]')).toHaveAttribute('data-visible', 'false');
    expect(plays).not.toContain(video);
  });

  it('switches to a video only once it can play, then plays it for its whole time', async () => {
    renderPlayer(playlist(MIXED, 'v1', MEDIA));
    await advance(5000);
    // The photo's time is up, but the video is not ready: the photo stays.
    expect(counter()).toBe('1 / 3');
    await advance(2000);
    expect(shown()).toHaveAttribute('data-slide-id', 'a');

    fireEvent.canPlayThrough(videoOf('b'));
    await advance(0);
    expect(counter()).toBe('2 / 3');
    expect(shown()).toContainElement(videoOf('b'));
    expect(plays).toContain(videoOf('b'));
    // Two seconds late: its five seconds count from the switch.
    await advance(4999);
    expect(counter()).toBe('2 / 3');
    await advance(1);
    expect(shown()).toHaveTextContent('Third');
  });

  it('switches on time to a video that was ready before its turn', async () => {
    renderPlayer(playlist(MIXED, 'v1', MEDIA));
    await advance(1000);
    fireEvent.canPlayThrough(videoOf('b'));
    await advance(3999);
    expect(counter()).toBe('1 / 3');
    await advance(1);
    expect(counter()).toBe('2 / 3');
  });

  it('pauses the video with the player and plays it again on Play', async () => {
    renderPlayer(playlist(MIXED, 'v1', MEDIA));
    fireEvent.canPlayThrough(videoOf('b'));
    await advance(5000);
    const video = videoOf('b');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(pauses).toContain(video);
    plays = [];
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(plays).toEqual([video]);
  });

  it('starts a video that comes up from its hidden layer where it is, and one shown twice in a row from the beginning', async () => {
    const seeks: { video: HTMLMediaElement; to: number }[] = [];
    const position = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'currentTime')!;
    vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation(function (
      this: HTMLMediaElement,
      to: number,
    ) {
      seeks.push({ video: this, to });
      position.set!.call(this, to);
    });
    // A video plays on from where it was: a little of it has played by the next effect.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      plays.push(this);
      position.set!.call(this, position.get!.call(this) + 0.04);
      return Promise.resolve();
    });

    renderPlayer(playlist(MIXED, 'v1', MEDIA));
    fireEvent.canPlayThrough(videoOf('b'));
    await advance(5000);
    expect(counter()).toBe('2 / 3');
    expect(plays).toContain(videoOf('b'));
    // It was at its start while hidden: seeking it again once playing would leave a moment with no frame.
    expect(seeks.filter((s) => s.video === videoOf('b'))).toEqual([]);
    cleanup();

    // The same video twice in a row (a one-slide loop): its second showing starts from 0.
    renderPlayer(playlist([MIXED[1]!], 'v2', MEDIA));
    fireEvent.canPlayThrough(videoOf('b'));
    await advance(0);
    expect(position.get!.call(videoOf('b'))).toBeGreaterThan(0);
    await advance(5000);
    expect(seeks.filter((s) => s.video === videoOf('b')).map((s) => s.to)).toEqual([0]);
    expect(plays.filter((v) => v === videoOf('b')).length).toBeGreaterThanOrEqual(2);
  });

  it('skips a video that cannot be loaded, with no word on the wall, and says why in the diagnostics', async () => {
    renderPlayer(playlist(MIXED, 'v1', MEDIA));
    fireEvent.error(videoOf('b'));
    await advance(0);
    // The slide after it waits underneath instead.
    expect(document.querySelector('[data-visible="false"]')).toHaveAttribute('data-slide-id', 'c');
    await advance(5000);
    expect(shown()).toHaveTextContent('Third');
    expect(counter()).toBe('3 / 3');
    expect(screen.getByTestId('player')).not.toHaveTextContent(/video|could not/i);
    expect(diagnosticsSummary()).toBe('video: skipped: "Clip" (the video could not be played)');
  });

  it('skips a video that is not ready 15 s after its turn', async () => {
    renderPlayer(playlist(MIXED, 'v1', MEDIA));
    await advance(5000 + 14_999);
    expect(counter()).toBe('1 / 3');
    await advance(1);
    expect(shown()).toHaveTextContent('Third');
    expect(diagnosticsSummary()).toBe('video: skipped: "Clip" (not ready after 15 s)');
  });

  it('moves on at once when the video on screen fails', async () => {
    renderPlayer(playlist(MIXED, 'v1', MEDIA));
    fireEvent.canPlayThrough(videoOf('b'));
    await advance(5000);
    expect(counter()).toBe('2 / 3');
    await advance(1000);
    fireEvent.error(videoOf('b'));
    await advance(0);
    expect(shown()).toHaveTextContent('Third');
    expect(counter()).toBe('3 / 3');
  });

  it('plays a video again once it works, and clears the diagnostics', async () => {
    renderPlayer(playlist(MIXED, 'v1', MEDIA));
    fireEvent.error(videoOf('b'));
    await advance(0);
    expect(diagnosticsSummary()).toMatch(/^video: skipped/);
    // A minute later it is tried again: the next loop loads it, and it is ready.
    await advance(60_000);
    await advance(15_000);
    const video = document.querySelector<HTMLVideoElement>('[data-slide-id="b"] video');
    expect(video).not.toBeNull();
    fireEvent.canPlayThrough(video!);
    expect(diagnosticsSummary()).toBeNull();
  });
});
