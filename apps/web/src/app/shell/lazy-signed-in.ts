/**
 * The signed-in parts of the shell (signed-in.tsx: Sign out, the main navigation, the claim
 * summary), loaded on demand so they stay out of the first download of /login. A signed-in
 * start-up preloads them (main.tsx); signing in loads them.
 *
 * They are drawn only once their chunk is here — straight from the module, never through a
 * Suspense fallback — and a claim's page waits for them (usePageWaitsForShell): arriving after
 * the page, the claim summary pushed it down (a layout shift, bench/RESULTS.md Lighthouse).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClientIfMade } from '../../lib/request/query-client-if-made.ts';
import { useIsSignedIn } from '../../lib/session/session.ts';
import type { RouteMeta } from '../route-meta.ts';
// Types only: erased from the build, so the chunk stays out of the first download.
import type * as SignedInModule from './signed-in.tsx';

type SignedInParts = typeof SignedInModule;

let parts: SignedInParts | undefined;
/** The chunk could not be fetched (offline): pages go on without waiting for it. */
let failed = false;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function settle(): void {
  for (const listener of listeners) listener();
}

export function preloadSignedInShell(): Promise<void> {
  loading ??= import('./signed-in.tsx').then(
    (m) => {
      parts = m;
      failed = false;
      settle();
    },
    () => {
      // A later sign-in or page tries again.
      failed = true;
      loading = undefined;
      settle();
    },
  );
  return loading;
}

/** The signed-in parts, once signed in with the query client made and their chunk here. */
export function useSignedInParts(): SignedInParts | undefined {
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClientIfMade();
  const loaded = useSyncExternalStore(subscribe, () => parts);
  return signedIn && queryClient !== undefined ? loaded : undefined;
}

/** Signed in, with the query client made and the signed-in parts here. */
export function useSignedInShell(): boolean {
  return useSignedInParts() !== undefined;
}

/**
 * On a claim's pages (the ones whose header shows the claim summary), signed in, with the
 * signed-in parts still on their way (and not failed): the page waits for them. Only there: a
 * page that signs in or moves on by itself (sign-in, the access-code pages) must stay mounted
 * while the parts load, or its navigation is lost with it. The shell calls this on every page,
 * so this is also where signing in asks for the parts.
 */
export function usePageWaitsForShell(meta: RouteMeta): boolean {
  const signedIn = useIsSignedIn();
  const state = useSyncExternalStore(subscribe, () => (parts ? 'loaded' : failed ? 'failed' : 'loading'));
  useEffect(() => {
    if (signedIn) void preloadSignedInShell();
  }, [signedIn]);
  return signedIn && meta.access === 'claim' && state === 'loading';
}
