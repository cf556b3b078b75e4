/**
 * The time of the last successful authenticated call. The server's idle time-out (20 minutes,
 * sliding: SESSION.idleTimeoutMs) restarts on every authenticated call, so this is the client's
 * best knowledge of when the session will lapse. The session time-out dialog reads it.
 *
 * Tabs that share a session (a remembered sign-in, or a tab opened from another) share the clock
 * through localStorage, so an idle tab never signs out a claimant who is busy in another one.
 * Only a timestamp is stored.
 */
import { readItem, writeItem } from '../platform/safe-storage.ts';
import { createStore, useStore } from '../platform/store.ts';

const LAST_ACTIVITY_KEY = 'lastActivity';

function storedActivity(): number {
  const value = Number(readItem('local', LAST_ACTIVITY_KEY));
  return Number.isFinite(value) ? value : 0;
}

const lastActivityStore = createStore<number>(Date.now());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LAST_ACTIVITY_KEY) {
      const shared = storedActivity();
      if (shared > lastActivityStore.get()) lastActivityStore.set(shared);
    }
  });
}

export function markAuthenticatedActivity(at: number = Date.now()): void {
  lastActivityStore.set(at);
  writeItem('local', LAST_ACTIVITY_KEY, String(at));
}

export function getLastAuthenticatedActivity(): number {
  return Math.max(lastActivityStore.get(), storedActivity());
}

export function useLastAuthenticatedActivity(): number {
  return useStore(lastActivityStore);
}
