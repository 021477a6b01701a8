// The device's queue in IndexedDB, as a browser has it (jsdom has none).
import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '@tests/setup/fake-time';
import { server } from '@tests/setup/msw-server';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { clearProblem, diagnosticsSummary } from '@/lib/diagnostics';
import { createQueryClient } from '@/lib/query-client';
import { playlistSlide, playlistSpot } from '@/entities/playlist/playlist-fixtures';
import { Player } from '../components/player';
import type { PlayerData, PlayerSlide } from './playlist';
import { PLAYS_DB } from './play-queue';
import { loadPlays, PLAY_UPLOAD_MS, PLAYS_KEY, type PlayRecord } from './proof-of-play';

const DEVICE = 'e0000000-0000-4000-8000-000000000001';
/** The queue is written and read in tasks of their own: on a busy machine that takes a while. */
const WAIT = { timeout: 10_000 };
const START = new Date('2026-11-25T15:00:00Z').getTime();

function playlist(slides: PlayerSlide[]): PlayerData {
  return {
    customer: { id: 'cust-1', name: 'Corner Cafe', time_zone: 'America/New_York' },
    today: '2026-11-25',
    slides,
    version: 'v1',
    media: { urls: {}, complete: true, renewAt: Number.POSITIVE_INFINITY },
    fromDevice: false,
  };
}

const SLIDES = [
  playlistSlide('a', 'First', { duration: 5, campaign_id: 'camp-1' }),
  playlistSlide('b', 'Second', { duration: 8, campaign_id: 'camp-2' }),
];

interface Upload {
  p_plays: { id: string; started_at: string; seconds: number; campaign_id: string; slide_id: string }[];
  p_device_id?: string;
}

/** Moves the clock on a second at a time, so each slide switch renders as it would. */
async function play(ms: number) {
  for (let t = 0; t < ms; t += 1000) await advance(Math.min(1000, ms - t));
}

let uploads: Upload[];
let answer: (body: Upload) => Response;

function renderPlayer(deviceId: string | null = DEVICE, data = playlist(SLIDES)) {
  const client = createQueryClient({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <Player data={data} deviceId={deviceId} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
  vi.setSystemTime(START);
  uploads = [];
  answer = (body) => HttpResponse.json({ accepted: body.p_plays.length, duplicates: 0, rejected: [] }) as Response;
  server.use(
    http.post(restUrl('/rpc/player_heartbeat'), () => HttpResponse.json(DEVICE)),
    http.post(restUrl('/rpc/record_plays'), async ({ request }) => {
      const body = (await request.json()) as Upload;
      uploads.push(body);
      return answer(body);
    }),
  );
  storeSession(fakeUser('cafe@example.com'));
});

afterEach(async () => {
  vi.useRealTimers();
  clearProblem('proof of play');
  // The next test starts with an empty queue: the player closes (noting its last slide), then
  // the database goes (the player lets go of it when asked).
  cleanup();
  await loadPlays();
  await new Promise((resolve) => {
    indexedDB.deleteDatabase(PLAYS_DB).onsuccess = resolve;
  });
});

describe('proof of play', () => {
  it('notes each slide it finishes, with when it came up and how long it stayed, on the device', async () => {
    renderPlayer();
    await advance(5000);
    await advance(8000);
    const plays = await loadPlays();
    expect(
      plays.map(([, startedAt, seconds, campaign, slide, device]) => [startedAt, seconds, campaign, slide, device]),
    ).toEqual([
      [START, 5, 'camp-1', 'a', DEVICE],
      [START + 5000, 8, 'camp-2', 'b', DEVICE],
    ]);
    // Ids made on the device, one per play.
    expect(new Set(plays.map((p) => p[0])).size).toBe(2);
    expect(plays[0]![0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('notes an ad played in a spot under its network campaign and slide', async () => {
    // A 30 s loop: Acme's spot (a 6 s slide) first, then the venue's slides.
    const acme = playlistSpot('acme', [{ id: 'x', title: 'Acme X', duration: 6 }]);
    renderPlayer(DEVICE, { ...playlist(SLIDES), loop_seconds: 30, spots: [acme] });
    await advance(6000);
    await advance(5000);
    expect(
      (await loadPlays()).map(([, startedAt, seconds, campaign, slide, device]) => [
        startedAt,
        seconds,
        campaign,
        slide,
        device,
      ]),
    ).toEqual([
      [START, 6, 'acme', 'x', DEVICE],
      [START + 6000, 5, 'camp-1', 'a', DEVICE],
    ]);
  });

  it('uploads what it played every minute with its device, and forgets what the server took', async () => {
    renderPlayer();
    await play(PLAY_UPLOAD_MS);
    await vi.waitFor(() => expect(uploads.length).toBeGreaterThan(0), WAIT);
    const sent = uploads.flatMap((u) => u.p_plays);
    expect(uploads.every((u) => u.p_device_id === DEVICE)).toBe(true);
    expect(sent[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]).toEqual({
      id: sent[0]?.id,
      started_at: '2026-11-25T15:00:00.000Z',
      seconds: 5,
      campaign_id: 'camp-1',
      slide_id: 'a',
    });
    // 60 s of 5 + 8 s slides: 9 finished (5+8+5+8+5+8+5+8+5 = 57 s).
    expect(sent).toHaveLength(9);
    await vi.waitFor(async () => expect(await loadPlays()).toHaveLength(0), WAIT);
  });

  it('keeps the plays through a failed upload and sends the same ones again, so none counts twice', async () => {
    answer = () => HttpResponse.json({ message: 'upstream down' }, { status: 503 }) as Response;
    renderPlayer();
    await play(PLAY_UPLOAD_MS);
    await vi.waitFor(() => expect(uploads.length).toBeGreaterThan(0), WAIT);
    const firstIds = uploads[0]!.p_plays.map((p) => p.id);
    expect((await loadPlays()).length).toBeGreaterThanOrEqual(firstIds.length);

    answer = (body) => HttpResponse.json({ accepted: body.p_plays.length, duplicates: 0, rejected: [] }) as Response;
    const before = uploads.length;
    await play(PLAY_UPLOAD_MS);
    await vi.waitFor(() => expect(uploads.length).toBeGreaterThan(before), WAIT);
    expect(uploads[before]!.p_plays.map((p) => p.id).slice(0, firstIds.length)).toEqual(firstIds);
    await vi.waitFor(async () => expect(await loadPlays()).toHaveLength(0), WAIT);
  });

  it('sends what a previous run kept (a reload, an outage) as soon as it plays, by device', async () => {
    const kept: PlayRecord[] = [
      ['11111111-1111-4111-8111-111111111111', START - 90_000, 10, 'camp-1', 'a', DEVICE],
      ['22222222-2222-4222-8222-222222222222', START - 80_000, 10, 'camp-1', 'a', null],
    ];
    localStorage.setItem(PLAYS_KEY, JSON.stringify(kept));
    renderPlayer();
    await vi.waitFor(() => expect(uploads).toHaveLength(2), WAIT);
    expect(uploads[0]).toMatchObject({ p_device_id: DEVICE, p_plays: [{ id: kept[0]![0] }] });
    // A paired screen's plays name no device: its login does.
    expect(uploads[1]).not.toHaveProperty('p_device_id');
    expect(uploads[1]!.p_plays[0]!.id).toBe(kept[1]![0]);
    await vi.waitFor(async () => expect(await loadPlays()).toHaveLength(0), WAIT);
  });

  it('drops plays the screen may no longer report (revoked, moved) and says so in its diagnostics', async () => {
    localStorage.setItem(
      PLAYS_KEY,
      JSON.stringify([['11111111-1111-4111-8111-111111111111', START - 90_000, 10, 'camp-1', 'a', DEVICE]]),
    );
    answer = () =>
      HttpResponse.json(
        { code: '42501', message: `Device ${DEVICE} is not one of your devices.`, details: null, hint: null },
        { status: 403 },
      ) as Response;
    renderPlayer();
    await vi.waitFor(() => expect(uploads).toHaveLength(1), WAIT);
    await vi.waitFor(async () => expect(await loadPlays()).toHaveLength(0), WAIT);
    expect(diagnosticsSummary()).toContain('proof of play: plays not accepted');
  });

  it('keeps plays a call without a live login could not send (401), and sends them on the next try', async () => {
    const kept: PlayRecord = ['11111111-1111-4111-8111-111111111111', START - 90_000, 10, 'camp-1', 'a', DEVICE];
    localStorage.setItem(PLAYS_KEY, JSON.stringify([kept]));
    // What PostgREST answers a call made with the project's public key: record_plays is not anon's.
    answer = () =>
      HttpResponse.json(
        { code: '42501', message: 'permission denied for function record_plays', details: null, hint: null },
        { status: 401 },
      ) as Response;
    renderPlayer();
    await vi.waitFor(() => expect(uploads).toHaveLength(1), WAIT);
    expect(await loadPlays()).toEqual([kept]);
    expect(diagnosticsSummary() ?? '').not.toContain('plays not accepted');
    answer = () => HttpResponse.json({ accepted: 1, duplicates: 0, rejected: [] }) as Response;
    await play(PLAY_UPLOAD_MS);
    await vi.waitFor(() => expect(uploads.length).toBeGreaterThanOrEqual(2), WAIT);
    expect(uploads[1]!.p_plays[0]!.id).toBe(kept[0]);
    await vi.waitFor(async () => expect((await loadPlays()).map((r) => r[0])).not.toContain(kept[0]), WAIT);
  });

  it('forgets plays the server refused (not scheduled, overlapping) with the rest, never sending them again', async () => {
    const kept: PlayRecord[] = [
      ['11111111-1111-4111-8111-111111111111', START - 90_000, 10, 'camp-1', 'a', DEVICE],
      ['22222222-2222-4222-8222-222222222222', START - 80_000, 5, 'camp-1', 'a', DEVICE],
      ['33333333-3333-4333-8333-333333333333', START - 70_000, 5, 'camp-1', 'a', DEVICE],
    ];
    localStorage.setItem(PLAYS_KEY, JSON.stringify(kept));
    answer = () =>
      HttpResponse.json({
        accepted: 1,
        duplicates: 0,
        rejected: [
          {
            index: 0,
            id: kept[0]![0],
            reason: "not scheduled: the slide was not in this screen's playlist at that time",
          },
          { index: 1, id: kept[1]![0], reason: 'overlapping: this screen was playing another play then' },
        ],
      }) as Response;
    renderPlayer();
    await vi.waitFor(() => expect(uploads).toHaveLength(1), WAIT);
    expect(uploads[0]!.p_plays.map((p) => p.id)).toEqual(kept.map((k) => k[0]));
    await vi.waitFor(async () => expect(await loadPlays()).toHaveLength(0), WAIT);
    expect(diagnosticsSummary()).toContain('proof of play: 2 plays refused: not scheduled');

    // The next upload carries only what was played since.
    answer = (body) => HttpResponse.json({ accepted: body.p_plays.length, duplicates: 0, rejected: [] }) as Response;
    await play(PLAY_UPLOAD_MS);
    await vi.waitFor(() => expect(uploads.length).toBeGreaterThan(1), WAIT);
    const resent = uploads.slice(1).flatMap((u) => u.p_plays.map((p) => p.id));
    expect(resent.some((id) => kept.some((k) => k[0] === id))).toBe(false);
  });
});
