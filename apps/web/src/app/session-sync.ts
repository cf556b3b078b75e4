/**
 * Keeps the app in step with the session:
 * - a forced logout (idle time-out, token-expired number) drops the session's cached data and
 *   goes to /login (the login page shows why);
 * - signing out in another tab of a remembered session (localStorage) signs this tab out too.
 */
import { queryKeys } from '../lib/api/query-keys.ts';
import {
  CURRENT_USER_KEY,
  isSignedIn,
  onForcedLogout,
  reloadSessionFromStorage,
  subscribeToSession,
} from '../lib/session.ts';
import type { LazyQueryClient } from './lazy-query-client.ts';

type Navigator = { navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void };

export function startSessionSync(router: Navigator, queryClient: LazyQueryClient): () => void {
  let wasSignedIn = isSignedIn();

  const unsubscribeSession = subscribeToSession(() => {
    const signedIn = isSignedIn();
    if (wasSignedIn !== signedIn) queryClient.peek()?.removeQueries({ queryKey: queryKeys.all });
    // The signed-in parts of the shell need the query client: make it as soon as someone signs in.
    if (signedIn && !wasSignedIn) void queryClient.load().catch(() => undefined);
    wasSignedIn = signedIn;
  });

  const unsubscribeForced = onForcedLogout(() => {
    queryClient.peek()?.removeQueries({ queryKey: queryKeys.all });
    void router.navigate('/login', { replace: true });
  });

  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== CURRENT_USER_KEY) return;
    const before = isSignedIn();
    reloadSessionFromStorage();
    if (before && !isSignedIn()) void router.navigate('/login', { replace: true });
  };
  window.addEventListener('storage', onStorage);

  return () => {
    unsubscribeSession();
    unsubscribeForced();
    window.removeEventListener('storage', onStorage);
  };
}
