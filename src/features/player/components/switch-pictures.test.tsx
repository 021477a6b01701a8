// A switch never shows a slide whose own <img> is still loading: the slide on screen stays until
// the picture that replaces it is loaded and decoded in the layer that will show it. The browser
// is modelled: an <img> loads LOAD_MS after it enters the page (its load event), whatever a
// detached Image's decode() said (jsdom has none: preloadImage resolves at once).
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '@tests/setup/fake-time';
import { loadImagesAsAdded } from '@tests/setup/image-loads';
import { server } from '@tests/setup/msw-server';
import { restUrl } from '@tests/setup/supabase-mocks';
import { createQueryClient } from '@/lib/query-client';
import type { PlayerData, PlayerSlide } from '../api/playlist';
import { playlistSlide } from '@/entities/playlist/playlist-fixtures';
import { resetVideoStates } from '../lib/preload';
import { playerData } from '../api/player-fixtures';
import { Player } from './player';

const LOAD_MS = 300;

const img = (id: string, title: string, campaign = 'A', duration = 10) =>
  playlistSlide(id, title, { image_url: `${id}.png`, campaign_id: campaign, duration });

/** The playlist of `slides`, each image at an object URL of its own. */
const playlist = (slides: PlayerSlide[], version: string): PlayerData =>
  playerData(slides, version, Object.fromEntries(slides.map((s) => [s.image_url!, `blob:test/${s.image_url}`])));

let loaded: WeakSet<HTMLImageElement>;
let blanks: { at: number; slide: string | undefined }[];
let observer: MutationObserver;
let stopLoading: () => void;

function probe() {
  const layer = document.querySelector<HTMLElement>('[data-visible="true"]');
  const image = layer?.querySelector('img');
  if (image && !loaded.has(image)) blanks.push({ at: Date.now(), slide: layer?.dataset.slideId });
}

function renderPlayer(data: PlayerData) {
  const queryClient = createQueryClient({ queries: { retry: false } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Player data={data} />
    </QueryClientProvider>,
  );
  return (next: PlayerData) =>
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Player data={next} />
      </QueryClientProvider>,
    );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
  server.use(
    http.post(restUrl('/rpc/player_heartbeat'), () => HttpResponse.json(null)),
    http.post(restUrl('/rpc/record_plays'), () => HttpResponse.json({ accepted: 0, duplicates: 0, rejected: [] })),
  );
  loaded = new WeakSet();
  blanks = [];
  stopLoading = loadImagesAsAdded(LOAD_MS, (image) => loaded.add(image));
  observer = new MutationObserver(probe);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-visible'],
  });
});

afterEach(() => {
  stopLoading();
  observer.disconnect();
  resetVideoStates();
  vi.useRealTimers();
});

const visibleId = () => document.querySelector<HTMLElement>('[data-visible="true"]')?.dataset.slideId;

describe('the slide on screen is replaced only by a picture loaded in its own layer', () => {
  it('plain boundaries (the hidden layer had the whole slide to load)', async () => {
    renderPlayer(playlist([img('a', 'A1'), img('b', 'B1'), img('c', 'C1')], 'v1@A'));
    await advance(LOAD_MS);
    blanks = []; // from the first picture on
    for (let i = 0; i < 40; i++) await advance(1000);
    expect(blanks).toEqual([]);
  });

  it('a daypart that opened: its first slide comes up once its picture is loaded', async () => {
    const rerender = renderPlayer(playlist([img('a', 'A1'), img('b', 'B1'), img('c', 'C1')], 'v1@A'));
    await advance(2000);
    blanks = [];
    rerender(playlist([img('a', 'A1'), img('x', 'Breakfast', 'B'), img('b', 'B1'), img('c', 'C1')], 'v1@A,B'));
    await advance(1000);
    expect(visibleId()).toBe('x');
    expect(blanks).toEqual([]);
  });

  it('the loop changed just before a boundary: the new next slide waits for its picture', async () => {
    const rerender = renderPlayer(playlist([img('a', 'A1', 'A', 5), img('b', 'B1'), img('c', 'C1')], 'v1@A'));
    await advance(4900);
    blanks = [];
    // A new slide after the one on screen (a read, a schedule edge): its layer mounts 100 ms before the switch.
    rerender(playlist([img('a', 'A1', 'A', 5), img('n', 'New'), img('b', 'B1'), img('c', 'C1')], 'v2@A'));
    await advance(1100);
    expect(visibleId()).toBe('n');
    expect(blanks).toEqual([]);
  });

  it('a new picture for the slide on screen: shown once loaded in its new layer', async () => {
    const rerender = renderPlayer(playlist([img('a', 'A1'), img('b', 'B1')], 'v1@A'));
    await advance(2000);
    blanks = [];
    rerender(playlist([playlistSlide('a', 'A1', { image_url: 'a2.png', campaign_id: 'A' }), img('b', 'B1')], 'v2@A'));
    await advance(0);
    await advance(1000);
    expect(blanks).toEqual([]);
  });

  it('text added to the slide on screen keeps its <img> (not mounted again)', async () => {
    const rerender = renderPlayer(playlist([img('a', 'A1'), img('b', 'B1')], 'v1@A'));
    await advance(2000);
    blanks = [];
    rerender(playlist([{ ...img('a', 'A1'), content: 'Now with words' }, img('b', 'B1')], 'v2@A'));
    await advance(0);
    await advance(1000);
    expect(blanks).toEqual([]);
  });
});
