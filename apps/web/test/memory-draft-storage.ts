/** Test helper: an in-memory MirrorStorage (jsdom has no IndexedDB). */
import type { MirrorStorage, StoredDraft } from '../src/lib/forms/draft-mirror.ts';

/** An in-memory MirrorStorage: values are copied in and out, as IndexedDB's structured clone does. */
export function memoryStorage(): MirrorStorage & { entries: Map<string, StoredDraft> } {
  const entries = new Map<string, StoredDraft>();
  const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
  return {
    entries,
    get: async (key) => copy(entries.get(key)),
    put: async (entry) => {
      entries.set(entry.key, copy(entry));
    },
    update: async (key, change) => {
      const next = change(copy(entries.get(key)));
      if (next === null) entries.delete(key);
      else if (next !== undefined) entries.set(key, copy(next));
    },
    remove: async (key) => {
      entries.delete(key);
    },
    removeAccounts: async (doomed) => {
      for (const [key, entry] of [...entries]) if (doomed(entry.account)) entries.delete(key);
    },
  };
}
