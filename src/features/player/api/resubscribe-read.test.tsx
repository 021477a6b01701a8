// A playing screen whose Realtime socket dropped (a restarted stack drops every screen's at
// once) reads its playlist again when it is back, but not at the instant all the others do:
// after a random moment under 2 s (Realtime and REST at the network boundary).
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { authUrl, keepExpiredSession, renewedSession, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { supabase } from '@/lib/supabase';
import { playlistSlide } from '@/entities/playlist/playlist-fixtures';
import {
  lastReadFailed,
  playerKeys,
  playerQueryOptions,
  useReadOnOnline,
  useSpotPushes,
  venueTopic,
  type PlayerData,
} from './playlist';
import { PAIRED_DEVICE_ID, PAIRED_SCREEN, PAIRED_VENUE } from './player-fixtures';

const DEVICE_ID = PAIRED_DEVICE_ID;
const SCREEN = PAIRED_SCREEN;
const VENUE = PAIRED_VENUE;
const HELD: PlayerData = {
  version: 'v-read',
  customer: VENUE,
  today: '2026-11-26',
  slides: [playlistSlide('a', 'Welcome', { campaign_id: 'venue-campaign', display_order: 1 })],
  media: { urls: {}, complete: true, renewAt: Number.POSITIVE_INFINITY },
  fromDevice: false,
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** Answers the screen's playlist reads with HELD, noting when each came. */
const answerReads = (reads: number[]) =>
  http.post(restUrl('/rpc/player_playlist'), () => {
    reads.push(Date.now());
    const { media: _media, fromDevice: _fromDevice, ...read } = HELD;
    return HttpResponse.json(read);
  });

/** A screen playing HELD (its playlist query kept fresh) with `hook` running beside it. */
function renderOnScreen(hook: () => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(playerKeys.playlist(SCREEN.id, null), HELD);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(
    () => {
      useQuery({ ...playerQueryOptions(SCREEN.id, false, null, true), staleTime: Number.POSITIVE_INFINITY });
      hook();
    },
    { wrapper },
  );
  return queryClient;
}

describe('a playing screen back after its socket dropped', () => {
  it('reads its playlist again once, after a random delay, not at the instant it joins again', async () => {
    // The random source at 0.75: the socket comes back after 1.25 s, the read waits 1.5 s more.
    vi.spyOn(Math, 'random').mockReturnValue(0.75);
    const realtime = mockRealtime();
    storeSession(SCREEN);
    const reads: number[] = [];
    server.use(answerReads(reads));
    renderOnScreen(() =>
      useSpotPushes({ userId: SCREEN.id, deviceId: null, screenId: DEVICE_ID, customerId: VENUE.id, enabled: true }),
    );
    const topic = venueTopic(VENUE.id);
    await realtime.joinedTopic(topic);
    // The first subscription reads at once.
    await waitFor(() => expect(reads).toHaveLength(1));

    realtime.drop();
    await waitFor(() => expect(realtime.topics()).not.toContain(`realtime:${topic}`));
    // The drop itself: one read at once (it would fail with the stack away, see below).
    await waitFor(() => expect(reads).toHaveLength(2));
    await realtime.joinedTopic(topic);
    const back = Date.now();
    await new Promise((r) => setTimeout(r, 1000));
    expect(reads).toHaveLength(2);
    await waitFor(() => expect(reads).toHaveLength(3));
    expect(reads[2]! - back).toBeGreaterThanOrEqual(1400);
    expect(reads[2]! - back).toBeLessThan(2500);
  });
});

describe('a playing screen whose read failed', () => {
  function playing(queryClient: QueryClient) {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useQuery({ ...playerQueryOptions(SCREEN.id, false, null, true) }), { wrapper });
  }

  it('tries again within 1.5 to 3.5 s while the browser says it is online, then at the poll’s pace once through', async () => {
    mockRealtime();
    storeSession(SCREEN);
    const reads: number[] = [];
    let down = true;
    server.use(
      http.post(restUrl('/rpc/player_playlist'), () => {
        reads.push(Date.now());
        if (down) return HttpResponse.error();
        const { media: _media, fromDevice: _fromDevice, ...read } = HELD;
        return HttpResponse.json(read);
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(playerKeys.playlist(SCREEN.id, null), HELD, { updatedAt: 0 });
    playing(queryClient);
    await waitFor(() => expect(reads).toHaveLength(2));
    const gap = reads[1]! - reads[0]!;
    expect(gap).toBeGreaterThanOrEqual(1400);
    expect(gap).toBeLessThan(4000);
    // Back: the next try gets through, and the screen plays on what it read, polling as before.
    down = false;
    await waitFor(() => expect(lastReadFailed(SCREEN.id)).toBe(false));
    const through = reads.length;
    await new Promise((r) => setTimeout(r, 4500));
    expect(reads).toHaveLength(through);
  }, 20_000);

  it('waits for the network while the browser says it is offline', async () => {
    mockRealtime();
    storeSession(SCREEN);
    const reads: number[] = [];
    server.use(
      http.post(restUrl('/rpc/player_playlist'), () => {
        reads.push(Date.now());
        return HttpResponse.error();
      }),
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
    queryClient.setQueryData(playerKeys.playlist(SCREEN.id, null), HELD, { updatedAt: 0 });
    playing(queryClient);
    await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(1));
    await new Promise((r) => setTimeout(r, 4500));
    expect(reads).toHaveLength(1);
    onLine.mockRestore();
  }, 20_000);
});

describe('a playing screen whose token ran out during an outage', () => {
  it('reads its playlist as soon as the network is back, not after supabase-js’s next try of its own renewal', async () => {
    keepExpiredSession(SCREEN, 'kept-token');
    let network = false;
    const failed: number[] = [];
    const reads: number[] = [];
    server.use(
      http.post(authUrl('/token'), () => {
        if (!network) {
          failed.push(Date.now());
          return HttpResponse.error();
        }
        return HttpResponse.json(renewedSession(SCREEN, 'renewed-token'));
      }),
      http.get(authUrl('/user'), () => HttpResponse.json(SCREEN)),
      answerReads(reads),
    );
    const queryClient = renderOnScreen(() => useReadOnOnline(SCREEN.id, null, true));
    // Offline: supabase-js tries to renew the token, waiting longer between its tries (0.2,
    // 0.4, 0.8, 1.6, 3.2 s, …); a read started meanwhile waits in getSession for its next try.
    void supabase.auth.getSession();
    await waitFor(() => expect(failed).toHaveLength(4));
    void queryClient.invalidateQueries({ queryKey: playerKeys.playlist(SCREEN.id, null) });
    await waitFor(() => expect(failed).toHaveLength(5));
    network = true;
    const back = Date.now();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    // supabase-js's next try was 3.2 s after its last failure; the screen's read did not wait for it.
    expect(reads[0]! - back).toBeLessThan(1500);
  });
});
