// Where supabase-js keeps the session: localStorage (which the app reads synchronously, see
// keptSession in lib/supabase.ts) and a copy in IndexedDB that is written before supabase-js
// goes on. A browser that is killed (a kiosk's watchdog, a power cut) loses its last
// localStorage writes: Chromium commits them to disk in batches, seconds (under many writes,
// minutes) later. A wall killed after a token refresh would then come back with the refresh
// token the server already replaced, be refused, and lose its session. IndexedDB writes a
// transaction's data before it completes, so the copy there survives; supabase-js reads it first.
// Where IndexedDB cannot be opened, localStorage alone is used, as before.
import type { SupportedStorage } from '@supabase/supabase-js';

const DB_NAME = 'signage-auth';
const STORE = 'items';

let opening: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      if (typeof indexedDB === 'undefined') return resolve(null);
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  return database().then(
    (db) =>
      new Promise<T | undefined>((resolve) => {
        if (!db) return resolve(undefined);
        try {
          const tx = db.transaction(STORE, mode);
          const request = work(tx.objectStore(STORE));
          tx.oncomplete = () => resolve(request.result);
          tx.onerror = () => resolve(undefined);
          tx.onabort = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
      }),
  );
}

function local(action: () => void): void {
  try {
    action();
  } catch {
    // A full or unavailable localStorage: the IndexedDB copy still holds the value.
  }
}

export const durableStorage: SupportedStorage = {
  async getItem(key) {
    const kept = await run<unknown>('readonly', (store) => store.get(key));
    if (typeof kept === 'string') {
      // localStorage may hold an older value (its last writes lost): the app reads it too.
      local(() => {
        if (localStorage.getItem(key) !== kept) localStorage.setItem(key, kept);
      });
      return kept;
    }
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  },
  async setItem(key, value) {
    local(() => localStorage.setItem(key, value));
    await run('readwrite', (store) => store.put(value, key));
  },
  async removeItem(key) {
    local(() => localStorage.removeItem(key));
    await run('readwrite', (store) => store.delete(key));
  },
};

/** Removes `keys` from both places (a sign-out on this device only). */
export function forgetDurable(keys: readonly string[]): Promise<void> {
  for (const key of keys) local(() => localStorage.removeItem(key));
  return Promise.all(keys.map((key) => run('readwrite', (store) => store.delete(key)))).then(() => undefined);
}
