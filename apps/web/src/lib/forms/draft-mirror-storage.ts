/**
 * Where the draft mirror (draft-mirror.ts) keeps its entries: an interface, IndexedDB in the
 * browser (raw API, a tiny promise wrapper); unit tests give their own (jsdom has no IndexedDB).
 */

/** One mirrored draft as stored. `draft` is checked against the form's schema when read. */
export type StoredDraft = {
  key: string;
  account: string;
  draft: unknown;
  /** The server's FormId, once a save has created the form. */
  formId: string | null;
  /** When the claimant made this change (this device's clock, ms). */
  updatedAt: number;
  /** The server's UpdatedAt of the version this change replaces (null: the server had none). */
  baseUpdatedAt: string | null;
  /** A server save of exactly this change has succeeded. */
  synced: boolean;
  /** Names this change, so a slow save of an older change never marks a newer one synced. */
  revision: string;
};

export type MirrorStorage = {
  get: (key: string) => Promise<unknown>;
  put: (entry: StoredDraft) => Promise<void>;
  /** Atomically replaces the entry by change(current): undefined keeps it, null deletes it. */
  update: (key: string, change: (current: unknown) => StoredDraft | null | undefined) => Promise<void>;
  remove: (key: string) => Promise<void>;
  /** Every entry whose account `doomed` answers true for. */
  removeAccounts: (doomed: (account: string) => boolean) => Promise<void>;
};

/** A server UpdatedAt (ISO) as epoch ms; NaN for none. */
export const timeOf = (iso: string | null): number => (iso === null ? Number.NaN : Date.parse(iso));

const DB_NAME = 'portal-drafts';
const DB_VERSION = 1;
const STORE = 'drafts';

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function indexedDbStorage(factory: IDBFactory | undefined = globalThis.indexedDB): MirrorStorage | null {
  if (!factory) return null;
  let opening: Promise<IDBDatabase> | null = null;

  const open = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE, { keyPath: 'key' });
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer version of the app in another tab wants to upgrade: let it.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  /** Runs `work` in one transaction; resolves once the transaction has committed. */
  const transact = async (mode: IDBTransactionMode, work: (store: IDBObjectStore) => void): Promise<void> => {
    const db = await open();
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      work(tx.objectStore(STORE));
    });
  };

  return {
    async get(key) {
      const db = await open();
      return requestResult(db.transaction(STORE, 'readonly').objectStore(STORE).get(key));
    },
    put: (entry) => transact('readwrite', (store) => void store.put(entry)),
    update: (key, change) =>
      transact('readwrite', (store) => {
        const read = store.get(key);
        read.onsuccess = () => {
          const next = change(read.result);
          if (next === null) store.delete(key);
          else if (next !== undefined) store.put(next);
        };
      }),
    remove: (key) => transact('readwrite', (store) => void store.delete(key)),
    removeAccounts: (doomed) =>
      transact('readwrite', (store) => {
        const cursor = store.openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return;
          const account = (at.value as { account?: unknown } | undefined)?.account;
          // An entry that names no account (not written by this app) goes too.
          if (typeof account !== 'string' || doomed(account)) at.delete();
          at.continue();
        };
      }),
  };
}

let storageInUse: MirrorStorage | null | undefined;

/** The storage the mirror uses: IndexedDB, unless replaced (setDraftMirrorStorage); null: no mirror. */
export function mirrorStorage(): MirrorStorage | null {
  if (storageInUse === undefined) {
    try {
      storageInUse = indexedDbStorage();
    } catch {
      storageInUse = null;
    }
  }
  return storageInUse;
}

/** Replaces the mirror's storage (unit tests: jsdom has no IndexedDB). null: no mirror. */
export function setDraftMirrorStorage(next: MirrorStorage | null): void {
  storageInUse = next;
}
