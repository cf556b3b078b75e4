/**
 * Keeps the app in step with the session:
 * - a sign-in (signed out → signed in, this tab or another) drops whatever the session's cache
 *   still holds, so nothing of an earlier session is shown, and makes the query client;
 * - every sign-out is lib/session/sign-out.ts `signOut`, and this is the app's one listener: it forgets
 *   the account's mirrored drafts where the reason says so (read before the cache goes), drops
 *   the session's cached data once and goes to /login (the login page shows why);
 * - signing out in another tab of a remembered session signs this tab out too: the remembered
 *   flag (localStorage, lib/session/session.ts) goes, and a tab holding a remembered session follows.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../lib/api/query-keys.ts';
import type { CallAnswer } from '../lib/request/call.ts';
import {
  CURRENT_USER_KEY,
  REMEMBERED_KEY,
  getCurrentUser,
  hasRememberedSession,
  isSignedIn,
  reloadSessionFromStorage,
  subscribeToSession,
} from '../lib/session/session.ts';
import { onSignOut, signOut } from '../lib/session/sign-out.ts';
import type { LazyQueryClient } from './lazy-query-client.ts';

type Navigator = { navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void };

/**
 * Forgets this browser's mirrored drafts of the account signing out. The account is read at
 * once, before the cache is dropped; the mirror (and zod) load on demand (the /login budget).
 * No account known (never loaded this session): every draft on the device goes (draft-mirror.ts).
 */
function forgetMirroredDrafts(client: QueryClient | undefined): void {
  const account = client?.getQueryData<CallAnswer<'getAccount'>>(queryKeys.account);
  const signedOut = account?.ContactDetails.EmailAddress;
  void import('../lib/forms/draft-mirror.ts')
    .then((mirror) => mirror.forgetDrafts({ signedOut }))
    .catch(() => undefined);
}

export function startSessionSync(router: Navigator, queryClient: LazyQueryClient): () => void {
  let wasSignedIn = isSignedIn();
  const dropCache = () => queryClient.peek()?.removeQueries({ queryKey: queryKeys.all });

  const unsubscribeSession = subscribeToSession(() => {
    const signedIn = isSignedIn();
    if (signedIn && !wasSignedIn) {
      dropCache();
      // The signed-in parts of the shell need the query client: make it as soon as someone signs in.
      void queryClient.load().catch(() => undefined);
    }
    wasSignedIn = signedIn;
  });

  const unsubscribeSignOut = onSignOut(({ forgetsDrafts }) => {
    if (forgetsDrafts) forgetMirroredDrafts(queryClient.peek());
    dropCache();
    void router.navigate('/login', { replace: true });
  });

  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== CURRENT_USER_KEY && event.key !== REMEMBERED_KEY) return;
    // Another tab signed a remembered session out: it was this tab's too.
    if (event.key !== CURRENT_USER_KEY && !hasRememberedSession() && getCurrentUser()?.RememberMe) {
      void signOut('other-tab');
      return;
    }
    const before = isSignedIn();
    reloadSessionFromStorage();
    if (before && !isSignedIn()) void signOut('other-tab');
  };
  window.addEventListener('storage', onStorage);

  return () => {
    unsubscribeSession();
    unsubscribeSignOut();
    window.removeEventListener('storage', onStorage);
  };
}
