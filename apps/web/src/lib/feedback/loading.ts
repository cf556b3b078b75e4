/**
 * Loading messages (spec 000 §2: "a full-screen loading overlay shows the first pending loading
 * message"). Each long call pushes a message and removes it when done; the overlay shows the
 * first one still pending.
 */
import { createStore, useStore } from '../platform/store.ts';

export type LoadingMessage = { id: number; message: string; since: number };

const loadingStore = createStore<LoadingMessage[]>([]);
let nextId = 1;

/** Pushes a message; call the returned function when the work is done (safe to call twice). */
export function startLoading(message: string): () => void {
  const id = nextId++;
  loadingStore.set((list) => [...list, { id, message, since: Date.now() }]);
  return () => loadingStore.set((list) => (list.some((m) => m.id === id) ? list.filter((m) => m.id !== id) : list));
}

export function useFirstLoadingMessage(): LoadingMessage | undefined {
  return useStore(loadingStore)[0];
}
