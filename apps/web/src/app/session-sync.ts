/**
 * Keeps the app in step with the session:
 * - a forced logout (idle time-out, token-expired number) drops the session's cached data and
 *   goes to /login (the login page shows why);
 * - signing out in another tab of a remembered session signs this tab out too: the remembered
 *   flag (localStorage, lib/session.ts) goes, and a tab holding a remembered session follows.
 */
import { queryKeys } from '../lib/api/query-keys.ts';
import {
  CURRENT_USER_KEY,
  REMEMBERED_KEY,
  clearSession,
  getCurrentUser,
  hasRememberedSession,
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
    if (event.key !== null && event.key !== CURRENT_USER_KEY && event.key !== REMEMBERED_KEY) return;
    const before = isSignedIn();
    // Another tab signed a remembered session out: it was this tab's too.
    if (event.key !== CURRENT_USER_KEY && !hasRememberedSession() && getCurrentUser()?.RememberMe) clearSession();
    else reloadSessionFromStorage();
    if (before && !isSignedIn()) void router.navigate('/login', { replace: true });
  };
  window.addEventListener('storage', onStorage);

  return () => {
    unsubscribeSession();
    unsubscribeForced();
    window.removeEventListener('storage', onStorage);
  };
}
