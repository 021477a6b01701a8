// A playing screen joins its venue's private topic and applies the network campaign changes the
// database pushes there, without reading its playlist (Realtime and REST at the network boundary).
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { playlistSlide } from '@/entities/playlist/playlist-fixtures';
import {
  loadSavedPlaylist,
  playerKeys,
  playerQueryOptions,
  useSpotPushes,
  venueTopic,
  type PlayerData,
} from './playlist';

const DEVICE_ID = 'de000000-0000-4000-8000-0000000000aa';
const OTHER_DEVICE = 'de000000-0000-4000-8000-0000000000bb';
const SCREEN = {
  ...fakeUser('screen-de000000-1a2b3c4d@screens.invalid', '5c000000-0000-4000-8000-000000000001'),
  app_metadata: { provider: 'email', providers: ['email'], screen_device_id: DEVICE_ID },
};
const VENUE = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Corner Cafe', time_zone: 'America/New_York' };

/** A spot as player_playlist() gives it (and the database pushes it). */
const spot = (campaign: string, devices: string[], title = 'Acme Coffee') => ({
  campaign_id: campaign,
  campaign_name: 'Acme December',
  advertiser_id: 'ad000000-0000-4000-8000-000000000001',
  advertiser_name: 'Acme Coffee Co',
  spots_per_loop: 1,
  spot_seconds: 10,
  campaign_start_date: null,
  campaign_end_date: null,
  campaign_status: 'active',
  campaign_windows: [],
  on_air: true,
  device_ids: devices,
  slides: [
    {
      ...playlistSlide(`${campaign}-1`, title, { campaign_id: campaign, duration: 10 }),
      image_url: null,
      media_kind: 'image',
    },
  ],
});

type Held = PlayerData & { spots: ReturnType<typeof spot>[] };

const HELD: Held = {
  version: 'v-read',
  customer: VENUE,
  today: '2026-11-26',
  slides: [playlistSlide('a', 'Welcome', { campaign_id: 'venue-campaign', display_order: 1 })],
  spots: [spot('ca-1', [DEVICE_ID])],
  media: { urls: {}, complete: true, renewAt: Number.POSITIVE_INFINITY },
  fromDevice: false,
};

/** The screen's hook over a cache holding HELD; counts the playlist reads that reach the server. */
function playingScreen() {
  storeSession(SCREEN);
  const reads = { count: 0 };
  server.use(
    http.post(restUrl('/rpc/player_playlist'), () => {
      reads.count += 1;
      const { media: _media, fromDevice: _fromDevice, ...read } = HELD;
      return HttpResponse.json(read);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = playerKeys.playlist(SCREEN.id, null);
  queryClient.setQueryData(key, HELD);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      // The screen's playlist query (held fresh: only the subscription reads it here).
      useQuery({ ...playerQueryOptions(SCREEN.id, false, null, true), staleTime: Number.POSITIVE_INFINITY });
      useSpotPushes({ userId: SCREEN.id, deviceId: null, screenId: DEVICE_ID, customerId: VENUE.id, enabled: true });
    },
    { wrapper },
  );
  const held = () => queryClient.getQueryData<Held>(key)!;
  return { reads, held, hook };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('network campaign pushes on a playing screen', () => {
  it('joins its venue’s private topic and reads once when subscribed', async () => {
    const realtime = mockRealtime();
    const { reads } = playingScreen();
    await realtime.joinedTopic(venueTopic(VENUE.id));
    expect(realtime.privateTopics()).toContain(`venue:${VENUE.id}`);
    await waitFor(() => expect(reads.count).toBe(1));
  });

  it('applies an edited, a new and a removed campaign without reading, and keeps the copy on the device', async () => {
    const realtime = mockRealtime();
    const { reads, held } = playingScreen();
    await realtime.joinedTopic(venueTopic(VENUE.id));
    await waitFor(() => expect(reads.count).toBe(1));
    await waitFor(() => expect(held().version).toBe('v-read'));

    realtime.broadcast(venueTopic(VENUE.id), 'spot', {
      campaign_id: 'ca-1',
      spot: spot('ca-1', [OTHER_DEVICE, DEVICE_ID], 'Acme Coffee, now with pastries'),
    });
    await waitFor(() => expect(held().spots[0]!.slides[0]!.title).toBe('Acme Coffee, now with pastries'));
    const edited = held();
    expect(edited.version).not.toBe('v-read');
    expect(edited.spots[0]!.device_ids).toEqual([DEVICE_ID]);
    expect(edited.slides).toEqual(HELD.slides);
    expect(loadSavedPlaylist(SCREEN.id)).toMatchObject({ version: edited.version, spots: edited.spots });

    realtime.broadcast(venueTopic(VENUE.id), 'spot', { campaign_id: 'ca-2', spot: spot('ca-2', [DEVICE_ID]) });
    await waitFor(() => expect(held().spots.map((s) => s.campaign_id)).toEqual(['ca-1', 'ca-2']));

    realtime.broadcast(venueTopic(VENUE.id), 'spot', { campaign_id: 'ca-1', spot: null });
    await waitFor(() => expect(held().spots.map((s) => s.campaign_id)).toEqual(['ca-2']));
    expect(reads.count).toBe(1);
  });

  it('ignores a campaign that plays on the venue’s other screens only', async () => {
    const realtime = mockRealtime();
    const { reads, held } = playingScreen();
    await realtime.joinedTopic(venueTopic(VENUE.id));
    await waitFor(() => expect(reads.count).toBe(1));
    const before = held();
    realtime.broadcast(venueTopic(VENUE.id), 'spot', { campaign_id: 'ca-3', spot: spot('ca-3', [OTHER_DEVICE]) });
    // A later push for this screen arrives after it: the one before changed nothing.
    realtime.broadcast(venueTopic(VENUE.id), 'spot', { campaign_id: 'ca-4', spot: spot('ca-4', [DEVICE_ID]) });
    await waitFor(() => expect(held().spots.map((s) => s.campaign_id)).toEqual(['ca-1', 'ca-4']));
    expect(before.spots.map((s) => s.campaign_id)).toEqual(['ca-1']);
    expect(reads.count).toBe(1);
  });

  it('keeps a push that arrived while a read was on its way, when the read answers without it', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const realtime = mockRealtime();
    const { reads, held } = playingScreen();
    await realtime.joinedTopic(venueTopic(VENUE.id));
    await waitFor(() => expect(reads.count).toBe(1));

    // The next read was answered by the server before the edit was committed; it lands after the push.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(restUrl('/rpc/player_playlist'), async () => {
        reads.count += 1;
        await answered;
        const { media: _media, fromDevice: _fromDevice, ...read } = HELD;
        return HttpResponse.json({ ...read, version: 'v-read-2' });
      }),
    );
    realtime.broadcast(venueTopic(VENUE.id), 'spot', { campaign_id: 'ca-1', spot: 'read' });
    await waitFor(() => expect(reads.count).toBe(2));
    realtime.broadcast(venueTopic(VENUE.id), 'spot', { campaign_id: 'ca-5', spot: spot('ca-5', [DEVICE_ID]) });
    await waitFor(() => expect(held().spots.map((s) => s.campaign_id)).toEqual(['ca-1', 'ca-5']));
    answer();
    await waitFor(() => expect(held().version.startsWith('v-read-2+')).toBe(true));
    expect(held().spots.map((s) => s.campaign_id)).toEqual(['ca-1', 'ca-5']);
    expect(reads.count).toBe(2);
  });

  it('reads once, after a random delay, when the spot was too large to send', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const realtime = mockRealtime();
    const { reads } = playingScreen();
    await realtime.joinedTopic(venueTopic(VENUE.id));
    await waitFor(() => expect(reads.count).toBe(1));
    realtime.broadcast(venueTopic(VENUE.id), 'spot', { campaign_id: 'ca-1', spot: 'read' });
    await waitFor(() => expect(reads.count).toBe(2));
  });
});
