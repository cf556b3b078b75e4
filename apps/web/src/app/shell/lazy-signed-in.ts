/**
 * The signed-in parts of the shell (signed-in.tsx), loaded on demand. A signed-in start-up
 * preloads them (main.tsx) so they arrive with the page, not after it. They use TanStack Query,
 * so they render once the query client is made (useSignedInShell).
 */
import { lazy } from 'react';
import { useQueryClientIfMade } from '../../lib/query-client-if-made.ts';
import { useIsSignedIn } from '../../lib/session.ts';

const loadSignedIn = () => import('./signed-in.tsx');

export const SignOutButton = lazy(() => loadSignedIn().then((m) => ({ default: m.SignOutButton })));
export const MainNav = lazy(() => loadSignedIn().then((m) => ({ default: m.MainNav })));
export const ClaimSummary = lazy(() => loadSignedIn().then((m) => ({ default: m.ClaimSummary })));

/** Signed in, with the query client made: the signed-in parts of the shell can render. */
export function useSignedInShell(): boolean {
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClientIfMade();
  return signedIn && queryClient !== undefined;
}

export function preloadSignedInShell(): void {
  void loadSignedIn().catch(() => undefined);
}
