// The device's queue of plays waiting to be uploaded (proof-of-play.ts). It lives in
// IndexedDB (database `signage-player`, object store `plays`): records are kept in the order
// they were recorded (an auto-incremented key), each play is one small write, and an upload
// reads, and later deletes, one batch at a time, so a month of plays (about 260,000) costs a
// play no more than the first. A queue an older version left in localStorage is moved in once.
// Where IndexedDB cannot be opened (some kiosk browsers, private windows), the queue stays in
// localStorage as before, with its smaller cap.
import { reportProblem } from '@/lib/diagnostics';

/** One finished slide: [id, started at (ms since epoch), seconds, campaign id, slide id, device id or null]. */
export type PlayRecord = [string, number, number, string, string, string | null];

/** At most this many records wait on the device: 30 days and more of 10-second slides (259,200). */
export const MAX_QUEUED = 300_000;
/** The cap of the localStorage queue (where IndexedDB is missing): about two days, within its ~5 MB. */
export const MAX_QUEUED_LOCAL = 15_000;

/** Where older versions kept the queue, and where it stays without IndexedDB. */
export const PLAYS_KEY = 'signage-player:plays';
export const PLAYS_DB = 'signage-player';
export const PLAYS_STORE = 'plays';
/** The oldest records, all of one device (the oldest record's), and the keys that take them out. */
export interface PlayBatch {
  keys: unknown[];
  records: PlayRecord[];
}

export interface PlayQueue {
  /** 'indexeddb', or 'localstorage' where IndexedDB could not be opened. */
  kind: 'indexeddb' | 'localstorage';
  /** Keeps a record after every earlier one; past the cap the oldest go (their number is returned). */
  append(record: PlayRecord): Promise<number>;
  /**
   * The oldest records, up to `limit`, as far as they are the oldest record's device's (a
   * kiosk chose another device after them: those come in the next batch); null when empty.
   */
  nextBatch(limit: number): Promise<PlayBatch | null>;
  /** Takes a batch's records out (the ones recorded since stay). */
  remove(batch: PlayBatch): Promise<void>;
  /** Every record, oldest first. */
  all(): Promise<PlayRecord[]>;
}

// The localStorage queue (the fallback, and what older versions left).

/** The records an older version (or the fallback) keeps in localStorage. */
export function readLocalPlays(): PlayRecord[] {
  try {
    const value = JSON.parse(localStorage.getItem(PLAYS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as PlayRecord[]).filter((r) => Array.isArray(r) && r.length === 6) : [];
  } catch {
    return [];
  }
}

function saveLocalPlays(records: PlayRecord[]): void {
  try {
    localStorage.setItem(PLAYS_KEY, JSON.stringify(records));
  } catch {
    // A full storage: keep the newer half rather than lose the next ones too.
    try {
      localStorage.setItem(PLAYS_KEY, JSON.stringify(records.slice(Math.floor(records.length / 2))));
      reportProblem('proof of play', 'device storage full: older plays were dropped');
    } catch {
      // Nothing can be kept.
    }
  }
}

const localQueue: PlayQueue = {
  kind: 'localstorage',
  append(record) {
    const records = readLocalPlays();
    records.push(record);
    const over = Math.max(0, records.length - MAX_QUEUED_LOCAL);
    if (over > 0) records.splice(0, over);
    saveLocalPlays(records);
    return Promise.resolve(over);
  },
  nextBatch(limit) {
    const records = readLocalPlays();
    if (records.length === 0) return Promise.resolve(null);
    const device = records[0]![5];
    const batch = records.filter((r) => r[5] === device).slice(0, limit);
    return Promise.resolve({ keys: batch.map((r) => r[0]), records: batch });
  },
  remove({ keys }) {
    if (keys.length > 0) {
      const ids = new Set(keys);
      saveLocalPlays(readLocalPlays().filter((r) => !ids.has(r[0])));
    }
    return Promise.resolve();
  },
  all: () => Promise.resolve(readLocalPlays()),
};

// The IndexedDB queue.

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
  });
}

/** Deletes the `count` oldest records (in the caller's transaction). */
function dropOldest(store: IDBObjectStore, count: number): void {
  const keys = store.getAllKeys(null, count);
  keys.onsuccess = () => {
    const last = keys.result.at(-1);
    if (last !== undefined) store.delete(IDBKeyRange.upperBound(last));
  };
}

function idbQueue(db: IDBDatabase, initialSize: number): PlayQueue {
  // How many records the store holds, kept here so a play never counts the store. A record the
  // cap dropped while its batch was uploading is subtracted twice, so this can run a little
  // under (never over) and the queue a little past the cap until the next start counts again.
  let size = initialSize;
  return {
    kind: 'indexeddb',
    append(record) {
      const tx = db.transaction(PLAYS_STORE, 'readwrite');
      const store = tx.objectStore(PLAYS_STORE);
      store.add(record);
      size += 1;
      const over = Math.max(0, size - MAX_QUEUED);
      if (over > 0) {
        dropOldest(store, over);
        size -= over;
      }
      return done(tx).then(
        () => over,
        (error: unknown) => {
          size -= 1 - over;
          throw error;
        },
      );
    },
    nextBatch(limit) {
      const tx = db.transaction(PLAYS_STORE, 'readonly');
      const store = tx.objectStore(PLAYS_STORE);
      const keys = store.getAllKeys(null, limit);
      const rows = store.getAll(null, limit);
      return done(tx).then(() => {
        const records = rows.result as PlayRecord[];
        if (records.length === 0) return null;
        const device = records[0]![5];
        const run = records.findIndex((r) => r[5] !== device);
        const end = run === -1 ? records.length : run;
        return { keys: keys.result.slice(0, end), records: records.slice(0, end) };
      });
    },
    remove({ keys }) {
      const first = keys[0] as IDBValidKey | undefined;
      const last = keys.at(-1) as IDBValidKey | undefined;
      if (first === undefined || last === undefined) return Promise.resolve();
      // A batch is a run of neighbouring keys: one range takes it out.
      const tx = db.transaction(PLAYS_STORE, 'readwrite');
      tx.objectStore(PLAYS_STORE).delete(IDBKeyRange.bound(first, last));
      return done(tx).then(() => {
        size = Math.max(0, size - keys.length);
      });
    },
    all() {
      const tx = db.transaction(PLAYS_STORE, 'readonly');
      const rows = tx.objectStore(PLAYS_STORE).getAll();
      return done(tx).then(() => rows.result as PlayRecord[]);
    },
  };
}

/** Opens the database, creating its store on first use. */
function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(PLAYS_DB, 1);
    // One record per play, the PlayRecord as it is, under a key counting up: the order of recording.
    request.onupgradeneeded = () => request.result.createObjectStore(PLAYS_STORE, { autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });
}

/**
 * Moves a queue an older version left in localStorage into the store, in its order and in one
 * transaction, then removes it. Should the page close between the two, the records are moved
 * again next time: the same ids, which the server counts once.
 */
async function migrate(db: IDBDatabase): Promise<void> {
  const legacy = readLocalPlays();
  if (legacy.length > 0) {
    const tx = db.transaction(PLAYS_STORE, 'readwrite');
    const store = tx.objectStore(PLAYS_STORE);
    for (const record of legacy) store.add(record);
    await done(tx);
  }
  localStorage.removeItem(PLAYS_KEY);
}

function count(db: IDBDatabase): Promise<number> {
  const tx = db.transaction(PLAYS_STORE, 'readonly');
  const request = tx.objectStore(PLAYS_STORE).count();
  return done(tx).then(() => request.result);
}

async function openQueue(): Promise<PlayQueue> {
  if (typeof indexedDB === 'undefined') return localQueue;
  let db: IDBDatabase;
  try {
    // Throws at once in some private windows; fails by its error event in others.
    db = await openDatabase();
  } catch {
    return localQueue;
  }
  // Another tab upgrading or deleting the database: let it, and open again on the next play.
  db.onversionchange = () => {
    db.close();
    opening = null;
  };
  try {
    if (localStorage.getItem(PLAYS_KEY) !== null) await migrate(db);
    return idbQueue(db, await count(db));
  } catch {
    db.close();
    return localQueue;
  }
}

let opening: Promise<PlayQueue> | null = null;

/**
 * The device's queue, opened once. Calls made in order are carried out in order: each runs
 * its transaction as this promise settles, in the order they asked.
 */
export function playQueue(): Promise<PlayQueue> {
  opening ??= openQueue();
  return opening;
}
