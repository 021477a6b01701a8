// The device's play queue over a month: 260,000 plays kept and uploaded in order, a queue an
// older version left in localStorage moved in, plays noted during an upload kept, a failed
// call keeping its batch, the cap, and localStorage where IndexedDB cannot be opened. Each
// test loads the player's modules afresh over a fresh IndexedDB, as a relaunched kiosk would.
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { PLAYS_DB, PLAYS_KEY, PLAYS_STORE, type PlayRecord } from './play-queue';

const DEVICE = 'e0000000-0000-4000-8000-000000000001';
const OTHER = 'e0000000-0000-4000-8000-000000000002';
const START = Date.UTC(2026, 9, 28);

interface Upload {
  p_plays: { id: string; started_at: string; seconds: number; campaign_id: string; slide_id: string }[];
  p_device_id?: string;
}

let uploads: Upload[];
let answer: (body: Upload, call: number) => Promise<Response> | Response;

const accepted = (body: Upload) =>
  HttpResponse.json({ accepted: body.p_plays.length, duplicates: 0, rejected: [] }) as Response;

/** The player's proof-of-play module as a fresh page loads it. */
async function relaunch() {
  vi.resetModules();
  const [player, diagnostics] = await Promise.all([import('./proof-of-play'), import('@/lib/diagnostics')]);
  return { ...player, diagnosticsSummary: diagnostics.diagnosticsSummary };
}

/** `count` plays of 10 s one after the other from START; with `block`, the device changes every `block` plays. */
function month(count: number, block = 0): PlayRecord[] {
  return Array.from({ length: count }, (_, i) => [
    `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    START + i * 10_000,
    10,
    'c0000000-0000-4000-8000-000000000001',
    `s0000000-0000-4000-8000-00000000000${i % 5}`,
    block > 0 && Math.floor(i / block) % 2 === 1 ? OTHER : DEVICE,
  ]);
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('request failed'));
  });
}

/** Puts `records` in the device's queue, as a player that kept them would have. */
async function seed(records: PlayRecord[]) {
  // The player makes the database on first use.
  await (await relaunch()).loadPlays();
  const db = await request(indexedDB.open(PLAYS_DB));
  // In transactions of 5,000 (the test IndexedDB slows down on longer ones).
  for (let from = 0; from < records.length; from += 5000) {
    const tx = db.transaction(PLAYS_STORE, 'readwrite');
    const store = tx.objectStore(PLAYS_STORE);
    for (const record of records.slice(from, from + 5000)) store.add(record);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error ?? new Error('seeding failed'));
    });
  }
  db.close();
}

const sentIds = () => uploads.flatMap((u) => u.p_plays.map((p) => p.id));

beforeEach(() => {
  uploads = [];
  answer = accepted;
  server.use(
    http.post(restUrl('/rpc/record_plays'), async ({ request: req }) => {
      const body = (await req.json()) as Upload;
      uploads.push(body);
      return answer(body, uploads.length);
    }),
  );
  storeSession(fakeUser('cafe@example.com'));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a month and more of plays on the device', () => {
  // 300,000 plays (the cap: 34 days of 10-second slides), kept through an outage; a kiosk
  // chose another device after the first 100,000 and went back after 200,000.
  const kept = month(300_000, 100_000);
  beforeAll(async () => {
    globalThis.indexedDB = new IDBFactory();
    await seed(kept);
  }, 120_000);
  it('keeps 300,000 plays, at that cap drops the oldest for each new one, and uploads them all once, in order', async () => {
    const { MAX_QUEUED, recordPlay, uploadPlays, diagnosticsSummary, PLAY_BATCH } = await relaunch();
    expect(MAX_QUEUED).toBe(kept.length);
    const slide = { campaignId: kept[0]![3], deviceId: DEVICE, startedAt: START + 4e9, endedAt: START + 4e9 + 10_000 };
    await recordPlay({ ...slide, slideId: 'b' });
    await recordPlay({ ...slide, slideId: 'c' });
    expect(diagnosticsSummary()).toBe('proof of play: 2 plays dropped while offline (the device keeps 300000)');

    await uploadPlays();
    // Every play but the two oldest, then the two new ones: each once, in the order played.
    const sent = uploads.flatMap((u) => u.p_plays.map((p) => ({ ...p, device: u.p_device_id ?? null })));
    expect(sent).toHaveLength(MAX_QUEUED);
    expect(sent.slice(0, -2).map((p) => p.id)).toEqual(kept.slice(2).map((r) => r[0]));
    expect(sent.slice(-2).map((p) => p.slide_id)).toEqual(['b', 'c']);
    // Each call names its plays' own device, and is at most a batch.
    expect(sent.slice(0, -2).map((p) => p.device)).toEqual(kept.slice(2).map((r) => r[5]));
    expect(uploads.every((u) => u.p_plays.length > 0 && u.p_plays.length <= PLAY_BATCH)).toBe(true);
    expect(sent[0]).toEqual({
      id: kept[2]![0],
      started_at: new Date(kept[2]![1]).toISOString(),
      seconds: 10,
      campaign_id: kept[2]![3],
      slide_id: kept[2]![4],
      device: DEVICE,
    });
    expect(await (await relaunch()).loadPlays()).toEqual([]);
  }, 120_000);
});

describe('the device\'s play queue', () => {
  beforeEach(() => {
    // A device of its own for each test.
    globalThis.indexedDB = new IDBFactory();
  });

  it('moves a queue an older version left in localStorage into IndexedDB once, in order, losing nothing', async () => {
    const legacy = month(3000, 1000);
    localStorage.setItem(PLAYS_KEY, JSON.stringify(legacy));
    const { recordPlay, loadPlays } = await relaunch();
    await recordPlay({ campaignId: 'camp-1', slideId: 'new', deviceId: DEVICE, startedAt: START, endedAt: START + 5000 });
    const plays = await loadPlays();
    expect(plays).toHaveLength(3001);
    expect(plays.slice(0, -1)).toEqual(legacy);
    expect(plays.at(-1)![4]).toBe('new');
    expect(localStorage.getItem(PLAYS_KEY)).toBeNull();

    // Moved once: the next launch finds them where they went, and nothing twice.
    const again = await relaunch();
    expect(await again.loadPlays()).toEqual(plays);
    await again.uploadPlays();
    expect(sentIds().sort()).toEqual(plays.map((p) => p[0]).sort());
  });

  it('keeps a play noted while an upload is under way, and sends it after the ones before it', async () => {
    await seed(month(2500));
    const { recordPlay, loadPlays, uploadPlays } = await relaunch();
    answer = async (body, call) => {
      // The slideshow goes on meanwhile: a slide ends during the second call.
      if (call === 2)
        await recordPlay({
          campaignId: 'camp-1',
          slideId: 'during',
          deviceId: DEVICE,
          startedAt: START + 1e9,
          endedAt: START + 1e9 + 8000,
        });
      return accepted(body);
    };
    await uploadPlays();
    // The upload took it in turn, after the 2,500 before it.
    expect(sentIds()).toHaveLength(2501);
    expect(uploads.at(-1)!.p_plays.at(-1)!.slide_id).toBe('during');
    expect(await loadPlays()).toEqual([]);
  });

  it('leaves a batch whose call failed in the queue, in its place, and sends it again', async () => {
    const kept = month(2500);
    await seed(kept);
    const { loadPlays, uploadPlays, PLAY_BATCH } = await relaunch();
    answer = (body, call) =>
      call === 2 ? (HttpResponse.json({ message: 'upstream down' }, { status: 503 }) as Response) : accepted(body);
    await uploadPlays();
    expect(uploads).toHaveLength(2);
    const failed = uploads[1]!.p_plays.map((p) => p.id);
    expect(failed).toEqual(kept.slice(PLAY_BATCH, 2 * PLAY_BATCH).map((r) => r[0]));
    expect(await loadPlays()).toEqual(kept.slice(PLAY_BATCH));

    answer = accepted;
    await uploadPlays();
    expect(uploads[2]!.p_plays.map((p) => p.id)).toEqual(failed);
    expect(await loadPlays()).toEqual([]);
    // Taken once each, the failed call aside.
    const taken = uploads.filter((_, i) => i !== 1).flatMap((u) => u.p_plays.map((p) => p.id));
    expect(taken).toEqual(kept.map((r) => r[0]));
  });

  it('sends a batch the server ran out of time on again in smaller calls, in order, none lost', async () => {
    const kept = month(1200);
    await seed(kept);
    const { loadPlays, uploadPlays } = await relaunch();
    answer = (body) =>
      body.p_plays.length > 300
        ? (HttpResponse.json(
            { code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null },
            { status: 500 },
          ) as Response)
        : accepted(body);
    await uploadPlays();
    expect(uploads.map((u) => u.p_plays.length)).toEqual([1000, 500, 250, 250, 250, 250, 200]);
    const taken = uploads.filter((u) => u.p_plays.length <= 300).flatMap((u) => u.p_plays.map((p) => p.id));
    expect(taken).toEqual(kept.map((r) => r[0]));
    expect(await loadPlays()).toEqual([]);
  });

  it('keeps the queue in localStorage, as before, where IndexedDB cannot be opened', async () => {
    globalThis.indexedDB = {
      open: () => {
        throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.');
      },
    } as unknown as IDBFactory;
    const { recordPlay, loadPlays, uploadPlays } = await relaunch();
    await recordPlay({ campaignId: 'camp-1', slideId: 'a', deviceId: DEVICE, startedAt: START, endedAt: START + 5000 });
    await recordPlay({ campaignId: 'camp-1', slideId: 'b', deviceId: null, startedAt: START + 5000, endedAt: START + 9000 });
    const stored = JSON.parse(localStorage.getItem(PLAYS_KEY) ?? '[]') as PlayRecord[];
    expect(stored.map((r) => [r[4], r[5]])).toEqual([
      ['a', DEVICE],
      ['b', null],
    ]);
    expect(await loadPlays()).toEqual(stored);
    await uploadPlays();
    expect(uploads.map((u) => [u.p_device_id, u.p_plays.map((p) => p.slide_id)])).toEqual([
      [DEVICE, ['a']],
      [undefined, ['b']],
    ]);
    expect(localStorage.getItem(PLAYS_KEY)).toBe('[]');
  });
});
