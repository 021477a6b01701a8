// Plays on a full device. The media cache and the play queue share the origin's storage
// quota: once slide files fill it, a play's write fails for quota. A file can be downloaded
// again and a play cannot be made again, so the player removes media the screen does not need
// and writes the play; when nothing can go, the play waits in memory and is written first
// once there is room. Cache Storage is a stand-in (a browser's, at the boundary); the queue is
// IndexedDB (fake-indexeddb), whose writes fail for quota while the stand-in storage is full.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearProblem, diagnosticsSummary } from '@/lib/diagnostics';
import { INDEX_KEY, noteShown, setNeededMedia } from './media-cache';
import { PLAYS_DB } from './play-queue';
import { loadPlays, PLAY_ROOM_BYTES, recordPlay } from './proof-of-play';

const MB = 1024 * 1024;
const origin = globalThis.location.origin;
const url = (name: string) => `${origin}/__player-media/ad-images/${name}`;

/** What the device's cache holds: URL → bytes. */
let kept: Map<string, number>;
/** The origin's storage is full: IndexedDB writes fail for quota until a file leaves the cache. */
let full: boolean;

function fillDevice(files: Record<string, { bytes: number; shown: number }>) {
  kept = new Map(Object.entries(files).map(([name, f]) => [url(name), f.bytes]));
  localStorage.setItem(
    INDEX_KEY,
    JSON.stringify(Object.fromEntries(Object.entries(files).map(([name, f]) => [url(name), f]))),
  );
  const answer = (bytes: number) => new Response('', { headers: { 'content-length': String(bytes) } });
  const keyOf = (request: string | Request) => (typeof request === 'string' ? request : request.url);
  const cache = {
    match: (request: string | Request) => {
      const bytes = kept.get(keyOf(request));
      return Promise.resolve(bytes === undefined ? undefined : answer(bytes));
    },
    keys: () => Promise.resolve([...kept.keys()].map((u) => new Request(u))),
    delete: (request: string | Request) => {
      const removed = kept.delete(keyOf(request));
      if (removed) full = false;
      return Promise.resolve(removed);
    },
  };
  vi.stubGlobal('caches', { open: () => Promise.resolve(cache) });
  full = true;
}

const cachedNames = () => [...kept.keys()].map((u) => u.split('/').pop()).sort();

const play = (slideId: string, startedAt: number) =>
  recordPlay({ campaignId: 'camp-1', slideId, deviceId: null, startedAt, endedAt: startedAt + 10_000 });

beforeEach(() => {
  const { add } = Object.getOwnPropertyDescriptors(IDBObjectStore.prototype);
  vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (this: IDBObjectStore, ...args) {
    if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return (add.value as IDBObjectStore['add']).apply(this, args);
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  clearProblem('proof of play');
  await loadPlays();
  await new Promise((resolve) => {
    indexedDB.deleteDatabase(PLAYS_DB).onsuccess = resolve;
  });
});

describe('plays on a full device', () => {
  it('removes the least recently shown media the screen does not need to keep a play, never one it needs', async () => {
    const day = Date.UTC(2027, 2, 20);
    fillDevice({
      'needed.png': { bytes: 3 * MB, shown: day - 5 * 86_400_000 },
      'on-screen.png': { bytes: 3 * MB, shown: day - 4 * 86_400_000 },
      'oldest.png': { bytes: 3 * MB, shown: day - 3 * 86_400_000 },
      'older.png': { bytes: 3 * MB, shown: day - 2 * 86_400_000 },
      'recent.png': { bytes: 3 * MB, shown: day - 86_400_000 },
    });
    setNeededMedia([url('needed.png')]);
    noteShown(url('on-screen.png'), day);

    await play('slide-1', day);

    expect((await loadPlays()).map((r) => r[4])).toEqual(['slide-1']);
    // PLAY_ROOM_BYTES (4 MB) of what is not needed, the least recently shown first.
    expect(PLAY_ROOM_BYTES).toBe(4 * MB);
    expect(cachedNames()).toEqual(['needed.png', 'on-screen.png', 'recent.png']);
    expect(diagnosticsSummary() ?? '').not.toContain('storage full');
  });

  it('keeps a play in memory while nothing can make room, and writes it before the next one once there is room', async () => {
    const day = Date.UTC(2027, 2, 20);
    fillDevice({ 'needed.png': { bytes: 3 * MB, shown: day } });
    setNeededMedia([url('needed.png')]);

    await play('slide-1', day);
    expect(await loadPlays()).toEqual([]);
    expect(diagnosticsSummary()).toContain('proof of play: device storage full: 1 plays wait in memory');
    expect(cachedNames()).toEqual(['needed.png']);

    // Room again (uploaded plays were taken out, the browser compacted its files).
    full = false;
    await play('slide-2', day + 10_000);
    expect((await loadPlays()).map((r) => [r[1], r[4]])).toEqual([
      [day, 'slide-1'],
      [day + 10_000, 'slide-2'],
    ]);
  });
});
