// A paired screen runs the commands sent to it (Realtime and REST at the network boundary):
// identify shows its name and venue over the slide for 10 s, then leaves by itself; resync
// reads everything again while the slide on screen stays; a reload is answered before the page
// reloads, and once however many were queued; a failed screenshot is reported, never shown.
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, settle } from '@tests/setup/fake-time';
import { server } from '@tests/setup/msw-server';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { playlistSlide } from '@/entities/playlist/playlist-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { playerKeys, type PlayerData } from '../api/playlist';
import { screenTopic, type CommandHandlers } from '../api/screen-commands';
import { IDENTIFY_MS, ScreenCommands } from './screen-commands';
import { PAIRED_DEVICE_ID, PAIRED_SCREEN, PAIRED_VENUE } from '../api/player-fixtures';

const DEVICE_ID = PAIRED_DEVICE_ID;
const SCREEN = PAIRED_SCREEN;
const VENUE = PAIRED_VENUE;

const HELD: PlayerData = {
  version: 'v1',
  customer: VENUE,
  today: '2026-11-26',
  slides: [playlistSlide('a', 'Morning latte')],
  media: { urls: {}, complete: true, renewAt: Number.POSITIVE_INFINITY },
  fromDevice: false,
};

interface Ack {
  p_id: string;
  p_status: string;
  p_result?: Record<string, unknown>;
}

let acks: Ack[];
let queued: { id: string; command: string }[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  storeSession(SCREEN);
  acks = [];
  queued = [];
  const status = new Map<string, string>();
  server.use(
    http.post(restUrl('/rpc/my_screen_commands'), () =>
      HttpResponse.json(queued.filter((c) => (status.get(c.id) ?? 'queued') === 'queued')),
    ),
    http.post(restUrl('/rpc/ack_screen_command'), async ({ request }) => {
      const ack = (await request.json()) as Ack;
      acks.push(ack);
      status.set(ack.p_id, ack.p_status);
      return HttpResponse.json({ id: ack.p_id, status: ack.p_status });
    }),
    http.post(restUrl('/rpc/my_screen'), () =>
      HttpResponse.json({
        id: DEVICE_ID,
        device_name: 'Window screen',
        orientation: 'landscape',
        customer_id: VENUE.id,
        customer_name: VENUE.name,
      }),
    ),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

/** What the wall shows of the playlist held (as the player does), with the commands running over it. */
function Wall() {
  const { data } = useQuery<PlayerData>({
    queryKey: playerKeys.playlist(SCREEN.id, null),
    queryFn: () => Promise.resolve(HELD),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <p data-testid="slide">{data?.slides[0]?.title ?? 'blank'}</p>;
}

function renderScreen(handlers: Partial<CommandHandlers> = {}) {
  const queryClient = createQueryClient({ queries: { retry: false } });
  queryClient.setQueryData(playerKeys.playlist(SCREEN.id, null), HELD);
  render(
    <QueryClientProvider client={queryClient}>
      <Wall />
      <ScreenCommands userId={SCREEN.id} deviceId={DEVICE_ID} enabled handlers={handlers} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const statuses = (id: string) => acks.filter((a) => a.p_id === id).map((a) => a.p_status);

describe('remote commands on a paired screen', () => {
  it('identify shows the screen’s name and venue over the slide for 10 s, then leaves by itself', async () => {
    const realtime = mockRealtime();
    renderScreen();
    await realtime.joinedTopic(screenTopic(DEVICE_ID));
    expect(realtime.privateTopics()).toContain(screenTopic(DEVICE_ID));
    realtime.broadcast(screenTopic(DEVICE_ID), 'command', { id: 'cmd-identify', command: 'identify' });

    await settle(() => expect(screen.getByRole('status', { name: 'Screen identity' })).toBeInTheDocument());
    const overlay = screen.getByRole('status', { name: 'Screen identity' });
    expect(overlay).toHaveTextContent('Window screen');
    expect(overlay).toHaveTextContent('Corner Cafe');
    expect(screen.getByTestId('slide')).toHaveTextContent('Morning latte');
    await settle(() => expect(statuses('cmd-identify')).toEqual(['delivered', 'done']));

    await advance(IDENTIFY_MS - 100);
    expect(screen.getByRole('status', { name: 'Screen identity' })).toBeInTheDocument();
    await advance(100);
    expect(screen.queryByRole('status', { name: 'Screen identity' })).not.toBeInTheDocument();
    expect(screen.getByTestId('slide')).toHaveTextContent('Morning latte');
  });

  it('runs what was queued while it was offline, and reloads once (after answering) for many reloads', async () => {
    mockRealtime();
    queued = [
      { id: 'cmd-reload-1', command: 'reload' },
      { id: 'cmd-identify', command: 'identify' },
      { id: 'cmd-reload-2', command: 'reload' },
    ];
    const reload = vi.fn(() => {
      // The answer went out before the page goes.
      expect(statuses('cmd-reload-2')).toEqual(['delivered', 'done']);
    });
    renderScreen({ reload });
    await settle(() => expect(screen.getByRole('status', { name: 'Screen identity' })).toBeInTheDocument());
    await settle(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(statuses('cmd-identify')).toEqual(['delivered', 'done']);
    expect(acks.find((a) => a.p_id === 'cmd-reload-1')).toMatchObject({ p_status: 'done', p_result: { merged: true } });
    // Read again a minute later: nothing runs twice.
    await advance(60_000);
    await settle(() => expect(acks.length).toBe(5));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('resync reads everything again while the slide on screen stays, then shows the new playlist', async () => {
    const realtime = mockRealtime();
    let answer: (() => void) | undefined;
    const reading = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let reads = 0;
    server.use(
      http.post(restUrl('/rpc/player_playlist'), async () => {
        reads += 1;
        await reading;
        return HttpResponse.json({
          version: 'v2',
          customer: VENUE,
          today: '2026-11-26',
          slides: [playlistSlide('b', 'Afternoon tea')],
        });
      }),
    );
    const queryClient = renderScreen();
    await realtime.joinedTopic(screenTopic(DEVICE_ID));
    realtime.broadcast(screenTopic(DEVICE_ID), 'command', { id: 'cmd-resync', command: 'resync' });
    await settle(() => expect(reads).toBe(1));
    // Still reading: the wall keeps its slide (no blank, no loading screen).
    expect(screen.getByTestId('slide')).toHaveTextContent('Morning latte');
    expect(statuses('cmd-resync')).toEqual(['delivered']);

    answer!();
    await settle(() => expect(statuses('cmd-resync')).toEqual(['delivered', 'done']));
    // React Query tells its observers on the next tick.
    await advance(0);
    expect(screen.getByTestId('slide')).toHaveTextContent('Afternoon tea');
    expect(queryClient.getQueryData<PlayerData>(playerKeys.playlist(SCREEN.id, null))?.version).toBe('v2');
  });

  it('reports a screenshot that failed with its reason, and shows nothing of it on the wall', async () => {
    const realtime = mockRealtime();
    renderScreen({
      screenshot: () =>
        Promise.reject(new Error('The picture on screen comes from another origin and cannot be read.')),
    });
    await realtime.joinedTopic(screenTopic(DEVICE_ID));
    realtime.broadcast(screenTopic(DEVICE_ID), 'command', { id: 'cmd-shot', command: 'screenshot' });
    await settle(() => expect(statuses('cmd-shot')).toEqual(['delivered', 'failed']));
    expect(acks.at(-1)?.p_result).toEqual({
      error: 'The picture on screen comes from another origin and cannot be read.',
    });
    expect(document.body).not.toHaveTextContent(/origin|failed|error/i);
  });
});
